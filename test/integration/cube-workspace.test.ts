/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { OtherDeploymentError } from '../../src/workbook';
import { WorkbookModel } from '../../workbench/excel-host';
import { pastedCubeTokens, useCubeCoreWithReference, recordGlobalFetch, recordingFetch } from '../support/cube-standin';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { done } from '../support/workspace';

/**
 * Issue 26, "Every Cube": the pane's use cases (place, refresh, Out of date after an edit, Refresh all, the
 * hand-edit question, save and reopen) run unchanged when the add-in talks to a Cube REST API alone, with the
 * reports and placements kept in the workbook's custom XML parts (Microsoft's Office.js over the host emulator).
 * The Cube Core stand-in answers the data; expected values come from SQL of the test's own on the same
 * deterministic sample data (120,000 orders, docs/local-platform.md, "Sample data"). Every HTTP request is recorded: all must be
 * Cube REST API requests to the stand-in, none a Platform API one.
 */

jest.setTimeout(60_000);

const SECRET = 'cube-workspace-test-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const TOTAL_ORDERS = 120_000;

const standin = useCubeCoreWithReference(SECRET);

/** Every request sent, by the data client (its own fetch) and by anything else (the global fetch). */
const sentByClient: string[] = [];
const sentGlobally: string[] = [];
recordGlobalFetch(sentGlobally);

/**
 * The pane's use cases over the Cube API and the workbook's own parts, as a freshly opened pane has them. The user has
 * turned the filter line above tables off (on by default in both modes since issue 42, tested in
 * cube-filter-line.test.ts), so the counts start right under the header here.
 */
async function workspace(): Promise<WorkspaceParts> {
  const user = cubeApiUser('Anna Analyst', { sheets: { showAppliedFilters: false } }, DEPLOYMENT_ID);
  return openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user, deploymentId: DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep, fetch: recordingFetch(sentByClient) }),
  });
}

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const europe: CubeQuery = { ...byStatus, filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }] };

/** Orders per status, straight from the sample data: [status, count] by status. */
async function expectedCounts(region?: string): Promise<[string, number][]> {
  const rows = await standin.reference.read((tx) => tx.all(
    `SELECT status, count(*) AS n FROM orders ${region ? 'WHERE region = ?' : ''} GROUP BY status ORDER BY status`, region ? [region] : [],
  ));
  return rows.map((r) => [String(r.status), Number(r.n)]);
}

/** The body rows of a placement of `byStatus` (header row skipped): [status, count]. */
function bodyRows(sim: ReturnType<typeof installWorkbook>, sheet: string, top: number, left: number, rows: number): [string, number][] {
  return cellsOf(sim, sheet, top + 1, left, rows, 2).map(([status, count]) => [String(status), Number(count)]);
}

async function workbookId(ws: WorkspaceParts): Promise<string> {
  const id = (await ws.workbook.prepare()).workbookId;
  if (!id) throw new Error('the workbook has no id yet');
  return id;
}

/** Each placement's sync status, as the registry computes it, by placement id. */
async function statuses(ws: WorkspaceParts): Promise<Record<string, string | null | undefined>> {
  const listed = await ws.registry.statuses(await workbookId(ws), [DEPLOYMENT_ID]);
  return Object.fromEntries(listed.map(({ placement }) => [placement.id!, placement.syncStatus]));
}

async function entry(ws: WorkspaceParts, placementId: string): Promise<WorkbookPlacement> {
  const found = (await ws.placements.workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!found) throw new Error(`placement ${placementId} is not listed`);
  return found;
}

