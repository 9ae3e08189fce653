/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { ConnectReportToWorkbookInput, CubeQuery, Report } from '../../src/contract';
import { resultChecksum } from '../../src/core/result-checksum';
import { ExcelConnector, placementName } from '../../src/excel/excel-connector';
import { PlacementDetachedError, SelectionNotRangeError, WriteFailedError } from '../../src/placements/errors';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { DataClient } from '../../src/ports/data-source';
import { WorkbookModel, type ExcelHost } from '../../workbench/excel-host';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { act, cellsOf, installWorkbook, selectCell, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, fixedResult, workspaceFor } from '../support/workspace';

/**
 * The use cases through Microsoft's Office.js on the workbench's Excel host, under every host profile, and
 * every way a write can fail half way: the workbook and the platform always agree afterwards.
 */
jest.setTimeout(120_000);

const PROFILES = ['web', 'excel2019', 'desktop'] as const;
const local = useAnalystPlatform();
afterEach(() => local.t.platform.faults.set([]));

/** The use cases with Excel's pauses between retries skipped. */
async function service(data?: DataClient, excel = new ExcelConnector({ sleep: async () => undefined })) {
  return (await workspaceFor(local.t, local.t.analyst, data, { excel })).service;
}

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');


async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

let salesFolderId: number | undefined;
/** A report of the test's own, in the Sales folder the analyst may read. */
async function ownReport(publicId: string, query: CubeQuery): Promise<Report> {
  salesFolderId ??= (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, { name: publicId, folderId: salesFolderId, jsonQuery: JSON.stringify(query) });
}
const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'] };
const byRegion: CubeQuery = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.region'] };

const recordedFor = async (publicId: string, workbookId?: string) =>
  ((await local.report(publicId)).externalWorkbookPlacements ?? []).filter((p) => !workbookId || p.workbookId === workbookId);
const nameFormula = (host: ExcelHost, placementId: string) => host.model.findName(placementName(placementId))?.formula ?? null;
const isWrite = (body: RequestBody) => body.Actions.some((a) => a.ActionType === 4 && a.Name === 'Values');

/** Cells a person left around and under where the test places: text behind the apostrophe, a formula, a bold filled cell. */
async function neighbours() {
  await act((c) => {
    sheet1(c).getRange('B4:B6').formulas = [["'=A1"], ["'-x"], ["'0042"]];
    sheet1(c).getRange('C4').formulas = [['=1+2']];
    sheet1(c).getRange('D5').values = [[7]];
    sheet1(c).getRange('D5').format.font.bold = true;
    sheet1(c).getRange('D5').format.fill.color = '#FFFF00';
    sheet1(c).getRange('C6').numberFormat = [['0.00%']];
  });
}

