import type { Page } from 'playwright-core';
import type { LoggedRequest } from '../workbench/request-log';

/**
 * Timing a user action in the workbench page from what the page itself records: the click's event time, the moment
 * a visible outcome holds, the host's log of Excel syncs
 * (`window.workbench.requests`) and the browser's Resource Timing of the requests to the platform. All times are the
 * page's `performance.now()`, from its navigation start.
 */

/** One request of an action: an Excel sync, a Platform API request, or a data API (`/cubejs-api/`) request. */
export interface ActionRequest {
  kind: 'sync' | 'platform' | 'data';
  /** What it asked: a sync's actions in the host's words, a request's path. */
  what: string;
  start: number;
  end: number;
  /** The HTTP protocol the browser used (Resource Timing's `nextHopProtocol`); none for a sync. */
  protocol?: string;
}

export interface ActionTiming {
  /** The click's event time, or 0 (navigation start) for the pane's start. */
  startedAt: number;
  /** When the outcome the user waits for held (the frame it was first seen in). */
  doneAt: number;
  wallMs: number;
  /** Time with at least one data API request in flight, overlapping requests counted once. */
  dataMs: number;
  /** The syncs and requests started from `startedAt` to `doneAt`, in the order they started. */
  requests: ActionRequest[];
}

/** A check run in the page on what it shows: self-contained (it is sent as its source), `arg` its only input. */
export type PageCheck<A> = (arg: A) => boolean;

/** What the user sees as done, and (optionally) what shows that the action began. */
export interface Check<A> { done: PageCheck<A>; started?: PageCheck<A>; arg: A }

type HostWindow = { workbench: { host: { options: { delayMs?: number } }; requests: LoggedRequest[] } };
type ArmedWindow = { uiAction?: { clickAt: number | null; startedAt: number | null; doneAt: number | null } };

/** The host's round trip per sync from now on, as `?delayMs=` sets it when the page opens. */
export function setRoundTrip(page: Page, delayMs: number): Promise<void> {
  return page.evaluate((ms) => {
    (window as unknown as HostWindow).workbench.host.options.delayMs = ms;
  }, delayMs);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the page has sent so far, said so that any sync answered or request finished since changes it. */
const traffic = (page: Page) => page.evaluate(() => {
  const { requests } = (window as unknown as HostWindow).workbench;
  return `${requests.length} ${requests.at(-1)?.answeredAt} ${performance.getEntriesByType('resource').length}`;
});

/** Waits until the page has sent nothing for `quietMs`: what a set-up left running is not the next action's. */
export async function untilQuiet(page: Page, quietMs = 400, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await traffic(page);
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`the page did not settle: it kept sending requests for ${timeoutMs / 1000} s`);
    await sleep(100);
    const now = await traffic(page);
    if (now !== last) [last, since] = [now, Date.now()];
  }
}

/**
 * Starts watching the page for `check.done` (and first `check.started`, when given), from the next click or, with
 * `fromClick` false, from now: checked on every change to the page as it is made (before the frame that paints
 * it) and every frame besides.
 */
