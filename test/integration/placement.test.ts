/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ApiError } from '../../src/client';
import type { Report } from '../../src/contract';
import { ExcelConnector, LEGACY_WORKBOOK_ID_SETTING, WORKBOOK_ID_PROPERTY } from '../../src/excel/excel-connector';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { WorkbookModel, type ExcelHost } from '../../workbench/excel-host';
import { cellsOf, formulaCells, installWorkbook, selectCell, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { fixedResult, workspaceFor } from '../support/workspace';
import type { AppConfigResponse } from '../../src/contract';
import type { DataClient, DeploymentDataClients } from '../../src/platform/deployment-data';
import { ReportRunner } from '../../src/placements/report-run';

// Results of 50,000 rows take a few seconds under Jest's module sandbox.
jest.setTimeout(60_000);

const local = useAnalystPlatform();
afterEach(() => local.t.platform.faults.set([]));
const { report } = local;

async function service(data?: DataClient) {
  return (await workspaceFor(local.t, local.t.analyst, data)).service;
}


/** The workbook's external id, as the add-in keeps it (a custom document property). */
const workbookIdOf = (sim: ExcelHost) => String(sim.model.customProperties.get(WORKBOOK_ID_PROPERTY));

/** The id of the Sales folder, which the analyst may read (reports at the top level are not theirs to read). */
async function salesFolderId(): Promise<number> {
  return (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
}

/** A new report in the Sales folder, made by the admin, with the query as its `jsonQuery` text. */
async function createReport(name: string, query: object): Promise<Report> {
  return local.t.admin.createReport(local.t.salesDeploymentId, { name, folderId: await salesFolderId(), jsonQuery: JSON.stringify(query) });
}

/** This workbook's placement entry for a placement the platform returned. */
async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

describe('placing a report', () => {
  it('writes headers and converted values at the selection, records the placement and names its cells', async () => {
    const sim = installWorkbook();
    await selectCell('B3', 'Sheet1');
    const r = await report('OrdersStatus');
    const outcome = await (await service()).place(r);
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
    expect(placement.workbookId).toBe(workbookIdOf(sim));
    expect(sim.model.names).toEqual([expect.objectContaining({ visible: false, formula: '=Sheet1!$B$3:$D$8' })]);
    expect(await (await service()).workbookPlacements()).toEqual([expect.objectContaining({ placement: expect.objectContaining({ id: placement.id }) })]);
  });

  it("runs a query that names no time zone in the admin's, or the user's where overrides are allowed, and keeps a report's own", async () => {
    const sent: (string | undefined)[] = [];
    const spy: DataClient = { load: (query, options) => (sent.push(query.timezone), local.data.load(query, options)) };
    const { connection } = await workspaceFor(local.t);
    const runner = (timezoneSettings: AppConfigResponse['timezoneSettings'], userTimezone: string | null) => new ReportRunner({
      data: { forDeployment: async () => spy } as unknown as DeploymentDataClients,
      user: () => ({ ...connection.user, settings: { ...connection.user.settings, timezone: userTimezone } }),
      appConfig: () => ({ ...connection.appConfig, timezoneSettings }),
    });
    const r = await report('MonthlyRevnu');
    const ownZone: Report = { ...r, jsonQuery: JSON.stringify({ ...JSON.parse(r.jsonQuery!), timezone: 'Asia/Tokyo' }) };
    await runner({ enabled: true, timezone: 'Europe/Berlin', allowUserOverride: false }, 'America/New_York').run(r);
    expect(new Set(sent.splice(0))).toEqual(new Set(['Europe/Berlin']));
    await runner({ enabled: true, timezone: 'Europe/Berlin', allowUserOverride: true }, 'America/New_York').run(r);
    expect(new Set(sent.splice(0))).toEqual(new Set(['America/New_York']));
    await runner({ enabled: true, timezone: 'Europe/Berlin', allowUserOverride: true }, null).run(ownZone);
    expect(new Set(sent.splice(0))).toEqual(new Set(['Asia/Tokyo']));
    await runner(null, null).run(r);
    expect(new Set(sent.splice(0))).toEqual(new Set([undefined]));
  });

  it('writes formula-looking text as text with its exact characters and creates no formula', async () => {
    const sim = installWorkbook();
    const nasty = ['=HYPERLINK("http://x","y")', '+1+2', '-A1', '@SUM(A1)', "'quoted", '0042', 'TRUE'];
    const fake = fixedResult(nasty.map((text, i) => ({ 'orders.status': text, 'orders.count': String(i) })), ['orders.status'], ['orders.count']);
    const outcome = await (await service(fake)).place(await report('OrdersStatus'));
    expect(outcome.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 1, 0, nasty.length, 2)).toEqual(nasty.map((text, i) => [text, i]));
    expect(formulaCells(sim)).toEqual([]);
    const formulas = await Excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange(`A2:A${nasty.length + 1}`);
      range.load('formulas');
      await context.sync();
      return range.formulas.map((row) => row[0] as string);
    });
    // Every one is stored as text: `formulas` gives the text itself, without the hidden apostrophe (office-js#6687).
    expect(formulas).toEqual(nasty);
  });

  it('places a 50,000-row result with no request over 5 MB', async () => {
    const sim = installWorkbook();
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      'orders.customer_name': `Customer ${i} with a longer name to make rows heavier, so the result is well over what one request can carry`, 'orders.region': i % 2 ? 'Europe' : 'North America',
      'orders.count': String(i), 'orders.total_amount': `${i}.25`, 'orders.average_amount': '12.5', 'orders.customer_count': '7',
    }));
    const dimensions = ['orders.customer_name', 'orders.region'];
    const measures = ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'];
    const fake = fixedResult(rows, dimensions, measures);
    const wide = await createReport('Wide customer list', { dimensions, measures });
    const progress: number[] = [];
    const outcome = await (await service(fake)).place(wide, { onProgress: (p) => progress.push(p.rowsWritten) });
    expect(outcome.kind).toBe('done');
    expect(sim.stats.largestRequestBytes).toBeLessThan(5 * 1024 * 1024);
    expect(sim.stats.requestBytes).toBeGreaterThan(5 * 1024 * 1024);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(50_001);
    expect(cellsOf(sim, 'Sheet1', 50_000, 0, 1, 6)).toEqual([['Customer 49999 with a longer name to make rows heavier, so the result is well over what one request can carry', 'Europe', 49_999, 49_999.25, 12.5, 7]]);
  });

  it('writes nothing over foreign cells until the user confirms', async () => {
    const sim = installWorkbook();
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('C5').values = [['keep me']];
      await context.sync();
    });
    await selectCell('B3', 'Sheet1');
    const r = await report('OrdersStatus');
    const before = (workbookState(sim) as { sheets: unknown }).sheets;
    const outcome = await (await service()).place(r);
    expect(outcome).toMatchObject({ kind: 'needs-confirmation', foreignCells: ['C5'], target: 'Sheet1!B3:D8' });
    expect((workbookState(sim) as { sheets: unknown }).sheets).toEqual(before);
    const workbookId = workbookIdOf(sim);
    expect((await local.t.analyst.listReports(local.t.salesDeploymentId, { externalWorkbookId: workbookId })).items).toEqual([]);
    const confirmed = await (await service()).place(r, { overwrite: true });
    expect(confirmed.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 4, 2, 1, 1)).toEqual([[expect.any(Number)]]);
  });
});

