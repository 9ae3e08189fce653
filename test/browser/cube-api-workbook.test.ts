import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { readCells, runExcel, selectCell, workbenchReady } from './support/actions';
import { addMember, newExplorationAt, saveAsReport } from './support/builder';
import { closeReference, connectCube, cubeShot, cubeToken, expectedGrid, notCubeNorStatic, openEmptyWorkbookOnCube, recordRequests, referenceSql, useCubeStandIn } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { rangeOf, untilCells } from './support/cube-cells';

/**
 * The pane connected straight to a Cube API (the Cube Core stand-in), reports and placements kept in the workbook
 * (issue 26): the tests run in order on one workbook, as one user works through a day.
 */
const bench = useCubeStandIn();
const page = (): Page => bench.page;
let requests: ReturnType<typeof recordRequests>;

beforeAll(() => {
  requests = recordRequests(bench.page);
});
afterAll(async () => {
  requests?.stop();
  await closeReference();
});

const REVENUE = 'sales.total_amount';
const ORDERS = 'sales.count';
const REGION = 'sales.region';
const NAME = 'Revenue by region (kept in the workbook)';
const FIRST: CubeQuery = { measures: [REVENUE], dimensions: [REGION] };
const EDITED: CubeQuery = { measures: [REVENUE, ORDERS], dimensions: [REGION] };

const builder = () => page().getByTestId('builder');
const placementRows = () => page().locator('[aria-label="Placements in this workbook"] li');
const placementAt = (range: string) => placementRows().filter({ hasText: range });
const reportRow = (title: string) => page().locator('[aria-label="Reports"] li', { hasText: title });

async function searchReports(title: string) {
  await page().getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await reportRow(title).first().waitFor();
}

/** Selects `cell` and places the workbook report `title` there from the Reports list. */
async function placeAt(cell: string, title: string) {
  await selectCell(page(), cell);
  await page().getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await searchReports(title);
  await reportRow(title).first().getByRole('button', { name: 'Place' }).click();
  await page().getByText(`${title} is in Sheet1!${cell}`).waitFor();
}

let firstGrid: (string | number)[][];
let expectedOrders: Record<string, number>;
let editedGrid: (string | number)[][];

test('build an exploration and save it into the workbook: it is listed as a report kept here, its cells as an independent load gives them', async () => {
  await openEmptyWorkbookOnCube(bench);

  await newExplorationAt(page(), 'B2', 'sales');
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  firstGrid = await expectedGrid(bench.cube, FIRST);
  await untilCells(page(), rangeOf('B2', firstGrid), firstGrid);

  await saveAsReport(page(), NAME);

  await placementAt(`Sheet1!${rangeOf('B2', firstGrid)}`).getByText('Up to date').waitFor();
  await searchReports(NAME);
  expect(await reportRow(NAME).count()).toBe(1);
  expect((await readCells(page(), rangeOf('B2', firstGrid))).values).toEqual(firstGrid);
  // The numbers, against independent SQL over the same sample data: revenue per region, to the cent.
  const byRegion = new Map((await referenceSql('SELECT region, SUM(amount)::DOUBLE AS revenue, COUNT(*)::INTEGER AS orders FROM orders GROUP BY region'))
    .map((r) => [String(r.region), { revenue: Number(r.revenue), orders: Number(r.orders) }]));
  expect(firstGrid[0]).toEqual(['Region', 'Revenue']);
  expect(firstGrid.length - 1).toBe(byRegion.size);
  for (const [region, revenue] of firstGrid.slice(1)) expect(revenue).toBeCloseTo(byRegion.get(String(region))!.revenue, 2);
  expectedOrders = Object.fromEntries([...byRegion].map(([region, r]) => [region, r.orders]));
  // The report is in the workbook's own custom XML parts, with its query.
  const parts = await runExcel<string[]>(page(), `
    const parts = context.workbook.customXmlParts; parts.load('items/id'); await context.sync();
    const xml = parts.items.map((p) => p.getXml()); await context.sync();
    return xml.map((x) => x.value);`);
  expect(parts.some((xml) => xml.includes(NAME) && xml.includes(REVENUE))).toBe(true);
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
});

