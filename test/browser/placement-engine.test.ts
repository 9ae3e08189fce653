import { join } from 'node:path';
import { reportByPublicId as findReport } from '../support/reports';
import { runExcel } from './support/actions';
import { columnWidths, neededWidths } from './support/column-widths';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/** Acts as the user through the standard Excel API inside the page. */
const excel = <T>(script: string) => runExcel<T>(bench.page, script);

const reportByPublicId = (publicId: string) => findReport(bench.platform.admin, bench.platform.salesDeploymentId, publicId);

const placementRow = () => bench.page.locator('[aria-label="Placements in this workbook"] li').first();

test('a pivot with totals follows an inserted row, and a hand edit is named before a refresh overwrites it', async () => {
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html#token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await bench.page.locator('[data-cell="B2"]').click();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('region and quarter');
  const reportRow = bench.page.locator('[aria-label="Reports"] li', { hasText: 'Revenue by region and quarter' });
  await reportRow.getByRole('button', { name: 'Place' }).click();
  await placementRow().getByText('Up to date').waitFor();

  const placed = await excel<{ values: unknown[][] }>(`
    const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:H11');
    range.load('values');
    await context.sync();
    return { values: range.values };`);
  // The admin's app config shows applied filters: the date range is summarised above the table.
  expect(placed.values[0]![0]).toBe('Filters: Created at between 2025-01-01 and 2025-12-31');
  // The header is the model's title and the granularity's word; the filter is said once, in the line above.
  expect(placed.values[2]![0]).toBe('Created at · Quarter');
  // Its columns fit its header and data, never the filter caption above them: the first column is as wide as
  // "Created at · Quarter" and the regions need, not the caption's ~280 px, so the quarters stay in view.
  const [firstColumn] = await columnWidths(bench.page, ['B']);
  const [bodyNeeds] = await neededWidths(bench.page, 'B4:B10');
  const [captionNeeds] = await neededWidths(bench.page, 'B2');
  expect(firstColumn).toBe(bodyNeeds);
  expect(firstColumn).toBeLessThan(captionNeeds!);
  // Points to pixels at 96 DPI: 4/3.
  expect((firstColumn! * 4) / 3).toBeLessThan(200);
  // Row totals: a Total column after the quarters, and nothing beyond it.
  expect(placed.values[2]![5]).toBe('Total');
  expect(placed.values[3]).toEqual(['Region', 'Revenue', 'Revenue', 'Revenue', 'Revenue', 'Revenue', '']);
  expect(placed.values[8]![0]).toBe('Total');
  expect(placed.values[8]!.slice(1, 6).every((v) => typeof v === 'number')).toBe(true);
  // The Total row and the Total column are bold, the other cells are not.
  const bold = await bench.page.evaluate(() => {
    const { model } = (window as unknown as { workbench: { model: { sheets: { cells: Map<string, { bold?: boolean }> }[] } } }).workbench;
    const isBold = (row: number, column: number) => model.sheets[0]!.cells.get(`${row}:${column}`)?.bold ?? false;
    return {
      totalRow: [1, 2, 3, 4, 5, 6].map((c) => isBold(9, c)),
      totalColumn: [3, 4, 5, 6, 7, 8, 9].map((r) => isBold(r, 6)),
      body: [5, 6, 7, 8].map((r) => isBold(r, 2)),
    };
  });
  expect(bold).toEqual({ totalRow: Array(6).fill(true), totalColumn: Array(7).fill(true), body: Array(4).fill(false) });
  await bench.page.screenshot({ path: join(screenshots, 'pivot-with-totals.png') });

  await excel(`context.workbook.worksheets.getItem('Sheet1').getRange('1:1').insert('Down'); await context.sync();`);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText(/is in Sheet1!B3:G11/).waitFor();
  const onServer = (await reportByPublicId('RevRegionQtr')).externalWorkbookPlacements?.[0];
  expect(onServer).toMatchObject({ anchorCell: 'B3', resultLocation: 'Sheet1!B3:G11', syncStatus: 'UP_TO_DATE' });

  await excel(`context.workbook.worksheets.getItem('Sheet1').getRange('C5').values = [[12345]]; await context.sync();`);
  await placementRow().getByRole('button', { name: 'Refresh' }).click();
  await bench.page.locator('.fui-MessageBarTitle', { hasText: 'Edited by hand' }).waitFor();
  // The row says so too, in words beside an icon.
  await placementRow().locator('[data-status="EDITED"]', { hasText: 'Edited by hand' }).waitFor();
  await bench.page.getByText(/Row 5 was changed/).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'hand-edit-warning.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  await bench.page.locator('.fui-MessageBar', { hasText: 'Edited by hand' }).getByRole('button', { name: 'Locate' }).click();
  await bench.page.waitForFunction(() => document.querySelector('[data-testid="selection"]')?.textContent === 'Sheet1!C5');
  const edited = await excel<number>(`const r = context.workbook.worksheets.getItem('Sheet1').getRange('C5'); r.load('values'); await context.sync(); return r.values[0][0];`);
  expect(edited).toBe(12345);

  await bench.page.getByRole('button', { name: 'Refresh anyway' }).click();
  await bench.page.getByText(/is in Sheet1!B3:G11/).waitFor();
  // C5 is the first quarter's label in the header row (a quarter is text: Excel has no quarter format code).
  const restored = await excel<unknown>(`const r = context.workbook.worksheets.getItem('Sheet1').getRange('C5'); r.load('values'); await context.sync(); return r.values[0][0];`);
  expect(restored).toBe('Q1 2025');
});