describe('refreshing a placement', () => {
  it('leaves the previous cells unchanged when the query fails', async () => {
    const sim = installWorkbook();
    const placed = await (await service()).place(await report('OrdersStatus'));
    if (placed.kind !== 'done') throw new Error('not placed');
    const before = workbookState(sim);
    local.t.platform.faults.set([{ path: '^/cubejs-api/v1/load$', status: 400 }]);
    await expect((await service()).refresh(await entryFor(placed.placement.id))).rejects.toBeInstanceOf(ApiError);
    expect(workbookState(sim)).toEqual(before);
  });

  it('runs the report as it is now: an edit made after the pane listed it ends Up to date with the new result', async () => {
    const sim = installWorkbook();
    const created = await createReport('Edited after listing', { measures: ['orders.count'], dimensions: ['orders.status'] });
    const placed = await (await service()).place(created);
    if (placed.kind !== 'done') throw new Error('not placed');
    // The pane lists the placement, then an admin edits the report; the pane does not reload.
    const listed = await entryFor(placed.placement.id);
    await local.t.admin.updateReport(local.t.salesDeploymentId, created.id, { jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.region'] }) });
    const refreshed = await (await service()).refresh(listed);
    if (refreshed.kind !== 'done') throw new Error('not refreshed');
    expect(refreshed.placement.syncStatus).toBe('UP_TO_DATE');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)).toEqual([['Region', 'Count']]);
    expect((await local.t.analyst.getReport(local.t.salesDeploymentId, created.id)).externalWorkbookPlacements?.[0]?.syncStatus).toBe('UP_TO_DATE');
  });

  it('runs again when the report changes between running its query and recording the refresh', async () => {
    const sim = installWorkbook();
    const created = await createReport('Edited mid-refresh', { measures: ['orders.count'], dimensions: ['orders.status'] });
    const placed = await (await service()).place(created);
    if (placed.kind !== 'done') throw new Error('not placed');
    let edits = 0;
    // A data API that lets an admin edit the report while the first query runs.
    const racing: DataClient = {
      load: async (query, options) => {
        if (edits === 0 && query.dimensions?.includes('orders.status')) {
          edits += 1;
          await local.t.admin.updateReport(local.t.salesDeploymentId, created.id, { jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.category'] }) });
        }
        return local.data.load(query, options);
      },
    };
    const refreshed = await (await service(racing)).refresh(await entryFor(placed.placement.id));
    if (refreshed.kind !== 'done') throw new Error('not refreshed');
    expect(edits).toBe(1);
    expect(refreshed.placement.syncStatus).toBe('UP_TO_DATE');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)).toEqual([['Category', 'Count']]);
  });

  it('follows rows inserted above, rewrites there, clears what the old result used, and records the new anchor', async () => {
    const sim = installWorkbook();
    await selectCell('B3', 'Sheet1');
    const publicId = 'itRefreshFol';
    const created = await local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, {
      name: 'Refresh follow', folderId: await salesFolderId(), jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.status'] }),
    });
    const placed = await (await service()).place(created);
    if (placed.kind !== 'done') throw new Error('not placed');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('1:2').insert('Down');
      await context.sync();
    });
    const edited = await local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, {
      name: 'Refresh follow', jsonQuery: JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.region'] }),
    });
    const stale = edited.externalWorkbookPlacements?.find((p) => p.id === placed.placement.id);
    expect(stale?.syncStatus).toBe('CHANGED');
    const refreshed = await (await service()).refresh(await entryFor(placed.placement.id));
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
    installWorkbook();
    const placed = await (await service()).place(await report('OrdersStatus'));
    if (placed.kind !== 'done') throw new Error('not placed');
    await Excel.run(async (context) => {
      context.workbook.worksheets.add('Other');
      context.workbook.worksheets.getItem('Sheet1').delete();
      await context.sync();
    });
    await expect((await service()).refresh(await entryFor(placed.placement.id))).rejects.toMatchObject({ name: 'PlacementDetachedError' });
  });
});