describe.each(PROFILES)('on %s', (profile) => {
  it('places over cells a person made, refreshes, names a hand edit, puts cells back after a failed write, and disconnects', async () => {
    const host = installWorkbook({ profile });
    const id = `pp${profile}`.padEnd(12, '0');
    await neighbours();
    await selectCell('B3');
    const untouched = workbookState(host);
    const asked = await (await service()).place(await ownReport(id, byStatus));
    expect(asked).toMatchObject({ kind: 'needs-confirmation', target: 'Sheet1!B3:C8' });
    expect(workbookState(host)).toEqual(untouched);
    const placed = done(await (await service()).place(await ownReport(id, byStatus), { overwrite: true }));
    const placementId = placed.placement.id!;
    expect(nameFormula(host, placementId)).toBe('=Sheet1!$B$3:$C$8');
    expect(cellsOf(host, 'Sheet1', 2, 1, 1, 2)).toEqual([['Status', 'Count']]);

    await ownReport(id, byRegion);
    // The result grows over the bold filled cell beside it: the user is asked first.
    expect(await (await service()).refresh(await entryFor(placementId))).toMatchObject({ kind: 'needs-confirmation', foreignCells: ['D5'] });
    const refreshed = done(await (await service()).refresh(await entryFor(placementId), { overwrite: true }));
    expect(refreshed.placement).toMatchObject({ resultLocation: 'Sheet1!B3:D7', syncStatus: 'UP_TO_DATE' });
    expect(nameFormula(host, placementId)).toBe('=Sheet1!$B$3:$D$7');

    await act((c) => { sheet1(c).getRange('C5').values = [[1]]; });
    expect(await (await service()).checkHandEdits(await entryFor(placementId))).toEqual({ rows: [5], cells: ['C5'] });

    // A write that fails half way puts every cell back, the hand edit included, and records nothing.
    await ownReport(id, { ...byRegion, dimensions: ['orders.category'] });
    const before = workbookState(host);
    let writes = 0;
    host.options.failRequest = ({ body }) => (isWrite(body) && ++writes === 2 ? 'GeneralException' : undefined);
    const small = new ExcelConnector({ requestBudgetBytes: 4_000, sleep: async () => undefined });
    await expect((await service(undefined, small)).refresh(await entryFor(placementId), { overwriteHandEdits: true, overwrite: true })).rejects.toBeInstanceOf(WriteFailedError);
    host.options.failRequest = undefined;
    expect(workbookState(host)).toEqual(before);
    expect((await recordedFor(id))[0]).toMatchObject({ id: placementId, resultChecksum: refreshed.placement.resultChecksum });

    await (await service()).disconnect(await entryFor(placementId), true);
    expect(cellsOf(host, 'Sheet1', 2, 1, 6, 3).flat().every((v) => v === '')).toBe(true);
    // D5 became the placement's when the user let the result cover it: cleared with its cells, fill and all.
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 4, 3)?.fill).toBeUndefined();
    expect(host.model.names).toEqual([]);
    expect(await recordedFor(id)).toEqual([]);
  });

  it('refuses to place at several areas or a chart, in words, and still lists placements', async () => {
    const host = installWorkbook({ profile });
    done(await (await service()).place(await local.report('OrdersStatus')));
    const sheetId = host.model.sheets[0]!.id;
    host.model.select({ top: 10, left: 1, bottom: 10, right: 1 }, sheetId, [{ top: 10, left: 1, bottom: 10, right: 1 }, { top: 20, left: 3, bottom: 21, right: 3 }]);
    const multi = await (await service()).place(await local.report('CategoryKpis')).catch((e: unknown) => e);
    expect(multi).toBeInstanceOf(SelectionNotRangeError);
    expect((multi as Error).message).toMatch(/^Select a single range/);
    host.model.selectChart();
    await expect((await service()).place(await local.report('CategoryKpis'))).rejects.toBeInstanceOf(SelectionNotRangeError);
    expect(await (await service()).workbookPlacements()).toHaveLength(1);
  });
});