test('placed a second time; edited in the builder (a measure added) and saved: the other placement turns Out of date', async () => {
  await placeAt('B12', NAME);
  await untilCells(page(), rangeOf('B12', firstGrid), firstGrid);
  await placementAt(`Sheet1!${rangeOf('B12', firstGrid)}`).getByText('Up to date').waitFor();

  // The first placement's Edit opens its report in the builder, writing at its own cells.
  await placementAt(`Sheet1!${rangeOf('B2', firstGrid)}`).getByRole('button', { name: `Edit ${NAME} in the exploration builder` }).click();
  await builder().getByRole('heading', { name: NAME, level: 2 }).waitFor();
  await addMember(page(), ORDERS, 'Add to Measures', 'measures');
  editedGrid = await expectedGrid(bench.cube, EDITED);
  // Auto-run writes the edit at the placement's cells before it is saved.
  await untilCells(page(), rangeOf('B2', editedGrid), editedGrid);
  expect(editedGrid[0]).toEqual(['Region', 'Revenue', 'Count']);
  expect(Object.fromEntries(editedGrid.slice(1).map((r) => [r[0], r[2]]))).toEqual(expectedOrders);
  await builder().getByRole('button', { name: 'Save', exact: true }).click();
  await builder().getByText(`Saved “${NAME}”. This placement is up to date; its other placements now show Out of date until refreshed.`).waitFor();
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });

  await placementAt(`Sheet1!${rangeOf('B12', firstGrid)}`).getByText('Out of date').waitFor();
  await untilCells(page(), rangeOf('B2', editedGrid), editedGrid);
  // The other placement still shows what it showed.
  expect((await readCells(page(), rangeOf('B12', firstGrid))).values).toEqual(firstGrid);
  await placementAt(`Sheet1!${rangeOf('B12', firstGrid)}`).scrollIntoViewIfNeeded();
  await cubeShot(page(), 'cube-out-of-date');
});

test('Refresh all: both placements up to date, both with the edited report\'s cells', async () => {
  await page().locator('.pane').getByRole('button', { name: 'Refresh all', exact: true }).click();
  await page().getByText('2 refreshed').waitFor();
  await untilCells(page(), rangeOf('B12', editedGrid), editedGrid);
  await untilCells(page(), rangeOf('B2', editedGrid), editedGrid);
  expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);
});

test('a hand edit in a placed cell is named before a refresh overwrites it', async () => {
  await runExcel(page(), `context.workbook.worksheets.getItem('Sheet1').getRange('C14').values = [[12345]]; await context.sync();`);
  const row = placementAt(`Sheet1!${rangeOf('B12', editedGrid)}`);
  await row.getByRole('button', { name: 'Refresh' }).click();
  await page().locator('.fui-MessageBarTitle', { hasText: 'Edited by hand' }).waitFor();
  await page().getByText(/Row 14 was changed/).waitFor();
  expect((await readCells(page(), 'C14')).values).toEqual([[12345]]);
  await cubeShot(page(), 'cube-hand-edit');
  await page().getByRole('button', { name: 'Refresh anyway' }).click();
  await untilCells(page(), rangeOf('B12', editedGrid), editedGrid);
});

