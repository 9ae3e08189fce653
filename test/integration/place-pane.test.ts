/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { RoundTripBench } from '../../bench/round-trip-actions';
import type { CubeQuery, Report } from '../../src/contract';
import { storePorts } from '../../src/pane/compose/parts';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import { placementKey, type WorkbookPlacement } from '../../src/placements/workbook-placements';
import type { ExcelHost } from '../../workbench/excel-host';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { logDataLoads, loggedPlatform, type RequestLog as Log } from '../support/logged-requests';
import { useAnalystPlatform } from '../support/local-platform';
import { until, words } from '../support/workspace-store-fakes';

/**
 * Issue 43: Place, through the pane store on Office.js over the host emulator against the local platform, counted
 * until the pane says the report is placed and its new card shows Up to date: Excel syncs, and the Platform API
 * requests and data loads in the order they were sent. Not timed; each bound is an upper bound.
 */
jest.setTimeout(120_000);

const local = useAnalystPlatform();

/** Before the card shows: the workbook read (beside the report's read and the query), and the write. */
const SYNCS_BEFORE_CARD = 2;
/** What the pane asks the platform to list its placements: never before the new card shows. */
const LISTING = ['externalDocumentPlacements', 'iterateReports', 'listReports'];

/** The pane over a workbook (with `placedFirst` placed at Sheet1!B3 beforehand, when given), its requests logged; the store listed. */
async function pane(placedFirst?: string) {
  const log: Log = [];
  const host = installWorkbook();
  const bench = await RoundTripBench.open(host, loggedPlatform(local.t.admin, log));
  logDataLoads(bench, log);
  if (placedFirst) {
    await selectCell('B3', 'Sheet1');
    expect((await bench.service.place(await bench.report(placedFirst, ['orders.status']))).kind).toBe('done');
  }
  const store = new WorkspaceStore({ ports: storePorts(bench.workspace), writeDisabled: () => false, words, liveDebounceMs: 1 });
  await store.start({ visible: false });
  return { log, host, bench, store };
}

interface Seen { syncs: number; log: Log; entry: WorkbookPlacement }

/**
 * Places `report` at `cell` through the store, and answers what had happened when the pane first said it was placed
 * with its card Up to date: the syncs and the requests sent until then, and the card's entry. Waits for the pane to
 * list its placements again afterwards (in the background), so nothing is left running.
 */
