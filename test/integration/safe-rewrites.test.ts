/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Report } from '../../src/contract';
import { resultChecksum } from '../../src/core/result-checksum';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { PlacementOverlapError, WriteFailedError } from '../../src/placements/errors';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/compose/platform';
import { act, cellsOf, installWorkbook, selectCell, workbookState } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();
const { report } = local;

/**
 * The analyst's use cases, with the applied-filter summary off unless asked for (the seeded app config turns it
 * on for everyone) and, when given, a request budget small enough to split a write into many syncs.
 */
async function service(options: { requestBudgetBytes?: number; showAppliedFilters?: boolean } = {}) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters: options.showAppliedFilters ?? false };
  return openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, sheets } } }, {
    excel: new ExcelConnector({ requestBudgetBytes: options.requestBudgetBytes }),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  }).placements;
}

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');


/** This workbook's entry for a placement, as the pane lists it before a refresh or a disconnect. */
async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

/** The placements the platform records for a report, read by the analyst. */
async function recorded(publicId: string) {
  return (await report(publicId)).externalWorkbookPlacements ?? [];
}

let salesFolderId: number | undefined;

/**
 * A report of the test's own (public ids are 12 letters or digits), so each test can change its query without
 * touching the others; in the Sales folder, which the analyst may read.
 */
async function ownReport(publicId: string, query: CubeQuery): Promise<Report> {
  salesFolderId ??= (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, {
    name: publicId, folderId: salesFolderId, jsonQuery: JSON.stringify(query),
  });
}

describe('layouts in the workbook', () => {
  it('places a pivot with a dimension on columns, and a bold Total row and Total column that match total queries', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    // The report asks for column and row totals (pivot items v0.7.0 and v0.12.0).
    const placed = done(await (await service()).place(await report('RevRegionQtr')));
    expect(placed.placement.resultLocation).toBe('Sheet1!B2:G8');
    const cells = cellsOf(sim, 'Sheet1', 1, 1, 7, 6);
    expect(cells[0]).toEqual(['Created at · Quarter', 'Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Total']);
    expect(cells[1]).toEqual(['Region', 'Revenue', 'Revenue', 'Revenue', 'Revenue', 'Revenue']);
    expect(cells.slice(2, 6).map((r) => r[0])).toEqual(['Asia Pacific', 'Europe', 'Latin America', 'North America']);
    expect(cells[6]![0]).toBe('Total');
    const year = { dimension: 'orders.created_at', dateRange: ['2025-01-01', '2025-12-31'] as [string, string] };
    const revenue = (rows: { data: Record<string, unknown>[] }) => rows.data.map((r) => Number(r['orders.total_amount']));
    const byQuarter = await local.data.load({ measures: ['orders.total_amount'], timeDimensions: [{ ...year, granularity: 'quarter' }] });
    const byRegion = await local.data.load({ measures: ['orders.total_amount'], dimensions: ['orders.region'], timeDimensions: [year], order: { 'orders.region': 'asc' } });
    const grand = await local.data.load({ measures: ['orders.total_amount'], timeDimensions: [year] });
    expect(cells[6]!.slice(1)).toEqual([...revenue(byQuarter), ...revenue(grand)]);
    expect(cells.slice(2, 6).map((r) => r[5])).toEqual(revenue(byRegion));
    const sheet = sim.model.sheetByName('Sheet1')!;
    expect([1, 2, 3, 4, 5, 6].every((c) => sim.model.cellAt(sheet, 7, c)?.bold === true)).toBe(true);
    expect([1, 2, 3, 4, 5, 6, 7].every((r) => sim.model.cellAt(sheet, r, 6)?.bold === true)).toBe(true);
    expect(sim.model.cellAt(sheet, 6, 1)?.bold).toBeUndefined();
  });

  it('puts the filter summary above a filtered report when the setting is on', async () => {
    const sim = installWorkbook();
    const placed = done(await (await service({ showAppliedFilters: true })).place(await report('EuElecComplt')));
    expect(cellsOf(sim, 'Sheet1', 0, 0, 3, 3)).toEqual([
      ['Filters: Status is completed; Category is Electronics; Region is Europe', '', ''],
      ['', '', ''],
      ['Customer segment', 'Count', 'Revenue'],
    ]);
    expect(placed.placement.resultLocation).toBe('Sheet1!A1:C6');
  });
});

