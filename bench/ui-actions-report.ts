import { median, type BenchResult } from './measure';
import { busyMs, longestChain, waitedFor, type ActionTiming } from './ui-actions-timing';

/** Issue 43's actions, what each is timed to, and its bound in round trips beyond the data API's own time. */
export const UI_ACTIONS = {
  place: { label: 'place a 5 × 3 report: from the click on Place to the pane saying it is placed and its card Up to date', boundTrips: 4.5 },
  refresh: { label: "refresh with no change: from the click on the card's Refresh to the card idle and Up to date", boundTrips: 2.5 },
  builder: { label: 'builder change → cells (auto-run, its pause included): from the click on Add to Rows to the new result in the cells', boundTrips: 3.5 },
  paneStart: { label: 'pane start: from navigation start (page load) to the first card with its status', boundTrips: 5 },
} as const;

export type UiActionKey = keyof typeof UI_ACTIONS;

/**
 * The pane's start is judged by the round trips it waits for beyond the page's own start: most of its time is the
 * page's own work (loading and running its scripts, Office's start, the first render), which takes what the machine
 * gives it (about 630 ms of 680 at 150 ms on a quiet machine, twice that beside the test suite). Issue 43 asks that a
 * bound depending on the machine's speed be a ratio of two things measured in the same run, so each start at a round
 * trip is set against the same page's start with its syncs answered at once, just before it. The floor is its one
 * sync; the bound gives the 1.5 round trips beyond the floor that place and refresh get. The page's own work has its
 * bound in `bench/pane.ts` (first paint within 2 × an empty Fluent page's, same run); the 5 round trips on the
 * wall clock are printed.
 */
const PANE_START_BOUND_TRIPS = 2.5;

export type Protocol = 'HTTP/2' | 'HTTP/1.1';
/** The bounds hold at 150 ms over HTTP/2; the other round trip and HTTP/1.1 are reported beside them. */
const JUDGED = { roundTripMs: 150, protocol: 'HTTP/2' as Protocol };

/** The runs of one action at one round trip over one protocol; for the pane's start, when its script began in each. */
export interface ActionRuns {
  action: UiActionKey;
  protocol: Protocol;
  roundTripMs: number;
  runs: ActionTiming[];
  scriptStartedAt?: number[];
  /** For the pane's start, each run's page own start (wall − data with syncs answered at once), measured just before it. */
  ownStartMs?: number[];
}

const beyondData = (run: ActionTiming, roundTripMs: number) => (run.wallMs - run.dataMs) / roundTripMs;
const count = (run: ActionTiming, kind: string) => run.requests.filter((r) => r.kind === kind).length;

/** The run whose round trips beyond data are nearest the median, so its syncs and requests belong to one run. */
function typicalRun({ runs, roundTripMs }: ActionRuns): ActionTiming {
  const middle = median(runs.map((r) => beyondData(r, roundTripMs)));
  return runs.reduce((best, r) => (Math.abs(beyondData(r, roundTripMs) - middle) < Math.abs(beyondData(best, roundTripMs) - middle) ? r : best));
}

/** The pane's start again, from when its own script began running (the page's own loading left out). */
function fromScriptStart({ runs, roundTripMs, scriptStartedAt = [] }: ActionRuns): Record<string, number> {
  if (scriptStartedAt.length !== runs.length) return {};
  const after = runs.map((run, i) => {
    const from = scriptStartedAt[i]!;
    const data = busyMs(run.requests.filter((r) => r.kind === 'data'), from, run.doneAt);
    return { wall: run.doneAt - from, trips: (run.doneAt - from - data) / roundTripMs };
  });
  return {
    'script started at ms': median(scriptStartedAt), 'ms from script start': median(after.map((a) => a.wall)),
    'round trips beyond data from script start': median(after.map((a) => a.trips)),
  };
}

/** The pane's start: its runs' round trips beyond the data time and beyond the page's own start measured beside each. */
function beyondOwnStart({ runs, roundTripMs, ownStartMs = [] }: ActionRuns): number {
  if (ownStartMs.length !== runs.length) throw new Error("the pane's start was timed without its own start beside it");
  return median(runs.map((run, i) => (run.wallMs - run.dataMs - ownStartMs[i]!) / roundTripMs));
}

/** One action's figures at one round trip and protocol: medians of its runs, counts of its median run; judged at 150 ms over HTTP/2. */
export function uiActionResult(measured: ActionRuns): BenchResult {
  const { action, protocol, roundTripMs, runs } = measured;
  const { label, boundTrips } = UI_ACTIONS[action];
  const trips = median(runs.map((r) => beyondData(r, roundTripMs)));
  const typical = typicalRun(measured);
  const judged = roundTripMs === JUDGED.roundTripMs && protocol === JUDGED.protocol;
  const paneStart = action === 'paneStart' ? beyondOwnStart(measured) : null;
  return {
    name: `${roundTripMs} ms round trip, ${protocol}: ${label} (Chromium, production build, median of ${runs.length})`,
    figures: {
      'round trip ms': roundTripMs, 'wall ms': median(runs.map((r) => r.wallMs)), 'data API ms': median(runs.map((r) => r.dataMs)),
      'round trips beyond data': trips, 'bound round trips': boundTrips,
      syncs: count(typical, 'sync'), 'most syncs': Math.max(...runs.map((r) => count(r, 'sync'))),
      'platform API requests': count(typical, 'platform'), 'data API requests': count(typical, 'data'),
      'longest chain of requests': longestChain(typical.requests),
      ...(paneStart === null ? {} : {
        "the page's own start ms": median(measured.ownStartMs!), "round trips beyond the page's own start": paneStart,
        "bound round trips beyond the page's own start": PANE_START_BOUND_TRIPS, ...fromScriptStart(measured),
      }),
    },
    ...(!judged ? {} : paneStart === null
      ? { bound: { description: `≤ ${boundTrips} round trips beyond the data API's time (median)`, met: trips <= boundTrips } }
      : { bound: { description: `≤ ${PANE_START_BOUND_TRIPS} round trips beyond the data time and the page's own start measured beside it (median)`, met: paneStart <= PANE_START_BOUND_TRIPS } }),
  };
}

/** The median run's syncs and requests in the order they went, each with when it ran and which ones it waited for. */
export function requestOrder(measured: ActionRuns): string {
  const typical = typicalRun(measured);
  const { startedAt, requests } = typical;
  const from = measured.action === 'paneStart' ? 'navigation start' : 'the click';
  const waits = waitedFor(requests);
  const at = (ms: number) => (ms - startedAt).toFixed(0).padStart(5);
  const lines = requests.map((r, i) => {
    const after = waits[i]!.length ? `  after ${waits[i]!.map((j) => j + 1).join(',')}` : '';
    const what = r.what.length > 160 ? `${r.what.slice(0, 157)}...` : r.what;
    return `  ${String(i + 1).padStart(3)}. ${r.kind.padEnd(8)} ${at(r.start)} → ${at(r.end)}  ${what}${after}`;
  });
  const heading = `${measured.action} at ${measured.roundTripMs} ms, ${measured.protocol}, the median run (ms from ${from}; `
    + `done at ${typical.wallMs.toFixed(0)}, data ${typical.dataMs.toFixed(0)} ms):`;
  return [heading, ...lines].join('\n');
}
