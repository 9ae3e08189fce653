/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CubeQuery } from '../../src/contract';
import { emptyExploration } from '../../src/core/exploration';
import type { BuilderState } from '../../src/builder/builder-model';
import { ExplorationController, type BuilderStart } from '../../src/builder/exploration-controller';
import { DRAFT_SETTING, readDraft } from '../../src/builder/exploration-draft';
import type { DataClient } from '../../src/platform/deployment-data';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import type { ExcelHost } from '../../workbench/excel-host';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform, type TestPlatform } from '../support/local-platform';
import { workspaceFor } from '../support/workspace';

/**
 * The exploration builder's controller on Microsoft's Office.js over the host emulator, against the local
 * platform. Expected cells come from an independent `/v1/load` of the query the test writes out itself.
 */
jest.setTimeout(60_000);

const local = useAnalystPlatform();
const i18n = i18nFor('en-US');

type Client = TestPlatform['admin'];

async function builder(start: BuilderStart | 'new', client: Client = local.t.admin, data?: DataClient, autoRun = true): Promise<ExplorationController> {
  const { connection, workspace } = await workspaceFor(local.t, client, data);
  const controller = new ExplorationController(
    { ports: workspace, connection, describe: (e) => describeError(e, i18n), debounceMs: 0 },
    start === 'new' ? { kind: 'new', deploymentId: local.t.salesDeploymentId } : start,
  );
  if (process.env.DEBUG_BUILDER) controller.subscribe(() => console.log(JSON.stringify({ run: controller.getState().run, q: controller.getState().question, loc: controller.getState().resultLocation, phase: controller.getState().phase, err: controller.getState().actionError })));
  await controller.open();
  expect(controller.getState().loadError).toBeNull();
  // Auto-run is the user's setting (off by default): these tests turn it on, as the builder's switch does.
  if (autoRun) controller.setAutoRun(true);
  return controller;
}

/** Waits until the run settles: written, failed, or stopped by a question. */
function settled(controller: ExplorationController): Promise<BuilderState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = controller.getState();
      if (state.run.kind === 'done' || state.run.kind === 'failed' || state.question) {
        stop();
        resolve(state);
      }
    };
    const stop = controller.subscribe(check);
    check();
  });
}

/** Until the next run settles (the state changes first). */
async function afterChange(controller: ExplorationController, change: () => void): Promise<BuilderState> {
  change();
  return settled(controller);
}

/** Revenue by region with a last-year filter, built step by step as a user would. */
async function buildRevenueByRegion(controller: ExplorationController): Promise<BuilderState> {
  controller.chooseView('sales');
  await afterChange(controller, () => controller.add('sales.total_amount', 'measures'));
  await afterChange(controller, () => controller.add('sales.region', 'rows'));
  await afterChange(controller, () => controller.add('sales.created_at', 'filters'));
  return afterChange(controller, () => controller.setFilter(0, { member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] }));
}

/** The headers Cube's annotation gives (short titles), as the layout writes them. */
async function headersOf(dimensions: string[], measures: string[]): Promise<string[]> {
  const { annotation } = await local.data.load({ dimensions, measures, limit: 1 });
  return [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
}

/** The region and revenue of an independent load, ordered as Cube orders by default (the measure, descending). */
async function expectedRevenueByRegion(): Promise<(string | number)[][]> {
  const query: CubeQuery = {
    measures: ['sales.total_amount'], dimensions: ['sales.region'],
    filters: [{ member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] }],
  };
  const { data } = await local.data.load(query);
  return data.map((row) => [String(row['sales.region']), Number(row['sales.total_amount'])]);
}

