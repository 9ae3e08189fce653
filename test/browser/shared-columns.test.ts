import { join } from 'node:path';
import { freshWorkbench, place, readCells } from './support/actions';
import { columnWidths, neededWidths } from './support/column-widths';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();
const cell = (address: string) => bench.page.locator(`td[data-cell="${address}"]`);

const COLUMNS = ['B', 'C', 'D', 'E', 'F', 'G'];

/**
 * Two placements sharing columns, with the user's note between them (issue 24, "cells an analyst is proud of"):
 * placing the second never narrows a column the first's values or the note need. What each column needs is the
 * host's own autofit of those cells alone (support/column-widths.ts), never a width copied from the add-in.
 */
test("a report placed below another and the user's note keeps every value of both and the note whole", async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  const [untouched] = await columnWidths(bench.page, ['Z']);

  // A: a pivot with a filter caption (the admin's app config shows applied filters) at B2; its header at B4.
  await place(bench.page, 'B2', 'Revenue by region and quarter');
  const a = await readCells(bench.page, 'B2:G10');
  expect(a.values[0]![0]).toMatch(/^Filters: /);
  expect(a.values[2]![0]).toBe('Created at · Quarter');
  expect(a.values[8]![0]).toBe('Total');
  const aNeeds = await neededWidths(bench.page, 'B4:G10');
  const [captionNeeds] = await neededWidths(bench.page, 'B2');
  const afterA = await columnWidths(bench.page, COLUMNS);
  // Each column is as wide as A's header and data need (never narrower than a default column), never the caption's.
  expect(afterA).toEqual(aNeeds.map((needs) => Math.max(untouched!, needs)));
  expect(afterA[0]).toBeLessThan(captionNeeds!);

  // The user's note below A, in A's first column, with something typed beside it so it cannot spill over.
  const note = 'Checked with finance';
  await cell('B12').click();
  await bench.page.keyboard.type(note);
  await bench.page.keyboard.press('Tab');
  await bench.page.keyboard.type('ok');
  await bench.page.keyboard.press('Enter');
  expect((await readCells(bench.page, 'B12:C12')).values).toEqual([[note, 'ok']]);
  const [noteNeeds] = await neededWidths(bench.page, 'B12');
  expect(afterA[0]).toBeGreaterThanOrEqual(noteNeeds!);

  // B: a flat report whose status labels are shorter than A's first column, placed below in the same columns.
  await place(bench.page, 'B14', 'Orders by status');
  const b = await readCells(bench.page, 'B14:D14');
  expect(b.values[0]).toEqual(['Status', 'Count', 'Revenue']);
  const bNeeds = await neededWidths(bench.page, 'B14:D19');
  expect(bNeeds[0]).toBeLessThan(afterA[0]!);
  const afterB = await columnWidths(bench.page, COLUMNS);
  afterB.forEach((width, i) => {
    // Never narrower than before, so nothing of A is cut; wide enough for B's own values too.
    expect(width).toBeGreaterThanOrEqual(afterA[i]!);
    expect(width).toBeGreaterThanOrEqual(aNeeds[i]!);
    if (i < bNeeds.length) expect(width).toBeGreaterThanOrEqual(bNeeds[i]!);
  });
  expect(afterB[0]).toBeGreaterThanOrEqual(noteNeeds!);
  // The note and A's values are still there as they were.
  expect((await readCells(bench.page, 'B12:C12')).values).toEqual([[note, 'ok']]);
  expect((await readCells(bench.page, 'B2:G10')).values).toEqual(a.values);
  await bench.page.locator('td[data-cell="A1"]').click();
  await bench.page.screenshot({ path: join(screenshots, 'shared-columns.png') });
});
