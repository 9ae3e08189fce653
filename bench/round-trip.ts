import { startPlatform } from '../server/app';
import { PlatformClient, type FetchLike } from '../src/client';
import { RECORDS_IN_FLIGHT } from '../src/platform/platform-placements';
import { installHost } from './excel-host';
import { http2Fetch, type Http2Fetch } from './http2-fetch';
import { median, type BenchResult } from './measure';
import { startFrontsThread, type FrontsThread } from './round-trip-server';
import { HTTP1_CONNECTIONS_PER_HOST, perHostConnections } from './browser-fetch';
import { builderChanges, liveCheck, placeSmall, refreshAll, refreshSmall, RoundTripBench, type ActionFigures } from './round-trip-actions';

/** A remote host's round trip per sync: Excel on the web over a good connection, and over a slow one. */
const ROUND_TRIPS_MS = [50, 150];
/** The bounds are all at 150 ms; the other round trips are reported beside them, not judged. */
const JUDGED_ROUND_TRIP_MS = 150;

/** `bound` where the round trip is the judged one. */
const judged = (roundTripMs: number, bound: NonNullable<BenchResult['bound']>): Pick<BenchResult, 'bound'> =>
  (roundTripMs === JUDGED_ROUND_TRIP_MS ? { bound } : {});

/**
 * The least number of syncs each action needs, what the 5 MB request and response limits and true
 * read-before-write dependencies force (the reasons are in docs/benchmarks.md), and the bound in round trips.
 */
const ACTIONS = {
  builder: { minimal: 2, boundTrips: 3, label: 'a builder change to its cells (auto-run; median of 3 changes)' },
  place: { minimal: 3, boundTrips: 4, label: 'place a small report as a table' },
  refresh: { minimal: 1, boundTrips: 2, label: 'refresh with no change' },
  refreshChanged: { minimal: 2, boundTrips: 3, label: 'refresh with a few rows changed' },
  live: { minimal: 1, boundTrips: 1, label: 'live hand-edit check after typing into a placed cell' },
} as const;
/**
 * Refresh all: one sync reading every placement's cells, one batched write of every placement's changed rows (well
 * under 4.5 MB). The write needs the read (only changed rows are written, and a hand edit is a question first), and
 * each record needs its write answered (docs/benchmarks.md, "Round trips per user action, in Node").
 */
const REFRESH_ALL_MINIMAL = 2;
/**
 * Refresh all runs per protocol and round trip, the median judged: on a machine shared with other work, one run
 * can lose tens of milliseconds to a stall of its one thread that is not the add-in's (about 2.5 s of set-up each).
 */
const REFRESH_ALL_RUNS = 5;

/**
 * The action's time as judged: the wall time less this thread's waits for a CPU that other work held (issue 43:
 * bounds that hold on a machine with other work on it, as `bench/rs-functions.ts` judges). The add-in and the host
 * emulator share this thread, and the data time is taken on the same clock (`InFlight`).
 */
const ownMs = (action: ActionFigures) => action.wallMs - action.cpuWaitMs;

function figuresOf(roundTripMs: number, action: ActionFigures, minimal: number, floorMs: number, boundMs: number): Record<string, number> {
  return {
    'round trip ms': roundTripMs, syncs: action.syncs, 'minimal syncs': minimal, 'wall ms': action.wallMs,
    'waited for a CPU ms': action.cpuWaitMs, 'own ms (judged)': ownMs(action), 'data API ms': action.dataMs,
    'platform API ms (not in the floor)': action.platformMs, 'floor ms': floorMs, 'bound ms': boundMs, 'own / floor': ownMs(action) / floorMs,
  };
}

/** The action against the bound: data time + `boundTrips` round trips (the live check: fewer than two round trips, one sync). */
function result(key: keyof typeof ACTIONS, roundTripMs: number, action: ActionFigures, extra: Record<string, number> = {}): BenchResult {
  const { minimal, boundTrips, label } = ACTIONS[key];
  const floorMs = action.dataMs + minimal * roundTripMs;
  if (key === 'live') {
    return {
      name: `${roundTripMs} ms round trip: ${label}`,
      figures: { ...figuresOf(roundTripMs, action, minimal, floorMs, 2 * roundTripMs), ...extra },
      ...judged(roundTripMs, { description: '1 round trip: 1 sync, own time < 2 round trips', met: action.syncs <= 1 && ownMs(action) < 2 * roundTripMs }),
    };
  }
  const boundMs = action.dataMs + boundTrips * roundTripMs;
  return {
    name: `${roundTripMs} ms round trip: ${label}`,
    figures: { ...figuresOf(roundTripMs, action, minimal, floorMs, boundMs), ...extra },
    ...judged(roundTripMs, { description: `own time ≤ data time + ${boundTrips} round trips`, met: ownMs(action) <= boundMs }),
  };
}

