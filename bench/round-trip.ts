import { startPlatform } from '../server/app';
import { PlatformClient } from '../src/client';
import { installHost } from './excel-host';
import { median, type BenchResult } from './measure';
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
/** Refresh all: one sync reading every placement's cells, one batched write of every placement's changed rows (well under 4.5 MB). */
const REFRESH_ALL_MINIMAL = 2;

function figuresOf(roundTripMs: number, action: ActionFigures, minimal: number, floorMs: number, boundMs: number): Record<string, number> {
  return {
    'round trip ms': roundTripMs, syncs: action.syncs, 'minimal syncs': minimal, 'wall ms': action.wallMs, 'data API ms': action.dataMs,
    'platform API ms (not in the floor)': action.platformMs, 'floor ms': floorMs, 'bound ms': boundMs, 'wall / floor': action.wallMs / floorMs,
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
      ...judged(roundTripMs, { description: '1 round trip: 1 sync, wall < 2 round trips', met: action.syncs <= 1 && action.wallMs < 2 * roundTripMs }),
    };
  }
  const boundMs = action.dataMs + boundTrips * roundTripMs;
  return {
    name: `${roundTripMs} ms round trip: ${label}`,
    figures: { ...figuresOf(roundTripMs, action, minimal, floorMs, boundMs), ...extra },
    ...judged(roundTripMs, { description: `wall ≤ data time + ${boundTrips} round trips`, met: action.wallMs <= boundMs }),
  };
}

/** Refresh all against 1.3 × (slowest query + minimal syncs × round trip), judged when `judge` (at 150 ms). */
function refreshAllResult(roundTripMs: number, label: string, all: ActionFigures, judge = false): BenchResult {
  const floorMs = all.slowestQueryMs + REFRESH_ALL_MINIMAL * roundTripMs;
  const boundMs = 1.3 * floorMs;
  return {
    name: `${roundTripMs} ms round trip: ${label}`,
    figures: { ...figuresOf(roundTripMs, all, REFRESH_ALL_MINIMAL, floorMs, boundMs), 'slowest query ms': all.slowestQueryMs, queries: all.queries },
    ...(judge ? judged(roundTripMs, { description: 'wall ≤ 1.3 × (slowest query + minimal syncs × round trip)', met: all.wallMs <= boundMs }) : {}),
  };
}

/** The median change by wall time, so its syncs and data time belong to the same change. */
function medianChange(changes: ActionFigures[]): ActionFigures {
  const wall = median(changes.map((c) => c.wallMs));
  return changes.reduce((best, c) => (Math.abs(c.wallMs - wall) < Math.abs(best.wallMs - wall) ? c : best));
}

/**
 * Issue 27: user actions on Office.js over the host emulator with a round trip per sync (the host answers each
 * request after `delayMs`), against the local platform. Per action: wall time, syncs, the data API's own time
 * (time with a data-client request in flight) and the floor, data time + minimal syncs × round trip.
 * Set-ups run without a delay; only the action is timed. Bounds are judged at 150 ms only, as the issue sets them.
 * Set `BENCH_ROUND_TRIPS=50` to run one round trip only.
 */
export async function roundTripBenchmarks(): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  const roundTrips = process.env.BENCH_ROUND_TRIPS?.split(',').map(Number) ?? ROUND_TRIPS_MS;
  const results: BenchResult[] = [];
  try {
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    for (const roundTripMs of roundTrips) {
      const builder = await RoundTripBench.open(installHost(`Builder-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      const changes = await builderChanges(builder, roundTripMs);
      const change = medianChange(changes);
      results.push(result('builder', roundTripMs, change, {
        'syncs, fewest of the changes': Math.min(...changes.map((c) => c.syncs)), 'syncs, most of the changes': Math.max(...changes.map((c) => c.syncs)),
      }));

      const bench = await RoundTripBench.open(installHost(`Small-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      const placed = await placeSmall(bench, roundTripMs);
      results.push(result('place', roundTripMs, placed.figures, { rows: placed.rows }));
      results.push(result('refresh', roundTripMs, await refreshSmall(bench, roundTripMs, false)));
      results.push(result('refreshChanged', roundTripMs, await refreshSmall(bench, roundTripMs, true)));
      results.push(result('live', roundTripMs, await liveCheck(bench, roundTripMs)));

      // Node's fetch sends a wave's 40 records at once, as a browser does over HTTP/2 (a platform served over HTTPS).
      const many = await RoundTripBench.open(installHost(`Many-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      results.push(refreshAllResult(roundTripMs, 'Refresh all of 40 small placements on 4 sheets, a few rows of each changed', await refreshAll(many, roundTripMs), true));
      // The same with 40 distinct definitions, so 40 queries (8 in flight): shown beside it, not judged.
      const distinct = await RoundTripBench.open(installHost(`Distinct-${roundTripMs}.xlsx`, { profile: 'web' }), admin);
      results.push(refreshAllResult(roundTripMs, 'Refresh all of 40 small placements of 40 distinct definitions (not judged)', await refreshAll(distinct, roundTripMs, { distinct: true })));
      // The judged run again over HTTP/1.1 as a browser sends it to the local platform: six exchanges at once.
      const http1 = perHostConnections();
      const http1Admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin, fetch: http1 });
      const sixAtOnce = await RoundTripBench.open(installHost(`Http1-${roundTripMs}.xlsx`, { profile: 'web' }), http1Admin, { fetch: http1 });
      results.push(refreshAllResult(
        roundTripMs, `Refresh all of 40 small placements, over HTTP/1.1 (${HTTP1_CONNECTIONS_PER_HOST} connections per host; not judged)`,
        await refreshAll(sixAtOnce, roundTripMs, { prefix: 'RoundHttp' }),
      ));
    }
  } finally {
    await platform.close();
  }
  return results;
}