describe('names', () => {
  it('point absolutely, so the cells stay put wherever the user clicks, with quoted sheet names', async () => {
    const host = installWorkbook();
    await act((c) => { sheet1(c).name = 'Sales Q1'; });
    await act((c) => c.workbook.worksheets.getItem('Sales Q1').getRange('C3').select());
    const placed = done(await (await service()).place(await ownReport('nmAbsolute01', byStatus)));
    await ownReport('nmAbsolute01', byRegion);
    await act((c) => c.workbook.worksheets.getItem('Sales Q1').getRange('H40').select());
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(refreshed.placement.resultLocation).toBe("'Sales Q1'!C3:E7");
    expect(nameFormula(host, placed.placement.id!)).toBe("='Sales Q1'!$C$3:$E$7");
    await act((c) => c.workbook.worksheets.getItem('Sales Q1').getRange('A1').select());
    expect((await entryFor(placed.placement.id)).location?.rect).toEqual({ top: 2, left: 2, bottom: 6, right: 4 });
  });

  it("takes a relative name an earlier version left as written, and points it absolutely at the next refresh", async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('nmRelative01', byStatus)));
    const placementId = placed.placement.id!;
    await act((c) => { c.workbook.names.getItem(placementName(placementId)).formula = '=Sheet1!B3:C8'; });
    await selectCell('F20');
    expect((await entryFor(placementId)).location?.rect).toEqual({ top: 2, left: 1, bottom: 7, right: 2 });
    done(await (await service()).refresh(await entryFor(placementId)));
    expect(nameFormula(host, placementId)).toBe('=Sheet1!$B$3:$C$8');
  });

  it("never loads other names' values: a workbook with an OFFSET name on desktop Excel still lists and refreshes", async () => {
    installWorkbook({ profile: 'desktop' });
    await act((c) => {
      c.workbook.names.add('Growing', '=OFFSET(Sheet1!$A$1,0,0,COUNTA(Sheet1!$A:$A),1)');
      c.workbook.names.add('Constants', '={1,2,3}');
    });
    const placed = done(await (await service()).place(await ownReport('nmOffset0001', byStatus)));
    expect((await entryFor(placed.placement.id)).location).not.toBeNull();
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
  });

  it('counts a broken (#REF!) name as cells gone: detached, never written', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('nmBroken0001', byStatus)));
    await act((c) => sheet1(c).getRange('3:8').delete('Up'));
    expect(nameFormula(host, placed.placement.id!)).toMatch(/#REF!/);
    const entry = await entryFor(placed.placement.id);
    expect(entry.location).toBeNull();
    const before = workbookState(host);
    await expect((await service()).refresh(entry)).rejects.toBeInstanceOf(PlacementDetachedError);
    expect(workbookState(host)).toEqual(before);
  });
});

describe('placements found by name, not by sheet id', () => {
  it('refreshes after the workbook is opened again (new sheet ids) and a sheet renamed', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('idReopened01', byStatus)));
    const saved = JSON.parse(JSON.stringify(host.model.toJSON()));
    const reopened = installWorkbook({}, WorkbookModel.fromJSON(saved));
    expect(reopened.model.sheets[0]!.id).not.toBe(placed.placement.sheetId);
    await act((c) => { sheet1(c).name = 'Renamed'; });
    await ownReport('idReopened01', byRegion);
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(refreshed.placement).toMatchObject({ sheetName: 'Renamed', sheetId: reopened.model.sheets[0]!.id, resultLocation: 'Renamed!B3:D7' });
    expect(cellsOf(reopened, 'Renamed', 2, 1, 1, 3)).toEqual([['Region', 'Count', 'Revenue']]);
  });
});

