import { WORKBOOK_REPORT_NAMESPACE as NS } from '../../src/contract/workbook-report';
import { ReportChangedElsewhereError } from '../../src/ports/errors';
import { describeError } from '../../src/taskpane/errors';
import { installCubeErrorWords } from '../../src/taskpane/cube-error-words';
import { builderWordsOf } from '../../src/taskpane/i18n/builder-catalog';
import { cubeWordsOf } from '../../src/taskpane/i18n/cube-words';
import { i18nFor } from '../../src/taskpane/i18n';
import {
  duplicateInput, KeptReportActions, placementsInWorkbook, unavailableShown,
} from '../../src/pane/kept-reports';
import { WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore } from '../../src/workbook';
import { MemoryWorkbookParts } from '../support/memory-workbook-parts';

installCubeErrorWords();

/**
 * Browse's row actions on reports kept in the workbook (issue 26): rename, duplicate and delete through the workbook's
 * report store over the parts port in memory, each failure in words, the list reloaded after every action.
 */

const DEPLOYMENT = 0;
const WORKBOOK = 'wb-1';
const english = i18nFor('en-US');
const query = JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.region'] });
const pivot = { rows: ['orders.region'], columns: [], measures: ['orders.count'], filters: [] };

function setup() {
  const parts = new MemoryWorkbookParts();
  let clock = Date.parse('2026-11-05T09:00:00Z');
  const reports = new WorkbookReports({
    parts, deploymentId: DEPLOYMENT, workbookId: () => WORKBOOK,
    who: { now: () => new Date((clock += 1000)), user: () => ({ name: 'Ada', email: 'ada@example.com' }) },
  });
  const store = new WorkbookReportStore(reports);
  const changed: string[] = [];
  const actions = new KeptReportActions({
    reports: () => store,
    describe: (error) => describeError(error, english),
    copyName: builderWordsOf(english.m).copyName,
    onChanged: () => changed.push('reload'),
  });
  return { parts, store, registry: new WorkbookPlacementRegistry(reports), actions, changed };
}

const names = async (store: WorkbookReportStore) => (await store.listReports(DEPLOYMENT, { sortBy: 'name' })).items.map((r) => [r.name, r.title ?? null]);

