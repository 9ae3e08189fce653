import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestPlatform } from '../support/local-platform';
import { reportByPublicId as findReport } from '../support/reports';
import { screenshots, startWorkbench, type Workbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

let workbench: Workbench;
let platform: TestPlatform;
let server: Workbench['server'];
let page: Page;

beforeAll(async () => {
  workbench = await startWorkbench();
  ({ platform, server, page } = workbench);
});

afterAll(() => workbench?.close());

/** Reads cells through the standard Excel API inside the page, as a script acting for the user would. */
function readCells(address: string) {
  return page.evaluate(async (a) => {
    const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
    return excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange(a);
      range.load(['values', 'numberFormat', 'text']);
      await context.sync();
      return { values: range.values, numberFormat: range.numberFormat, text: range.text };
    });
  }, address);
}

const reportByPublicId = (publicId: string) => findReport(platform.admin, platform.salesDeploymentId, publicId);

const placementRow = () => page.locator('[aria-label="Placements in this workbook"] li').first();

test('place a report at B3, see it up to date, see it change, refresh it, and follow inserted rows', async () => {
  // The analyst's own setting overrides the app config's default of showing applied filters above tables.
  await platform.analyst.updateSettings({ sheets: { showAppliedFilters: false } });
  await page.goto(`${server.url}/workbench.html`);
  await page.getByLabel('Access token').fill(platform.platform.tokens.analyst);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.getByText('No reports are placed in this workbook yet.').waitFor();

  await page.locator('[data-cell="B3"]').click();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill('Monthly revenue');
  const reportRow = page.locator('[aria-label="Reports"] li', { hasText: 'Monthly revenue' });
  await reportRow.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 1);
  await reportRow.getByRole('button', { name: 'Place' }).click();
  await placementRow().getByText('Up to date').waitFor();
  await page.screenshot({ path: join(screenshots, 'placed.png') });

  const placed = await readCells('B3:D39');
  expect(placed.values[0]).toEqual(['Created at (month)', 'Revenue', 'Count']);
  expect(placed.values[1]![0]).toBe(44_927); // 2023-01-01 as an Excel date serial
  expect(placed.numberFormat[1]).toEqual(['mmm yyyy', '#,##0.00', 'General']);
  expect(placed.text[1]![0]).toBe('Jan 2023');
  expect(placed.values.slice(1).every((row) => row.every((v) => typeof v === 'number'))).toBe(true);
  expect(await placementRow().getByTestId('placement-range').textContent()).toBe('Sheet1!B3:D39');

  const report = await reportByPublicId('monthly-revenue');
  await platform.admin.upsertReportByPublicId(platform.salesDeploymentId, 'monthly-revenue', {
    name: report.name, folderId: report.folderPath.at(-1)!.id, pivot: report.pivot,
    query: { ...report.query, measures: ['orders.count'] },
  });
  await page.getByRole('button', { name: 'Reload pane' }).click();
  await placementRow().getByText('Out of date').waitFor();
  await page.screenshot({ path: join(screenshots, 'out-of-date.png') });

  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await placementRow().getByText('Up to date').waitFor();
  const refreshed = await readCells('B3:D39');
  expect(refreshed.values[0]).toEqual(['Created at (month)', 'Count', '']);
  expect(refreshed.values.slice(1).every((row) => typeof row[1] === 'number' && row[2] === '')).toBe(true);

  await page.evaluate(async () => {
    const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('1:2').insert('Down');
      await context.sync();
    });
  });
  expect((await readCells('B5:C5')).values).toEqual([['Created at (month)', 'Count']]);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await page.getByText(/is in Sheet1!B5:C41/).waitFor();
  expect(await placementRow().getByTestId('placement-range').textContent()).toBe('Sheet1!B5:C41');
  const moved = await readCells('B3:C6');
  expect(moved.values[0]).toEqual(['', '']);
  expect(moved.values[2]).toEqual(['Created at (month)', 'Count']);
  const onServer = (await reportByPublicId('monthly-revenue')).externalWorkbookPlacements[0]!;
  expect(onServer).toMatchObject({ anchorCell: 'B5', resultLocation: 'Sheet1!B5:C41', syncStatus: 'UP_TO_DATE' });
  await page.screenshot({ path: join(screenshots, 'followed-inserted-rows.png') });
});
