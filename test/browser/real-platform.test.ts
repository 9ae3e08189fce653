import { join } from 'node:path';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, place, placementRows, readCells, reportRows, workbookId } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The pane against the platform's real shapes: the folder tree (subfolders one level at a time, breadcrumb from
 * the ancestors), placements of every deployment in the workbook home, a placement the user may not read, and a
 * refresh after the report was edited elsewhere, without reloading the pane.
 */
jest.setTimeout(240_000);

const bench = useWorkbench();
const open = () => freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
const breadcrumb = () => bench.page.getByRole('navigation', { name: 'Folder path' });
const folders = () => bench.page.getByTestId('folders');

test('browse the folder tree: into a folder and a subfolder, and back by the breadcrumb', async () => {
  await open();
  await folders().getByRole('button', { name: 'Open folder Finance' }).waitFor();
  // The analyst sees the folders they may read, and her own; Board is not theirs.
  expect(await folders().getByRole('button').allTextContents()).toEqual(['Sales', 'Finance', "Anna's reports"]);

  await folders().getByRole('button', { name: 'Open folder Finance' }).click();
  await breadcrumb().getByRole('button', { name: 'Finance' }).waitFor();
  await folders().getByRole('button', { name: 'Open folder Monthly' }).waitFor();
  await reportRows(bench.page).filter({ hasText: 'Order value and completion rate' }).waitFor();
  // Reports that cannot be placed are listed with the reason, and their Place is off.
  const draft = reportRows(bench.page).filter({ hasText: 'Churn analysis (draft)' });
  await draft.getByTestId('unplaceable').filter({ hasText: 'its query is not valid JSON' }).waitFor();
  expect(await draft.getByRole('button', { name: 'Place' }).isDisabled()).toBe(true);
  const sql = reportRows(bench.page).filter({ hasText: 'Raw order export (SQL)' });
  expect(await sql.getByTestId('unplaceable').textContent()).toBe('Cannot be placed: the report is defined in SQL, which cannot be placed in cells');
  expect(await reportRows(bench.page).filter({ hasText: 'Monthly revenue' }).count()).toBe(0);

  await folders().getByRole('button', { name: 'Open folder Monthly' }).click();
  await breadcrumb().getByRole('button', { name: 'Monthly' }).waitFor();
  expect(await breadcrumb().getByRole('button').allTextContents()).toEqual(['All reports', 'Finance', 'Monthly']);
  await reportRows(bench.page).filter({ hasText: 'Monthly revenue' }).waitFor();
  await folders().getByRole('button', { name: 'Open folder Archive' }).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'browse-subfolder.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  await breadcrumb().getByRole('button', { name: 'Finance' }).click();
  await folders().getByRole('button', { name: 'Open folder Monthly' }).waitFor();
  await reportRows(bench.page).filter({ hasText: 'Order value and completion rate' }).waitFor();
  expect(await breadcrumb().getByRole('button').allTextContents()).toEqual(['All reports', 'Finance']);

  // A search looks in every folder, wherever the user is.
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('revenue');
  await bench.page.getByText('Results from all folders').waitFor();
  await bench.page.waitForFunction(() => [...document.querySelectorAll('[aria-label="Reports"] li')].some((li) => li.textContent?.includes('Revenue by region')));
  expect((await reportRows(bench.page).allTextContents()).filter((t) => /revenue/i.test(t)).length).toBeGreaterThanOrEqual(3);
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('');
  await breadcrumb().getByRole('button', { name: 'All reports' }).click();
  await folders().getByRole('button', { name: 'Open folder Sales' }).waitFor();
});

test("the workbook home lists every deployment's placements, one the user may not read, and a refresh runs the report as edited meanwhile", async () => {
  const { admin, salesDeploymentId } = bench.platform;
  await open();
  await place(bench.page, 'B3', 'Orders by status');

  // Place a report of the other deployment.
  await bench.page.getByRole('combobox', { name: 'Deployment' }).click();
  await bench.page.getByRole('option', { name: 'Finance Sandbox' }).click();
  await place(bench.page, 'G3', 'Weekly orders in 2025');
  await bench.page.getByRole('combobox', { name: 'Deployment' }).click();
  await bench.page.getByRole('option', { name: 'Sales Analytics' }).click();
  await bench.page.getByRole('combobox', { name: 'Deployment' }).filter({ hasText: 'Sales Analytics' }).waitFor();
  const sandboxRow = placementRows(bench.page).filter({ hasText: 'Weekly orders in 2025' });
  await sandboxRow.getByTestId('placement-deployment').filter({ hasText: 'In Finance Sandbox' }).waitFor();
  expect(await placementRows(bench.page).count()).toBe(2);

  // Meanwhile an admin edits the report, and places a report the analyst may not read in this workbook.
  const orders = await reportByPublicId(admin, salesDeploymentId, 'OrdersStatus');
  await admin.updateReport(salesDeploymentId, orders.id, {
    jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.region'] }),
    pivotItems: { rows: ['orders.region'], columns: [], measures: ['orders.count'], filters: [] },
  });
  const board = await reportByPublicId(admin, salesDeploymentId, 'BoardPackKpi');
  await admin.connectWorkbook(salesDeploymentId, board.id, {
    externalWorkbookId: await workbookId(bench.page), resultLocation: 'Sheet1!L3:N7', sheetName: 'Sheet1', anchorCell: 'L3', host: 'EXCEL',
  });

  // Without reloading the pane: Refresh reads the report again and ends up to date with the new result.
  const ordersRow = placementRows(bench.page).filter({ hasText: 'Orders by status' });
  await ordersRow.getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText('Orders by status is in Sheet1!B3:C7').waitFor();
  await ordersRow.getByText('Up to date').waitFor();
  const cells = await readCells(bench.page, 'B3:C4');
  expect(cells.values[0]).toEqual(['Region', 'Count']);
  expect(typeof cells.values[1]![1]).toBe('number');

  // The list read after the refresh shows the admin's placement, without its report's name.
  const denied = placementRows(bench.page).filter({ hasText: 'A report you cannot open' });
  await denied.getByText('No access').waitFor();
  expect(await denied.getByTestId('placement-owner').textContent()).toBe('Owned by Ada Admin (admin@example.com)');
  expect(await denied.getByRole('link', { name: 'Ask for access' }).getAttribute('href')).toMatch(/^mailto:admin%40example\.com\?subject=/);
  expect(await denied.getByRole('button').count()).toBe(0);
  expect(await bench.page.locator('.pane').textContent()).not.toContain('Board pack');
  await bench.page.screenshot({ path: join(screenshots, 'workbook-home-across-deployments.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});
