import { join } from 'node:path';
import { reportByPublicId as findReport } from '../support/reports';
import { readCells as readSheet } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

const readCells = (address: string) => readSheet(bench.page, address);
const reportByPublicId = (publicId: string) => findReport(bench.platform.admin, bench.platform.salesDeploymentId, publicId);

const placementRow = () => bench.page.locator('[aria-label="Placements in this workbook"] li').first();

test('place a report at B3, see it up to date, see it change, refresh it, and follow inserted rows', async () => {
  // The analyst's own setting overrides the app config's default of showing applied filters above tables.
  await bench.platform.analyst.updateSettings({ sheets: { showAppliedFilters: false } });
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html`);
  // Sign in through the platform's page in the (simulated) Office dialog, as the analyst.
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), bench.page.getByRole('button', { name: 'Sign in' }).click()]);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).check();
  await dialog.screenshot({ path: join(screenshots, 'sign-in-dialog.png') });
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  if (!dialog.isClosed()) await dialog.waitForEvent('close');
  // The pane keeps the OAuth tokens in its own storage, never in the workbook (more in sign-in.test.ts).
  const stored = await bench.page.evaluate(() => JSON.parse(localStorage.getItem('report-sync.connection') ?? 'null') as { kind: string; accessToken: string } | null);
  expect(stored?.kind).toBe('oauth');
  const workbookJson = await bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): unknown } } }).workbench.model.toJSON()));
  expect(workbookJson).not.toContain(stored!.accessToken);

  await bench.page.locator('[data-cell="B3"]').click();
  // The pane shows where Place writes, following the selection as it changes (WorkbookSelectionChanged).
  await bench.page.getByTestId('place-target').filter({ hasText: 'Place writes at Sheet1!B3' }).waitFor();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('Monthly revenue');
  const reportRow = bench.page.locator('[aria-label="Reports"] li', { hasText: 'Monthly revenue' });
  await reportRow.waitFor();
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 1);
  await reportRow.getByRole('button', { name: 'Place' }).click();
  await placementRow().getByText('Up to date').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'placed.png') });

  const placed = await readCells('B3:D39');
  expect(placed.values[0]).toEqual(['Created at · Month', 'Revenue', 'Count']);
  expect(placed.values[1]![0]).toBe(44_927); // 2023-01-01 as an Excel date serial
  // Revenue is `format: currency` with `currency: usd` in the model: a dollar amount.
  expect(placed.numberFormat[1]).toEqual(['mmm yyyy', '$#,##0.00', '#,##0']);
  expect(placed.text[1]![0]).toBe('Jan 2023');
  expect(placed.values.slice(1).every((row) => row.every((v) => typeof v === 'number'))).toBe(true);
  expect(await placementRow().getByTestId('placement-range').textContent()).toBe('Sheet1!B3:D39');

  // An admin edits the report on the platform: the query now asks only for the count.
  const report = await reportByPublicId('MonthlyRevnu');
  await bench.platform.admin.updateReport(bench.platform.salesDeploymentId, report.id, {
    jsonQuery: JSON.stringify({ ...(JSON.parse(report.jsonQuery!) as object), measures: ['orders.count'] }),
  });
  await bench.page.getByRole('button', { name: 'Reload pane' }).click();
  await placementRow().getByText('Out of date').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'out-of-date.png') });

  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await placementRow().getByText('Up to date').waitFor();
  const refreshed = await readCells('B3:D39');
  expect(refreshed.values[0]).toEqual(['Created at · Month', 'Count', '']);
  expect(refreshed.values.slice(1).every((row) => typeof row[1] === 'number' && row[2] === '')).toBe(true);

  await bench.page.evaluate(async () => {
    const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('1:2').insert('Down');
      await context.sync();
    });
  });
  expect((await readCells('B5:C5')).values).toEqual([['Created at · Month', 'Count']]);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText(/is in Sheet1!B5:C41/).waitFor();
  expect(await placementRow().getByTestId('placement-range').textContent()).toBe('Sheet1!B5:C41');
  const moved = await readCells('B3:C6');
  expect(moved.values[0]).toEqual(['', '']);
  expect(moved.values[2]).toEqual(['Created at · Month', 'Count']);
  const onServer = (await reportByPublicId('MonthlyRevnu')).externalWorkbookPlacements?.[0];
  expect(onServer).toMatchObject({ anchorCell: 'B5', resultLocation: 'Sheet1!B5:C41', syncStatus: 'UP_TO_DATE' });
  await bench.page.screenshot({ path: join(screenshots, 'followed-inserted-rows.png') });
});