/**
 * Refresh all's floor: the run's slowest query, then the writes' floor: minimal syncs × round trip and the 40 records
 * sent at once after the write, as long as the run's records were in flight (the cards cannot say Up to date before
 * the platform has them; the platform's time for them is its own, slowed by other work on the machine as it is).
 */
function refreshAllFloorMs(roundTripMs: number, all: ActionFigures): number {
  return all.slowestQueryMs + REFRESH_ALL_MINIMAL * roundTripMs + all.recordsMs;
}

/** Refresh all's bound: 1.3 × its floor. */
function refreshAllBoundMs(roundTripMs: number, all: ActionFigures): number {
  return 1.3 * refreshAllFloorMs(roundTripMs, all);
}

/**
 * Refresh all against 1.3 × (slowest query + the writes' floor), the writes' floor being minimal syncs × round trip
 * and the records' time in flight, judged when `judge` (at 150 ms). The slowest query is the run's own. Of several runs, the median run is shown
 * (by own time / bound, so its figures belong together), with the least and the most wall time of them and the worst ratio.
 */
function refreshAllResult(roundTripMs: number, label: string, runs: ActionFigures[], judge = false): BenchResult {
  const all = medianOf(runs, (run) => ownMs(run) / refreshAllBoundMs(roundTripMs, run));
  const floorMs = refreshAllFloorMs(roundTripMs, all);
  const boundMs = refreshAllBoundMs(roundTripMs, all);
  const spread: Record<string, number> = runs.length > 1 ? {
    runs: runs.length, 'wall ms, least of the runs': Math.min(...runs.map((r) => r.wallMs)), 'wall ms, most of the runs': Math.max(...runs.map((r) => r.wallMs)),
    'own / bound, most of the runs': Math.max(...runs.map((r) => ownMs(r) / refreshAllBoundMs(roundTripMs, r))),
  } : {};
  return {
    name: `${roundTripMs} ms round trip: ${label}`,
    figures: {
      ...figuresOf(roundTripMs, all, REFRESH_ALL_MINIMAL, floorMs, boundMs), 'slowest query ms': all.slowestQueryMs, 'records in flight ms': all.recordsMs, queries: all.queries, 'own / bound': ownMs(all) / boundMs, ...spread,
    },
    ...(judge ? judged(roundTripMs, { description: 'own time ≤ 1.3 × (slowest query + minimal syncs × round trip + the records in flight), the median of the runs', met: ownMs(all) <= boundMs }) : {}),
  };
}

/** The median item by `value`, so the figures shown belong to one and the same item. */
function medianOf<T>(items: T[], value: (item: T) => number): T {
  const middle = median(items.map(value));
  return items.reduce((best, item) => (Math.abs(value(item) - middle) < Math.abs(value(best) - middle) ? item : best));
}

/** A front to the platform as a browser pane reaches it: its fetch, and an admin's Platform API client on it. */
interface Front {
  url: string;
  fetch: FetchLike;
  admin: PlatformClient;
}

/**
 * The front at `url` reached with `fetch`. Its connections to the platform are opened before anything is measured,
 * as a hosted platform's proxy has them open under its traffic, so a wave's records are not the first to need them.
 */
async function reachFront(url: string, fetch: FetchLike, adminToken: string): Promise<Front> {
  const admin = new PlatformClient({ baseUrl: url, accessToken: () => adminToken, fetch });
  await Promise.all(Array.from({ length: RECORDS_IN_FLIGHT }, () => admin.getCurrentUser()));
  return { url, fetch, admin };
}