test('saved and reopened: the reports and placements are still there with their statuses', async () => {
  const sheetIdsBefore = await runExcel<string[]>(page(), `const s = context.workbook.worksheets; s.load('items/id'); await context.sync(); return s.items.map((w) => w.id);`);
  await page().evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  await page().reload();
  await workbenchReady(page());
  await page().getByTestId('cube-connected').waitFor();
  await placementRows().first().waitFor();
  expect(await placementRows().count()).toBe(2);
  await placementAt(`Sheet1!${rangeOf('B2', editedGrid)}`).getByText('Up to date').waitFor();
  await placementAt(`Sheet1!${rangeOf('B12', editedGrid)}`).getByText('Up to date').waitFor();
  await searchReports(NAME);
  const sheetIdsAfter = await runExcel<string[]>(page(), `const s = context.workbook.worksheets; s.load('items/id'); await context.sync(); return s.items.map((w) => w.id);`);
  // The reopened workbook's sheets have new ids (as a file opened again in Excel on the web): the records follow by name.
  expect(sheetIdsAfter).toHaveLength(1);
  expect(sheetIdsAfter[0]).not.toBe(sheetIdsBefore[0]);
  expect((await readCells(page(), rangeOf('B2', editedGrid))).values).toEqual(editedGrid);
  await page().getByRole('heading', { name: 'In this workbook' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await cubeShot(page(), 'cube-reopened');
});

test('a token that expires mid-refresh: the pane asks for a new one, and the refresh carries on with it', async () => {
  // Connected again with a token that ends in 20 s: the pane asks 30 s before the end, so at the first request.
  await page().getByRole('group', { name: 'Cube API' }).getByRole('button', { name: 'Disconnect' }).click();
  const expiring = await cubeToken(bench.cube.apiSecret, 20);
  await connectCube(page(), bench.cube, expiring);
  await placementRows().first().waitFor();
  const from = requests.all.length;
  await page().locator('.pane').getByRole('button', { name: 'Refresh all', exact: true }).click();
  const ask = page().getByTestId('cube-token-request');
  await ask.getByText('The Cube API token has expired').waitFor();
  await cubeShot(page(), 'cube-token-expired');
  expect(await axeViolations(page())).toEqual([]);
  // The refresh waits: no data request has gone with the expiring token, nothing was written yet.
  const loads = () => requests.all.slice(from).filter((r) => r.url === `${bench.cube.url}/cubejs-api/v1/load`);
  expect(loads()).toEqual([]);
  await page().getByText('0 of 2…').waitFor();
  const fresh = await cubeToken(bench.cube.apiSecret);
  await ask.getByRole('textbox', { name: 'New token' }).fill(fresh);
  await ask.getByRole('button', { name: 'Use this token' }).click();
  await ask.waitFor({ state: 'detached' });
  await page().getByText('2 refreshed').waitFor();
  expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);
  // Both placements are of one report: one load for the run (a run queries each report once, however many
  // placements share it), with the new token; none went with the expiring one.
  expect(loads()).toHaveLength(1);
  expect(loads().every((r) => r.authorization === fresh)).toBe(true);
  await untilCells(page(), rangeOf('B2', editedGrid), editedGrid);
  await untilCells(page(), rangeOf('B12', editedGrid), editedGrid);
  // The new token is kept for next time, in the add-in's storage.
  const stored = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: { token: string }[] });
  expect(stored.connections.map((c) => c.token)).toContain(fresh);
});

test('a token that ends while a refresh is on its way: the deployment refuses it, the pane asks, and the refresh carries on', async () => {
  const from = requests.all.length;
  const loads = () => requests.all.slice(from).filter((r) => r.url === `${bench.cube.url}/cubejs-api/v1/load`);
  // The run's data request reaches the deployment with a token that has just expired (signed with the right
  // secret): the stand-in refuses it as Cube does, 403 {"error": "Invalid token"}, after the pane sent it as good.
  const ended = await cubeToken(bench.cube.apiSecret, -5);
  let seen = 0;
  await page().route(`${bench.cube.url}/cubejs-api/v1/load`, async (route) => {
    seen += 1;
    if (seen === 1) await route.continue({ headers: { ...route.request().headers(), authorization: ended } });
    else await route.continue();
  });
  try {
    await page().locator('.pane').getByRole('button', { name: 'Refresh all', exact: true }).click();
    const ask = page().getByTestId('cube-token-request');
    await ask.getByText('The Cube deployment refused the token').waitFor();
    const fresh = await cubeToken(bench.cube.apiSecret);
    await ask.getByRole('textbox', { name: 'New token' }).fill(fresh);
    await ask.getByRole('button', { name: 'Use this token' }).click();
    await page().getByText('2 refreshed').waitFor();
    // The refused request was sent again with the new token: two loads in all (one report), the second with it.
    expect(loads()).toHaveLength(2);
    expect(loads()[1]!.authorization).toBe(fresh);
    expect(await placementRows().filter({ hasText: 'Up to date' }).count()).toBe(2);
    await untilCells(page(), rangeOf('B2', editedGrid), editedGrid);
    await untilCells(page(), rangeOf('B12', editedGrid), editedGrid);
  } finally {
    await page().unroute(`${bench.cube.url}/cubejs-api/v1/load`);
  }
});

test('every request the pane sent in Cube mode was a Cube REST API request or the workbench\'s own files', () => {
  requests.stop();
  expect(notCubeNorStatic(requests.all, bench.url)).toEqual([]);
  const cubeCalls = requests.all.filter((r) => r.url.startsWith(`${bench.cube.url}/cubejs-api/v1/`));
  expect(cubeCalls.length).toBeGreaterThan(3);
  console.log(`requests: ${requests.all.length}, to the Cube API: ${cubeCalls.length} (${[...new Set(cubeCalls.map((r) => `${r.method} ${new URL(r.url).pathname}`))].join(', ')})`);
});
