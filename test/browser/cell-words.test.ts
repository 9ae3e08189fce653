import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { de } from '../../src/taskpane/i18n/de';
import { freshWorkbench, readCells, selectCell } from './support/actions';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();
const page = (): Page => bench.page;

/** Selects `cell`, searches the report by title and places it, all through the German pane. */
async function placeInGerman(cell: string, title: string): Promise<void> {
  await selectCell(page(), cell);
  await page().getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await page().getByRole('searchbox', { name: de.searchReports }).fill(title);
  await page().getByRole('button', { name: de.placeReport(title) }).click();
  await page().getByText(`${title} steht in`).waitFor();
}

/** Which cells of the first sheet are bold, by 0-based row and column, as the workbook model keeps them. */
function boldCells(cells: [number, number][]): Promise<boolean[]> {
  return page().evaluate((list) => {
    const { model } = (window as unknown as { workbench: { model: { sheets: { cells: Map<string, { bold?: boolean }> }[] } } }).workbench;
    return list.map(([row, column]) => model.sheets[0]!.cells.get(`${row}:${column}`)?.bold ?? false);
  }, cells);
}

// A new placement takes the pane's language; a refresh keeps the placement's own (placement-language.test.ts).
test('a placement from a German pane is written in German: cell words, quarters as "Q1 2025", counts and currency formatted, headers bold', async () => {
  // The analyst sees the filter summary (the app config's default, set here explicitly).
  await bench.platform.analyst.updateSettings({ sheets: { showAppliedFilters: true } });
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html?lang=de-DE`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByRole('searchbox', { name: de.searchReports }).waitFor();

  // A pivot with a Total row and a Total column, filtered on the year.
  await placeInGerman('B2', 'Revenue by region and quarter');
  const pivot = await readCells(page(), 'B2:G10');
  expect(pivot.values[0]![0]).toBe('Filter: Created at zwischen 2025-01-01 und 2025-12-31');
  expect(pivot.values[2]).toEqual(['Created at · Quartal', 'Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Gesamt']);
  expect(pivot.values[3]).toEqual(['Region', 'Revenue', 'Revenue', 'Revenue', 'Revenue', 'Revenue']);
  expect(pivot.values[8]![0]).toBe('Gesamt');
  expect(pivot.values[8]!.slice(1).every((v) => typeof v === 'number')).toBe(true);
  // Both header rows are bold, the filter summary and the body are not; the Total row is.
  const pivotBold = await boldCells([[1, 1], [3, 1], [3, 3], [4, 1], [4, 4], [5, 1], [5, 2], [9, 1], [9, 3]]);
  expect(pivotBold).toEqual([false, true, true, true, true, false, false, true, true]);
  // Its header rows are filled too (src/excel/writes.ts `HEADER_FILL`); the summary, the body and the Total row not.
  const pivotFills = await page().evaluate((list) => {
    const { model } = (window as unknown as { workbench: { model: { sheets: { cells: Map<string, { fill?: string }> }[] } } }).workbench;
    return list.map(([row, column]) => model.sheets[0]!.cells.get(`${row}:${column}`)?.fill ?? null);
  }, [[1, 1], [3, 1], [3, 6], [4, 1], [4, 4], [5, 1], [9, 1]]);
  expect(pivotFills).toEqual([null, '#DDEBF7', '#DDEBF7', '#DDEBF7', '#DDEBF7', null, null]);

  // A flat report with a count and a currency measure.
  await placeInGerman('B13', 'Completed Electronics orders in Europe');
  const flat = await readCells(page(), 'B13:D18');
  expect(flat.values[0]![0]).toBe('Filter: Status ist completed; Category ist Electronics; Region ist Europe');
  expect(flat.values[2]).toEqual(['Customer segment', 'Count', 'Revenue']);
  const body = flat.values.slice(3).filter((row) => row[0] !== '');
  expect(body.length).toBeGreaterThan(0);
  for (const [r, row] of body.entries()) {
    expect(typeof row[1]).toBe('number');
    expect(flat.numberFormat[3 + r]![1]).toBe('#,##0');
    expect(flat.numberFormat[3 + r]![2]).toBe('$#,##0.00');
  }
  expect(await boldCells([[14, 1], [14, 2], [14, 3], [15, 1], [15, 2]])).toEqual([true, true, true, false, false]);

  await selectCell(page(), 'A1');
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await page().screenshot({ path: join(screenshots, 'german-cells.png') });
});