/**
 * Issue 27: user actions on Office.js over the host emulator with a round trip per sync (the host answers each
 * request after `delayMs`), against the local platform. Per action: wall time, syncs, the data API's own time
 * (time with a data-client request in flight) and the floor, data time + minimal syncs × round trip.
 * Set-ups run without a delay; only the action is timed. Bounds are judged at 150 ms only, as the issue sets them.
 * Refresh all reaches a platform of its own through a front (`startFrontsThread`), over HTTP/2 (judged) and over
 * HTTP/1.1 (said).
 * Set `BENCH_ROUND_TRIPS=50` to run one round trip only.
 */
export async function roundTripBenchmarks(): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  const roundTrips = process.env.BENCH_ROUND_TRIPS?.split(',').map(Number) ?? ROUND_TRIPS_MS;
  const results: BenchResult[] = [];
  // Refresh all's platform, behind an HTTPS front speaking HTTP/2 (one session, a stream per request, as a browser
  // reaches a hosted platform) and a plain HTTP/1.1 one (six exchanges at once), on a thread of their own.
  let fronts: FrontsThread | null = null;
  let h2Session: Http2Fetch | null = null;
  try {
    fronts = await startFrontsThread();
    h2Session = http2Fetch({ ca: fronts.h2.cert });
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    const h2 = await reachFront(fronts.h2.url, h2Session.fetch, fronts.adminToken);
    const http1 = await reachFront(fronts.http1.url, perHostConnections(), fronts.adminToken);
    /** A bench whose platform and data clients both go through `front`. */
    const through = (front: Front, workbook: string) => RoundTripBench.open(
      installHost(workbook, { profile: 'web' }), front.admin, { fetch: front.fetch, dataOrigin: front.url },
    );
    for (const roundTripMs of roundTrips) {
      const builder = await RoundTripBench.open(installHost(`Builder-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      const changes = await builderChanges(builder, roundTripMs);
      const change = medianOf(changes, (c) => c.wallMs);
      results.push(result('builder', roundTripMs, change, {
        'syncs, fewest of the changes': Math.min(...changes.map((c) => c.syncs)), 'syncs, most of the changes': Math.max(...changes.map((c) => c.syncs)),
      }));

      const bench = await RoundTripBench.open(installHost(`Small-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      const placed = await placeSmall(bench, roundTripMs);
      results.push(result('place', roundTripMs, placed.figures, { rows: placed.rows }));
      results.push(result('refresh', roundTripMs, await refreshSmall(bench, roundTripMs, false)));
      results.push(result('refreshChanged', roundTripMs, await refreshSmall(bench, roundTripMs, true)));
      results.push(result('live', roundTripMs, await liveCheck(bench, roundTripMs)));

      // Over HTTP/2: a wave's 40 records go at once, streams of one connection. Each run on a workbook of its own.
      const overH2: ActionFigures[] = [];
      for (let run = 1; run <= REFRESH_ALL_RUNS; run += 1) overH2.push(await refreshAll(await through(h2, `Many-${roundTripMs}-${run}.xlsx`), roundTripMs));
      results.push(refreshAllResult(roundTripMs, 'Refresh all of 40 small placements on 4 sheets, a few rows of each changed, over HTTP/2', overH2, true));
      // The same with 40 distinct definitions, so 40 queries (8 in flight): shown beside it, not judged.
      const distinct = await through(h2, `Distinct-${roundTripMs}.xlsx`);
      results.push(refreshAllResult(roundTripMs, 'Refresh all of 40 small placements of 40 distinct definitions, over HTTP/2 (not judged)', [await refreshAll(distinct, roundTripMs, { distinct: true })]));
      // The judged runs again over HTTP/1.1: six exchanges at once.
      const overHttp1: ActionFigures[] = [];
      for (let run = 1; run <= REFRESH_ALL_RUNS; run += 1) {
        overHttp1.push(await refreshAll(await through(http1, `Http1-${roundTripMs}-${run}.xlsx`), roundTripMs, { prefix: 'RoundHttp' }));
      }
      results.push(refreshAllResult(
        roundTripMs, `Refresh all of 40 small placements, over HTTP/1.1 (${HTTP1_CONNECTIONS_PER_HOST} connections per host; not judged)`, overHttp1,
      ));
    }
  } finally {
    await h2Session?.close();
    await fronts?.close();
    await platform.close();
  }
  return results;
}
