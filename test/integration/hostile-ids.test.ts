/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE } from '../../src/contract/workbook-report';
import { parseWorkbookReport, serializeWorkbookReport, WorkbookReportPartError } from '../../src/core/workbook-store';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { cardsOf } from '../../src/pane/placement-cards';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { placementKey, type WorkbookPlacement } from '../../src/placements/workbook-placements';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { WorkbookModel, type SerializedWorkbook } from '../../workbench/excel-host';
import { pastedCubeTokens, recordingFetch, useCubeCoreWithReference } from '../support/cube-standin';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

/**
 * Issue 39, "ids are unique": a received workbook is untrusted, and two records whose placement ids name the same
 * hidden name (`ReportSync_<id>`) would write two reports into one range, each taking the other's cells for its own.
 * Both are listed refused, with why; neither is written by a refresh or by Refresh all (cells, names and parts byte
 * for byte as they were, no request to the data API, no Excel request at all for the refused ones); disconnecting one
 * leaves the other refreshable over its cells. On Microsoft's Office.js over the host emulator, in Cube API mode (the
 * records are custom XML parts of the saved file) and against the local platform (a listing with a shared name).
 */

jest.setTimeout(60_000);

const SECRET = 'hostile-ids-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const standin = useCubeCoreWithReference(SECRET);
const local = useAnalystPlatform();
const en = i18nFor('en-US');

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const byRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' } };

async function cubeWorkspace(sent: string[]): Promise<WorkspaceParts> {
  return openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID), deploymentId: DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep, fetch: recordingFetch(sent) }),
  });
}

/**
 * The hostile file: "Orders by status" placed at Sheet1!A1 and saved; then a second report part added by hand,
 * "Orders by region", whose one placement record is a copy of the first's: same id, same range.
 */
async function hostileFile(): Promise<{ saved: SerializedWorkbook; placementId: string }> {
  const sender = installWorkbook();
  const ws = await cubeWorkspace([]);
  const report = await ws.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });
  await selectCell('A1');
  const placementId = done(await ws.placements.place(report)).placement.id!;
  const saved = JSON.parse(JSON.stringify(sender.model.toJSON())) as SerializedWorkbook;
  const part = saved.customXmlParts!.find((p) => p.namespaceUri === WORKBOOK_REPORT_NAMESPACE)!;
  const record = parseWorkbookReport(part.xml, { partId: part.id });
  if (record instanceof WorkbookReportPartError) throw record;
  const copy = { ...record, report: { ...record.report, id: '2', publicId: 'HostileCopy1', name: 'Orders by region', jsonQuery: JSON.stringify(byRegion) } };
  saved.customXmlParts!.push({ id: '{0D15EA5E-0000-4000-8000-000000000039}', namespaceUri: WORKBOOK_REPORT_NAMESPACE, xml: serializeWorkbookReport(copy) });
  return { saved, placementId };
}

let current: ReturnType<typeof installWorkbook> | null = null;
const open = (saved: SerializedWorkbook) => (current = installWorkbook({}, WorkbookModel.fromJSON(JSON.parse(JSON.stringify(saved)))));
const fileNow = () => JSON.stringify(current!.model.toJSON());

/** Refused, naming the other record's report, in the pane's words. */
function expectRefusedWithWhy(listed: readonly WorkbookPlacement[], other: Record<string, string>): void {
  const cards = cardsOf(listed, new Map(), new Map());
  expect(new Set(listed.map(placementKey)).size).toBe(listed.length);
  for (const entry of listed) {
    const title = entry.report!.name;
    expect(entry.refused).toMatchObject({ kind: 'shared-id', others: [{ title: other[title] }] });
    expect(cards.get(placementKey(entry))).toMatchObject({ status: 'REFUSED', refused: true });
  }
}