describe('hand edits', () => {
  it("reads the cells back against the platform's record and names a cell edited by hand", async () => {
    installWorkbook();
    const placed = await (await service()).place(await report('OrderValComp'));
    if (placed.kind !== 'done') throw new Error('not placed');
    expect(await (await service()).checkHandEdits(placed)).toEqual({ rows: [], cells: [] });
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2').values = [[1]];
      await context.sync();
    });
    expect(await (await service()).checkHandEdits(placed)).toEqual({ rows: [2], cells: ['B2'] });
  });

  it("finds them from the platform's record alone: in a copy of the workbook, opened by another user", async () => {
    const sim = installWorkbook();
    const placed = await (await service()).place(await report('OrdersStatus'));
    if (placed.kind !== 'done') throw new Error('not placed');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A4').values = [['edited']];
      await context.sync();
    });
    // The file is copied, its settings dropped (nothing but the cells, names and document properties travel here).
    const copy = WorkbookModel.fromJSON({ ...JSON.parse(JSON.stringify(sim.model.toJSON())), settings: [] });
    installWorkbook({}, copy);
    const admin = await workspaceFor(local.t, local.t.admin);
    const entry = (await admin.service.workbookPlacements()).find((e) => e.placement.id === placed.placement.id)!;
    const outcome = await admin.service.refresh(entry);
    expect(outcome).toMatchObject({ kind: 'hand-edits', rows: [4], cells: ['A4'] });
  });
});

describe('workbook identity', () => {
  it("keeps an earlier version's workbook id (a document setting), and saves it as the custom property at the next write", async () => {
    const sim = installWorkbook();
    sim.model.settings.set(LEGACY_WORKBOOK_ID_SETTING, 'legacy-0000-workbook');
    expect(await new ExcelConnector().prepare()).toMatchObject({ workbookId: 'legacy-0000-workbook', workbookIdIsLegacy: true });
    const placed = await (await service()).place(await report('OrdersStatus'));
    if (placed.kind !== 'done') throw new Error('not placed');
    expect(placed.placement.workbookId).toBe('legacy-0000-workbook');
    expect(sim.model.customProperties.get(WORKBOOK_ID_PROPERTY)).toBe('legacy-0000-workbook');
    expect(await new ExcelConnector().prepare()).toMatchObject({ workbookId: 'legacy-0000-workbook', workbookIdIsLegacy: false });
  });

  it('keeps the external workbook id inside the workbook across a reload', async () => {
    const sim = installWorkbook();
    expect((await new ExcelConnector().prepare()).workbookId).toBeNull();
    const placed = await (await service()).place(await report('OrdersStatus'));
    if (placed.kind !== 'done') throw new Error('not placed');
    const first = (await new ExcelConnector().prepare()).workbookId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(placed.placement.workbookId).toBe(first);
    const saved = JSON.parse(JSON.stringify(sim.model.toJSON()));
    installWorkbook({}, WorkbookModel.fromJSON(saved));
    expect((await new ExcelConnector().prepare()).workbookId).toBe(first);
    expect((await (await service()).workbookPlacements()).map((e) => e.placement.id)).toEqual([placed.placement.id]);
  });
});