it('places, refreshes, goes Out of date, refreshes all, asks about hand edits and survives save and reopen, with Cube API requests only', async () => {
  const all = await expectedCounts();
  const inEurope = await expectedCounts('Europe');
  expect(all.reduce((sum, [, n]) => sum + n, 0)).toBe(TOTAL_ORDERS);
  expect(inEurope.reduce((sum, [, n]) => sum + n, 0)).toBeLessThan(TOTAL_ORDERS);

  let sim = installWorkbook();
  await act((c) => {
    c.workbook.worksheets.add('Summary');
  });
  let ws = await workspace();
  const report = await ws.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });

  // Placed at Sheet1!A1 and at Summary!C3: the counts Cube answers are the sample data's, and sum to 120,000.
  await selectCell('A1');
  const first = done(await ws.placements.place(report));
  await selectCell('C3', 'Summary');
  const second = done(await ws.placements.place(report));
  const a = first.placement.id!;
  const b = second.placement.id!;
  expect(first.placement.resultLocation).toBe(`Sheet1!A1:B${1 + all.length}`);
  expect(second.placement.resultLocation).toBe(`Summary!C3:D${3 + all.length}`);
  expect(bodyRows(sim, 'Sheet1', 0, 0, all.length)).toEqual(all);
  expect(bodyRows(sim, 'Summary', 2, 2, all.length)).toEqual(all);
  expect(bodyRows(sim, 'Sheet1', 0, 0, all.length).reduce((sum, [, n]) => sum + n, 0)).toBe(TOTAL_ORDERS);
  expect(await statuses(ws)).toEqual({ [a]: 'UP_TO_DATE', [b]: 'UP_TO_DATE' });

  // The report's query edited (Europe only): both placements Out of date.
  const opened = await ws.reports.getReport(DEPLOYMENT_ID, report.id);
  await ws.reports.updateReport(opened, { jsonQuery: JSON.stringify(europe) });
  expect(await statuses(ws)).toEqual({ [a]: 'CHANGED', [b]: 'CHANGED' });

  // One refreshed: it is up to date with Europe's counts, the other still Out of date with the old ones.
  done(await ws.placements.refresh(await entry(ws, a)));
  expect(bodyRows(sim, 'Sheet1', 0, 0, inEurope.length)).toEqual(inEurope);
  expect(bodyRows(sim, 'Summary', 2, 2, all.length)).toEqual(all);
  expect(await statuses(ws)).toEqual({ [a]: 'UP_TO_DATE', [b]: 'CHANGED' });

  // Refresh all: both done and up to date.
  const items = await startRefreshAll(ws.placements, await ws.placements.workbookPlacements()).done;
  expect(items.map((i) => i.state)).toEqual(['done', 'done']);
  expect(bodyRows(sim, 'Summary', 2, 2, inEurope.length)).toEqual(inEurope);
  expect(await statuses(ws)).toEqual({ [a]: 'UP_TO_DATE', [b]: 'UP_TO_DATE' });

  // A count typed over by hand on Summary (its first status, D4): the next refresh names it and writes nothing.
  await act((c) => {
    c.workbook.worksheets.getItem('Summary').getRange('D4').values = [[1]];
  });
  const asked = await ws.placements.refresh(await entry(ws, b));
  expect(asked).toMatchObject({ kind: 'hand-edits', cells: ['D4'] });
  expect(cellsOf(sim, 'Summary', 3, 3, 1, 1)).toEqual([[1]]);
  done(await ws.placements.refresh(await entry(ws, b), { overwriteHandEdits: true }));
  expect(bodyRows(sim, 'Summary', 2, 2, inEurope.length)).toEqual(inEurope);

  // Saved and opened again (new sheet ids, as Excel gives): the report and both placements are still there, statuses
  // computed, and the use cases carry on in a new pane.
  const saved = JSON.parse(JSON.stringify(sim.model.toJSON()));
  sim = installWorkbook({}, WorkbookModel.fromJSON(saved));
  ws = await workspace();
  const reports = await ws.reports.listReports(DEPLOYMENT_ID);
  expect(reports.items.map((r) => [r.id, r.name])).toEqual([[report.id, 'Orders by status']]);
  const listed = await ws.placements.workbookPlacements();
  expect(listed.map((e) => [e.placement.id, e.placement.resultLocation, e.report?.id])).toEqual([
    [a, `Sheet1!A1:B${1 + inEurope.length}`, report.id],
    [b, `Summary!C3:D${3 + inEurope.length}`, report.id],
  ]);
  expect(await statuses(ws)).toEqual({ [a]: 'UP_TO_DATE', [b]: 'UP_TO_DATE' });
  const reopened = await ws.reports.getReport(DEPLOYMENT_ID, report.id);
  await ws.reports.updateReport(reopened, { jsonQuery: JSON.stringify(byStatus) });
  expect(await statuses(ws)).toEqual({ [a]: 'CHANGED', [b]: 'CHANGED' });
  done(await ws.placements.refresh(await entry(ws, b)));
  expect(bodyRows(sim, 'Summary', 2, 2, all.length)).toEqual(all);
  expect(await statuses(ws)).toEqual({ [a]: 'CHANGED', [b]: 'UP_TO_DATE' });

  // Only Cube REST API requests, all to the stand-in, all through the data client: no Platform API call.
  expect(sentByClient.length).toBeGreaterThan(0);
  for (const url of sentByClient) expect(url.startsWith(`${standin.cube.url}/cubejs-api/v1/`)).toBe(true);
  expect(sentGlobally).toEqual(sentByClient);
});

it('answers the one deployment only: another id is refused with a typed error, before any request', async () => {
  const ws = await workspace();
  const before = sentByClient.length;
  await expect(ws.data.forDeployment(DEPLOYMENT_ID + 1)).rejects.toBeInstanceOf(OtherDeploymentError);
  await expect(ws.data.forDeployment(DEPLOYMENT_ID)).resolves.toBeDefined();
  expect(sentByClient.length).toBe(before);
});