describe('safe rewrites', () => {
  it('refuses to cover another placement, naming it, and writes nothing', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    done(await (await service()).place(await report('OrdersStatus')));
    await selectCell('C5');
    const before = workbookState(sim);
    const error = await (await service()).place(await report('CategoryKpis')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacementOverlapError);
    expect((error as Error).message).toContain('"Orders by status" at Sheet1!B3:D8');
    expect(workbookState(sim)).toEqual(before);
  });

  it('puts every cell back exactly when a write fails midway, and leaves the record alone', async () => {
    const sim = installWorkbook();
    const r = await ownReport('itMidwayFail', { measures: ['orders.count'], dimensions: ['orders.status'] });
    const placed = done(await (await service()).place(r));
    await act((c) => {
      sheet1(c).getRange('D1:D2').formulas = [['=A1'], ['keep']];
      sheet1(c).getRange('B4').numberFormat = [['0.000']];
    });
    await ownReport('itMidwayFail', { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.category'] });
    const entry = await entryFor(placed.placement.id);
    const before = workbookState(sim);
    // Tiny chunks so the write takes several syncs; the third of them fails as a lost host would.
    let writes = 0;
    sim.options.failRequest = ({ body }) => {
      if (!body.Actions.some((action) => action.ActionType === 4 && action.Name === 'Values')) return undefined;
      writes += 1;
      return writes === 3 ? 'GeneralException' : undefined;
    };
    const outcome = (await service({ requestBudgetBytes: 60 })).refresh(entry, { overwrite: true });
    await expect(outcome).rejects.toBeInstanceOf(WriteFailedError);
    sim.options.failRequest = undefined;
    expect(writes).toBe(3);
    expect(workbookState(sim)).toEqual(before);
    const [onServer] = await recorded('itMidwayFail');
    expect(onServer).toMatchObject({ id: placed.placement.id, refreshedAt: null, syncStatus: 'CHANGED' });
    expect(onServer!.resultChecksum).toEqual(placed.placement.resultChecksum);
    // …and it still describes the cells, which are back as they were.
    expect(onServer!.resultChecksum).toEqual(resultChecksum(cellsOf(sim, 'Sheet1', 0, 0, 6, 2)));
  });

  it("names the rows and cells edited by hand, from the platform's record, and refreshes only when told to", async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await report('OrdersStatus')));
    // What the check compares with is the platform's record of the cells as written; the workbook keeps no copy of
    // them, only the placement's cell options (its language, its title lines: no values).
    expect(placed.placement.resultChecksum).toEqual(resultChecksum(cellsOf(sim, 'Sheet1', 2, 1, 6, 3)));
    expect([...sim.model.settings.entries()]).toEqual([[`reportSync.cells.${placed.placement.id}`, expect.not.stringMatching(/completed|shipped|\d{3}/)]]);
    await act((c) => { sheet1(c).getRange('C5').values = [[1]]; });
    const before = workbookState(sim);
    expect(await (await service()).checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [5], cells: ['C5'] });
    const outcome = await (await service()).refresh(await entryFor(placed.placement.id));
    expect(outcome).toMatchObject({ kind: 'hand-edits', rows: [5], cells: ['C5'], location: { sheetName: 'Sheet1' } });
    expect(workbookState(sim)).toEqual(before);
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id), { overwriteHandEdits: true }));
    expect(cellsOf(sim, 'Sheet1', 4, 2, 1, 1)[0]![0]).not.toBe(1);
    // The refresh recorded what it wrote: nothing counts as edited any more.
    expect(refreshed.placement.resultChecksum).toEqual(resultChecksum(cellsOf(sim, 'Sheet1', 2, 1, 6, 3)));
    expect(await (await service()).checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
  });

  it('asks before refreshing when the record holds no checksum this add-in can read (another client wrote it)', async () => {
    const sim = installWorkbook();
    const placed = done(await (await service()).place(await report('OrdersStatus')));
    const { placement } = placed;
    await local.t.analyst.connectWorkbook(local.t.salesDeploymentId, placed.report.id, {
      placementId: placement.id, externalWorkbookId: placement.workbookId, resultLocation: placement.resultLocation,
      sheetId: placement.sheetId, sheetName: placement.sheetName, anchorCell: placement.anchorCell, host: 'EXCEL',
      resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'another-clients-hash' }] },
    });
    await act((c) => { sheet1(c).getRange('A2').values = [['edited']]; });
    const entry = await entryFor(placement.id);
    expect(entry.placement.resultChecksum).toEqual({ v: 1, chunks: [{ from: 0, hash: 'another-clients-hash' }] });
    expect(await (await service()).checkHandEdits(entry)).toBeNull();
    // Nothing vouches for the cells (issue 39): what they hold, the edit included, is asked about before it is overwritten.
    expect(await (await service()).refresh(entry)).toMatchObject({ kind: 'hand-edits', cells: expect.arrayContaining(['A2']) });
    expect(cellsOf(sim, 'Sheet1', 1, 0, 1, 1)).toEqual([['edited']]);
    done(await (await service()).refresh(entry, { overwriteHandEdits: true }));
    expect(cellsOf(sim, 'Sheet1', 1, 0, 1, 1)).toEqual([['completed']]);
  });

  it('clears exactly what a shrinking result no longer uses, and asks before a growing one takes foreign cells', async () => {
    const sim = installWorkbook();
    const r = await ownReport('itShrinkGrow', { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'] });
    const placed = done(await (await service()).place(r));
    await act((c) => { sheet1(c).getRange('E1').values = [['neighbour']]; });
    await ownReport('itShrinkGrow', { measures: ['orders.count'], dimensions: ['orders.region'] });
    const shrunk = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(shrunk.placement.resultLocation).toBe('Sheet1!A1:B5');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 7, 5)).toEqual([
      ['Region', 'Count', '', '', 'neighbour'],
      ...Array.from({ length: 4 }, () => [expect.any(String), expect.any(Number), '', '', '']),
      ['', '', '', '', ''],
      ['', '', '', '', ''],
    ]);
    await ownReport('itShrinkGrow', { measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'], dimensions: ['orders.region'] });
    const before = workbookState(sim);
    const grown = await (await service()).refresh(await entryFor(shrunk.placement.id));
    expect(grown).toMatchObject({ kind: 'needs-confirmation', foreignCells: ['E1'], target: 'Sheet1!A1:E5' });
    expect(workbookState(sim)).toEqual(before);
    expect(placed.placement.id).toBe(shrunk.placement.id);
  });
});

