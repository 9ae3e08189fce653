/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { cardState } from '../../src/core/card-state';
import { progressOf, startRefreshAll, type RefreshItem } from '../../src/monitoring/refresh-all';
import { i18nFor } from '../../src/taskpane/i18n';
import { runItemStates, runSummary } from '../../src/taskpane/views/run-words';
import { isDamaged } from '../../src/monitoring/live-edit-results';
import type { ExcelHost } from '../../workbench/excel-host';
import { runMenuAction } from '../../workbench/grid/actions';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { workspaceFor } from '../support/workspace';

jest.setTimeout(60_000);

let t: TestPlatform;
beforeAll(async () => {
  // Every query takes a while, as a real warehouse does; long enough for Stop to land midway.
  t = await startTestPlatform({ queryDelayMs: 250 });
});
afterAll(() => t.close());

const query = (dimension: string): CubeQuery => ({ measures: ['orders.count'], dimensions: [`orders.${dimension}`] });

/** Where a test's reports live: a deployment and a folder in it the analyst may read. */
interface Home {
  deploymentId: number;
  folderId: number;
}

async function home(deploymentId: number, folderName: string): Promise<Home> {
  return { deploymentId, folderId: (await t.admin.allFolders(deploymentId)).find((f) => f.name === folderName)!.id };
}
const sales = () => home(t.salesDeploymentId, 'Sales');


/**
 * One report of the test's own per home (public ids: the prefix padded to 12 characters), each placed by status
 * ten rows below the one before, as the user would (select a cell, then place), then edited to group by region,
 * so each refresh really rewrites its cells; each with a row limit of its own that cuts nothing, so that each is a
 * definition of its own and runs its own query (a run sends one query per distinct definition). The workbook's
 * entries for them, top to bottom.
 */
async function placeReports(prefix: string, homes: Home[]): Promise<WorkbookPlacement[]> {
  const { service } = await workspaceFor(t);
  const placed: { deploymentId: number; reportId: number }[] = [];
  for (const [i, { deploymentId, folderId }] of homes.entries()) {
    const report = await t.admin.upsertReportByPublicId(deploymentId, `${prefix}${String(i).padStart(12 - prefix.length, '0')}`, {
      name: `${prefix} ${i}`, folderId, jsonQuery: JSON.stringify(query('status')),
    });
    await selectCell(`A${1 + i * 10}`);
    const outcome = await service.place(report);
    if (outcome.kind !== 'done') throw new Error('not placed');
    placed.push({ deploymentId, reportId: report.id });
  }
  for (const [i, { deploymentId, reportId }] of placed.entries()) {
    await t.admin.updateReport(deploymentId, reportId, { jsonQuery: JSON.stringify({ ...query('region'), limit: 1000 + i }) });
  }
  return (await service.workbookPlacements()).filter((e) => e.report?.publicId.startsWith(prefix));
}

/**
 * The analyst's use cases, observed: data queries in flight (every deployment's), writes in flight, and data
 * clients opened. `beforeQuery` runs as each query is sent, so a test can change a report while its query runs.
 */
async function observed(beforeQuery?: (query: CubeQuery) => Promise<void>) {
  const seen = { queries: 0, maxQueries: 0, writes: 0, maxWrites: 0, dataClients: 0, sent: [] as string[] };
  const { service } = await workspaceFor(t, t.analyst, undefined, {
    dataClient: (apiUrl, tokens) => {
      seen.dataClients += 1;
      const real = new CoreDataClient({ apiUrl, tokens, sleep: noSleep });
      return {
        load: async (query, options) => {
          seen.queries += 1;
          seen.maxQueries = Math.max(seen.maxQueries, seen.queries);
          seen.sent.push(query.dimensions?.join() ?? '');
          try {
            await beforeQuery?.(query);
            return await real.load(query, options);
          } finally {
            seen.queries -= 1;
          }
        },
      };
    },
  });
  const writeRefreshes = service.writeRefreshes.bind(service);
  service.writeRefreshes = async (...args) => {
    seen.writes += 1;
    seen.maxWrites = Math.max(seen.maxWrites, seen.writes);
    try {
      return await writeRefreshes(...args);
    } finally {
      seen.writes -= 1;
    }
  };
  return { service, seen };
}

