import type { Report } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { PlacementOverlapError, WriteFailedError } from '../../src/placement/errors';
import { PlacementService, type WriteOutcome } from '../../src/placement/placement-service';
import type { ExcelSimulator } from '../../src/workbench/excel-sim';
import { cellsOf, installWorkbook, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';

jest.setTimeout(30_000);

const local = useAnalystPlatform();
const { report } = local;

function service(options: { requestBudgetBytes?: number; showAppliedFilters?: boolean } = {}) {
  return new PlacementService({
    platform: local.t.analyst, data: local.data, deploymentId: local.t.salesDeploymentId,
    excel: new ExcelConnector({ requestBudgetBytes: options.requestBudgetBytes }),
    preferences: () => ({ suppressDuplicateValues: false, showAppliedFilters: options.showAppliedFilters ?? false }),
  });
}

async function act(sim: ExcelSimulator, action: (context: Excel.RequestContext) => void) {
  await sim.run(async (context) => {
    action(context as unknown as Excel.RequestContext);
    await context.sync();
  });
}
const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');
const select = (sim: ExcelSimulator, address: string) => act(sim, (c) => sheet1(c).getRange(address).select());

function done(outcome: WriteOutcome) {
  if (outcome.kind !== 'done') throw new Error(`expected done, got ${outcome.kind}`);
  return outcome;
}

/** A report of the test's own, so each test can change its query without touching the others. */
async function ownReport(publicId: string, query: Report['query'], pivot?: Report['pivot']): Promise<Report> {
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, { name: publicId, query, pivot });
}

