import { ApiError, type CoreDataClient } from '../../src/client';
import { withPivotDefaults, type CubeLoadResult } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { PlacementService } from '../../src/placement/placement-service';
import { ExcelSimulator, installSimulator, WorkbookModel } from '../../src/workbench/excel-sim';
import { cellsOf, installWorkbook, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';

// Results of 50,000 rows take a few seconds under Jest's module sandbox.
jest.setTimeout(60_000);

const local = useAnalystPlatform();
afterEach(() => local.t.platform.faults.set([]));
const { report } = local;

function service(dataClient: Pick<CoreDataClient, 'load'> = local.data) {
  return new PlacementService({ platform: local.t.analyst, data: dataClient as CoreDataClient, excel: new ExcelConnector(), deploymentId: local.t.salesDeploymentId });
}

async function select(sim: ExcelSimulator, sheetName: string, address: string) {
  await sim.run(async (context) => {
    context.workbook.worksheets.getItem(sheetName).getRange(address).select();
    await context.sync();
  });
}

/** A data source with a fixed result: the Core data API cannot produce these strings from the sample data. */
function fixedResult(rows: Record<string, string | null>[], dimensions: string[], measures: string[]): Pick<CoreDataClient, 'load'> {
  const result: CubeLoadResult = {
    query: {},
    data: rows,
    annotation: {
      measures: Object.fromEntries(measures.map((m) => [m, { title: m, shortTitle: m.split('.')[1]!, type: 'number' as const }])),
      dimensions: Object.fromEntries(dimensions.map((d) => [d, { title: d, shortTitle: d.split('.')[1]!, type: 'string' as const }])),
      segments: {},
      timeDimensions: {},
    },
  };
  // Pages like the data API: `limit` rows from `offset`.
  return { load: async (query) => ({ ...result, data: rows.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 10_000)) }) };
}