describe('the exploration builder', () => {
  it('runs every change into the selection, as an independent load answers the same query', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    const controller = await builder('new');
    expect(controller.getState().resultLocation).toBe('Sheet1!B2');
    const state = await buildRevenueByRegion(controller);
    expect(state.run.kind).toBe('done');
    const expected = await expectedRevenueByRegion();
    // The applied-filter line (the admin's default), a blank row, the headers, the rows.
    const cells = cellsOf(sim, 'Sheet1', 1, 1, expected.length + 3, 2);
    expect(cells[0]![0]).toBe('Filters: Created at last year');
    expect(cells[2]).toEqual(await headersOf(['sales.region'], ['sales.total_amount']));
    expect(cells.slice(3)).toEqual(expected);
    expect(state.run).toMatchObject({ kind: 'done', rows: expected.length + 3, location: `Sheet1!B2:C${expected.length + 4}` });
    // Kept in the workbook: the draft's definition (no token) and its cells' name.
    expect(sim.model.settings.get(DRAFT_SETTING)).toEqual(expect.stringContaining('"sales.region"'));
    expect(String(sim.model.settings.get(DRAFT_SETTING))).not.toMatch(/token|Bearer/i);
    expect(sim.model.names.map((n) => n.name)).toContain('ReportSync_draft');
  });

  it('never writes the result of a superseded change', async () => {
    const sim = installWorkbook();
    await selectCell('A1');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const real = await local.t.dataClient(local.t.admin);
    const slowFirst: DataClient = {
      meta: (signal) => real.meta(signal),
      load: async (query, options) => {
        const dims = query.dimensions?.join() ?? '';
        seen.push(dims);
        // The first query (by status) is held until the second (by region) has been written.
        if (dims === 'sales.status') await gate;
        return real.load(query, options);
      },
    };
    const controller = await builder('new', local.t.admin, slowFirst);
    controller.chooseView('sales');
    await afterChange(controller, () => controller.add('sales.total_amount', 'measures'));
    controller.add('sales.status', 'rows');
    await new Promise((r) => setTimeout(r, 20));
    controller.remove('sales.status');
    const state = await afterChange(controller, () => controller.add('sales.region', 'rows'));
    release();
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toContain('sales.status');
    expect(state.run.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)[0]).toEqual(await headersOf(['sales.region'], ['sales.total_amount']));
  });

  it('asks before covering foreign cells, writes nothing until allowed, then writes', async () => {
    const sim = installWorkbook();
    await act((context) => void (context.workbook.worksheets.getItem('Sheet1').getRange('B5').values = [['keep me']]));
    await selectCell('A1');
    const controller = await builder('new');
    controller.chooseView('sales');
    await afterChange(controller, () => controller.add('sales.total_amount', 'measures'));
    const state = await afterChange(controller, () => controller.add('sales.region', 'rows'));
    expect(state.question).toMatchObject({ kind: 'overwrite', foreignCells: ['B5'] });
    expect(cellsOf(sim, 'Sheet1', 4, 1, 1, 1)[0]![0]).toBe('keep me');
    const headers = await headersOf(['sales.region'], ['sales.total_amount']);
    // Nothing of the new layout was written: the measure alone is still there (header above its total).
    expect(cellsOf(sim, 'Sheet1', 0, 0, 2, 2)).toEqual([[headers[1], ''], [expect.any(Number), '']]);
    controller.allow();
    const after = await settled(controller);
    expect(after.run.kind).toBe('done');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)[0]).toEqual(headers);
    expect(cellsOf(sim, 'Sheet1', 4, 1, 1, 1)[0]![0]).not.toBe('keep me');
  });

  it('grows its result beside other cells in two requests: the state with every cell it covers, then the write', async () => {
    const sim = installWorkbook();
    // Another table's cells from A1 down to row 12: the sheet's used range, a bounding box, takes in the builder's growth.
    await act((context) => void (context.workbook.worksheets.getItem('Sheet1').getRange('A1:B12').values = Array.from({ length: 12 }, (_, i) => [`row ${i}`, i])));
    await selectCell('D1');
    const controller = await builder('new');
    controller.chooseView('sales');
    await afterChange(controller, () => controller.add('sales.total_amount', 'measures'));
    // The first write's fit, which follows its cells, is not the change's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    sim.resetStats();
    const state = await afterChange(controller, () => controller.add('sales.region', 'rows'));
    expect(state.run.kind).toBe('done');
    expect(sim.stats.syncs).toBeLessThanOrEqual(2);
    const headers = await headersOf(['sales.region'], ['sales.total_amount']);
    expect(cellsOf(sim, 'Sheet1', 0, 3, 1, 2)[0]).toEqual(headers);
    expect(cellsOf(sim, 'Sheet1', 0, 0, 12, 2).map((row) => row[0])).toEqual(Array.from({ length: 12 }, (_, i) => `row ${i}`));
  });

  it('names members the model no longer has, shows Cube\'s refusal in words, leaves the cells, and runs once they are removed', async () => {
    const sim = installWorkbook();
    await act((context) => void (context.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').values = [['mine', 1]]));
    // A draft saved when the model still had `sales.channel` (written out by hand: the workbook's setting).
    const exploration = { ...emptyExploration(), rows: ['sales.channel'], measures: ['sales.total_amount'] };
    const draft = {
      v: 1 as const, deploymentId: local.t.salesDeploymentId, viewName: 'sales', exploration, reportId: null, placementId: null,
      written: null, writtenFor: null, cellsSaved: false,
    };
    await selectCell('A1');
    const controller = await builder({ kind: 'draft', draft });
    expect(controller.getState().unknownMembers).toEqual(['sales.channel']);
    expect(controller.getState().save).toEqual({ allowed: false, refusal: 'unknown-members' });
    const refused = await afterChange(controller, () => controller.setLimit(10));
    expect(refused.run.kind).toBe('failed');
    // Cube's own words for an unknown member (its schema compiler's).
    expect(refused.run.kind === 'failed' && refused.run.message).toMatch(/channel/);
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)[0]).toEqual(['mine', 1]);
    const after = await afterChange(controller, () => controller.remove('sales.channel'));
    expect(after.unknownMembers).toEqual([]);
    // The user's cells are foreign to the draft: asked about, not overwritten.
    expect(after.question).toMatchObject({ kind: 'overwrite', foreignCells: ['A1'] });
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)[0]).toEqual(['mine', 1]);
  });

  it('refuses Save to a user without the right, in words, while they still explore', async () => {
    installWorkbook();
    await selectCell('A1');
    // The analyst without her own folder's grant (the "Report authors" group gives it): a user who may only read.
    const authored = await local.t.platform.testing.setGroupPolicies('Report authors', []);
    try {
      expect((await local.t.analyst.getCurrentUser()).userPolicies!.some((p) => p.actions.includes('ReportEdit'))).toBe(false);
      const controller = await builder('new', local.t.analyst);
      const state = await buildRevenueByRegion(controller);
      expect(state.run.kind).toBe('done');
      expect(state.save).toEqual({ allowed: false, refusal: 'no-create-right' });
    } finally {
      await local.t.platform.testing.setGroupPolicies('Report authors', authored);
    }
  });

  it('saves as a report placed here Up to date; reopened from its placement and changed, saving turns its other placements Out of date', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    const controller = await builder('new');
    await buildRevenueByRegion(controller);
    await until(controller, () => controller.saveAs({ name: 'Revenue by region (built)' }), (s) => s.notice === 'saved-as');
    const { opened } = controller.getState();
    expect(opened?.placementId).toEqual(expect.any(String));
    const report = await local.t.admin.getReport(local.t.salesDeploymentId, opened!.report.id);
    expect(report.externalWorkbookPlacements).toHaveLength(1);
    expect(report.externalWorkbookPlacements![0]).toMatchObject({ id: opened!.placementId, resultLocation: expect.stringMatching(/^Sheet1!B2:C\d+$/), syncStatus: 'UP_TO_DATE' });
    const names = sim.model.names.map((n) => n.name);
    expect(names).toContain(`ReportSync_${opened!.placementId!.replace(/[^A-Za-z0-9_]/g, '_')}`);
    expect(names).not.toContain('ReportSync_draft');
    await controller.close({ clearCells: false });
    expect(sim.model.settings.has(DRAFT_SETTING)).toBe(false);

    // A second placement of the same report elsewhere.
    await selectCell('H2');
    const { service } = await workspaceFor(local.t, local.t.admin);
    const second = await service.place(report);
    expect(second.kind).toBe('done');

    const edit = await builder({ kind: 'placement', report: await local.t.admin.getReport(report.deploymentId, report.id), placementId: opened!.placementId! });
    expect(edit.getState().exploration.rows).toEqual(['sales.region']);
    await afterChange(edit, () => edit.add('sales.created_at', 'columns'));
    await afterChange(edit, () => edit.setGranularity('sales.created_at', 'quarter'));
    await until(edit, () => edit.save(), (s) => s.notice === 'saved');
    const saved = await local.t.admin.getReport(report.deploymentId, report.id);
    expect(JSON.parse(saved.jsonQuery!)).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'quarter', dateRange: 'last year' }], filters: [],
    });
    const statuses = Object.fromEntries(saved.externalWorkbookPlacements!.map((p) => [p.id, p.syncStatus]));
    expect(statuses).toEqual({ [opened!.placementId!]: 'UP_TO_DATE', [second.kind === 'done' ? second.placement.id! : '']: 'CHANGED' });
  });

  it('renames, moves and deletes the saved report where allowed; after the delete its cells stay as an unsaved draft', async () => {
    const sim = installWorkbook();
    await selectCell('E5');
    const controller = await builder('new');
    await buildRevenueByRegion(controller);
    await until(controller, () => controller.saveAs({ name: 'To be renamed' }), (s) => s.notice === 'saved-as');
    expect(controller.getState()).toMatchObject({ canEditOpened: true, canDeleteOpened: true });
    const id = controller.getState().opened!.report.id;
    await until(controller, () => controller.rename('Renamed', 'Renamed title'), (s) => s.notice === 'updated');
    const folder = (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!;
    await until(controller, () => controller.move(folder.id), (s) => s.notice === 'updated');
    expect(await local.t.admin.getReport(local.t.salesDeploymentId, id)).toMatchObject({ name: 'Renamed', title: 'Renamed title', folderId: folder.id });
    const placementId = controller.getState().opened!.placementId!;
    await until(controller, () => controller.deleteOpened(), (s) => s.notice === 'deleted');
    await expect(local.t.admin.getReport(local.t.salesDeploymentId, id)).rejects.toMatchObject({ status: 404 });
    expect(controller.getState()).toMatchObject({ opened: null, hasCells: true });
    const names = sim.model.names.map((n) => n.name);
    expect(names).toContain('ReportSync_draft');
    expect(names.some((n) => n.includes(placementId.replace(/[^A-Za-z0-9_]/g, '_')))).toBe(false);
    expect(cellsOf(sim, 'Sheet1', 4, 4, 1, 1)[0]![0]).toMatch(/^Filters:/);
  });

  it('writes repeated row values once when the user turns it on here, saved as their setting', async () => {
    const sim = installWorkbook();
    await selectCell('A1');
    await local.t.admin.updateSettings({ sheets: { showAppliedFilters: false, suppressDuplicateValues: false } });
    const controller = await builder('new');
    controller.chooseView('sales');
    await afterChange(controller, () => controller.add('sales.total_amount', 'measures'));
    await afterChange(controller, () => controller.add('sales.region', 'rows'));
    await afterChange(controller, () => controller.add('sales.status', 'rows'));
    // Ordered by region, so a region's rows are next to each other.
    const before = await afterChange(controller, () => controller.setOrder([{ member: 'sales.region', direction: 'asc' }]));
    expect(before.suppressDuplicates).toBe(false);
    const regions = () => cellsOf(sim, 'Sheet1', 1, 0, 4, 1).map((row) => row[0]);
    expect(regions().every((r) => r !== '')).toBe(true);
    controller.setSuppressDuplicates(true);
    await new Promise<void>((resolve) => {
      const stop = controller.subscribe(() => {
        if (controller.getState().run.kind === 'done' && regions().some((r) => r === '')) {
          stop();
          resolve();
        }
      });
    });
    expect(await local.t.admin.getCurrentUser()).toMatchObject({ settings: { sheets: { suppressDuplicateValues: true } } });
    expect(regions()[0]).not.toBe('');
    expect(regions()[1]).toBe('');
    await local.t.admin.updateSettings({ sheets: { suppressDuplicateValues: null } });
  });

  it('keeps the draft in the workbook: a new pane resumes it with its cells', async () => {
    const sim = installWorkbook();
    await selectCell('C3');
    const first = await builder('new');
    await buildRevenueByRegion(first);
    const draft = await readDraft((await workspaceFor(local.t, local.t.admin)).workspace.workbook);
    expect(draft?.exploration.rows).toEqual(['sales.region']);
    const resumed = await builder({ kind: 'draft', draft: draft! });
    expect(resumed.getState()).toMatchObject({ hasCells: true, viewName: 'sales', exploration: first.getState().exploration });
    expect(resumed.getState().resultLocation).toMatch(/^Sheet1!C3:D\d+$/);
    await resumed.close({ clearCells: true });
    expect(cellsOf(sim, 'Sheet1', 2, 2, 1, 2)[0]).toEqual(['', '']);
    expect(sim.model.names.map((n) => n.name)).not.toContain('ReportSync_draft');
  });
});

/** Runs an action and waits until the state says it finished (`saving` over and the predicate true). */
async function until(controller: ExplorationController, action: () => void, done: (state: BuilderState) => boolean): Promise<BuilderState> {
  action();
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = controller.getState();
      if (state.saving) return;
      if (done(state)) {
        stop();
        resolve(state);
      } else if (state.actionError || state.changedElsewhere) {
        stop();
        reject(new Error(state.actionError ?? 'changed elsewhere'));
      }
    };
    const stop = controller.subscribe(check);
    check();
  });
}

export type { ExcelHost };
