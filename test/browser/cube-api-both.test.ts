import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { freshWorkbench, place, readCells } from './support/actions';
import { addMember, newExplorationAt, saveAsReport } from './support/builder';
import { cubeShot, cubeToken, expectedGrid, recordRequests, useCubeStandIn } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { untilCells } from './support/cube-cells';

/** A workbook with placements of both kinds: a platform report and a report kept in the workbook (issue 26). */
const bench = useCubeStandIn();
const page = (): Page => bench.page;

const placementRows = () => page().locator('[aria-label="Placements in this workbook"] li');

const QUERY: CubeQuery = { measures: ['sales.count'], dimensions: ['sales.status'] };
const NAME = 'Orders by status (kept in the workbook)';

test('a platform report and a workbook report in one workbook: the Cube API connected beside the platform, Refresh all refreshes both', async () => {
  await bench.platform.analyst.updateSettings({ sheets: { showAppliedFilters: false, autoRunQueryOnChange: true } });
  await freshWorkbench(page(), `${bench.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(page(), 'A1', 'Orders by status');

  await page().getByRole('button', { name: 'Also connect a Cube API (reports kept in this workbook)' }).click();
  const form = page().getByRole('form', { name: 'Connect to a Cube API' });
  await form.getByRole('textbox', { name: /Cube REST API address/ }).fill(`${bench.cube.url}/cubejs-api`);
  await form.getByLabel(/Cube API token/).fill(await cubeToken(bench.cube.apiSecret));
  await form.getByRole('button', { name: 'Connect' }).click();
  const host = new URL(bench.cube.url).host;
  await page().getByTestId('cube-connected').filter({ hasText: `Connected to the Cube API at ${host}` }).waitFor();
  // Still signed in to the platform; the deployment browsed is the Cube API's, the platform's a choice away.
  await page().getByTestId('signed-in-user').waitFor();
  const deployment = page().getByRole('combobox', { name: 'Deployment' });
  await deployment.filter({ hasText: `${host} (Cube API, reports in this workbook)` }).waitFor();
  await deployment.click();
  const options = await page().getByRole('option').allInnerTexts();
  expect(options).toContain(`${host} (Cube API, reports in this workbook)`);
  expect(options.length).toBeGreaterThan(1);
  await page().keyboard.press('Escape');

  // A workbook report: built and saved at F1.
  await newExplorationAt(page(), 'F1', 'sales');
  await addMember(page(), 'sales.count', 'Add to Measures', 'measures');
  await addMember(page(), 'sales.status', 'Add to Rows', 'rows');
  const grid = await expectedGrid(bench.cube, QUERY);
  const range = `F1:G${grid.length}`;
  await untilCells(page(), range, grid);
  await saveAsReport(page(), NAME);

  await page().waitForFunction(() => document.querySelectorAll('[aria-label="Placements in this workbook"] li').length === 2);
  expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);

  const requests = recordRequests(page());
  await page().locator('.pane').getByRole('button', { name: 'Refresh all', exact: true }).click();
  await page().getByText('2 refreshed').waitFor();
  requests.stop();
  // One load to the platform's Core data API (behind the workbench's origin), one to the Cube API.
  const loads = requests.all.filter((r) => r.url.endsWith('/cubejs-api/v1/load')).map((r) => new URL(r.url).origin);
  expect(new Set(loads)).toEqual(new Set([new URL(bench.url).origin, bench.cube.url]));
  expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);
  expect((await readCells(page(), range)).values).toEqual(grid);
  // Each card says where its report lives.
  await placementRows().filter({ hasText: 'Orders by status' }).first().getByText('Report on the platform').waitFor();
  await placementRows().filter({ hasText: NAME }).getByText('Report kept in this workbook').waitFor();
  // Both written by this user: each card says so, the workbook's by the name it recorded.
  expect(await placementRows().filter({ hasText: /(Placed|Refreshed) .+ by you/ }).count()).toBe(2);
  await page().getByRole('heading', { name: 'In this workbook' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await settledPaint(page());
  await cubeShot(page(), 'cube-both-kinds');
  expect(await axeViolations(page())).toEqual([]);

  // Publish to the platform: the workbook report moves there, into the analyst's own folder, its placement with it;
  // the cells are not rewritten, and the card now says the report is on the platform.
  await page().getByRole('button', { name: 'Publish to the platform…' }).click();
  const panel = page().getByTestId('kept-publish');
  const folder = panel.getByRole('combobox', { name: 'Folder for reports new there' });
  // The folders the analyst may create reports in are listed once read.
  await page().waitForFunction(() => (document.querySelectorAll('[data-testid="kept-publish"] select')[1]?.querySelectorAll('option').length ?? 0) > 1);
  await folder.selectOption({ label: "Anna's reports" });
  const publishing = recordRequests(page());
  await panel.getByRole('button', { name: 'Publish all' }).click();
  await panel.getByTestId('kept-publish-outcome').filter({ hasText: '1 report published' }).waitFor();
  publishing.stop();
  expect(publishing.all.some((r) => r.method === 'PUT' && /\/reports\/by-public-id\//.test(r.url))).toBe(true);
  // No data was loaded to publish, and no cell was written.
  expect(publishing.all.filter((r) => r.url.endsWith('/v1/load'))).toEqual([]);
  expect((await readCells(page(), range)).values).toEqual(grid);
  await placementRows().filter({ hasText: NAME }).getByText('Report on the platform').waitFor();
  expect(await placementRows().filter({ hasText: 'Report on the platform' }).count()).toBe(2);
  const published = (await bench.platform.analyst.listReports(1, { search: NAME })).items;
  expect(published.map((r) => r.name)).toEqual([NAME]);
  expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);
});