describe('placing a report', () => {
  it('writes headers and converted values at the selection, records the placement and names its cells', async () => {
    const sim = installWorkbook();
    await select(sim, 'Sheet1', 'B3');
    const r = await report('orders-by-status');
    const outcome = await service().place(r);
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    const cells = cellsOf(sim, 'Sheet1', 2, 1, 6, 3);
    expect(cells[0]).toEqual(['Status', 'Count', 'Revenue']);
    expect(cells.slice(1).map((row) => row[0])).toEqual(['completed', 'shipped', 'processing', 'cancelled', 'returned']);
    expect(cells.slice(1).every((row) => typeof row[1] === 'number' && typeof row[2] === 'number')).toBe(true);
    const { placement } = outcome;
    expect(placement).toMatchObject({
      host: 'EXCEL', sheetName: 'Sheet1', anchorCell: 'B3', resultLocation: 'Sheet1!B3:D8', endResultCell: 'D8',
      workbookName: 'Budget.xlsx', syncStatus: 'UP_TO_DATE', queryChecksum: r.currentQueryChecksum,
    });
    expect(placement.sheetId).toBe(sim.model.sheets[0]!.id);
    expect(placement.workbookId).toBe(sim.model.settings.get('reportSync.workbookId'));
    expect(sim.model.names).toEqual([expect.objectContaining({ visible: false, target: { sheetId: placement.sheetId, rect: { top: 2, left: 1, bottom: 7, right: 3 } } })]);
    expect(await service().workbookPlacements()).toEqual([expect.objectContaining({ placement: expect.objectContaining({ id: placement.id }) })]);
  });

  it("gives the admin's time zone to queries that name none, and keeps a report's own", async () => {
    installWorkbook();
    const sent: (string | undefined)[] = [];
    const spy: Pick<CoreDataClient, 'load'> = { load: (query, options) => (sent.push(query.timezone), local.data.load(query, options)) };
    const withZone = (timezone: string | null) =>
      new PlacementService({ platform: local.t.analyst, data: spy, excel: new ExcelConnector(), deploymentId: local.t.salesDeploymentId, timezone });
    const r = await report('monthly-revenue');
    await withZone('Europe/Berlin').fetchLayout(r);
    await withZone('Europe/Berlin').fetchLayout({ ...r, query: { ...r.query, timezone: 'Asia/Tokyo' } });
    await withZone(null).fetchLayout(r);
    expect(new Set(sent)).toEqual(new Set(['Europe/Berlin', 'Asia/Tokyo', undefined]));
    expect(sent[0]).toBe('Europe/Berlin');
    expect(sent.at(-1)).toBeUndefined();
  });

  it('writes formula-looking text as text with its exact characters and creates no formula', async () => {
    const sim = installWorkbook();
    const nasty = ['=HYPERLINK("http://x","y")', '+1+2', '-A1', '@SUM(A1)', "'quoted", '0042', 'TRUE'];
    const fake = fixedResult(nasty.map((text, i) => ({ 'orders.status': text, 'orders.count': String(i) })), ['orders.status'], ['orders.count']);
    const outcome = await service(fake).place(await report('orders-by-status'));
    expect(outcome.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 1, 0, nasty.length, 2)).toEqual(nasty.map((text, i) => [text, i]));
    expect(sim.formulaCells()).toEqual([]);
    const formulas = await sim.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange(`A2:A${nasty.length + 1}`);
      range.load('formulas');
      await context.sync();
      return range.formulas.map((row) => row[0] as string);
    });
    // Every one is stored as text: Excel shows the apostrophe prefix in the formula bar, not in the cell.
    expect(formulas.every((f) => f.startsWith("'"))).toBe(true);
  });

  it('places a 50,000-row result with no request over 5 MB', async () => {
    const sim = installWorkbook();
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      'orders.customer_name': `Customer ${i} with a longer name to make rows heavier`, 'orders.region': i % 2 ? 'Europe' : 'North America',
      'orders.count': String(i), 'orders.total_amount': `${i}.25`, 'orders.average_amount': '12.5', 'orders.customer_count': '7',
    }));
    const dimensions = ['orders.customer_name', 'orders.region'];
    const measures = ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'];
    const fake = fixedResult(rows, dimensions, measures);
    const query = { dimensions, measures };
    const wide = { ...(await report('orders-by-status')), query, pivot: withPivotDefaults(undefined, query) };
    const progress: number[] = [];
    const outcome = await service(fake).place(wide, { onProgress: (p) => progress.push(p.rowsWritten) });
    expect(outcome.kind).toBe('done');
    expect(sim.stats.largestRequestBytes).toBeLessThan(5 * 1024 * 1024);
    expect(sim.stats.requestBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(50_001);
    expect(cellsOf(sim, 'Sheet1', 50_000, 0, 1, 6)).toEqual([['Customer 49999 with a longer name to make rows heavier', 'Europe', 49_999, 49_999.25, 12.5, 7]]);
  });

  it('writes nothing over foreign cells until the user confirms', async () => {
    const sim = installWorkbook();
    await sim.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('C5').values = [['keep me']];
      await context.sync();
    });
    await select(sim, 'Sheet1', 'B3');
    const r = await report('orders-by-status');
    const before = (workbookState(sim) as { sheets: unknown }).sheets;
    const outcome = await service().place(r);
    expect(outcome).toEqual({ kind: 'needs-confirmation', foreignCells: ['C5'], target: 'Sheet1!B3:D8' });
    expect((workbookState(sim) as { sheets: unknown }).sheets).toEqual(before);
    const workbookId = String(sim.model.settings.get('reportSync.workbookId'));
    expect((await local.t.analyst.listReports(local.t.salesDeploymentId, { externalWorkbookId: workbookId })).items).toEqual([]);
    const confirmed = await service().place(r, { overwrite: true });
    expect(confirmed.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 4, 2, 1, 1)).toEqual([[expect.any(Number)]]);
  });
});

