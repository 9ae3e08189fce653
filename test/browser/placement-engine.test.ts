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

/** Acts as the user through the standard Excel API inside the page. */
function excel<T>(script: string): Promise<T> {
  return page.evaluate(async (body) => {
    const run = new Function('Excel', `return Excel.run(async (context) => { ${body} });`) as (e: unknown) => Promise<unknown>;
    return run((window as unknown as { workbench: { Excel: unknown } }).workbench.Excel);
  }, script) as Promise<T>;
}

const reportByPublicId = (publicId: string) => findReport(platform.admin, platform.salesDeploymentId, publicId);

const placementRow = () => page.locator('[aria-label="Placements in this workbook"] li').first();

test('a pivot with totals follows an inserted row, and a hand edit is named before a refresh overwrites it', async () => {
  await page.goto(`${server.url}/workbench.html#token=${platform.platform.tokens.analyst}`);
  await page.getByText('No reports are placed in this workbook yet.').waitFor();
  await page.locator('[data-cell="B2"]').click();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill('region and quarter');
  const reportRow = page.locator('[aria-label="Reports"] li', { hasText: 'Revenue by region and quarter' });
  await reportRow.getByRole('button', { name: 'Place' }).click();
  await placementRow().getByText('Up to date').waitFor();

  const placed = await excel<{ values: unknown[][] }>(`
    const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:F10');
    range.load('values');
    await context.sync();
    return { values: range.values };`);
  // The admin's app config shows applied filters: the date range is summarised above the table.
  expect(placed.values[0]![0]).toBe('Filters: Created at between 2025-01-01 and 2025-12-31');
  expect(placed.values[2]![0]).toBe('Created at (quarter) (filtered)');
  expect(placed.values[3]).toEqual(['Region', 'Revenue', 'Revenue', 'Revenue', 'Revenue']);
  expect(placed.values[8]![0]).toBe('Total');
  const bold = await page.evaluate(() => {
    const { model } = (window as unknown as { workbench: { model: { sheets: { cells: Map<string, { bold?: boolean }> }[] } } }).workbench;
    return [1, 2, 3, 4, 5].map((c) => model.sheets[0]!.cells.get(`9:${c}`)?.bold ?? false);
  });
  expect(bold).toEqual([true, true, true, true, true]);
  await page.screenshot({ path: join(screenshots, 'pivot-with-totals.png') });

  await excel(`context.workbook.worksheets.getItem('Sheet1').getRange('1:1').insert('Down'); await context.sync();`);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await page.getByText(/is in Sheet1!B3:F11/).waitFor();
  const onServer = (await reportByPublicId('revenue-region-quarter')).externalWorkbookPlacements[0]!;
  expect(onServer).toMatchObject({ anchorCell: 'B3', resultLocation: 'Sheet1!B3:F11', syncStatus: 'UP_TO_DATE' });

  await excel(`context.workbook.worksheets.getItem('Sheet1').getRange('C5').values = [[12345]]; await context.sync();`);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await page.getByText('Edited by hand').waitFor();
  await page.getByText(/Row 5 was changed/).waitFor();
  await page.screenshot({ path: join(screenshots, 'hand-edit-warning.png') });
  await page.locator('.fui-MessageBar', { hasText: 'Edited by hand' }).getByRole('button', { name: 'Locate' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="selection"]')?.textContent === 'Sheet1!C5');
  const edited = await excel<number>(`const r = context.workbook.worksheets.getItem('Sheet1').getRange('C5'); r.load('values'); await context.sync(); return r.values[0][0];`);
  expect(edited).toBe(12345);

  await page.getByRole('button', { name: 'Refresh anyway' }).click();
  await page.getByText(/is in Sheet1!B3:F11/).waitFor();
  const restored = await excel<number>(`const r = context.workbook.worksheets.getItem('Sheet1').getRange('C5'); r.load('values'); await context.sync(); return r.values[0][0];`);
  expect(restored).not.toBe(12345);
  expect(typeof restored).toBe('number');
});
