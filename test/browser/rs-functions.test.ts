import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { ownAnswer, revenueIn } from '../support/own-queries';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, readCells, typeInto } from './support/actions';
import { calculated, MONTHS, REGIONS, typePnl, type PnlOptions } from './support/pnl';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The RS functions as a person uses them in the workbench: headers and formulas typed into the grid, calculated by
 * the workbench's formula engine through Office.js's own custom-functions runtime, answered by the pane signed in to
 * the local platform. Every expected number is an independent `/v1/load` of that cell's own query.
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

/** The P&L typed into a fresh workbench, the pane signed in as the analyst. */
const pnl = (page: Page, options?: PnlOptions) => typePnl(page, bench.workbench.server.url, bench.platform.platform.tokens.analyst, options);
const ownValue = async (query: CubeQuery) => ownAnswer(await bench.platform.dataClient(bench.platform.analyst), query);


test('a P&L of RS.VALUE formulas over typed headers shows the governed numbers, each equal to its own query', async () => {
  const { page } = bench;
  await pnl(page);
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
  await pnl(page, { name: 'WERT', german: true });
  const values = await calculated(page, 'B2:D4');
  expect(values[1]![0]).toBe(await ownValue(revenueIn('Europe', MONTHS[0]!.range)));
  await page.locator('.pane').getByRole('button', { name: 'Alle aktualisieren' }).click();
  await page.getByRole('status').filter({ hasText: /9 Formeln neu berechnet/ }).waitFor();
  // Excel's own #BUSY! while the formulas are asked again, then the numbers.
  await calculated(page, 'B2:D4', (v) => typeof v === 'number');
  await page.screenshot({ path: join(screenshots, 'rs-value-german.png') });
});
