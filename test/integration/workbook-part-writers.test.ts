/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Report } from '../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE, type WorkbookReportRecord } from '../../src/contract/workbook-report';
import { parseWorkbookReport, WorkbookReportPartError } from '../../src/core/workbook-store';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { openMixedWorkspace } from '../../src/pane/compose/both';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import type { ExcelHost } from '../../workbench/excel-host';
import { pastedCubeTokens } from '../support/cube-standin';
import { installWorkbook, selectCell } from '../support/excel';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

/**
 * Issue 39, one writer per part: a report kept in the workbook keeps all its placements' records in its one custom
 * XML part, and Refresh all records each placement's refresh as soon as its cells are written, several at once.
 * Each record is a read of the part, a change of one placement and a write of the part whole; run side by side they
 * read the same part and the last write won, so of three placements refreshed only one kept its refresh time. Here
 * three placements of one report are refreshed together, in Cube API mode and in mixed mode (the platform beside
 * it), on Microsoft's Office.js over the emulator: every item is done and every placement's record, as the part
 * holds it and as the pane lists it, has the run's refresh time. A rename of the report made while the records are
 * written lands too, and so do they.
 */

jest.setTimeout(60_000);

const SECRET = 'workbook-part-writers-test-secret';
const CUBE_ID = DEFAULT_CUBE_DEPLOYMENT_ID;

let t: TestPlatform;
let cube: RunningCubeCore;
beforeAll(async () => {
  [t, cube] = await Promise.all([
    startTestPlatform(),
    startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [], log: () => {} }),
  ]);
});
afterAll(async () => {
  await Promise.all([cube?.close(), t?.close()]);
});

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };

/** When placed, and when Refresh all ran: every stamp the parts get comes from this clock. */
const PLACED_AT = new Date('2025-03-03T09:00:00.000Z');
const REFRESHED_AT = new Date('2025-03-03T10:30:00.000Z');
let clock = PLACED_AT;

async function cubeConnection() {
  return { apiUrl: `${cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, CUBE_ID), deploymentId: CUBE_ID };
}

const cubeClient = (apiUrl: string, tokens: ConstructorParameters<typeof CoreDataClient>[0]['tokens']) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep });

const modes: [string, () => Promise<WorkspaceParts>][] = [
  ['Cube API mode', async () => openCubeWorkspace(await cubeConnection(), {
    parts: new ExcelWorkbookParts({ sleep: noSleep }), dataClient: cubeClient, now: () => clock,
  })],
  ['mixed mode', async () => openMixedWorkspace(await connectionOf(t.analyst), await cubeConnection(), {
    parts: new ExcelWorkbookParts({ sleep: noSleep }), cubeDataClient: cubeClient, now: () => clock,
  })],
];

/** The report's record as its part holds it now, read from the workbook itself (no request). */
function recordInPart(sim: ExcelHost, report: Report): WorkbookReportRecord {
  const records = sim.model.customXmlParts.byNamespace(WORKBOOK_REPORT_NAMESPACE).map((part) => parseWorkbookReport(part.xml, { partId: part.id }));
  const record = records.find((r) => !(r instanceof WorkbookReportPartError) && r.report.id === String(report.id));
  if (!record || record instanceof WorkbookReportPartError) throw new Error(`no readable part of report ${report.id}`);
  return record;
}

describe.each(modes)('%s', (_mode, open) => {
  it('records all three refreshes of one report\'s placements made by Refresh all, and a rename made meanwhile', async () => {
    clock = PLACED_AT;
    const sim = installWorkbook();
    const ws = await open();
    const report = await ws.reports.createReport(CUBE_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });
    const ids: string[] = [];
    for (const cell of ['A1', 'E1', 'I1']) {
      await selectCell(cell);
      ids.push(done(await ws.placements.place(report)).placement.id!);
    }
    // Placed, never refreshed: no refresh time yet in any record.
    expect(recordInPart(sim, report).placements.map((p) => [p.id, p.refreshed])).toEqual(ids.map((id) => [id, undefined]));

    clock = REFRESHED_AT;
    const listed = (await ws.placements.workbookPlacements()).filter((e) => e.deploymentId === CUBE_ID);
    expect(listed.map((e) => e.placement.id)).toEqual(ids);
    const run = startRefreshAll(ws.placements, listed);
    // Renamed while the run writes and records: the rename is a write of the same part.
    const renamed = ws.reports.updateReport(await ws.reports.getReport(CUBE_ID, report.id), { name: 'Orders by status, renamed' });
    const items = await run.done;
    await renamed;

    expect(items.map((i) => [i.entry.placement.id, i.state, i.reason])).toEqual(ids.map((id) => [id, 'done', null]));
    const record = recordInPart(sim, report);
    expect(record.report.name).toBe('Orders by status, renamed');
    expect(record.placements.map((p) => [p.id, p.refreshed?.at])).toEqual(ids.map((id) => [id, REFRESHED_AT.toISOString()]));
    const relisted = (await ws.placements.workbookPlacements()).filter((e) => e.deploymentId === CUBE_ID);
    expect(relisted.map((e) => [e.placement.id, e.placement.refreshedAt, e.report?.name])).toEqual(
      ids.map((id) => [id, REFRESHED_AT.toISOString(), 'Orders by status, renamed']),
    );
  });
});