describe('layouts in the workbook', () => {
  it('places a pivot with a dimension on columns and a bold Total row that matches a total query', async () => {
    const sim = installWorkbook();
    await select(sim, 'B2');
    const placed = done(await service().place(await report('revenue-region-quarter')));
    expect(placed.placement.resultLocation).toBe('Sheet1!B2:F8');
    const cells = cellsOf(sim, 'Sheet1', 1, 1, 7, 5);
    expect(cells[0]).toEqual(['Created at (quarter)', 45_658, 45_748, 45_839, 45_931]);
    expect(cells[1]).toEqual(['Region', 'Revenue', 'Revenue', 'Revenue', 'Revenue']);
    expect(cells.slice(2, 6).map((r) => r[0])).toEqual(['Asia Pacific', 'Europe', 'Latin America', 'North America']);
    expect(cells[6]![0]).toBe('Total');
    const direct = await local.data.load({ measures: ['orders.total_amount'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-12-31'] }] });
    expect(cells[6]!.slice(1)).toEqual(direct.data.map((r) => Number(r['orders.total_amount'])));
    const sheet = sim.model.sheetByName('Sheet1')!;
    expect([1, 2, 3, 4, 5].every((c) => sim.model.cellAt(sheet, 7, c)?.bold === true)).toBe(true);
    expect(sim.model.cellAt(sheet, 6, 1)?.bold).toBeUndefined();
  });

  it('puts the filter summary above a filtered report when the setting is on', async () => {
    const sim = installWorkbook();
    const placed = done(await service({ showAppliedFilters: true }).place(await report('europe-electronics-completed')));
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
    await select(sim, 'B3');
    done(await service().place(await report('orders-by-status')));
    await select(sim, 'C5');
    const before = workbookState(sim);
    const error = await service().place(await report('category-kpis')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacementOverlapError);
    expect((error as Error).message).toContain('"Orders by status" at Sheet1!B3:D8');
    expect(workbookState(sim)).toEqual(before);
  });

  it('puts every cell back exactly when a write fails midway, and leaves the record alone', async () => {
    const sim = installWorkbook();
    const r = await ownReport('it-midway', { measures: ['orders.count'], dimensions: ['orders.status'] });
    const placed = done(await service().place(r));
    await act(sim, (c) => {
      sheet1(c).getRange('D1:D2').formulas = [['=A1'], ['keep']];
      sheet1(c).getRange('B4').numberFormat = [['0.000']];
    });
    const edited = await ownReport('it-midway', { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.category'] });
    const before = workbookState(sim);
    // Tiny chunks so the write takes several syncs; the third of them fails as a lost host would.
    let writes = 0;
    sim.options.failSync = ({ requests }) => {
      if (!requests.some((r) => (r as { set?: string }).set === 'values')) return undefined;
      writes += 1;
      return writes === 3 ? 'GeneralException' : undefined;
    };
    const outcome = service({ requestBudgetBytes: 60 }).refresh(edited, edited.externalWorkbookPlacements[0]!, { overwrite: true });
    await expect(outcome).rejects.toBeInstanceOf(WriteFailedError);
    sim.options.failSync = undefined;
    expect(workbookState(sim)).toEqual(before);
    const onServer = (await report('it-midway')).externalWorkbookPlacements[0]!;
    expect(onServer.refreshedAt).toBeNull();
    expect(onServer.resultChecksum).toBe(placed.placement.resultChecksum);
  });

  it('names the rows and cells edited by hand and refreshes only when told to', async () => {
    const sim = installWorkbook();
    await select(sim, 'B3');
    const placed = done(await service().place(await report('orders-by-status')));
    await act(sim, (c) => { sheet1(c).getRange('C5').values = [[1]]; });
    const before = workbookState(sim);
    const outcome = await service().refresh(placed.report, placed.placement);
    expect(outcome).toMatchObject({ kind: 'hand-edits', rows: [5], cells: ['C5'] });
    expect(workbookState(sim)).toEqual(before);
    done(await service().refresh(placed.report, placed.placement, { overwriteHandEdits: true }));
    expect(cellsOf(sim, 'Sheet1', 4, 2, 1, 1)[0]![0]).not.toBe(1);
  });

  it('clears exactly what a shrinking result no longer uses, and asks before a growing one takes foreign cells', async () => {
    const sim = installWorkbook();
    const r = await ownReport('it-shrink', { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'] });
    const placed = done(await service().place(r));
    await act(sim, (c) => { sheet1(c).getRange('E1').values = [['neighbour']]; });
    const smaller = await ownReport('it-shrink', { measures: ['orders.count'], dimensions: ['orders.region'] });
    const shrunk = done(await service().refresh(smaller, smaller.externalWorkbookPlacements[0]!));
    expect(shrunk.placement.resultLocation).toBe('Sheet1!A1:B5');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 7, 5)).toEqual([
      ['Region', 'Count', '', '', 'neighbour'],
      ...Array.from({ length: 4 }, () => [expect.any(String), expect.any(Number), '', '', '']),
      ['', '', '', '', ''],
      ['', '', '', '', ''],
    ]);
    const wider = await ownReport('it-shrink', { measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'], dimensions: ['orders.region'] });
    const grown = await service().refresh(wider, shrunk.placement);
    expect(grown).toEqual({ kind: 'needs-confirmation', foreignCells: ['E1'], target: 'Sheet1!A1:E5' });
    expect(placed.placement.id).toBe(shrunk.placement.id);
  });
});

describe('anchors that hold', () => {
  it('follows columns inserted to the left and a renamed sheet, and records both', async () => {
    const sim = installWorkbook();
    await select(sim, 'B3');
    const placed = done(await service().place(await report('orders-by-status')));
    await act(sim, (c) => {
      sheet1(c).getRange('A:A').insert('Right');
      sheet1(c).name = 'Sales Q1';
    });
    const refreshed = done(await service().refresh(placed.report, placed.placement));
    expect(refreshed.placement).toMatchObject({ sheetName: 'Sales Q1', anchorCell: 'C3', resultLocation: "'Sales Q1'!C3:E8", sheetId: placed.placement.sheetId });
    expect(cellsOf(sim, 'Sales Q1', 2, 2, 1, 3)).toEqual([['Status', 'Count', 'Revenue']]);
  });

  it('shows a placement whose rows were deleted as detached, never writing to a guessed place', async () => {
    const sim = installWorkbook();
    await select(sim, 'B3');
    const placed = done(await service().place(await report('orders-by-status')));
    await act(sim, (c) => sheet1(c).getRange('3:8').delete('Up'));
    const before = workbookState(sim);
    await expect(service().refresh(placed.report, placed.placement)).rejects.toMatchObject({ name: 'PlacementDetachedError' });
    expect(workbookState(sim)).toEqual(before);
    const after = await service().disconnect(placed.report, placed.placement, false);
    expect(after.externalWorkbookPlacements.find((p) => p.id === placed.placement.id)).toBeUndefined();
    expect(sim.model.names).toEqual([]);
  });

  it('disconnects a placement, clearing its cells when asked and keeping them otherwise', async () => {
    const sim = installWorkbook();
    await select(sim, 'B3');
    const cleared = done(await service().place(await report('orders-by-status')));
    await select(sim, 'F3');
    const kept = done(await service().place(await report('category-kpis')));
    await service().disconnect(cleared.report, cleared.placement, true);
    await service().disconnect(kept.report, kept.placement, false);
    expect(cellsOf(sim, 'Sheet1', 2, 1, 6, 3).flat().every((v) => v === '')).toBe(true);
    expect(cellsOf(sim, 'Sheet1', 2, 5, 1, 2)).toEqual([['Measure', 'Electronics']]);
    expect(sim.model.names).toEqual([]);
    expect([...sim.model.settings.keys()].filter((k) => k.startsWith('reportSync.placement.'))).toEqual([]);
    expect(await service().workbookPlacements()).toEqual([]);
  });

  it('refreshes several placements of one report, on two sheets, each on its own', async () => {
    const sim = installWorkbook();
    const r = await ownReport('it-several', { measures: ['orders.count'], dimensions: ['orders.status'] });
    await select(sim, 'B2');
    const first = done(await service().place(r));
    await act(sim, (c) => {
      c.workbook.worksheets.add('Other');
      c.workbook.worksheets.getItem('Other').getRange('D4').select();
    });
    const second = done(await service().place(first.report));
    expect(second.report.externalWorkbookPlacements).toHaveLength(2);
    const edited = await ownReport('it-several', { measures: ['orders.count'], dimensions: ['orders.region'] });
    for (const placement of edited.externalWorkbookPlacements) {
      expect(placement.syncStatus).toBe('CHANGED');
      done(await service().refresh(edited, placement));
    }
    expect(cellsOf(sim, 'Sheet1', 1, 1, 1, 2)).toEqual([['Region', 'Count']]);
    expect(cellsOf(sim, 'Other', 3, 3, 1, 2)).toEqual([['Region', 'Count']]);
    const final = await report('it-several');
    expect(final.externalWorkbookPlacements.map((p) => p.syncStatus)).toEqual(['UP_TO_DATE', 'UP_TO_DATE']);
  });
});
