/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { RoundTripBench } from '../../bench/round-trip-actions';
import type { CubeQuery } from '../../src/contract';
import { storePorts } from '../../src/pane/compose/parts';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import { placementKey, type WorkbookPlacement } from '../../src/placements/workbook-placements';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { logDataLoads, loggedPlatform, type RequestLog as Log } from '../support/logged-requests';
import { useAnalystPlatform } from '../support/local-platform';
import { until, words } from '../support/workspace-store-fakes';
import { openReference } from './sample-reports.sql';

/**
 * Issue 43: a card's Refresh, through the pane store on Office.js over the host emulator against the local platform,
 * counted until the card is idle and says Up to date with the new record: Excel syncs, and the Platform API requests
 * and data loads in the order they were sent. Not timed; each bound is an upper bound.
 */
jest.setTimeout(120_000);

const local = useAnalystPlatform();

/** At most, for a refresh whose data did not change: the one read of the placement's cells (nothing to write). */
const NO_CHANGE_SYNCS = 1;
/** With a few rows changed: the read, and the write of the changed rows. */
const CHANGED_SYNCS = 2;
/** Before the card is Up to date: the report read (beside the query) and the refresh recorded; nothing listed. */
const PLATFORM_BEFORE_UP_TO_DATE = ['getReport', 'recordRefresh'];

/** The pane over a workbook with `publicId` placed at Sheet1!B3, its requests logged; the store listed. */
async function paneWithPlacement(publicId: string, dimensions: string[]) {
  const log: Log = [];
  const host = installWorkbook();
  const bench = await RoundTripBench.open(host, loggedPlatform(local.t.admin, log));
  logDataLoads(bench, log);
  const report = await bench.report(publicId, dimensions);
  await selectCell('B3', 'Sheet1');
  expect((await bench.service.place(report)).kind).toBe('done');
  const store = new WorkspaceStore({ ports: storePorts(bench.workspace), writeDisabled: () => false, words, liveDebounceMs: 1 });
  await store.start({ visible: false });
  const entry = store.getState().placements?.find((e) => e.report?.publicId === publicId);
  if (!entry) throw new Error(`${publicId} is not listed`);
  return { log, host, bench, store, entry, report };
}

/**
 * Refreshes `entry` from its card, and answers what had happened when its card was first idle and Up to date with a
 * record newer than the listed one: the syncs and the requests sent until then. Waits for the pane to list its
 * placements again afterwards (in the background), so nothing is left running.
 */
