/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { parseSheetAddress } from '../../src/core/a1';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { openMixedWorkspace, placementHome, type MixedWorkspace } from '../../src/pane/compose/both';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { ExcelHost } from '../../workbench/excel-host';
import { pastedCubeTokens, recordGlobalFetch, recordingFetch } from '../support/cube-standin';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { reportByPublicId } from '../support/reports';
import { connectionOf, done } from '../support/workspace';

/**
 * Issue 26, "Both kinds in one workbook": one pane signed in to the platform and connected to a Cube API places a
 * platform report and a report kept in the workbook in the same sheet; the list says where each report lives, Refresh
 * all refreshes both, and an edit of either report puts its placement alone Out of date. The local platform and the
 * Cube Core stand-in serve the same deterministic sample data (120,000 orders), so the counts by status are checked
 * against SQL of the test's own on both. The Cube connection's data client sends its requests to the stand-in's Cube
 * REST API only, and nothing else does.
 */

jest.setTimeout(60_000);

const SECRET = 'mixed-workspace-test-secret';
const CUBE_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const TOTAL_ORDERS = 120_000;

let t: TestPlatform;
let cube: RunningCubeCore;
let reference: Database;
beforeAll(async () => {
  [t, cube, reference] = await Promise.all([
    startTestPlatform(),
    startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [], log: () => {} }),
    Database.open(':memory:'),
  ]);
  await reference.transaction((tx) => createSampleData(tx));
});
afterAll(async () => {
  await reference?.close();
  await Promise.all([cube?.close(), t?.close()]);
});

/** Every request the Cube connection's data client sent, every one the platform's data clients sent, and every one at all. */
const sentByCube: string[] = [];
const sentByPlatformData: string[] = [];
const sentGlobally: string[] = [];
recordGlobalFetch(sentGlobally);