async function watch<A>(page: Page, check: Check<A>, fromClick: boolean): Promise<void> {
  await page.evaluate(({ doneSource, startedSource, arg, fromClick: clicked }) => {
    const done = new Function(`return (${doneSource})`)() as (a: unknown) => boolean;
    const started = startedSource ? new Function(`return (${startedSource})`)() as (a: unknown) => boolean : null;
    const state = { clickAt: clicked ? null : 0 as number | null, startedAt: null as number | null, doneAt: null as number | null };
    (window as unknown as ArmedWindow).uiAction = state;
    // Capturing on the window: heard before any of the page's own handlers acts on the click.
    if (clicked) {
      window.addEventListener('click', (event) => {
        state.clickAt ??= event.timeStamp;
      }, { capture: true, once: true });
    }
    const observer = new MutationObserver(() => check());
    const check = () => {
      if (state.clickAt === null || state.doneAt !== null) return;
      if (started && state.startedAt === null) {
        if (!started(arg)) return;
        state.startedAt = performance.now();
      }
      if (!done(arg)) return;
      state.doneAt = performance.now();
      observer.disconnect();
    };
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const frame = () => {
      check();
      if (state.doneAt === null) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, { doneSource: check.done.toString(), startedSource: check.started?.toString() ?? null, arg: check.arg, fromClick });
}

/** Waits for what `watch` watches; resolves to the click's time (0 without one) and the moment it was done. */
async function watched<A>(page: Page, check: Check<A>, timeoutMs: number): Promise<{ clickAt: number; doneAt: number }> {
  const state = () => page.evaluate(() => (window as unknown as ArmedWindow).uiAction);
  await page.waitForFunction(() => (window as unknown as ArmedWindow).uiAction?.doneAt != null, undefined, { timeout: timeoutMs, polling: 100 }).catch(async (error: unknown) => {
    const seen = await state();
    const stage = seen?.clickAt == null ? 'the click was not heard' : check.started && seen.startedAt == null ? 'the action never showed that it began' : 'its outcome never showed';
    throw new Error(`${stage} within ${timeoutMs / 1000} s`, { cause: error });
  });
  const { clickAt, doneAt } = (await state())!;
  return { clickAt: clickAt!, doneAt: doneAt! };
}

/**
 * Clicks with the host at `delayMs` per sync and times the click to `check.done`. `check.started`, when given, must
 * be seen first: an outcome that also held before the click (a card that stays Up to date) counts only once the
 * action has begun.
 */
export async function timeClick<A>(page: Page, delayMs: number, click: () => Promise<void>, check: Check<A>, timeoutMs = 60_000): Promise<ActionTiming> {
  await page.evaluate(() => {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(100_000);
  });
  await watch(page, check, true);
  await setRoundTrip(page, delayMs);
  try {
    await click();
    const { clickAt, doneAt } = await watched(page, check, timeoutMs);
    // Requests still in flight when the outcome showed finish first, so their timings are there to read.
    await sleep(Math.max(300, 2 * delayMs));
    return await timing(page, clickAt, doneAt);
  } finally {
    await setRoundTrip(page, 0);
  }
}

/**
 * Opens `url` (from a blank page, so the clock is the new page's) and times navigation start to `check.done`. The
 * page's own `?delayMs=` sets the round trip from its first sync.
 */
export async function timeNavigation<A>(page: Page, url: string, check: Check<A>, timeoutMs = 60_000): Promise<ActionTiming> {
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  await watch(page, check, false);
  const { doneAt } = await watched(page, check, timeoutMs);
  await sleep(300);
  return timing(page, 0, doneAt);
}

/** The action's syncs and requests as the page recorded them, and its data time. */
async function timing(page: Page, startedAt: number, doneAt: number): Promise<ActionTiming> {
  const requests = await page.evaluate(({ from, to }) => {
    const syncs = (window as unknown as HostWindow).workbench.requests
      .filter((r) => !r.cleanup && !r.customFunctions && r.receivedAt >= from && r.receivedAt <= to)
      .map((r) => ({ kind: 'sync' as const, what: r.actions.join('; '), start: r.receivedAt, end: r.answeredAt }));
    const http = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => ({ entry: e, url: new URL(e.name) }))
      .filter(({ entry, url }) => /^\/(api|cubejs-api|oauth|\.well-known)\//.test(url.pathname) && entry.startTime >= from && entry.startTime <= to)
      .map(({ entry, url }) => ({
        kind: url.pathname.startsWith('/cubejs-api/') ? 'data' as const : 'platform' as const,
        what: url.pathname + url.search, start: entry.startTime, end: entry.responseEnd, protocol: entry.nextHopProtocol,
      }));
    return [...syncs, ...http].sort((a, b) => a.start - b.start);
  }, { from: startedAt, to: doneAt });
  return { startedAt, doneAt, wallMs: doneAt - startedAt, dataMs: busyMs(requests.filter((r) => r.kind === 'data'), startedAt, doneAt), requests };
}

/** Time with at least one of `requests` in flight between `from` and `to`, overlaps counted once. */
export function busyMs(requests: Pick<ActionRequest, 'start' | 'end'>[], from: number, to: number): number {
  let busy = 0;
  let reached = from;
  for (const { start, end } of [...requests].sort((a, b) => a.start - b.start)) {
    const begin = Math.max(start, reached);
    const finish = Math.min(end, to);
    if (finish > begin) busy += finish - begin;
    reached = Math.max(reached, finish);
  }
  return busy;
}

/**
 * For each request, the ones it waited for: those that ended before it started and were not themselves over before
 * another of those began (the latest step of each chain behind it). Indexes into `requests`.
 */
export function waitedFor(requests: Pick<ActionRequest, 'start' | 'end'>[]): number[][] {
  return requests.map((request) => {
    const before = requests.map((r, i) => ({ r, i })).filter(({ r }) => r.end <= request.start);
    return before.filter(({ r }) => !before.some(({ r: later }) => later !== r && r.end <= later.start)).map(({ i }) => i);
  });
}

/** The most requests that ran one after another (each waiting for the one before). */
export function longestChain(requests: Pick<ActionRequest, 'start' | 'end'>[]): number {
  const depth: number[] = [];
  const waits = waitedFor(requests);
  const order = requests.map((_, i) => i).sort((a, b) => requests[a]!.start - requests[b]!.start);
  for (const i of order) depth[i] = 1 + Math.max(0, ...waits[i]!.map((j) => depth[j] ?? 0));
  return Math.max(0, ...depth);
}