/** The six rows and two columns where an entry's placement starts: the most either result uses. */
const cellsAt = (sim: ExcelHost, entry: WorkbookPlacement) => cellsOf(sim, 'Sheet1', entry.location!.rect.top, entry.location!.rect.left, 6, 2);

/** A placement wholly refreshed: regions, and the fifth status row the old result used cleared. */
const byRegion = [['Region', 'Count'], ...Array.from({ length: 4 }, () => [expect.any(String), expect.any(Number)]), ['', '']];

describe('refresh all', () => {
  it('runs queries concurrently up to the bound, writes one wave at a time, and keeps going past a failure', async () => {
    const sim = installWorkbook();
    const entries = await placeReports('raFail', Array(6).fill(await sales()));
    // Broken after the pane listed it: the refresh reads the report again and runs what it says now.
    const broken = entries[2]!;
    await t.admin.updateReport(t.salesDeploymentId, broken.reportId, { jsonQuery: JSON.stringify({ measures: ['orders.nope'] }) });
    const brokenBefore = cellsAt(sim, broken);
    const { service, seen } = await observed();
    const updates: string[] = [];
    const run = startRefreshAll(service, entries, {
      concurrency: 4,
      onUpdate: (items) => updates.push(`${progressOf(items).finished}/${progressOf(items).total}`),
    });
    const items = await run.done;
    const failed = items.find((i) => i.entry.reportId === broken.reportId)!;
    expect(failed.state).toBe('failed');
    expect(failed.reason).toContain("'nope' not found for path 'orders.nope'");
    expect(items.filter((i) => i.state === 'done')).toHaveLength(5);
    expect(seen.maxQueries).toBe(4);
    expect(seen.maxWrites).toBe(1);
    expect(updates.at(-1)).toBe('6/6');
    expect(cellsAt(sim, broken)).toEqual(brokenBefore);
    const after = await service.workbookPlacements();
    const statuses = entries.map((entry) => after.find((e) => e.placement.id === entry.placement.id)!.placement.syncStatus);
    expect(statuses).toEqual(['UP_TO_DATE', 'UP_TO_DATE', 'CHANGED', 'UP_TO_DATE', 'UP_TO_DATE', 'UP_TO_DATE']);
    // What the pane says of it: the counts by outcome, and each card's one state from the new listing and the run.
    const en = i18nFor('en-US');
    expect(runSummary(items, false, en)).toBe('5 refreshed, 1 failed');
    const runStates = runItemStates(items, en.m);
    const cards = entries.map((entry) => {
      const { placement } = after.find((e) => e.placement.id === entry.placement.id)!;
      return cardState({
        denied: false, legacy: false, cellsGone: false, syncStatus: placement.syncStatus, refreshedAt: placement.refreshedAt,
        outcome: undefined, run: runStates.get(placement.id!),
      });
    });
    expect(cards.map((card) => card.status)).toEqual(['UP_TO_DATE', 'UP_TO_DATE', 'FAILED', 'UP_TO_DATE', 'UP_TO_DATE', 'UP_TO_DATE']);
    expect(cards.map((card) => card.run)).toEqual(['done', 'done', 'failed', 'done', 'done', 'done']);
  });

  it('stops midway: queued and in-flight queries are cancelled, and no placement is half-written', async () => {
    const sim = installWorkbook();
    const entries = await placeReports('raStop', Array(6).fill(await sales()));
    const before = entries.map((entry) => cellsAt(sim, entry));
    const { service } = await observed();
    let stopped = false;
    const run = startRefreshAll(service, entries, {
      // Each placement written as soon as its query has run, so that Stop finds some written and some not.
      concurrency: 2,
      wavePatienceMs: 0,
      onUpdate: (items: readonly RefreshItem[]) => {
        if (!stopped && items.some((i) => i.state === 'done')) {
          stopped = true;
          run.stop();
        }
      },
    });
    const items = await run.done;
    const states = items.map((i) => i.state);
    expect(states.filter((s) => s === 'done').length).toBeGreaterThanOrEqual(1);
    expect(states.filter((s) => s === 'stopped').length).toBeGreaterThanOrEqual(3);
    expect(states.every((s) => s === 'done' || s === 'stopped')).toBe(true);
    // Each placement is either wholly refreshed (regions) or wholly as it was (statuses): never a mix.
    items.forEach((item, i) => expect(cellsAt(sim, item.entry)).toEqual(item.state === 'stopped' ? before[i] : byRegion));
  });

  it('finds a hand edit typed after the cells were read ahead, while the queries ran: the wave reads again and leaves it', async () => {
    // The read sent as the run starts: resolved once the host has answered it.
    let readAnswered: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { readAnswered = resolve; });
    const sim = installWorkbook({ onRequest: ({ cleanup }) => { if (!cleanup) readAnswered(); } });
    const entries = await placeReports('raAhead', [await sales(), await sales()]);
    const edited = entries[1]!;
    let typed = false;
    const { service } = await observed(async () => {
      await answered;
      if (typed) return;
      typed = true;
      // Typed into the second placement's first data row after the read ahead, while the queries (250 ms each) run.
      await act((context) => {
        context.workbook.worksheets.getItem('Sheet1').getCell(edited.location!.rect.top + 1, 1).values = [[4242]];
      });
    });
    const items = await startRefreshAll(service, entries).done;
    expect(typed).toBe(true);
    // The read ahead took a moment and the queries a quarter of a second: too old to stand in, so the wave read again.
    expect(items.map((i) => i.state)).toEqual(['done', 'needs-attention']);
    expect(items[1]!.outcome).toMatchObject({ kind: 'hand-edits' });
    expect(cellsOf(sim, 'Sheet1', edited.location!.rect.top + 1, 1, 1, 1)).toEqual([[4242]]);
  });

  it('sends a report edited while its query runs round again, ending Up to date with the new result', async () => {
    const sim = installWorkbook();
    const entries = await placeReports('raRace', Array(3).fill(await sales()));
    const racer = entries[1]!;
    // Its own query, so the data API below can tell when it is the one running.
    await t.admin.updateReport(t.salesDeploymentId, racer.reportId, { jsonQuery: JSON.stringify(query('customer_segment')) });
    let edits = 0;
    const { service, seen } = await observed(async (sent) => {
      if (edits === 0 && sent.dimensions?.includes('orders.customer_segment')) {
        edits += 1;
        await t.admin.updateReport(t.salesDeploymentId, racer.reportId, { jsonQuery: JSON.stringify(query('category')) });
      }
    });
    const items = await startRefreshAll(service, entries).done;
    expect(edits).toBe(1);
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    // The first round ran the definition it read; the second, the one the admin saved meanwhile.
    expect(seen.sent.filter((d) => d === 'orders.customer_segment' || d === 'orders.category')).toEqual(['orders.customer_segment', 'orders.category']);
    expect(items[1]!.outcome).toMatchObject({ kind: 'done', stale: false, placement: { id: racer.placement.id, syncStatus: 'UP_TO_DATE' } });
    expect(cellsAt(sim, racer)).toEqual([['Category', 'Count'], ...Array.from({ length: 5 }, () => [expect.any(String), expect.any(Number)])]);
    const onPlatform = await t.analyst.getReport(t.salesDeploymentId, racer.reportId);
    expect(onPlatform.externalWorkbookPlacements?.find((p) => p.id === racer.placement.id)?.syncStatus).toBe('UP_TO_DATE');
  });

  it('refreshes placements of two deployments in one run, each through its own deployment', async () => {
    const sim = installWorkbook();
    const sandbox = await home(t.sandboxDeploymentId, 'Experiments');
    const entries = await placeReports('raTwoDeploy', [await sales(), sandbox, await sales()]);
    expect(entries.map((e) => e.deploymentId)).toEqual([t.salesDeploymentId, t.sandboxDeploymentId, t.salesDeploymentId]);
    const { service, seen } = await observed();
    const items = await startRefreshAll(service, entries).done;
    expect(items.map((i) => i.state)).toEqual(['done', 'done', 'done']);
    // One data client (address and token) per deployment.
    expect(seen.dataClients).toBe(2);
    for (const entry of entries) expect(cellsAt(sim, entry)).toEqual(byRegion);
    const sandboxReport = await t.analyst.getReport(t.sandboxDeploymentId, entries[1]!.reportId);
    expect(sandboxReport.externalWorkbookPlacements).toEqual([
      expect.objectContaining({ id: entries[1]!.placement.id, syncStatus: 'UP_TO_DATE', refreshedAt: expect.any(String) }),
    ]);
  });

  it('writes a damaged placement (a row inside it deleted) whole again where it is, ending refreshed; foreign cells where it grows back need you', async () => {
    const sim = installWorkbook();
    const { deploymentId, folderId } = await sales();
    const report = await t.admin.upsertReportByPublicId(deploymentId, 'raDamaged000', {
      name: 'raDamaged', folderId, jsonQuery: JSON.stringify(query('status')),
    });
    const { service } = await workspaceFor(t);
    await selectCell('A1');
    expect((await service.place(report)).kind).toBe('done');
    // Header and five statuses in A1:B6; the cells before the deletion.
    const whole = cellsOf(sim, 'Sheet1', 0, 0, 6, 2);
    expect(whole.every((row) => row.every((v) => v !== ''))).toBe(true);
    // Sheet row 3 deleted, as a person does from the row header: the placement's name now covers A1:B5.
    runMenuAction(sim.model, 'delete-rows', { top: 2, left: 0, bottom: 2, right: 0 });
    // Something of the user's where the result grows back (A6).
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A6').values = [['my note']];
    });
    const [damaged] = (await service.workbookPlacements()).filter((e) => e.reportId === report.id);
    expect(damaged!.location!.rect).toEqual({ top: 0, left: 0, bottom: 4, right: 1 });
    expect(isDamaged(damaged!)).toBe(true);

    const blocked = await startRefreshAll(service, [damaged!]).done;
    expect(blocked.map((i) => i.state)).toEqual(['needs-attention']);
    expect(blocked[0]!.outcome).toMatchObject({ kind: 'needs-confirmation', foreignCells: ['A6'] });
    expect(cellsOf(sim, 'Sheet1', 5, 0, 1, 1)).toEqual([['my note']]);

    // The note moved away: the run writes the whole result again where it is, no hand edits asked about.
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A6').clear();
    });
    const items = await startRefreshAll(service, [damaged!]).done;
    expect(items.map((i) => i.state)).toEqual(['done']);
    expect(runSummary(items, false, i18nFor('en-US'))).toBe('1 refreshed');
    expect(cellsOf(sim, 'Sheet1', 0, 0, 6, 2)).toEqual(whole);
    const [after] = (await service.workbookPlacements()).filter((e) => e.reportId === report.id);
    expect(after!.location!.rect).toEqual({ top: 0, left: 0, bottom: 5, right: 1 });
    expect(isDamaged(after!)).toBe(false);
    expect(after!.placement.syncStatus).toBe('UP_TO_DATE');
    const { placement } = after!;
    const card = cardState({
      denied: false, legacy: false, cellsGone: false, cellsDamaged: isDamaged(after!), syncStatus: placement.syncStatus, refreshedAt: placement.refreshedAt,
      outcome: undefined, run: runItemStates(items, i18nFor('en-US').m).get(placement.id!),
    });
    expect(card).toEqual({ status: 'UP_TO_DATE', reason: null, run: 'done' });
  });
});