/** The analyst's pane over both homes: the platform's reports and data, and the Cube API's with reports kept in the workbook. */
async function workspace(): Promise<MixedWorkspace> {
  return openMixedWorkspace(await connectionOf(t.analyst), {
    apiUrl: `${cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, CUBE_ID), deploymentId: CUBE_ID,
  }, {
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep, fetch: recordingFetch(sentByPlatformData) }),
    cubeDataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep, fetch: recordingFetch(sentByCube) }),
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
  });
}

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const inEurope = { member: 'orders.region', operator: 'equals' as const, values: ['Europe'] };

/** Orders per status, straight from the sample data, by status. */
async function expectedCounts(region?: string): Promise<Record<string, number>> {
  const rows = await reference.read((tx) => tx.all(
    `SELECT status, count(*) AS n FROM orders ${region ? 'WHERE region = ?' : ''} GROUP BY status ORDER BY status`, region ? [region] : [],
  ));
  return Object.fromEntries(rows.map((r) => [String(r.status), Number(r.n)]));
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The counts by status a placement shows (its status column first, its count next): the rows of its result whose
 * first cell is one of the statuses, so header and total rows are left out.
 */
function countsIn(sim: ExcelHost, entry: WorkbookPlacement, statuses: string[]): Record<string, number> {
  const { sheetName, rect } = parseSheetAddress(entry.placement.resultLocation);
  const cells = cellsOf(sim, sheetName!, rect.top, rect.left, rect.bottom - rect.top + 1, rect.right - rect.left + 1);
  return Object.fromEntries(cells.filter((row) => statuses.includes(String(row[0]))).map((row) => [String(row[0]), Number(row[1])]));
}

async function workbookId(ws: MixedWorkspace): Promise<string> {
  const id = (await ws.workbook.prepare()).workbookId;
  if (!id) throw new Error('the workbook has no id yet');
  return id;
}

/** Each placement's sync status as the routed registry reads them (both homes named), by placement id. */
async function statuses(ws: MixedWorkspace): Promise<Record<string, string | null | undefined>> {
  const listed = await ws.registry.statuses(await workbookId(ws), [t.salesDeploymentId, CUBE_ID]);
  return Object.fromEntries(listed.map(({ placement }) => [placement.id!, placement.syncStatus]));
}

it('places a platform report and a workbook report side by side, says where each lives, refreshes both, and puts only the edited one Out of date', async () => {
  const all = await expectedCounts();
  const europe = await expectedCounts('Europe');
  const statusNames = Object.keys(all);
  expect(sum(all)).toBe(TOTAL_ORDERS);
  expect(sum(europe)).toBeLessThan(TOTAL_ORDERS);

  const sim = installWorkbook();
  const ws = await workspace();
  const platformReport = await reportByPublicId(t.analyst, t.salesDeploymentId, 'OrdersStatus');
  expect(platformReport.name).toBe('Orders by status');
  const workbookReport = await ws.reports.createReport(CUBE_ID, { name: 'Orders by status (Cube)', jsonQuery: JSON.stringify(byStatus) });
  expect(workbookReport.deploymentId).toBe(CUBE_ID);
  // Each home lists its own reports only.
  expect((await ws.reports.listReports(CUBE_ID)).items.map((r) => r.name)).toEqual(['Orders by status (Cube)']);
  expect((await ws.reports.listReports(t.salesDeploymentId)).items.map((r) => r.name)).toContain('Orders by status');

  await selectCell('A1');
  const p = done(await ws.placements.place(platformReport)).placement.id!;
  await selectCell('F1');
  const w = done(await ws.placements.place(workbookReport)).placement.id!;
  expect(p).not.toBe(w);

  // The list holds both, each with its home.
  const listed = await ws.placements.workbookPlacements();
  expect(listed.map((e) => [e.placement.id, e.placement.resultLocation.split('!')[0], e.deploymentId, ws.home(e.deploymentId)])).toEqual([
    [p, 'Sheet1', t.salesDeploymentId, 'platform'],
    [w, 'Sheet1', CUBE_ID, 'workbook'],
  ]);
  expect(listed.map((e) => placementHome(e.deploymentId))).toEqual(['platform', 'workbook']);
  expect(listed.find((e) => e.placement.id === w)!.placement.resultLocation).toMatch(/^Sheet1!F1:/);
  expect(listed.find((e) => e.placement.id === p)!.placement.resultLocation).toMatch(/^Sheet1!A1:/);
  expect(await statuses(ws)).toEqual({ [p]: 'UP_TO_DATE', [w]: 'UP_TO_DATE' });
  // The platform's statuses alone (no workbook id named) still come with the workbook's.
  const platformNamed = await ws.registry.statuses(await workbookId(ws), [t.salesDeploymentId]);
  expect(platformNamed.map((s) => s.placement.id).sort()).toEqual([p, w].sort());

  // Refresh all: both done and up to date, each engine's counts the sample data's.
  let items = await startRefreshAll(ws.placements, listed).done;
  expect(items.map((i) => [i.entry.placement.id, i.state, i.reason])).toEqual([[p, 'done', null], [w, 'done', null]]);
  expect(await statuses(ws)).toEqual({ [p]: 'UP_TO_DATE', [w]: 'UP_TO_DATE' });
  let entries = await ws.placements.workbookPlacements();
  for (const entry of entries) {
    expect(countsIn(sim, entry, statusNames)).toEqual(all);
    expect(sum(countsIn(sim, entry, statusNames))).toBe(TOTAL_ORDERS);
  }

  // The workbook report edited (Europe only): its placement alone is Out of date.
  await ws.reports.updateReport(await ws.reports.getReport(CUBE_ID, workbookReport.id), { jsonQuery: JSON.stringify({ ...byStatus, filters: [inEurope] }) });
  expect(await statuses(ws)).toEqual({ [p]: 'UP_TO_DATE', [w]: 'CHANGED' });

  // The platform report edited by the admin (Europe only, too): now its placement is Out of date as well.
  const seeded = await t.admin.getReport(t.salesDeploymentId, platformReport.id);
  const seededQuery = JSON.parse(seeded.jsonQuery!) as CubeQuery;
  await t.admin.updateReport(t.salesDeploymentId, platformReport.id, { jsonQuery: JSON.stringify({ ...seededQuery, filters: [inEurope] }) });
  expect(await statuses(ws)).toEqual({ [p]: 'CHANGED', [w]: 'CHANGED' });

  // Refresh all again: both done, up to date, and both show Europe's counts.
  items = await startRefreshAll(ws.placements, await ws.placements.workbookPlacements()).done;
  expect(items.map((i) => [i.entry.placement.id, i.state, i.reason])).toEqual([[p, 'done', null], [w, 'done', null]]);
  expect(await statuses(ws)).toEqual({ [p]: 'UP_TO_DATE', [w]: 'UP_TO_DATE' });
  entries = await ws.placements.workbookPlacements();
  for (const entry of entries) expect(countsIn(sim, entry, statusNames)).toEqual(europe);

  // The Cube connection's data client called the stand-in's Cube REST API only; the platform's data clients never
  // called the stand-in; and nothing else did.
  expect(sentByCube.length).toBeGreaterThan(0);
  for (const url of sentByCube) expect(url.startsWith(`${cube.url}/cubejs-api/v1/`)).toBe(true);
  expect(sentByPlatformData.length).toBeGreaterThan(0);
  for (const url of sentByPlatformData) expect(url.startsWith(cube.url)).toBe(false);
  expect(sentGlobally.filter((url) => url.startsWith(cube.url))).toEqual(sentByCube);
});

it('routes each deployment id to its home: the Cube id to the Cube API, a platform id to the platform, before any request', async () => {
  const ws = await workspace();
  const before = sentByCube.length;
  const cubeClient = await ws.data.forDeployment(CUBE_ID);
  const platformClient = await ws.data.forDeployment(t.salesDeploymentId);
  expect(cubeClient).not.toBe(platformClient);
  expect(await ws.data.forDeployment(CUBE_ID)).toBe(cubeClient);
  expect(sentByCube.length).toBe(before);
  expect(ws.home(CUBE_ID)).toBe('workbook');
  expect(ws.home(t.salesDeploymentId)).toBe('platform');
  // Folders are the platform's: the workbook's home answers none.
  expect(await ws.reports.allFolders(CUBE_ID)).toEqual([]);
  expect((await ws.reports.allFolders(t.salesDeploymentId)).length).toBeGreaterThan(0);
});