describe('Cube API mode: two report parts whose placements share one id over one range', () => {
  it('lists both refused with why; a refresh and Refresh all write neither; disconnecting one lets the other refresh', async () => {
    const hostile = await hostileFile();
    const host = open(hostile.saved);
    const before = fileNow();
    const sent: string[] = [];
    const ws = await cubeWorkspace(sent);

    const listed = await ws.placements.workbookPlacements();
    expect(listed.map((e) => [e.report?.name, e.placement.id, e.placement.resultLocation])).toEqual([
      ['Orders by status', hostile.placementId, expect.stringMatching(/^Sheet1!A1:B\d+$/)],
      ['Orders by region', hostile.placementId, expect.stringMatching(/^Sheet1!A1:B\d+$/)],
    ]);
    expectRefusedWithWhy(listed, { 'Orders by status': 'Orders by region', 'Orders by region': 'Orders by status' });

    // A refresh of either: refused in words, before any request to Excel or to the data API.
    host.resetStats();
    for (const entry of listed) {
      const refused = await ws.placements.refresh(entry).then(() => null, (error: unknown) => error);
      expect(refused).toMatchObject({ name: 'PlacementIdSharedError' });
      expect(describeError(refused, en)).toBe(
        `${entry.placement.resultLocation} was not refreshed: its id is also used by «${entry.report!.name === 'Orders by status' ? 'Orders by region' : 'Orders by status'}», so the workbook may have been edited outside Report Sync. Disconnect one of them.`,
      );
    }
    // Refresh all: both failed with why, nothing read or sent.
    const items = await startRefreshAll(ws.placements, listed, { describe: (error) => describeError(error, en) }).done;
    expect(items.map((i) => [i.state, i.reason])).toEqual(listed.map(() => ['failed', expect.stringContaining('its id is also used by «Orders by')]));
    expect(host.stats.syncs).toBe(0);
    expect(sent).toEqual([]);
    expect(fileNow()).toBe(before);

    // Disconnect the copy (its cells kept): the name stays for the other, which refreshes over its own cells.
    const copy = listed.find((e) => e.report!.name === 'Orders by region')!;
    await ws.placements.disconnect(copy, false);
    const [left, ...rest] = await ws.placements.workbookPlacements();
    expect(rest).toEqual([]);
    expect(left).toMatchObject({ report: { name: 'Orders by status' }, location: { sheetName: 'Sheet1' } });
    expect(left!.refused).toBeUndefined();
    done(await ws.placements.refresh(left!));
    expect(cellsOf(current!, 'Sheet1', 0, 0, 1, 2)).toEqual([['Status', 'Count']]);
  });
});

describe('the local platform: two reports whose placement ids name one hidden name', () => {
  it('lists both refused with why, and neither a refresh nor Refresh all writes cells or records', async () => {
    const host = installWorkbook();
    current = host;
    const { service, workspace } = await workspaceFor(local.t);
    await selectCell('A1');
    const placed = done(await service.place(await local.report('OrdersStatus')));
    const { placement } = placed;
    // Recorded by a hostile hand for another report: another id on the platform, the same name in Excel (names
    // ignore case, and every character but letters, digits and `_` is written `_`).
    const twin = placement.id!.toUpperCase().replace(/-/g, '_');
    expect(twin).not.toBe(placement.id);
    const other = await local.report('MonthlyRevnu');
    await local.t.analyst.connectWorkbook(local.t.salesDeploymentId, other.id, {
      placementId: twin, externalWorkbookId: placement.workbookId, resultLocation: placement.resultLocation,
      sheetId: placement.sheetId, sheetName: placement.sheetName, anchorCell: placement.anchorCell, host: 'EXCEL',
      resultChecksum: placement.resultChecksum,
    });
    const before = fileNow();

    const listed = await service.workbookPlacements();
    expect(listed.map((e) => e.placement.id).sort()).toEqual([placement.id, twin].sort());
    expectRefusedWithWhy(listed, { 'Orders by status': 'Monthly revenue', 'Monthly revenue': 'Orders by status' });
    const recorded = listed.map((e) => e.placement.refreshedAt);

    await expect(service.refresh(listed[0]!)).rejects.toMatchObject({ name: 'PlacementIdSharedError' });
    const items = await startRefreshAll(service, listed).done;
    expect(items.map((i) => i.state)).toEqual(['failed', 'failed']);
    expect(fileNow()).toBe(before);
    const after = await workspace.registry.list(placement.workbookId);
    expect(listed.map((e) => after.find((a) => a.placement.id === e.placement.id)?.placement.refreshedAt)).toEqual(recorded);
  });
});
