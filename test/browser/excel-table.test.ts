import { join } from 'node:path';
import { freshWorkbench, place, placementRows, readCells, typeInto as typeIntoCell } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/** Types an entry into a cell of the workbench grid, as a person does in Excel (not through Office.js). */
const typeInto = (address: string, text: string) => typeIntoCell(bench.page, address, text);

/** The workbook's tables, read through the standard Excel API inside the page. */
function tables() {
  return bench.page.evaluate(async () => {
    const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
    return excel.run(async (context) => {
      const all = context.workbook.tables;
      all.load('items/name, items/style, items/showHeaders, items/showTotals');
      await context.sync();
      const ranges = all.items.map((t) => t.getRange());
      const headers = all.items.map((t) => t.getHeaderRowRange());
      ranges.forEach((r) => r.load('address'));
      headers.forEach((r) => r.load('values'));
      await context.sync();
      return all.items.map((t, i) => ({ name: t.name, style: t.style, showHeaders: t.showHeaders, showTotals: t.showTotals, address: ranges[i]!.address, headers: headers[i]!.values[0] }));
    });
  });
}

/** A flat report of statuses by count, most first: `limit` rows. */
async function statusReport(limit: number) {
  const { admin, salesDeploymentId } = bench.platform;
  const sales = (await admin.allFolders(salesDeploymentId)).find((folder) => folder.name === 'Sales')!;
  return admin.upsertReportByPublicId(salesDeploymentId, 'brTableNotes', {
    name: 'Orders table with notes', folderId: sales.id,
    jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.count': 'desc' }, limit }),
  });
}

test('a flat report placed as an Excel table grows on refresh and keeps the column the user typed beside it', async () => {
  await statusReport(3);
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await expect(bench.page.getByRole('switch', { name: /Place as an Excel table/ }).isChecked()).resolves.toBe(true);
  await place(bench.page, 'B2', 'Orders table with notes');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();

  // The table covers the result: its header row is the report's, in the theme-following default style, no total row.
  expect(await tables()).toEqual([{
    name: 'Orders_table_with_notes', style: 'TableStyleMedium2', showHeaders: true, showTotals: false, address: 'Sheet1!B2:C5', headers: ['Status', 'Count'],
  }]);

  // The first placement autofit its columns: the grid draws B ("processing") wider than the untouched A.
  const drawnWidth = (column: string) => bench.page.evaluate((label) => document.querySelector(`[aria-label="${label}"]`)!.closest('th')!.getBoundingClientRect().width, `Column ${column}`);
  expect(await drawnWidth('B')).toBeGreaterThan(await drawnWidth('A'));

  // The user adds a column beside it: typed right of the table, it joins the table (Excel's AutoCorrect).
  await typeInto('D2', 'Note');
  await typeInto('D3', 'check');
  await typeInto('D5', 'call back');
  expect((await tables())[0]!.address).toBe('Sheet1!B2:D5');
  // Their column is not the report's: no hand edit.
  await row.getByText('Up to date').waitFor();

  // The admin widens the report to five rows; the refresh grows the table to them.
  await statusReport(5);
  await row.getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText(/is in Sheet1!B2:C7/).waitFor();
  await row.getByText('Up to date').waitFor();
  const [table] = await tables();
  expect(table).toMatchObject({ address: 'Sheet1!B2:D7', headers: ['Status', 'Count', 'Note'], style: 'TableStyleMedium2' });
  const notes = await readCells(bench.page, 'D2:D7');
  expect(notes.values.map((r) => r[0])).toEqual(['Note', 'check', '', 'call back', '', '']);
  const report = await readCells(bench.page, 'B3:C7');
  expect(report.values.every((r) => typeof r[0] === 'string' && r[0] !== '' && typeof r[1] === 'number')).toBe(true);

  await bench.page.screenshot({ path: join(screenshots, 'excel-table.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});

test('"As an Excel table" on a placement card turns the table into plain cells and back, in place', async () => {
  await statusReport(3);
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B2', 'Orders table with notes');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();
  await row.getByRole('button', { name: 'Cell options' }).click();
  const choice = row.getByRole('switch', { name: 'As an Excel table' });
  await expect(choice.isChecked()).resolves.toBe(true);
  const cells = await readCells(bench.page, 'B2:C5');

  // Done once the pane is idle again (its buttons enabled) with the switch showing the placement as it is now.
  const settled = (on: boolean) => bench.page.waitForFunction((want) => {
    const input = document.querySelector('[data-testid="placement-as-table"]') as HTMLInputElement | null;
    return input?.checked === want && !input.disabled;
  }, on);
  /** Waits (up to 20 s) until the workbook has `count` tables: the conversion is done in Excel. */
  const tableCount = async (count: number) => {
    for (let tries = 0; (await tables()).length !== count; tries += 1) {
      if (tries > 100) throw new Error(`expected ${count} tables`);
      await bench.page.waitForTimeout(200);
    }
  };
  await choice.click();
  await tableCount(0);
  await settled(false);
  // Converted in place: every value is where it was, and the placement is not edited by hand.
  expect(await readCells(bench.page, 'B2:C5')).toEqual(cells);
  await row.getByText('Up to date').waitFor();

  await choice.click();
  await tableCount(1);
  await settled(true);
  expect((await tables()).map((t) => ({ address: t.address, style: t.style }))).toEqual([{ address: 'Sheet1!B2:C5', style: 'TableStyleMedium2' }]);
  await bench.page.screenshot({ path: join(screenshots, 'excel-table-card-choice.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});

test('"As an Excel table" says what the cells are: still on after a row above them was deleted (issue 42)', async () => {
  await statusReport(3);
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders table with notes');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();
  await row.getByRole('button', { name: 'Cell options' }).click();
  const choice = row.getByRole('switch', { name: 'As an Excel table' });
  await expect(choice.isChecked()).resolves.toBe(true);

  // Row 1, above the placement, deleted as a user does (the row header's menu): the placement and its table move up.
  await bench.page.getByRole('button', { name: 'Row 1', exact: true }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: /Delete/ }).first().click();
  await row.getByTestId('placement-range').filter({ hasText: 'Sheet1!B2:C5' }).waitFor();
  // The workbook says the cells are a table (read independently, through Excel's own API): so does the switch.
  expect((await tables()).map((t) => t.address)).toEqual(['Sheet1!B2:C5']);
  await expect(choice.isChecked()).resolves.toBe(true);
  await bench.page.screenshot({ path: join(screenshots, 'excel-table-after-row-deleted.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // Turned off from there, it turns the table that is there into plain cells.
  await choice.click();
  for (let tries = 0; (await tables()).length !== 0; tries += 1) {
    if (tries > 100) throw new Error('the table is still there');
    await bench.page.waitForTimeout(200);
  }
  await bench.page.waitForFunction(() => (document.querySelector('[data-testid="placement-as-table"]') as HTMLInputElement | null)?.checked === false);
});
