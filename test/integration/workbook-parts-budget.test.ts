/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE as NS } from '../../src/contract/workbook-report';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { openCubeWorkspace, type KeptReportsWorkspace } from '../../src/pane/compose/cube-api';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { WorkbookModel, type ExcelHost, type SerializedWorkbook } from '../../workbench/excel-host';
import { pastedCubeTokens } from '../support/cube-standin';
import { installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { done } from '../support/workspace';

/**
 * Issue 39, parts read in size-bounded batches. "Excel on the web has a payload size limit for requests and responses
 * of 5MB" (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins),
 * and an answer over it is refused whole with `ResponsePayloadSizeLimitExceeded` ("This error only occurs in Office on
 * the web", https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling). The
 * add-in read every report part's XML in one request, so one part over 5 MB (a hostile workbook, or just a big one)
 * made every read of the workbook's reports fail. Here a saved workbook holds two report parts and, between them, one
 * of 6 MB; opened on Microsoft's Office.js over the emulator's web profile, the two reports list, place and refresh,
 * the big one is listed unreadable with why and left as it is, and the listing's requests are counted.
 */

jest.setTimeout(60_000);

const SECRET = 'workbook-parts-budget-test-secret';
const CUBE_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const SIX_MB = 6 * 1024 * 1024;

let cube: RunningCubeCore;
beforeAll(async () => {
  cube = await startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [], log: () => {} });
});
afterAll(() => cube?.close());

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const byRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' } };

/** A report part as a session of the add-in saved it (format 1), written out by hand. */
const reportPart = (id: number, name: string, query: CubeQuery) =>
  `<workbookReport xmlns="${NS}" schemaVersion="1"><report id="${id}" publicId="Orders00000${id}" version="1">` +
  `<name>${name}</name><query>${JSON.stringify(query)}</query>` +
  '<created at="2026-01-05T09:00:00Z" by="Bo"/><updated at="2026-01-05T09:00:00Z" by="Bo"/></report></workbookReport>';

const FIRST = { id: '{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0001}', namespaceUri: NS, xml: reportPart(1, 'Orders by status', byStatus) };
const HUGE = { id: '{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0002}', namespaceUri: NS, xml: reportPart(2, 'Padded', { ...byStatus, segments: ['x'.repeat(SIX_MB)] } as CubeQuery) };
const SECOND = { id: '{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0003}', namespaceUri: NS, xml: reportPart(3, 'Orders by region', byRegion) };

/** The saved workbook: an empty Sheet1 and the three parts, the big one between the others. */
function savedWorkbook(): SerializedWorkbook {
  return { ...new WorkbookModel('Sent to you.xlsx').toJSON(), customXmlParts: [FIRST, HUGE, SECOND] };
}

async function workspace(): Promise<KeptReportsWorkspace> {
  return openCubeWorkspace({ apiUrl: `${cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, CUBE_ID), deploymentId: CUBE_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  });
}

/** The requests `work` sends to the host. */
async function requestsOf<T>(sim: ExcelHost, work: () => Promise<T>): Promise<{ result: T; requests: number }> {
  sim.resetStats();
  const result = await work();
  return { result, requests: sim.stats.syncs };
}

const codeOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { code?: string }) => error.code ?? String(error));
/** A result read after its sync (a helper, so the load-before-read lint rule does not take it for a proxy's property). */
const valueOf = <T>(result: OfficeExtension.ClientResult<T>): T => result.value;
const readHuge = () => Excel.run(async (context) => {
  const xml = context.workbook.customXmlParts.getItem(HUGE.id).getXml();
  await context.sync();
  return valueOf(xml);
});

it('the web profile refuses an answer over 5 MB, a part\'s XML included, as Excel on the web; the desktop answers it', async () => {
  installWorkbook({}, WorkbookModel.fromJSON(savedWorkbook()));
  expect(await codeOf(readHuge())).toBe('ResponsePayloadSizeLimitExceeded');
  installWorkbook({ profile: 'desktop' }, WorkbookModel.fromJSON(savedWorkbook()));
  expect(await readHuge()).toBe(HUGE.xml);
});

it('lists, places and refreshes the two readable reports beside a 6 MB part on the web, which is listed unreadable with why and left as it is', async () => {
  const sim = installWorkbook({}, WorkbookModel.fromJSON(savedWorkbook()));
  const ws = await workspace();

  // The first list: the ids; the three parts' XML, refused; the first two, refused; the first alone; the big one
  // alone, refused, so unreadable; the third alone. 6 requests (1 + ⌈3/16⌉ + 2·⌈log2 3⌉ at most).
  const first = await requestsOf(sim, () => ws.workbookReports.listReports(CUBE_ID, { sortBy: 'name' }));
  expect(first.result.items.map((r) => [r.id, r.name])).toEqual([[3, 'Orders by region'], [1, 'Orders by status']]);
  expect(first.requests).toBe(6);

  // From then on the big part is read alone: the ids, the two others together, the big one. 3 requests.
  const again = await requestsOf(sim, () => ws.workbookReports.unavailableReports());
  expect(again.result).toEqual([{
    partId: HUGE.id, kind: 'unreadable', reportName: null, placementIds: [],
    message: `A report kept in this workbook (custom XML part ${HUGE.id}) cannot be read: it is larger than Excel on the web hands to an add-in at once (5 MB); Excel for Windows or Mac has no such limit and can open it. The add-in left it as it is.`,
  }]);
  expect(again.requests).toBe(3);

  // Both readable reports place and refresh; their records land in their parts.
  await selectCell('A1');
  const status = done(await ws.placements.place(await ws.reports.getReport(CUBE_ID, 1))).placement.id;
  await selectCell('E1');
  const region = done(await ws.placements.place(await ws.reports.getReport(CUBE_ID, 3))).placement.id;
  const items = await startRefreshAll(ws.placements, await ws.placements.workbookPlacements()).done;
  expect(items.map((i) => [i.entry.placement.id, i.entry.report?.name, i.state, i.reason])).toEqual([
    [status, 'Orders by status', 'done', null],
    [region, 'Orders by region', 'done', null],
  ]);
  const listed = await ws.placements.workbookPlacements();
  expect(listed.map((e) => [e.placement.id, e.placement.refreshedAt !== null, e.placement.syncStatus])).toEqual([
    [status, true, 'UP_TO_DATE'],
    [region, true, 'UP_TO_DATE'],
  ]);

  // The big part is untouched: never rewritten, never deleted.
  expect(sim.model.customXmlParts.find(HUGE.id)?.xml).toBe(HUGE.xml);
});
