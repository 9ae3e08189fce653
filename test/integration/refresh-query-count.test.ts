/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { canonicalJson } from '../../src/core/canonical-json';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { cellWordsIn } from '../../src/taskpane/i18n/cell-catalog';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

/**
 * The load a run puts on the data API does not grow with copies (issue 27): a run sends one query per distinct
 * report definition, however many placements share it, and reads each report from the platform once (several of a
 * deployment in one list of the reports placed in the workbook). Each placement
 * still lays its own cells out (its language, its title lines) from the shared result, and is written and checked
 * for hand edits on its own.
 */

jest.setTimeout(60_000);

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const query = (dimension: string): CubeQuery => ({ measures: ['orders.count'], dimensions: [`orders.${dimension}`] });

/**
 * The analyst's use cases, counted: every `/v1/load` sent (by its query, paging included) and every read of a report
 * through the report store (by report id).
 */
async function counted() {
  const loads = new Map<string, number>();
  const reads = new Map<number, number>();
  const { service, workspace } = await workspaceFor(t, t.analyst, undefined, {
    words: cellWordsIn,
    dataClient: (apiUrl, tokens) => {
      const real = new CoreDataClient({ apiUrl, tokens, sleep: noSleep });
      return {
        load: (sent, options) => {
          const key = canonicalJson(sent);
          loads.set(key, (loads.get(key) ?? 0) + 1);
          return real.load(sent, options);
        },
      };
    },
  });
  const getReport = workspace.reports.getReport.bind(workspace.reports);
  workspace.reports.getReport = (deploymentId, reportId, signal) => {
    reads.set(reportId, (reads.get(reportId) ?? 0) + 1);
    return getReport(deploymentId, reportId, signal);
  };
  const lists: (string | undefined)[] = [];
  const listReports = workspace.reports.listReports.bind(workspace.reports);
  workspace.reports.listReports = (deploymentId, params, signal) => {
    lists.push(params?.externalWorkbookId);
    return listReports(deploymentId, params, signal);
  };
  const reset = () => {
    loads.clear();
    reads.clear();
    lists.length = 0;
  };
  return { service, loads, reads, lists, reset };
}

/**
 * Report "copies" placed three times (once in German, once with title lines: other cell options, the same query), report "single" once, both then
 * edited to group by region so each refresh really rewrites its cells. The workbook's entries, top to bottom.
 */
async function placeCopies(prefix: string) {
  const { deploymentId } = { deploymentId: t.salesDeploymentId };
  const folderId = (await t.admin.allFolders(deploymentId)).find((f) => f.name === 'Sales')!.id;
  const copies = await t.admin.upsertReportByPublicId(deploymentId, `${prefix}Copies`.padEnd(12, '0'), {
    name: `${prefix} copies`, folderId, jsonQuery: JSON.stringify(query('status')),
  });
  const single = await t.admin.upsertReportByPublicId(deploymentId, `${prefix}Single`.padEnd(12, '0'), {
    name: `${prefix} single`, folderId, jsonQuery: JSON.stringify(query('status')),
  });
  const { service } = await workspaceFor(t, t.analyst, undefined, { words: cellWordsIn });
  const places = [
    { report: copies, at: 'A1', cellOptions: { language: 'en', titleAndSource: false } },
    { report: copies, at: 'A11', cellOptions: { language: 'de', titleAndSource: false } },
    { report: copies, at: 'A21', cellOptions: { language: 'en', titleAndSource: true } },
    { report: single, at: 'A31', cellOptions: { language: 'en', titleAndSource: false } },
  ];
  for (const { report, at, cellOptions } of places) {
    await selectCell(at);
    done(await service.place(report, { cellOptions }));
  }
  await t.admin.updateReport(deploymentId, copies.id, { jsonQuery: JSON.stringify(query('region')) });
  // Another definition: the same dimension, a different order, so its query is not the copies' one.
  await t.admin.updateReport(deploymentId, single.id, { jsonQuery: JSON.stringify({ ...query('region'), order: { 'orders.count': 'desc' } }) });
  const entries = (await service.workbookPlacements()).filter((e) => e.report?.publicId.startsWith(prefix));
  expect(entries).toHaveLength(4);
  return { copies, single, entries };
}

/** The headers written for each placement: its own language and title lines, from the one shared result. */
function headersOf(sim: ReturnType<typeof installWorkbook>, entries: WorkbookPlacement[]) {
  return entries.map((entry) => cellsOf(sim, 'Sheet1', entry.location!.rect.top, 0, 1, 2)[0]);
}

describe('queries per run', () => {
  it('Refresh all sends one query per distinct definition and reads its reports in one list', async () => {
    const sim = installWorkbook();
    const { entries } = await placeCopies('rqAll');
    const { service, loads, reads, lists } = await counted();
    const items = await startRefreshAll(service, entries).done;
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done', 'done']);
    // Two definitions, two queries (each fits one page), each sent once; both reports of the deployment read in one
    // list of the reports placed in the workbook, none on its own.
    expect([...loads.values()]).toEqual([1, 1]);
    expect(lists).toEqual([entries[0]!.placement.workbookId]);
    expect(Object.fromEntries(reads)).toEqual({});
    // Each placement laid out on its own, with its own cell options: the third below its title lines.
    const after = await service.workbookPlacements();
    const now = entries.map((e) => after.find((a) => a.placement.id === e.placement.id)!);
    expect(now.map((e) => e.location!.cellOptions)).toEqual([
      { language: 'en', titleAndSource: false }, { language: 'de', titleAndSource: false }, { language: 'en', titleAndSource: true }, { language: 'en', titleAndSource: false },
    ]);
    expect(headersOf(sim, now)).toEqual([['Region', 'Count'], ['Region', 'Count'], [expect.stringContaining('copies'), ''], ['Region', 'Count']]);
    expect(now.map((e) => e.placement.syncStatus)).toEqual(['UP_TO_DATE', 'UP_TO_DATE', 'UP_TO_DATE', 'UP_TO_DATE']);
  });

  it('refreshing one report\'s placements ("Refresh 3 placements") sends its query once and reads it once', async () => {
    installWorkbook();
    const { copies, entries } = await placeCopies('rqOne');
    const { service, loads, reads } = await counted();
    const run = service.sharedRun();
    for (const entry of entries.filter((e) => e.reportId === copies.id)) done(await service.refresh(entry, { run }));
    expect([...loads.values()]).toEqual([1]);
    expect(Object.fromEntries(reads)).toEqual({ [copies.id]: 1 });
  });

  it('a report edited between two of its placements\' refreshes is read again, and its new query run', async () => {
    installWorkbook();
    const { copies, entries } = await placeCopies('rqEdit');
    const { service, loads, reads } = await counted();
    const run = service.sharedRun();
    const own = entries.filter((e) => e.reportId === copies.id);
    done(await service.refresh(own[0]!, { run }));
    await t.admin.updateReport(t.salesDeploymentId, copies.id, { jsonQuery: JSON.stringify(query('category')) });
    // The second placement's refresh runs what it read (by region), finds the report changed, and goes round again.
    const second = done(await service.refresh(own[1]!, { run }));
    expect(second.stale).toBe(false);
    done(await service.refresh(own[2]!, { run }));
    expect([...loads.keys()].map((k) => (JSON.parse(k) as CubeQuery).dimensions)).toEqual([['orders.region'], ['orders.category']]);
    expect([...loads.values()]).toEqual([1, 1]);
    expect(reads.get(copies.id)).toBe(2);
  });
});
