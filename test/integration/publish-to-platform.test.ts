/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, PivotItemsInput, Report } from '../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE } from '../../src/contract/workbook-report';
import { parseSheetAddress } from '../../src/core/a1';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { openMixedWorkspace, type MixedWorkspace } from '../../src/pane/compose/both';
import { keptPublish } from '../../src/pane/publish-reports';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { PlacementOutOfDateError, PublishedReportDiffersError } from '../../src/placements/publishing-errors';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import type { ExcelHost } from '../../workbench/excel-host';
import { pastedCubeTokens } from '../support/cube-standin';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

/**
 * Issue 26, "Publish to the platform": a pane signed in to the platform and connected to a Cube API publishes the
 * reports kept in the workbook to a platform deployment. The platform then holds them by their public ids with the
 * same definitions, their placements are recorded there with the same ids, addresses and result checksums (Up to
 * date), the workbook's parts no longer hold them, and Refresh all writes what the sample data gives (checked with
 * SQL of the test's own) without asking about hand edits. Publishing again changes nothing; a failure half-way
 * leaves every placement in one home, and publishing again finishes the job.
 */

jest.setTimeout(90_000);

const SECRET = 'publish-to-platform-test-secret';
const CUBE_ID = DEFAULT_CUBE_DEPLOYMENT_ID;

let t: TestPlatform;
let cube: RunningCubeCore;
let reference: Database;
let annasFolder: number;
beforeAll(async () => {
  [t, cube, reference] = await Promise.all([
    startTestPlatform(),
    startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [], log: () => {} }),
    Database.open(':memory:'),
  ]);
  await reference.transaction((tx) => createSampleData(tx));
  annasFolder = (await t.analyst.allFolders(t.salesDeploymentId)).find((f) => f.name === "Anna's reports")!.id;
});
afterAll(async () => {
  await reference?.close();
  await Promise.all([cube?.close(), t?.close()]);
});
afterEach(() => t.platform.faults.set([]));