describe('the workbook and the platform agree on every failure path', () => {
  it('place: recording fails → the cells, their name and the columns are back, and nothing is recorded', async () => {
    const host = installWorkbook();
    await neighbours();
    // A column the user made wide: the write's autofit narrows it, and the way back sets it wide again.
    await act((c) => { sheet1(c).getRange('C1').format.columnWidth = 150; });
    await selectCell('B3');
    const before = workbookState(host);
    local.t.platform.faults.set([{ method: 'PUT', path: 'connect-workbook$', status: 500, times: 1 }]);
    await expect((await service()).place(await ownReport('fpPlaceRec01', byStatus), { overwrite: true })).rejects.toMatchObject({ status: 500 });
    expect(workbookState(host)).toEqual({ ...(before as object), customProperties: expect.anything() });
    expect(host.model.names).toEqual([]);
    expect(await recordedFor('fpPlaceRec01')).toEqual([]);
  });

  it('place: recorded but the answer lost → the new cells are named and recorded', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    local.t.platform.faults.set([{ method: 'PUT', path: 'connect-workbook$', body: 'truncated', times: 1 }]);
    const placed = done(await (await service()).place(await ownReport('fpPlaceLost1', byStatus)));
    const [recorded] = await recordedFor('fpPlaceLost1');
    expect(recorded?.id).toBe(placed.placement.id);
    expect(nameFormula(host, recorded!.id!)).toBe('=Sheet1!$B$3:$C$8');
    expect(recorded!.resultChecksum).toEqual(resultChecksum(cellsOf(host, 'Sheet1', 2, 1, 6, 2)));
  });

  it('place where the platform still has a record (its cells gone) → the cells take that record\'s id, which the platform keeps', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const report = await ownReport('fpPlaceKept1', byStatus);
    const first = done(await (await service()).place(report));
    // The cells and their name gone, the record left: placing there again names the cells by that record's id (read with
    // the report) and updates the record, which keeps it.
    await act((c) => {
      c.workbook.names.getItem(placementName(first.placement.id!)).delete();
      sheet1(c).getRange('B3:C8').clear();
    });
    const again = done(await (await service()).place(report));
    expect(again.placement.id).toBe(first.placement.id);
    expect(host.model.names.map((n) => n.name)).toEqual([placementName(first.placement.id!)]);
    expect(nameFormula(host, first.placement.id!)).toBe('=Sheet1!$B$3:$C$8');
    expect(await recordedFor('fpPlaceKept1')).toHaveLength(1);
  });

  it('place where another pane records the same anchor meanwhile → the platform keeps that id, and the cells are named by it', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const report = await ownReport('fpPlaceRace1', byStatus);
    // Another pane of the same workbook records a placement at B3 after this one read the report, just before its own
    // record: the platform updates the record it has at that address, which keeps its id (not the one this pane made).
    const theirs = 'placed-by-another-pane';
    let ours: string | undefined;
    const analyst = local.t.analyst;
    const racing = new Proxy(analyst, {
      get(target, key, receiver) {
        if (key !== 'connectWorkbook') return Reflect.get(target, key, receiver) as unknown;
        return async (deploymentId: number, reportId: number, input: ConnectReportToWorkbookInput, signal?: AbortSignal) => {
          ours = input.placementId ?? undefined;
          await local.t.admin.connectWorkbook(deploymentId, reportId, { ...input, placementId: theirs });
          return analyst.connectWorkbook(deploymentId, reportId, input, signal);
        };
      },
    });
    const placed = done(await (await workspaceFor(local.t, racing)).service.place(report));
    expect(ours).toEqual(expect.any(String));
    expect(ours).not.toBe(theirs);
    expect(placed.placement.id).toBe(theirs);
    // The cells carry the platform's id; the name this pane made first is gone.
    expect(host.model.names.map((n) => n.name)).toEqual([placementName(theirs)]);
    expect(nameFormula(host, theirs)).toBe('=Sheet1!$B$3:$C$8');
    const recorded = await recordedFor('fpPlaceRace1');
    expect(recorded.map((p) => p.id)).toEqual([theirs]);
    expect(recorded[0]!.resultChecksum).toEqual(resultChecksum(cellsOf(host, 'Sheet1', 2, 1, 6, 2)));
    // Listed with its cells, not detached.
    expect((await entryFor(theirs)).location?.rect).toEqual({ top: 2, left: 1, bottom: 7, right: 2 });
  });

  it('place: naming the cells fails → the write fails, nothing is recorded and the cells are back', async () => {
    const host = installWorkbook();
    await neighbours();
    await selectCell('B3');
    const before = workbookState(host);
    host.options.failRequest = ({ body }) =>
      Object.values(body.ObjectPaths).some((path) => path.Name === 'Add' && String(path.ArgumentInfo?.Arguments?.[0]).startsWith('ReportSync_')) ? 'GeneralException' : undefined;
    await expect((await service()).place(await ownReport('fpPlaceName1', byStatus), { overwrite: true })).rejects.toBeInstanceOf(WriteFailedError);
    host.options.failRequest = undefined;
    expect(workbookState(host)).toEqual({ ...(before as object), customProperties: expect.anything() });
    expect(await recordedFor('fpPlaceName1')).toEqual([]);
  });

  it('refresh: recording fails → the cells and the name are back, the record unchanged', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('fpRefreshRe1', byStatus)));
    await ownReport('fpRefreshRe1', byRegion);
    const entry = await entryFor(placed.placement.id);
    const before = workbookState(host);
    local.t.platform.faults.set([{ method: 'PUT', path: '/refresh$', status: 503, times: 1 }]);
    await expect((await service()).refresh(entry)).rejects.toMatchObject({ status: 503 });
    expect(workbookState(host)).toEqual(before);
    const [recorded] = await recordedFor('fpRefreshRe1');
    expect(recorded).toMatchObject({ refreshedAt: null, resultChecksum: placed.placement.resultChecksum, resultLocation: 'Sheet1!B3:C8' });
  });

  it('refresh: recorded but the answer lost → the new cells stand, as recorded', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).refresh(await entryFor(done(await (await service()).place(await ownReport('fpRefreshLo1', byStatus))).placement.id)));
    await ownReport('fpRefreshLo1', byRegion);
    local.t.platform.faults.set([{ method: 'PUT', path: '/refresh$', body: 'truncated', times: 1 }]);
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(refreshed.placement.resultLocation).toBe('Sheet1!B3:D7');
    expect(refreshed.placement.resultChecksum).toEqual(resultChecksum(cellsOf(host, 'Sheet1', 2, 1, 5, 3)));
    expect(nameFormula(host, placed.placement.id!)).toBe('=Sheet1!$B$3:$D$7');
  });
});

