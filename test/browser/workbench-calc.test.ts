import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, place, placementRows, readCells, runExcel, typeInto } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The workbench calculates as Excel does where the add-in's scenarios touch it, used as a person uses Excel: typing
 * into the grid, the row header's menu, Ctrl+D / Ctrl+R and the fill handle. Expected values are worked out here
 * from Excel's documented rules (workbench/excel-host/calc/aggregates.ts, workbook/formula-shifts.ts, fill.ts).
 */

jest.setTimeout(240_000);
const bench = useWorkbench();
const cell = (address: string) => bench.page.locator(`td[data-cell="${address}"]`);

const formulasOf = (page: Page, address: string) =>
  runExcel<unknown[][]>(page, `const range = context.workbook.worksheets.getActiveWorksheet().getRange('${address}');
    range.load('formulas');
    await context.sync();
    return range.formulas;`);

/** Waits (at most 30 s) until no cell of `address` shows #BUSY! or nothing, and returns the values. */
async function calculated(page: Page, address: string): Promise<unknown[][]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { values } = await readCells(page, address);
    if (values.flat().every((v) => v !== '#BUSY!' && v !== '')) return values;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(values)}`);
    await page.waitForTimeout(100);
  }
}

const open = async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
};

test('SUM over a range holding #N/A shows #N/A, as do AVERAGE and arithmetic; COUNT skips it', async () => {
  const { page } = bench;
  await open();
  await typeInto(page, 'A1', '1');
  await typeInto(page, 'A2', '#N/A');
  await typeInto(page, 'A3', '3');
  await typeInto(page, 'B1', '=SUM(A1:A3)');
  await typeInto(page, 'B2', '=AVERAGE(A1:A3)');
  await typeInto(page, 'B3', '=A1+A2');
  await typeInto(page, 'B4', '=COUNT(A1:A3)');
  await cell('B1').filter({ hasText: '#N/A' }).waitFor();
  expect((await readCells(page, 'B1:B4')).values).toEqual([['#N/A'], ['#N/A'], ['#N/A'], [2]]);
});

test('a row inserted above a P&L of RS.VALUE formulas keeps every formula on its headers and every number', async () => {
  const { page } = bench;
  await open();
  // Revenue by region (rows) and month (columns), each formula pointing at its headers with mixed references.
  await typeInto(page, 'A1', 'Revenue');
  for (const [c, month] of ['1/1/2024', '2/1/2024'].entries()) await typeInto(page, `${'BC'[c]}1`, month);
  for (const [r, region] of ['North America', 'Europe'].entries()) {
    await typeInto(page, `A${r + 2}`, region);
    for (const column of ['B', 'C']) await typeInto(page, `${column}${r + 2}`, `=RS.VALUE($A$1,"Region",$A${r + 2},"sales.created_at.month",${column}$1)`);
  }
  await typeInto(page, 'D2', '=SUM(B2:C3)');
  const before = await calculated(page, 'B2:C3');
  const total = (await readCells(page, 'D2')).values[0]![0] as number;
  expect(total).toBeCloseTo((before.flat() as number[]).reduce((sum, n) => sum + n, 0), 2);

  // Row 1 (the headers) moves down: a whole row inserted above it from the row header's menu.
  await page.getByRole('button', { name: 'Row 1', exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: /Insert/ }).first().click();
  await cell('A2').filter({ hasText: 'Revenue' }).waitFor();
  expect(await formulasOf(page, 'B3:D4')).toEqual([
    ['=RS.VALUE($A$2,"Region",$A3,"sales.created_at.month",B$2)', '=RS.VALUE($A$2,"Region",$A3,"sales.created_at.month",C$2)', '=SUM(B3:C4)'],
    ['=RS.VALUE($A$2,"Region",$A4,"sales.created_at.month",B$2)', '=RS.VALUE($A$2,"Region",$A4,"sales.created_at.month",C$2)', ''],
  ]);
  expect(await calculated(page, 'B3:C4')).toEqual(before);
  expect((await readCells(page, 'D3')).values).toEqual([[total]]);
  await page.screenshot({ path: join(screenshots, 'workbench-insert-above-pnl.png') });
});

/** The admin limits "Orders by status" to `limit` statuses (null: all), as an edit on the platform would. */
async function limitStatuses(limit: number | null) {
  const { admin, salesDeploymentId } = bench.platform;
  const report = await reportByPublicId(admin, salesDeploymentId, 'OrdersStatus');
  const { limit: _old, ...query } = JSON.parse(report.jsonQuery!) as Record<string, unknown>;
  await admin.updateReport(salesDeploymentId, report.id, { jsonQuery: JSON.stringify(limit === null ? query : { ...query, limit }) });
}

test("the pane's Insert rows to make room moves an RS.VALUE P&L below a growing placement, formulas and numbers intact", async () => {
  const { page } = bench;
  await open();
  await limitStatuses(2);
  await place(page, 'B3', 'Orders by status');
  // The user's P&L in B7:D9, right below the placement's two statuses (B3:D5 and a blank row).
  await typeInto(page, 'B7', 'Revenue');
  await typeInto(page, 'C7', '1/1/2024');
  await typeInto(page, 'B8', 'Europe');
  await typeInto(page, 'C8', '=RS.VALUE($B$7,"Region",$B8,"sales.created_at.month",C$7)');
  await typeInto(page, 'C9', '=C8*2');
  const before = await calculated(page, 'C8:C9');

  await limitStatuses(null);
  const card = placementRows(page).filter({ hasText: 'Orders by status' }).first();
  await card.getByRole('button', { name: 'Refresh' }).click();
  await page.locator('.fui-MessageBar', { hasText: 'Cells are not empty' }).getByRole('button', { name: 'Insert rows to make room' }).click();
  await page.locator('.fui-MessageBar', { hasText: 'Insert rows to make room' }).getByRole('button', { name: 'Insert whole rows' }).click();
  await page.getByText(/Orders by status is in Sheet1!B3:D8/).waitFor();

  // Three rows were inserted at row 6: the P&L is now B10:C12 and its formulas follow their headers.
  expect((await readCells(page, 'B10:B11')).values).toEqual([['Revenue'], ['Europe']]);
  expect(await formulasOf(page, 'C11:C12')).toEqual([['=RS.VALUE($B$10,"Region",$B11,"sales.created_at.month",C$10)'], ['=C11*2']]);
  expect(await calculated(page, 'C11:C12')).toEqual(before);
});

test('fill down (Ctrl+D), fill right (Ctrl+R) and the fill handle copy a formula with mixed $ references', async () => {
  const { page } = bench;
  await open();
  await typeInto(page, 'A1', '2');
  await typeInto(page, 'A2', '3');
  await typeInto(page, 'A3', '5');
  await typeInto(page, 'B1', '10');
  await typeInto(page, 'C1', '=$B$1*A1+A$1');

  // Ctrl+D over C1:C3: the row moves for A1, not for $B$1 nor A$1.
  await cell('C1').click();
  await cell('C3').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+d');
  await cell('C3').filter({ hasText: '52' }).waitFor();
  expect(await formulasOf(page, 'C1:C3')).toEqual([['=$B$1*A1+A$1'], ['=$B$1*A2+A$1'], ['=$B$1*A3+A$1']]);
  expect((await readCells(page, 'C1:C3')).values).toEqual([[22], [32], [52]]);

  // Ctrl+R over A5:C5: the column moves.
  await typeInto(page, 'A5', '=A1*2');
  await cell('A5').click();
  await cell('C5').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Control+r');
  await cell('C5').filter({ hasText: '44' }).waitFor();
  expect(await formulasOf(page, 'A5:C5')).toEqual([['=A1*2', '=B1*2', '=C1*2']]);

  // The fill handle of C1 dragged right to E1: columns move except $B$1's; A$1 keeps its row.
  await cell('C1').click();
  const handle = (await page.locator('.fill-handle').boundingBox())!;
  const target = (await cell('E1').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
  await page.mouse.up();
  await cell('E1').filter({ hasText: '242' }).waitFor();
  expect(await formulasOf(page, 'C1:E1')).toEqual([['=$B$1*A1+A$1', '=$B$1*B1+B$1', '=$B$1*C1+C$1']]);
  expect((await readCells(page, 'D1:E1')).values).toEqual([[110, 242]]);
  await page.getByTestId('selection').filter({ hasText: /^Sheet1!C1:E1$/ }).waitFor();
  await page.screenshot({ path: join(screenshots, 'workbench-fill.png') });
});
