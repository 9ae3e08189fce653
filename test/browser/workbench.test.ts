import { join } from 'node:path';
import { freshWorkbench, readCells } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();
const nameBox = () => bench.page.getByTestId('selection');
const cell = (address: string) => bench.page.locator(`td[data-cell="${address}"]`);

type WorkbenchWindow = { workbench: { host: { stats: { syncs: number } }; model: { sheets: { name: string; cells: Map<string, { bold?: boolean }> }[] } } };

test('a person types cells, moves with the keys, selects a range, inserts a row and renames a sheet; a placed Total row is bold; a reload reopens it all', async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();

  // Typing: what Excel stores for each entry comes through the emulator's rules and reads back through Office.js.
  await cell('A12').click();
  await bench.page.keyboard.type('Note');
  await bench.page.keyboard.press('Enter');
  await bench.page.keyboard.type('0042');
  await bench.page.keyboard.press('Enter');
  await bench.page.keyboard.type("'0042");
  await bench.page.keyboard.press('ArrowUp');
  await bench.page.keyboard.press('ArrowRight');
  await nameBox().filter({ hasText: /^Sheet1!B13$/ }).waitFor();
  await bench.page.keyboard.type('12%');
  await bench.page.keyboard.press('Enter');
  expect((await readCells(bench.page, 'A12:B14')).values).toEqual([['Note', ''], [42, 0.12], ['0042', '']]);

  // A range with the mouse and shift-click.
  await cell('A12').click();
  await cell('B14').click({ modifiers: ['Shift'] });
  await nameBox().filter({ hasText: /^Sheet1!A12:B14$/ }).waitFor();

  // A report with a bold Total row, placed at B2 by the pane through Office.js.
  await cell('B2').click();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('region and quarter');
  await bench.page.locator('[aria-label="Reports"] li', { hasText: 'Revenue by region and quarter' }).getByRole('button', { name: 'Place' }).click();
  await bench.page.locator('[aria-label="Placements in this workbook"] li').first().getByText('Up to date').waitFor();
  expect(await bench.page.locator('td[data-cell="B10"]').evaluate((td) => getComputedStyle(td).fontWeight)).toBe('700');
  // The typed cells were below the placement; the selection shows a range.
  await cell('A12').click();
  await cell('C14').click({ modifiers: ['Shift'] });
  await nameBox().filter({ hasText: /^Sheet1!A12:C14$/ }).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'workbench.png') });

  // Insert a row above the typed cells from the row header's context menu: they move down.
  await bench.page.getByRole('button', { name: 'Row 11' }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: /Insert/ }).first().click();
  expect((await readCells(bench.page, 'A13')).values).toEqual([['Note']]);

  // Rename the sheet from its tab; the placement's name follows it.
  await bench.page.getByRole('tab', { name: 'Sheet1' }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: /Rename/ }).click();
  const rename = bench.page.getByRole('textbox', { name: 'Rename sheet Sheet1' });
  await rename.fill('Revenue');
  await rename.press('Enter');
  await bench.page.getByRole('tab', { name: 'Revenue' }).waitFor();

  // The workbook is kept in IndexedDB: a reload reopens it.
  await bench.page.evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  await bench.page.reload();
  await bench.page.getByRole('tab', { name: 'Revenue' }).waitFor();
  expect((await readCells(bench.page, 'A13:A15', 'Revenue')).values).toEqual([['Note'], [42], ['0042']]);
  const bold = await bench.page.evaluate(() => (window as unknown as WorkbenchWindow).workbench.model.sheets[0]!.cells.get('9:1')?.bold ?? false);
  expect(bold).toBe(true);
});