async function placeFromPane({ log, host, store }: Awaited<ReturnType<typeof pane>>, report: Report, cell: string) {
  await selectCell(cell, 'Sheet1');
  // What set-up left running settles first: its syncs are not the placing's.
  await new Promise((resolve) => setTimeout(resolve, 50));
  host.resetStats();
  log.length = 0;
  let atCard: Seen | null = null;
  const stop = store.subscribe(() => {
    const state = store.getState();
    const entry = state.placements?.find((e) => e.reportId === report.id && e.location?.rect.top === Number(cell.slice(1)) - 1);
    if (!atCard && entry && state.notice?.kind === 'written' && store.cards().get(placementKey(entry))?.status === 'UP_TO_DATE') {
      atCard = { syncs: host.stats.syncs, log: [...log], entry };
    }
  });
  try {
    const placed = await store.place(report);
    expect(placed ? placed : { error: store.getState().error, question: store.getState().question }).toBe(true);
    await until(() => log.includes('externalDocumentPlacements:end'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    stop();
  }
  if (!atCard) throw new Error(`the new card never said Up to date: ${log.join(', ')}`);
  const seen = atCard as Seen;
  const listed = store.getState().placements?.find((e) => placementKey(e) === placementKey(seen.entry));
  return { ...seen, listed, after: { syncs: host.stats.syncs, log: [...log] } };
}

const sent = (log: Log) => log.filter((name) => !name.endsWith(':end'));
const platformSent = (log: Log) => sent(log).filter((name) => name !== 'load');

/**
 * What the listing says of a placement, compared with its card from the write's outcome. Its owner by email: the
 * name (shown only on a card the user may not read) is the report's spelling of it until the listing comes.
 */
const card = (e: WorkbookPlacement | undefined) => e && ({
  key: placementKey(e), reportId: e.reportId, deploymentId: e.deploymentId, access: e.access, owner: e.owner.email, legacy: e.legacy, refused: e.refused,
  placement: e.placement, report: e.report?.currentQueryChecksum, location: e.location && { ...e.location, table: undefined },
});

const headersAt = (host: ExcelHost, top: number, left: number) => cellsOf(host, 'Sheet1', top, left, 1, 3)[0];

describe('Place from the pane, until its card says Up to date', () => {
  it('in a fresh workbook: the read and the write, the data connection opened beside the report read, the record, no listing first', async () => {
    const p = await pane();
    try {
      const report = await p.bench.report('PlacePaneNew', ['orders.status']);
      const figures = await placeFromPane(p, report, 'B3');
      // Reported beside the bounds on a failure.
      const seen = { syncs: figures.syncs, log: figures.log, after: figures.after };
      expect(figures.syncs <= SYNCS_BEFORE_CARD ? figures.syncs : seen).toBe(figures.syncs);
      const before = platformSent(figures.log);
      expect(before.filter((name) => LISTING.includes(name))).toEqual([]);
      // The report read, the data API's address and token (asked together), and the record: nothing else.
      expect([...before].sort()).toEqual(['connectWorkbook', 'getReport', 'issueDeploymentToken', 'listEnvironments']);
      expect(before[before.length - 1]).toBe('connectWorkbook');
      // The data connection did not wait for the report's read, nor the token for the address.
      expect(figures.log.indexOf('listEnvironments')).toBeLessThan(figures.log.indexOf('getReport:end'));
      expect(figures.log.indexOf('issueDeploymentToken')).toBeLessThan(figures.log.indexOf('listEnvironments:end'));
      expect(sent(figures.log).filter((name) => name === 'load')).toHaveLength(1);
      // The table and the columns' fit came after the card, then the listing, in the background.
      expect(platformSent(figures.after.log)).toContain('externalDocumentPlacements');
      // The card from the outcome is the one the listing gives, apart from the table made after it showed.
      expect(card(figures.entry)).toEqual(card(figures.listed));
      expect(figures.entry.location?.table).toBe(false);
      expect(figures.listed?.location?.table).toBe(true);
      expect(p.store.cards().get(placementKey(figures.entry))?.status).toBe('UP_TO_DATE');
      expect(headersAt(p.host, 2, 1)).toEqual(['Status', 'Count', 'Revenue']);
    } finally {
      await p.store.dispose();
    }
  });

  it('beside a listed placement: its ids read with the workbook (not asked of the registry), the open data connection reused', async () => {
    const p = await pane('PlacePaneOne');
    try {
      const report = await p.bench.report('PlacePaneTwo', ['orders.region']);
      const figures = await placeFromPane(p, report, 'H3');
      expect(figures.syncs).toBeLessThanOrEqual(SYNCS_BEFORE_CARD);
      expect(platformSent(figures.log)).toEqual(['getReport', 'connectWorkbook']);
      // Both cards, in sheet order, before the listing and after it.
      const titles = (placements: readonly WorkbookPlacement[] | null | undefined) => placements?.map((e) => e.report?.publicId);
      expect(titles(p.store.getState().placements)).toEqual(['PlacePaneOne', 'PlacePaneTwo']);
      expect(card(figures.entry)).toEqual(card(figures.listed));
    } finally {
      await p.store.dispose();
    }
  });

  it('a definition changed after the pane listed it: the new definition\'s data is placed, never the listed one\'s', async () => {
    const p = await pane();
    try {
      const listed = await p.bench.report('PlacePaneDfn', ['orders.status']);
      // Changed elsewhere (the web app) after the pane listed it: grouped by region now.
      const regionQuery: CubeQuery = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.region'] };
      await local.t.admin.updateReport(listed.deploymentId, listed.id, { jsonQuery: JSON.stringify(regionQuery) });
      const figures = await placeFromPane(p, listed, 'B3');
      expect(headersAt(p.host, 2, 1)).toEqual(['Region', 'Count', 'Revenue']);
      // The read definition's query went out once the report was read.
      expect(figures.log.lastIndexOf('load')).toBeGreaterThan(figures.log.indexOf('getReport:end'));
      expect(p.store.cards().get(placementKey(figures.entry))?.status).toBe('UP_TO_DATE');
      expect(figures.entry.report?.jsonQuery).toBe(JSON.stringify(regionQuery));
    } finally {
      await p.store.dispose();
    }
  });
});