describe('anchors that hold', () => {
  it('follows columns inserted to the left and a renamed sheet, and records both', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await report('OrdersStatus')));
    await act((c) => {
      sheet1(c).getRange('A:A').insert('Right');
      sheet1(c).name = 'Sales Q1';
    });
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(refreshed.placement).toMatchObject({ sheetName: 'Sales Q1', anchorCell: 'C3', resultLocation: "'Sales Q1'!C3:E8", sheetId: placed.placement.sheetId });
    expect(cellsOf(sim, 'Sales Q1', 2, 2, 1, 3)).toEqual([['Status', 'Count', 'Revenue']]);
  });

  it('shows a placement whose rows were deleted as detached, never writing to a guessed place', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const placed = done(await (await service()).place(await report('OrdersStatus')));
    await act((c) => sheet1(c).getRange('3:8').delete('Up'));
    const entry = await entryFor(placed.placement.id);
    expect(entry.location).toBeNull();
    const before = workbookState(sim);
    await expect((await service()).refresh(entry)).rejects.toMatchObject({ name: 'PlacementDetachedError' });
    expect(workbookState(sim)).toEqual(before);
    await (await service()).disconnect(entry, false);
    expect((await recorded('OrdersStatus')).find((p) => p.id === placed.placement.id)).toBeUndefined();
    expect(sim.model.names).toEqual([]);
  });

  it('disconnects a placement, clearing its cells when asked and keeping them otherwise', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const cleared = done(await (await service()).place(await report('OrdersStatus')));
    await selectCell('F3');
    const kept = done(await (await service()).place(await report('CategoryKpis')));
    await (await service()).disconnect(await entryFor(cleared.placement.id), true);
    await (await service()).disconnect(await entryFor(kept.placement.id), false);
    expect(cellsOf(sim, 'Sheet1', 2, 1, 6, 3).flat().every((v) => v === '')).toBe(true);
    expect(cellsOf(sim, 'Sheet1', 2, 5, 1, 2)).toEqual([['Measure', 'Electronics']]);
    expect(sim.model.names).toEqual([]);
    expect([...sim.model.settings.keys()].filter((k) => k.startsWith('reportSync.placement.'))).toEqual([]);
    expect(await (await service()).workbookPlacements()).toEqual([]);
  });

  it('refreshes several placements of one report, on two sheets, each on its own', async () => {
    const sim = installWorkbook();
    const r = await ownReport('itSeveralPlc', { measures: ['orders.count'], dimensions: ['orders.status'] });
    await selectCell('B2');
    const first = done(await (await service()).place(r));
    await act((c) => {
      c.workbook.worksheets.add('Other');
      c.workbook.worksheets.getItem('Other').getRange('D4').select();
    });
    const second = done(await (await service()).place(first.report));
    expect(second.report.externalWorkbookPlacements).toHaveLength(2);
    const edited = await ownReport('itSeveralPlc', { measures: ['orders.count'], dimensions: ['orders.region'] });
    expect(edited.externalWorkbookPlacements!.map((p) => p.syncStatus)).toEqual(['CHANGED', 'CHANGED']);
    for (const placement of edited.externalWorkbookPlacements!) done(await (await service()).refresh(await entryFor(placement.id)));
    expect(cellsOf(sim, 'Sheet1', 1, 1, 1, 2)).toEqual([['Region', 'Count']]);
    expect(cellsOf(sim, 'Other', 3, 3, 1, 2)).toEqual([['Region', 'Count']]);
    expect((await recorded('itSeveralPlc')).map((p) => p.syncStatus)).toEqual(['UP_TO_DATE', 'UP_TO_DATE']);
  });
});