async function refreshFromCard({ log, host, store }: Awaited<ReturnType<typeof paneWithPlacement>>, entry: WorkbookPlacement) {
  // What set-up left running settles first: its syncs are not the refresh's.
  await new Promise((resolve) => setTimeout(resolve, 50));
  host.resetStats();
  log.length = 0;
  const key = placementKey(entry);
  let atUpToDate: { syncs: number; log: Log } | null = null;
  const stop = store.subscribe(() => {
    const state = store.getState();
    const listed = state.placements?.find((e) => placementKey(e) === key);
    const fresh = listed && listed.placement.refreshedAt !== entry.placement.refreshedAt;
    if (!atUpToDate && fresh && state.operation === null && store.cards().get(key)?.status === 'UP_TO_DATE') {
      atUpToDate = { syncs: host.stats.syncs, log: [...log] };
    }
  });
  try {
    expect(await store.refresh(entry)).toBe(true);
    // The pane lists its placements again after: its own request, answered, once the card said Up to date.
    await until(() => log.includes('externalDocumentPlacements:end'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    stop();
  }
  if (!atUpToDate) throw new Error(`the card never said Up to date with its new record: ${log.join(', ')}`);
  return { ...(atUpToDate as { syncs: number; log: Log }), after: { syncs: host.stats.syncs, log: [...log] } };
}

const sent = (log: Log) => log.filter((name) => !name.endsWith(':end'));

describe('a card\'s Refresh, until the card says Up to date', () => {
  it('with no change: one sync, the report read beside the query, the record, and no listing first', async () => {
    const pane = await paneWithPlacement('NoChangePane', ['orders.region', 'orders.status']);
    try {
      const figures = await refreshFromCard(pane, pane.entry);
      // Reported beside the bounds on a failure.
      const seen = { syncs: figures.syncs, log: figures.log, after: figures.after };
      expect(figures.syncs <= NO_CHANGE_SYNCS ? figures.syncs : seen).toBe(figures.syncs);
      expect(figures.syncs).toBeLessThanOrEqual(NO_CHANGE_SYNCS);
      expect(sent(figures.log).filter((name) => name !== 'load')).toEqual(PLATFORM_BEFORE_UP_TO_DATE);
      // The query was sent before the report's read was answered: the read does not come before the query.
      expect(figures.log.indexOf('load')).toBeGreaterThanOrEqual(0);
      expect(figures.log.indexOf('load')).toBeLessThan(figures.log.indexOf('getReport:end'));
      // One query: the listed definition is the current one.
      expect(sent(figures.log).filter((name) => name === 'load')).toHaveLength(1);
      // The listing followed, in the background.
      expect(sent(figures.after.log)).toContain('externalDocumentPlacements');
      const card = pane.store.cards().get(placementKey(pane.entry));
      expect(card?.status).toBe('UP_TO_DATE');
    } finally {
      await pane.store.dispose();
    }
  });

  it('with a few rows changed: the read and the write of the changed rows, and no listing first', async () => {
    const pane = await paneWithPlacement('ChangedPane1', ['orders.region', 'orders.status']);
    try {
      pane.bench.changeRows = true;
      const figures = await refreshFromCard(pane, pane.entry);
      expect(figures.syncs).toBeLessThanOrEqual(CHANGED_SYNCS);
      expect(sent(figures.log).filter((name) => name !== 'load')).toEqual(PLATFORM_BEFORE_UP_TO_DATE);
    } finally {
      pane.bench.changeRows = false;
      await pane.store.dispose();
    }
  });

  it('a definition changed after the pane listed it: the new definition\'s data is written, never the listed one\'s', async () => {
    const pane = await paneWithPlacement('ChangedDefn1', ['orders.status']);
    try {
      const { entry, report, host } = pane;
      const headersBefore = cellsOf(host, 'Sheet1', 2, 1, 1, 3)[0];
      expect(headersBefore).toEqual(['Status', 'Count', 'Revenue']);
      // Changed elsewhere (the web app), after the pane listed it: grouped by region now.
      const regionQuery: CubeQuery = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.region'] };
      await local.t.admin.updateReport(report.deploymentId, report.id, { jsonQuery: JSON.stringify(regionQuery) });
      const figures = await refreshFromCard(pane, entry);
      const card = pane.store.cards().get(placementKey(entry));
      expect(card?.status).toBe('UP_TO_DATE');
      // The listed definition's query may have been sent beside the read; the read one's was sent after it.
      expect(sent(figures.log).filter((name) => name === 'load').length).toBeGreaterThanOrEqual(1);
      expect(figures.log.lastIndexOf('load')).toBeGreaterThan(figures.log.indexOf('getReport:end'));
      // The cells hold the region result, as SQL written by hand over an independent copy of the sample data says
      // (count = count(*), Revenue = sum(amount)), in Cube's default order: the first measure descending.
      const refreshed = pane.store.getState().placements!.find((e) => placementKey(e) === placementKey(entry))!;
      const { rect } = refreshed.location!;
      const written = cellsOf(host, 'Sheet1', rect.top, rect.left, rect.bottom - rect.top + 1, rect.right - rect.left + 1);
      expect(written[0]).toEqual(['Region', 'Count', 'Revenue']);
      const reference = await openReference();
      const expected = await reference.sql('SELECT region, count(*) AS count, sum(amount) AS revenue FROM orders GROUP BY 1').finally(() => reference.close());
      const body = written.slice(1).map(([region, count, revenue]) => ({ region, count: Number(count), revenue: Number(revenue) }));
      expect(body.map((row) => row.count)).toEqual([...body.map((row) => row.count)].sort((a, b) => b - a));
      const byRegion = (a: { region: unknown }, b: { region: unknown }) => String(a.region).localeCompare(String(b.region));
      const want = expected.map((row) => ({ region: row.region, count: Number(row.count), revenue: Number(row.revenue) })).sort(byRegion);
      expect(body.sort(byRegion).map(({ region, count }) => ({ region, count }))).toEqual(want.map(({ region, count }) => ({ region, count })));
      body.forEach((row, i) => expect(row.revenue).toBeCloseTo(want[i]!.revenue, 2));
      // Recorded once, with the definition it ran: no second round for a stale write.
      expect(sent(figures.log).filter((name) => name === 'recordRefresh')).toHaveLength(1);
    } finally {
      await pane.store.dispose();
    }
  });
});