describe('refreshing a placement', () => {
  it('leaves the previous cells unchanged when the query fails', async () => {
    const sim = installWorkbook();
    const placed = await service().place(await report('orders-by-status'));
    if (placed.kind !== 'done') throw new Error('not placed');
    const before = workbookState(sim);
    local.t.platform.faults.set([{ path: '^/cubejs-api/v1/load$', status: 400 }]);
    await expect(service().refresh(placed.report, placed.placement)).rejects.toBeInstanceOf(ApiError);
    expect(workbookState(sim)).toEqual(before);
  });

  it('follows rows inserted above, rewrites there, clears what the old result used, and records the new anchor', async () => {
    const sim = installWorkbook();
    await select(sim, 'Sheet1', 'B3');
    const publicId = 'it-refresh-follow';
    const created = await local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, {
      name: 'Refresh follow', query: { measures: ['orders.count'], dimensions: ['orders.status'] },
    });
    const placed = await service().place(created);
    if (placed.kind !== 'done') throw new Error('not placed');
    await sim.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('1:2').insert('Down');
      await context.sync();
    });
    const edited = await local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, {
      name: 'Refresh follow', query: { measures: ['orders.count'], dimensions: ['orders.region'] },
    });
    const stale = edited.externalWorkbookPlacements.find((p) => p.id === placed.placement.id)!;
    expect(stale.syncStatus).toBe('CHANGED');
    const refreshed = await service().refresh(edited, stale);
    if (refreshed.kind !== 'done') throw new Error('not refreshed');
    expect(refreshed.placement).toMatchObject({ anchorCell: 'B5', resultLocation: 'Sheet1!B5:C9', syncStatus: 'UP_TO_DATE' });
    expect(cellsOf(sim, 'Sheet1', 4, 1, 6, 2)).toEqual([
      ['Region', 'Count'], ...['North America', 'Europe', 'Asia Pacific', 'Latin America'].map((region) => [region, expect.any(Number)]), ['', ''],
    ]);
    // The old result had five rows of statuses; its sixth row (B10) must be cleared, not left stale.
    expect(cellsOf(sim, 'Sheet1', 9, 1, 1, 2)).toEqual([['', '']]);
    expect(cellsOf(sim, 'Sheet1', 2, 1, 2, 2)).toEqual([['', ''], ['', '']]);
  });

  it('refuses to write a placement whose cells were deleted', async () => {
    const sim = installWorkbook();
    const placed = await service().place(await report('orders-by-status'));
    if (placed.kind !== 'done') throw new Error('not placed');
    await sim.run(async (context) => {
      context.workbook.worksheets.add('Other');
      context.workbook.worksheets.getItem('Sheet1').delete();
      await context.sync();
    });
    await expect(service().refresh(placed.report, placed.placement)).rejects.toMatchObject({ name: 'PlacementDetachedError' });
  });
});

describe('hand edits', () => {
  it('reads the cells back against the kept fingerprint and names a cell edited by hand', async () => {
    const sim = installWorkbook();
    const placed = await service().place(await report('order-value-completion'));
    if (placed.kind !== 'done') throw new Error('not placed');
    expect(await service().checkHandEdits(placed.placement)).toEqual({ rows: [], cells: [] });
    await sim.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2').values = [[1]];
      await context.sync();
    });
    expect(await service().checkHandEdits(placed.placement)).toEqual({ rows: [2], cells: ['B2'] });
  });
});

describe('workbook identity', () => {
  it('keeps the external workbook id inside the workbook across a reload', async () => {
    const sim = installWorkbook();
    expect((await new ExcelConnector().prepare()).workbookId).toBeNull();
    const placed = await service().place(await report('orders-by-status'));
    if (placed.kind !== 'done') throw new Error('not placed');
    const first = (await new ExcelConnector().prepare()).workbookId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed.placement.workbookId).toBe(first);
    const saved = JSON.parse(JSON.stringify(sim.model.toJSON()));
    installSimulator(new ExcelSimulator(WorkbookModel.fromJSON(saved)));
    expect((await new ExcelConnector().prepare()).workbookId).toBe(first);
    expect((await service().workbookPlacements()).map((e) => e.placement.id)).toEqual([placed.placement.id]);
  });
});
