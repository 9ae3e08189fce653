import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { ownAnswer, revenueIn } from '../support/own-queries';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, readCells, typeInto } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The RS functions as a person uses them in the workbench: headers and formulas typed into the grid, calculated by
 * the workbench's formula engine through Office.js's own custom-functions runtime, answered by the pane signed in to
 * the local platform. Every expected number is an independent `/v1/load` of that cell's own query.
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

const REGIONS = ['North America', 'Europe', 'Asia Pacific'];
const MONTHS: { typed: string; range: [string, string] }[] = [
  { typed: '1/1/2024', range: ['2024-01-01', '2024-01-31'] },
  { typed: '2/1/2024', range: ['2024-02-01', '2024-02-29'] },
  { typed: '3/1/2024', range: ['2024-03-01', '2024-03-31'] },
];
const columnOf = (index: number) => String.fromCharCode(66 + index);

const ownValue = async (query: CubeQuery) => ownAnswer(await bench.platform.dataClient(bench.platform.analyst), query);

/** Waits (at most 30 s) until every cell of `address` passes `done` (by default: shows neither #BUSY! nor nothing), and returns the values. */
async function calculated(page: Page, address: string, done = (v: unknown) => v !== '#BUSY!' && v !== ''): Promise<unknown[][]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { values } = await readCells(page, address);
    if (values.flat().every(done)) return values;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(values)}`);
    await page.waitForTimeout(100);
  }
}

/** A signed-in pane and a P&L typed into the grid: months across row 1, regions down column A, RS.VALUE between. */
async function typePnl(page: Page, name = 'VALUE', separator = ','): Promise<void> {
  await freshWorkbench(page, `${bench.workbench.server.url}/workbench.html${name === 'VALUE' ? '' : '?lang=de-DE'}`, `token=${bench.platform.platform.tokens.analyst}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet|noch keine Berichte platziert/).waitFor();
  await typeInto(page, 'A1', 'Revenue');
  for (const [i, month] of MONTHS.entries()) await typeInto(page, `${columnOf(i)}1`, month.typed);
  for (const [r, region] of REGIONS.entries()) {
    await typeInto(page, `A${r + 2}`, region);
    for (const c of MONTHS.keys()) {
      const column = columnOf(c);
      await typeInto(page, `${column}${r + 2}`, `=RS.${name}($A$1${separator}"Region"${separator}$A${r + 2}${separator}"sales.created_at.month"${separator}${column}$1)`);
    }
  }
}

test('a P&L of RS.VALUE formulas over typed headers shows the governed numbers, each equal to its own query', async () => {
  const { page } = bench;
  await typePnl(page);
  const values = await calculated(page, 'B2:D4');
  for (const [r, region] of REGIONS.entries()) {
    for (const [c, month] of MONTHS.entries()) expect([region, month.typed, values[r]![c]]).toEqual([region, month.typed, await ownValue(revenueIn(region, month.range))]);
  }
  // Formulas answered: the pane offers the workbook's deployment for them.
  await page.locator('.pane').getByText('Deployment for RS formulas').waitFor();
  await page.screenshot({ path: join(screenshots, 'rs-value-pnl.png') });

  // The data changes upstream; the pane's Refresh all has Excel calculate the formulas again.
  await bench.platform.platform.testing.addOrders([{ createdAt: '2024-02-10 09:00:00', region: 'Europe', category: 'Books', amount: 500 }]);
  const before = values[1]![1] as number;
  await page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await page.getByRole('status').filter({ hasText: /9 formulas recalculated/ }).waitFor();
  const after = (await calculated(page, 'C3', (v) => typeof v === 'number' && v !== before))[0]![0] as number;
  expect(after).toBe(await ownValue(revenueIn('Europe', MONTHS[1]!.range)));
  expect(after).toBeCloseTo(before + 500, 2);
  await page.screenshot({ path: join(screenshots, 'rs-value-after-refresh-all.png') });
});

test('RS.REPORT spills a report, shows #SPILL! while a typed cell is in the way, and RS.MEMBERS lists a dimension', async () => {
  const { page } = bench;
  await freshWorkbench(page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
  await typeInto(page, 'A1', '=RS.MEMBERS("Region")');
  await typeInto(page, 'D3', 'in the way');
  await typeInto(page, 'C1', '=RS.REPORT("Orders by status")');
  await page.locator('td[data-cell="C1"]', { hasText: '#SPILL!' }).waitFor();
  const members = await bench.platform.dataClient(bench.platform.analyst).then((data) => data.load({ dimensions: ['sales.region'] }));
  expect((await calculated(page, `A1:A${members.data.length}`)).flat()).toEqual(members.data.map((row) => row['sales.region']));
  await page.screenshot({ path: join(screenshots, 'rs-report-spill-blocked.png') });

  // The blocker cleared, the report spills: its header row, then its rows.
  await page.locator('td[data-cell="D3"]').click();
  await page.keyboard.press('Delete');
  await page.locator('td[data-cell="C1"]', { hasText: 'Status' }).waitFor();
  const report = JSON.parse((await reportByPublicId(bench.platform.analyst, bench.platform.salesDeploymentId, 'OrdersStatus')).jsonQuery!) as CubeQuery;
  const own = await bench.platform.dataClient(bench.platform.analyst).then((data) => data.load(report));
  const spilled = await readCells(page, `C2:C${own.data.length + 1}`);
  expect(spilled.values.flat()).toEqual(own.data.map((row) => row['orders.status'] ?? row['sales.status']));
  await page.screenshot({ path: join(screenshots, 'rs-report-spilled.png') });
});

test('in German: the functions by their German names, and Refresh all counts the formulas in German', async () => {
  const { page } = bench;
  // The workbench's typed input is en-US (its grid's syntax), so the separator stays the comma.
  await typePnl(page, 'WERT');
  const values = await calculated(page, 'B2:D4');
  expect(values[1]![0]).toBe(await ownValue(revenueIn('Europe', MONTHS[0]!.range)));
  await page.locator('.pane').getByRole('button', { name: 'Alle aktualisieren' }).click();
  await page.getByRole('status').filter({ hasText: /9 Formeln neu berechnet/ }).waitFor();
  // Excel's own #BUSY! while the formulas are asked again, then the numbers.
  await calculated(page, 'B2:D4', (v) => typeof v === 'number');
  await page.screenshot({ path: join(screenshots, 'rs-value-german.png') });
});
