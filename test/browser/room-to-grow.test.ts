import { join } from 'node:path';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, place, placementRows, readCells, runExcel, selectCell, workbookId } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/** Acts as the user through the standard Excel API inside the page. */
const excel = <T>(script: string) => runExcel<T>(bench.page, script);

const ordersByStatus = () => reportByPublicId(bench.platform.admin, bench.platform.salesDeploymentId, 'OrdersStatus');

/** The admin limits "Orders by status" to `limit` statuses (null: all five), as an edit on the platform would. */
async function limitStatuses(limit: number | null) {
  const report = await ordersByStatus();
  const { limit: _old, ...query } = JSON.parse(report.jsonQuery!) as Record<string, unknown>;
  await bench.platform.admin.updateReport(bench.platform.salesDeploymentId, report.id, {
    jsonQuery: JSON.stringify(limit === null ? query : { ...query, limit }),
  });
}

const card = (title: string) => placementRows(bench.page).filter({ hasText: title }).first();
const question = () => bench.page.locator('.fui-MessageBar', { hasText: 'Cells are not empty' });

/**
 * "Orders by status" at B3 with two statuses (B3:D5), the user's own cells at B7:D8 and F7, then the admin lets it
 * show all five statuses: its refresh would cover B6:D8, and the pane asks.
 */
async function growIntoNeighbour(neighbourPlacement: boolean, asTable = true) {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  if (!asTable) await bench.page.getByRole('switch', { name: /Place as an Excel table/ }).uncheck();
  await limitStatuses(2);
  await place(bench.page, 'B3', 'Orders by status');
  await card('Orders by status').getByTestId('placement-range').filter({ hasText: 'Sheet1!B3:D5' }).waitFor();
  if (neighbourPlacement) await place(bench.page, 'B11', 'Order value and completion rate');
  await excel(`const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('B7:D8').values = [['Notes', 'Owner', 'Due'], ['Check Q3 returns', 'Ana', 45000]];
    sheet.getRange('F7').values = [['beside']];
    await context.sync();`);
  await limitStatuses(null);
  await card('Orders by status').getByRole('button', { name: 'Refresh' }).click();
  await question().waitFor();
  await bench.page.getByText(/Sheet1!B3:D8 already holds data in B7, C7, D7, B8, C8/).waitFor();
}

test('Insert rows to make room: the refresh is written in full, the neighbours moved down intact', async () => {
  await growIntoNeighbour(true);
  const neighbourRange = card('Order value and completion rate').getByTestId('placement-range');
  const before = await neighbourRange.textContent();
  expect(before).toMatch(/^Sheet1!B11:D\d+$/);
  const neighbourBottom = Number(/D(\d+)$/.exec(before!)![1]);
  const neighbourValues = (await readCells(bench.page, `B11:D${neighbourBottom}`)).values;

  await question().getByRole('button', { name: 'Insert rows to make room' }).click();
  const insert = bench.page.locator('.fui-MessageBar', { hasText: 'Insert rows to make room' });
  await insert.getByRole('button', { name: 'Shift cells down in its columns' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
  await insert.getByRole('button', { name: 'Insert whole rows' }).click();
  await bench.page.getByText(/Orders by status is in Sheet1!B3:D8/).waitFor();

  // The refreshed placement in full: the header and five statuses.
  const refreshed = await readCells(bench.page, 'B3:D8');
  expect(refreshed.values[0]!.every((v) => typeof v === 'string' && v !== '')).toBe(true);
  expect(refreshed.values.slice(1).every((row) => typeof row[0] === 'string' && row[0] !== '' && typeof row[1] === 'number')).toBe(true);
  // Three whole rows were inserted at row 6: the user's cells, the note beside them and the other placement moved down by 3.
  expect((await readCells(bench.page, 'B10:D11')).values).toEqual([['Notes', 'Owner', 'Due'], ['Check Q3 returns', 'Ana', 45000]]);
  expect((await readCells(bench.page, 'F10')).values).toEqual([['beside']]);
  expect((await readCells(bench.page, 'F6:F8')).values).toEqual([[''], [''], ['']]);
  expect((await readCells(bench.page, `B14:D${neighbourBottom + 3}`)).values).toEqual(neighbourValues);
  // The other placement is found by its name at its new place.
  await neighbourRange.filter({ hasText: `Sheet1!B14:D${neighbourBottom + 3}` }).waitFor();
  await card('Orders by status').getByText('Up to date').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'insert-rows.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});

test('Move placement: the new cells at the chosen cell with the Excel table, the old ones cleared, the platform records the new place', async () => {
  // Placed as an Excel table (the default): the table moves along, nothing of it stays at the old cells.
  await growIntoNeighbour(false);
  await question().getByRole('button', { name: 'Move placement…' }).click();
  const move = bench.page.locator('.fui-MessageBar', { hasText: 'Move placement' });
  await move.getByText(/Select the new top-left cell, then Move here/).waitFor();
  await selectCell(bench.page, 'J3');
  await move.getByTestId('move-target').filter({ hasText: 'J3' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
  await move.getByRole('button', { name: 'Move here' }).click();
  await bench.page.getByText(/Orders by status is in Sheet1!J3:L8/).waitFor();

  const moved = await readCells(bench.page, 'J3:L8');
  expect(moved.values[0]!.every((v) => typeof v === 'string' && v !== '')).toBe(true);
  expect(moved.values.slice(1).every((row) => typeof row[0] === 'string' && row[0] !== '')).toBe(true);
  // The old cells are empty; the user's cells are as they were.
  expect((await readCells(bench.page, 'B3:D5')).values).toEqual([['', '', ''], ['', '', ''], ['', '', '']]);
  expect((await readCells(bench.page, 'B7:D8')).values).toEqual([['Notes', 'Owner', 'Due'], ['Check Q3 returns', 'Ana', 45000]]);
  expect((await readCells(bench.page, 'F7')).values).toEqual([['beside']]);
  // The table is at the new cells, under its name and in its style; none is left at B3.
  const tables = await excel<{ name: string; style: string; address: string }[]>(`const all = context.workbook.tables;
    all.load('items/name, items/style');
    await context.sync();
    const ranges = all.items.map((t) => t.getRange());
    ranges.forEach((r) => r.load('address'));
    await context.sync();
    return all.items.map((t, i) => ({ name: t.name, style: t.style, address: ranges[i].address }));`);
  expect(tables).toEqual([{ name: 'Orders_by_status', style: 'TableStyleMedium2', address: 'Sheet1!J3:L8' }]);

  const id = await workbookId(bench.page);
  const onServer = (await ordersByStatus()).externalWorkbookPlacements?.filter((p) => p.workbookId === id);
  expect(onServer).toHaveLength(1);
  expect(onServer![0]).toMatchObject({ anchorCell: 'J3', resultLocation: 'Sheet1!J3:L8', sheetName: 'Sheet1', syncStatus: 'UP_TO_DATE' });
  await card('Orders by status').getByTestId('placement-range').filter({ hasText: 'Sheet1!J3:L8' }).waitFor();
  await card('Orders by status').getByText('Up to date').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'move-placement.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});