describe("Browse's actions on reports kept in the workbook", () => {
  it('renames: the name and the title users see, then closes the form and reloads the list', async () => {
    const { store, actions, changed } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', title: 'Orders by region', jsonQuery: query });
    actions.ask('rename', report);
    expect(actions.getState().form).toEqual({ kind: 'rename', reportId: report.id });
    await expect(actions.rename(report, 'Orders 2026', 'Orders this year')).resolves.toBe(true);
    expect(await names(store)).toEqual([['Orders 2026', 'Orders this year']]);
    expect(actions.getState()).toEqual({ form: null, working: false, error: null, notice: { kind: 'renamed', title: 'Orders this year' } });
    expect(changed).toEqual(['reload']);
    // An empty title: the name is what users see.
    const renamed = await store.getReport(DEPLOYMENT, report.id);
    await actions.rename(renamed, 'Orders only', null);
    expect(await names(store)).toEqual([['Orders only', null]]);
    expect(actions.getState().notice).toEqual({ kind: 'renamed', title: 'Orders only' });
  });

  it('keeps the rename form open with a failure in words when the report changed in another copy meanwhile', async () => {
    const { store, actions, changed } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', jsonQuery: query });
    await store.updateReport(report, { title: 'Changed elsewhere' });
    actions.ask('rename', report);
    await expect(actions.rename(report, 'Mine', null)).resolves.toBe(false);
    const state = actions.getState();
    expect(state.form).toEqual({ kind: 'rename', reportId: report.id });
    expect(state.error).toBe(describeError(new ReportChangedElsewhereError('Orders', new Error('x')), english));
    expect(state.working).toBe(false);
    // Nothing was lost: the other copy's change stands, and the list is read again.
    expect(await names(store)).toEqual([['Orders', 'Changed elsewhere']]);
    expect(changed).toEqual(['reload']);
    actions.dismiss();
    expect(actions.getState().error).toBeNull();
  });

  it('duplicates with the same definition, marked as a copy, without placements', async () => {
    const { store, registry, actions } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', title: 'Orders by region', jsonQuery: query, pivotItems: pivot });
    await registry.connect({ deploymentId: DEPLOYMENT, reportId: report.id }, { externalWorkbookId: WORKBOOK, resultLocation: 'Sheet1!A1:B5' });
    const placed = await store.getReport(DEPLOYMENT, report.id);
    await expect(actions.duplicate(placed)).resolves.toBe(true);
    const all = (await store.listReports(DEPLOYMENT, { sortBy: 'name' })).items;
    expect(all.map((r) => [r.name, r.title])).toEqual([['Orders', 'Orders by region'], ['Orders (copy)', 'Orders by region (copy)']]);
    const copy = all[1]!;
    expect(copy.id).not.toBe(report.id);
    expect(copy.publicId).not.toBe(report.publicId);
    expect(JSON.parse(copy.jsonQuery!)).toEqual(JSON.parse(query));
    expect(copy.pivotItems).toMatchObject(pivot);
    expect(copy.externalWorkbookPlacements ?? []).toEqual([]);
    expect(actions.getState().notice).toEqual({ kind: 'duplicated', title: 'Orders by region (copy)' });
    // Without a title, the name carries the copy mark, in the pane's language.
    expect(duplicateInput({ ...report, title: null }, builderWordsOf(i18nFor('de-DE').m).copyName)).toMatchObject({ name: 'Orders (Kopie)', title: null });
  });

  it('deletes a report and its placements here, counting them first for the question', async () => {
    const { store, registry, actions, changed } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', jsonQuery: query });
    await store.createReport(DEPLOYMENT, { name: 'Other', jsonQuery: query });
    const ref = { deploymentId: DEPLOYMENT, reportId: report.id };
    await registry.connect(ref, { externalWorkbookId: WORKBOOK, resultLocation: 'Sheet1!A1:B5' });
    await registry.connect(ref, { externalWorkbookId: WORKBOOK, resultLocation: 'Sheet2!A1:B5' });
    const placed = await store.getReport(DEPLOYMENT, report.id);
    // The report's own list of placements is what the workbook keeps; the pane's count stands in without one.
    expect(placementsInWorkbook(placed, new Map())).toBe(2);
    expect(placementsInWorkbook({ ...placed, externalWorkbookPlacements: undefined }, new Map([[report.id, 3]]))).toBe(3);
    actions.ask('delete', placed);
    await expect(actions.delete(placed)).resolves.toBe(true);
    expect(await names(store)).toEqual([['Other', null]]);
    expect((await registry.list(WORKBOOK)).map((p) => p.reportId)).toEqual([]);
    expect(actions.getState()).toMatchObject({ form: null, notice: { kind: 'deleted', title: 'Orders' } });
    expect(changed).toEqual(['reload']);
  });

  it('closes the delete question on a failure, says why, and reloads (the report was deleted in another copy)', async () => {
    const { store, actions, changed } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', jsonQuery: query });
    await store.deleteReport(DEPLOYMENT, report.id);
    actions.ask('delete', report);
    await expect(actions.delete(report)).resolves.toBe(false);
    expect(actions.getState()).toMatchObject({ form: null, working: false, notice: null });
    expect(actions.getState().error).toBe(cubeWordsOf(english.m).cubeErrors.reportNotFound(String(report.id)));
    expect(changed).toEqual(['reload']);
  });

  it('runs one action at a time', async () => {
    const { store, actions } = setup();
    const report = await store.createReport(DEPLOYMENT, { name: 'Orders', jsonQuery: query });
    const first = actions.duplicate(report);
    expect(actions.getState().working).toBe(true);
    actions.ask('rename', report);
    expect(actions.getState().form).toBeNull();
    await expect(actions.duplicate(report)).resolves.toBe(false);
    await first;
    expect((await store.listReports(DEPLOYMENT)).items).toHaveLength(2);
  });
});

describe('reports that cannot be read', () => {
  it('are listed after the readable ones, and filtered by name while searching', async () => {
    const { parts, store } = setup();
    await parts.add(`<workbookReport xmlns="${NS}" schemaVersion="1"><report id="9"><name>Broken`);
    await parts.add(`<workbookReport xmlns="${NS}" schemaVersion="1"><report id="x1"><name>Orders old</name></report></workbookReport>`);
    const unavailable = await store.unavailableReports();
    expect(unavailable).toHaveLength(2);
    expect(unavailableShown(unavailable, '').map((u) => u.partId)).toEqual(unavailable.map((u) => u.partId));
    expect(unavailableShown(unavailable, '  ORDERS ').map((u) => u.reportName)).toEqual(['Orders old']);
  });
});