async function workspace(): Promise<MixedWorkspace> {
  return openMixedWorkspace(await connectionOf(t.analyst), {
    apiUrl: `${cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, CUBE_ID), deploymentId: CUBE_ID,
  }, {
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    cubeDataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
  });
}

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const byRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' } };
const regionPivot: PivotItemsInput = { rows: ['orders.region'], columns: [], measures: ['orders.count'], filters: [], displayScale: 'absolute', showRowTotals: false };

/** Orders per value of a column, straight from the sample data. */
async function expectedCounts(column: 'status' | 'region'): Promise<Record<string, number>> {
  const rows = await reference.read((tx) => tx.all(`SELECT ${column} AS k, count(*) AS n FROM orders GROUP BY ${column} ORDER BY ${column}`));
  return Object.fromEntries(rows.map((r) => [String(r.k), Number(r.n)]));
}

/** The counts a placement shows: the rows whose first cell is one of `keys`, their second cell. */
function countsIn(sim: ExcelHost, entry: WorkbookPlacement, keys: string[]): Record<string, number> {
  const { sheetName, rect } = parseSheetAddress(entry.placement.resultLocation);
  const cells = cellsOf(sim, sheetName!, rect.top, rect.left, rect.bottom - rect.top + 1, rect.right - rect.left + 1);
  return Object.fromEntries(cells.filter((row) => keys.includes(String(row[0]))).map((row) => [String(row[0]), Number(row[1])]));
}

/** Each placement as the pane lists it: id → [home, report's public id, address, status]. */
async function listed(ws: MixedWorkspace): Promise<Record<string, [string, string | null | undefined, string, string | null | undefined]>> {
  const entries = await ws.placements.workbookPlacements();
  const ids = entries.map((e) => e.placement.id!);
  expect(new Set(ids).size).toBe(ids.length);
  return Object.fromEntries(entries.map((e) => [e.placement.id!, [ws.home(e.deploymentId), e.report?.publicId, e.placement.resultLocation, e.placement.syncStatus]]));
}

/** The platform's reports of the Sales deployment with one of the public ids (the analyst's view, all pages). */
async function onPlatform(publicIds: string[]): Promise<Report[]> {
  const found: Report[] = [];
  for await (const report of t.analyst.iterateReports(t.salesDeploymentId)) if (publicIds.includes(report.publicId!)) found.push(report);
  return found;
}

async function placeKept(ws: MixedWorkspace, report: Report, at: string): Promise<string> {
  await selectCell(at);
  return done(await ws.placements.place(report)).placement.id!;
}

it('publishes two workbook reports with their three placements: the same definitions, ids, addresses and numbers, nothing left in the workbook, and again changes nothing', async () => {
  const [statuses, regions] = await Promise.all([expectedCounts('status'), expectedCounts('region')]);
  const sim = installWorkbook();
  const ws = await workspace();
  const a = await ws.reports.createReport(CUBE_ID, { name: 'Orders by status (Cube)', jsonQuery: JSON.stringify(byStatus) });
  const b = await ws.reports.createReport(CUBE_ID, { name: 'Orders by region', title: 'Regions', jsonQuery: JSON.stringify(byRegion), pivotItems: regionPivot });
  const a1 = await placeKept(ws, a, 'A1');
  const a2 = await placeKept(ws, a, 'E1');
  const b1 = await placeKept(ws, b, 'I1');
  const before = await listed(ws);
  expect(Object.values(before).map(([home, , , status]) => [home, status])).toEqual([['workbook', 'UP_TO_DATE'], ['workbook', 'UP_TO_DATE'], ['workbook', 'UP_TO_DATE']]);
  const cellsAt = (location: string) => {
    const { sheetName, rect } = parseSheetAddress(location);
    return cellsOf(sim, sheetName!, rect.top, rect.left, rect.bottom - rect.top + 1, rect.right - rect.left + 1);
  };
  const cellsBefore = Object.values(before).map(([, , location]) => cellsAt(location));

  const publish = keptPublish(ws, (await connectionOf(t.analyst)).deployments, () => cubeApiUser('Anna Analyst', null, CUBE_ID));
  expect(publish.deployments.map((d) => d.id)).toContain(t.salesDeploymentId);
  const outcome = await publish.run(t.salesDeploymentId, { folderId: annasFolder });
  expect(outcome).toMatchObject({ deploymentId: t.salesDeploymentId, published: 2, failed: 0, placements: 3, replaced: 0 });
  expect(outcome.reports.map((r) => [r.kind, r.title, r.placements, r.kind === 'published' && r.was])).toEqual([
    ['published', 'Orders by status (Cube)', 2, 'created'], ['published', 'Regions', 1, 'created'],
  ]);

  // The platform holds them by their public ids, with the same definitions, in the folder chosen.
  const published = await onPlatform([a.publicId!, b.publicId!]);
  expect(published.map((r) => [r.publicId, r.name, r.title, JSON.parse(r.jsonQuery!), r.folderId]).sort()).toEqual([
    [a.publicId, 'Orders by status (Cube)', null, byStatus, annasFolder],
    [b.publicId, 'Orders by region', 'Regions', byRegion, annasFolder],
  ].sort());
  expect(published.find((r) => r.publicId === b.publicId)!.pivotItems).toMatchObject(regionPivot);

  // The same placements, now under the platform reports: same ids, addresses, Up to date.
  const after = await listed(ws);
  expect(after).toEqual({
    [a1]: ['platform', a.publicId, before[a1]![2], 'UP_TO_DATE'],
    [a2]: ['platform', a.publicId, before[a2]![2], 'UP_TO_DATE'],
    [b1]: ['platform', b.publicId, before[b1]![2], 'UP_TO_DATE'],
  });
  // The cells were not written.
  expect(Object.values(before).map(([, , location]) => cellsAt(location))).toEqual(cellsBefore);
  // The workbook's parts no longer hold them.
  expect((await ws.reports.listReports(CUBE_ID)).items).toEqual([]);
  expect(await ws.workbookReports.unavailableReports()).toEqual([]);
  expect(await new ExcelWorkbookParts({ sleep: noSleep }).list(WORKBOOK_REPORT_NAMESPACE)).toEqual([]);

  // Refresh all: every placement done, no question about hand edits, the sample data's numbers.
  const entries = await ws.placements.workbookPlacements();
  const items = await startRefreshAll(ws.placements, entries).done;
  expect(items.map((i) => [i.entry.placement.id, i.state, i.reason])).toEqual([[a1, 'done', null], [a2, 'done', null], [b1, 'done', null]]);
  for (const entry of await ws.placements.workbookPlacements()) {
    const expected = entry.report?.publicId === a.publicId ? statuses : regions;
    expect(countsIn(sim, entry, Object.keys(expected))).toEqual(expected);
  }
  expect(Object.values(await listed(ws)).map(([home, , , status]) => [home, status])).toEqual([['platform', 'UP_TO_DATE'], ['platform', 'UP_TO_DATE'], ['platform', 'UP_TO_DATE']]);

  // Publishing again: nothing to publish, nothing changed, no duplicate.
  const again = await publish.run(t.salesDeploymentId, { folderId: annasFolder });
  expect(again).toMatchObject({ published: 0, failed: 0, placements: 0, reports: [] });
  expect((await onPlatform([a.publicId!, b.publicId!])).map((r) => [r.publicId, r.version]).sort())
    .toEqual(published.map((r) => [r.publicId, r.version]).sort());
  expect(Object.keys(await listed(ws)).sort()).toEqual([a1, a2, b1].sort());
});

it('a failure half-way leaves each placement in one home; publishing again finishes the job without duplicates', async () => {
  installWorkbook();
  const ws = await workspace();
  const a = await ws.reports.createReport(CUBE_ID, { name: 'Status half-way', jsonQuery: JSON.stringify(byStatus) });
  const b = await ws.reports.createReport(CUBE_ID, { name: 'Region half-way', jsonQuery: JSON.stringify(byRegion) });
  const a1 = await placeKept(ws, a, 'A1');
  const a2 = await placeKept(ws, a, 'E1');
  const b1 = await placeKept(ws, b, 'I1');
  const before = await listed(ws);

  // The first placement recorded on the platform passes, the second fails: the first report stops half-way.
  t.platform.faults.set([
    { method: 'PUT', path: '/connect-workbook$', latencyMs: 0, times: 1 },
    { method: 'PUT', path: '/connect-workbook$', status: 500, times: 1 },
  ]);
  const publish = keptPublish(ws, (await connectionOf(t.analyst)).deployments, () => cubeApiUser('Anna Analyst', null, CUBE_ID));
  const first = await publish.run(t.salesDeploymentId, { folderId: annasFolder });
  expect(first).toMatchObject({ published: 1, failed: 1, placements: 2 });
  expect(first.reports.map((r) => [r.kind, r.title, r.placements, r.kind === 'failed' ? r.placementsLeft : null])).toEqual([
    ['failed', 'Status half-way', 1, 1], ['published', 'Region half-way', 1, null],
  ]);
  // Each placement in exactly one home (`listed` checks no id is listed twice), none lost; the workbook keeps the
  // first report with its one placement not yet moved.
  let now = await listed(ws);
  expect(Object.keys(now).sort()).toEqual([a1, a2, b1].sort());
  expect(now[a1]![0]).toBe('platform');
  expect(now[a2]![0]).toBe('workbook');
  expect(now[b1]![0]).toBe('platform');
  expect((await ws.reports.listReports(CUBE_ID)).items.map((r) => r.name)).toEqual(['Status half-way']);

  // Again: the report is found by its public id (the same, not a second), the last placement moves, the part goes.
  const second = await publish.run(t.salesDeploymentId, { folderId: annasFolder });
  expect(second.reports.map((r) => [r.kind, r.title, r.placements, r.kind === 'published' && r.was])).toEqual([['published', 'Status half-way', 1, 'same']]);
  now = await listed(ws);
  expect(now).toEqual({
    [a1]: ['platform', a.publicId, before[a1]![2], 'UP_TO_DATE'],
    [a2]: ['platform', a.publicId, before[a2]![2], 'UP_TO_DATE'],
    [b1]: ['platform', b.publicId, before[b1]![2], 'UP_TO_DATE'],
  });
  expect((await onPlatform([a.publicId!, b.publicId!])).length).toBe(2);
  expect((await ws.reports.listReports(CUBE_ID)).items).toEqual([]);
});

it('refuses a report with an out-of-date placement, and one the platform holds with another definition unless asked to replace it', async () => {
  installWorkbook();
  const ws = await workspace();
  const publish = keptPublish(ws, (await connectionOf(t.analyst)).deployments, () => cubeApiUser('Anna Analyst', null, CUBE_ID));
  const stale = await ws.reports.createReport(CUBE_ID, { name: 'Stale one', jsonQuery: JSON.stringify(byStatus) });
  await placeKept(ws, stale, 'A1');
  await ws.reports.updateReport(await ws.reports.getReport(CUBE_ID, stale.id), { jsonQuery: JSON.stringify(byRegion) });
  const taken = await ws.reports.createReport(CUBE_ID, { name: 'Taken id', publicId: 'PublishTest1', jsonQuery: JSON.stringify(byStatus) });
  const t1 = await placeKept(ws, taken, 'H1');
  await t.analyst.upsertReportByPublicId(t.salesDeploymentId, 'PublishTest1', { name: 'Someone else’s', jsonQuery: JSON.stringify(byRegion), folderId: annasFolder });

  const refused = await publish.run(t.salesDeploymentId, { folderId: annasFolder });
  expect(refused).toMatchObject({ published: 0, failed: 2, placements: 0 });
  const failure = (title: string) => {
    const item = refused.reports.find((r) => r.title === title);
    return item?.kind === 'failed' ? item.error : item;
  };
  expect(failure('Stale one')).toBeInstanceOf(PlacementOutOfDateError);
  expect(failure('Taken id')).toBeInstanceOf(PublishedReportDiffersError);
  expect((await ws.reports.listReports(CUBE_ID)).items.map((r) => r.name).sort()).toEqual(['Stale one', 'Taken id']);
  expect((await onPlatform(['PublishTest1']))[0]!.name).toBe('Someone else’s');

  const replaced = await publish.run(t.salesDeploymentId, { reportIds: [taken.id], replace: true });
  expect(replaced.reports.map((r) => [r.kind, r.kind === 'published' && r.was])).toEqual([['published', 'replaced']]);
  expect(replaced.replaced).toBe(1);
  const onIt = (await onPlatform(['PublishTest1']))[0]!;
  expect([onIt.name, JSON.parse(onIt.jsonQuery!)]).toEqual(['Taken id', byStatus]);
  expect((await listed(ws))[t1]).toEqual(['platform', 'PublishTest1', expect.stringMatching(/^Sheet1!H1:/), 'UP_TO_DATE']);
});