describe('Excel busy or refusing', () => {
  it('waits while the user edits a cell, then refreshes', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('busyCellEdit', byStatus)));
    await ownReport('busyCellEdit', byRegion);
    const entry = await entryFor(placed.placement.id);
    let pauses = 0;
    const patient = new ExcelConnector({ sleep: async () => { pauses += 1; if (pauses === 3) host.editingCell = false; } });
    host.editingCell = true;
    done(await (await service(undefined, patient)).refresh(entry));
    expect(pauses).toBe(3);
    expect(cellsOf(host, 'Sheet1', 2, 1, 1, 3)).toEqual([['Region', 'Count', 'Revenue']]);
  });

  it('stops at once on a protected sheet, changing nothing and recording nothing', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await ownReport('busyProtect1', byStatus)));
    await ownReport('busyProtect1', byRegion);
    const entry = await entryFor(placed.placement.id);
    host.model.sheetByName('Sheet1')!.protected = true;
    const before = workbookState(host);
    let pauses = 0;
    const excel = new ExcelConnector({ sleep: async () => { pauses += 1; } });
    const error = await (await service(undefined, excel)).refresh(entry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WriteFailedError);
    expect((error as WriteFailedError).cause).toMatchObject({ code: 'AccessDenied' });
    expect(pauses).toBe(0);
    expect(workbookState(host)).toEqual(before);
    expect((await recordedFor('busyProtect1'))[0]).toMatchObject({ refreshedAt: null, resultLocation: 'Sheet1!B3:C8' });
  });
});

describe('large placements', () => {
  it('places, checks and refreshes a 200,000-row placement', async () => {
    const host = installWorkbook({ profile: 'web' });
    const rows = Array.from({ length: 200_000 }, (_, i) => ({ 'orders.status': `status ${i}` }));
    const placed = done(await (await service(fixedResult(rows, ['orders.status'], []))).place(await ownReport('lgTwoHundred', { dimensions: ['orders.status'] })));
    expect(host.stats.largestRequestBytes).toBeLessThan(4_500_000);
    expect(await (await service()).checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
    const changed = rows.map((row, i) => (i % 1_000 ? row : { 'orders.status': `changed ${i}` }));
    done(await (await service(fixedResult(changed, ['orders.status'], []))).refresh(await entryFor(placed.placement.id)));
    expect(cellsOf(host, 'Sheet1', 1_001, 0, 1, 1)).toEqual([['changed 1000']]);
  });
});
