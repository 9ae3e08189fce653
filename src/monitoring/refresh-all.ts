import { RequestCancelledError } from '../client/errors';
import type { RefreshState } from '../core/card-state';
import { reportTitle } from '../core/report-definition';
import { ReportKeptChangingError } from '../placements/errors';
import { MAX_REFRESH_ATTEMPTS, type PlacementService, type PreparedRefresh, type WorkbookPlacement, type WriteOutcome } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';

export type { RefreshState } from '../core/card-state';

export interface RefreshItem {
  entry: WorkbookPlacement;
  state: RefreshState;
  /** Why it failed (words for the pane), or null; why it needs the user is in `outcome`. */
  reason: string | null;
  outcome?: WriteOutcome;
  /**
   * The hand edits it found were typed back since the run ended (a live check found the cells clean again): the
   * run no longer has a say on its card, which shows the platform's status. It still counts as needing the user
   * in the run's summary, which tells what the run ended with.
   */
  handEditsUndone?: boolean;
}

export interface RefreshAllOptions {
  /** Queries in flight at once; writes are always one at a time. */
  concurrency?: number;
  /** Called after every change of any item's state. */
  onUpdate?: (items: readonly RefreshItem[]) => void;
  /** Turns an error into words for the item's reason. */
  describe?: (error: unknown) => string;
}

export interface RefreshAllRun {
  items: readonly RefreshItem[];
  /** Resolves when every item has reached a final state. */
  done: Promise<readonly RefreshItem[]>;
  /** Cancels queued and in-flight queries; a write already under way finishes, so nothing is half-written. */
  stop(): void;
}

export const DEFAULT_REFRESH_CONCURRENCY = 8;

/**
 * Refreshes many placements as one tracked run: each report is read again and its query run concurrently
 * (bounded) while writes go one at a time, in the order queries finish. A report and a query are read and sent once
 * per run, however many placements share them; each placement is laid out, written and checked on its own. A failure is that item's alone. A
 * placement that needs the user (hand edits, foreign cells) is left unwritten and marked, and the run goes on.
 * A damaged placement (`isDamaged`: rows or columns inside it deleted) is written whole again where it is.
 * A report that changed between its query and the recorded refresh goes round again (at most
 * `MAX_REFRESH_ATTEMPTS` times), so a "done" placement is up to date.
 */
export function startRefreshAll(service: PlacementService, entries: WorkbookPlacement[], options: RefreshAllOptions = {}): RefreshAllRun {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_REFRESH_CONCURRENCY);
  const describe = options.describe ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const items: RefreshItem[] = entries.map((entry) => ({ entry, state: 'queued', reason: null }));
  const controller = new AbortController();
  const update = (item: RefreshItem, state: RefreshState, reason: string | null = null, outcome?: WriteOutcome) => {
    item.state = state;
    item.reason = reason;
    if (outcome) item.outcome = outcome;
    options.onUpdate?.(items);
  };

  // Items waiting for their query (again, when their report changed during the first round).
  const queue: { item: RefreshItem; attempt: number }[] = items.map((item) => ({ item, attempt: 1 }));
  let pending = items.length;
  // Idle workers wait here until an item is queued again or the run ends.
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  const finish = (item: RefreshItem, state: RefreshState, reason: string | null = null, outcome?: WriteOutcome) => {
    update(item, state, reason, outcome);
    pending -= 1;
    wake();
  };

  // The run's placements share its reads of each report and each distinct query (placements/shared-run.ts): the load
  // on the platform and the data API grows with the reports refreshed, not with their copies.
  const run = service.sharedRun();

  // Writes are chained: each starts after the previous one has finished, whatever its result.
  let writes: Promise<void> = Promise.resolve();
  // The workbook's placement ids (for the overlap check) are asked for once per run, not once per write;
  // a refresh adds or removes none.
  let placementIds: Promise<string[]> | undefined;
  const write = (item: RefreshItem, prepared: PreparedRefresh, attempt: number) => {
    writes = writes.then(async () => {
      if (controller.signal.aborted) return finish(item, 'stopped');
      try {
        // Every guard applies: a damaged placement (rows or columns inside it deleted) is written whole again where
        // it is, but hand edits in what is left of it, and foreign content where it grows back, are asked about
        // (needs you). After a first round the record holds what that round wrote, so the guard finds it as written.
        placementIds ??= service.placementIds(prepared.placement.workbookId, controller.signal);
        const ids = await placementIds.catch((error: unknown) => {
          placementIds = undefined;
          throw error;
        });
        const outcome = await service.writeRefresh(prepared, { placementIds: ids, run });
        if (outcome.kind !== 'done') return finish(item, 'needs-attention', null, outcome);
        if (!outcome.stale) return finish(item, 'done', null, outcome);
        if (attempt >= MAX_REFRESH_ATTEMPTS) return finish(item, 'failed', describe(new ReportKeptChangingError(reportTitle(outcome.report), attempt)));
        queue.push({ item, attempt: attempt + 1 });
        wake();
      } catch (error) {
        finish(item, 'failed', describe(error));
      }
    });
    return writes;
  };

  const worker = async () => {
    while (pending > 0) {
      const next = queue.shift();
      if (!next) {
        // Nothing queued now: wait for a write to send an item round again, or for the run to end.
        await new Promise<void>((resolve) => waiting.push(resolve));
        continue;
      }
      const { item, attempt } = next;
      if (controller.signal.aborted) {
        finish(item, 'stopped');
        continue;
      }
      update(item, 'refreshing');
      try {
        const prepared = await service.prepareRefresh(item.entry, controller.signal, run);
        void write(item, prepared, attempt);
      } catch (error) {
        if (controller.signal.aborted || error instanceof RequestCancelledError) finish(item, 'stopped');
        else finish(item, 'failed', describe(error));
      }
    }
    wake();
  };

  const done = (async () => {
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    await writes;
    return items;
  })();
  return { items, done, stop: () => controller.abort() };
}

/**
 * A finished run's items once a placement's cells were found clean again (what was last written is there again):
 * the hand edits its item found are no longer true, so that item is marked `handEditsUndone`. The same array when
 * no item of that placement (`placementKey`) had found hand edits.
 */
export function withHandEditsUndone(items: readonly RefreshItem[], key: string): readonly RefreshItem[] {
  const undone = (item: RefreshItem) => item.outcome?.kind === 'hand-edits' && !item.handEditsUndone && placementKey(item.entry) === key;
  if (!items.some(undone)) return items;
  return items.map((item) => (undone(item) ? { ...item, handEditsUndone: true } : item));
}

/** The hand edits an item found and that still stand (not typed back since). */
export const standingHandEdits = (item: RefreshItem) => item.outcome?.kind === 'hand-edits' && !item.handEditsUndone;

export function progressOf(items: readonly RefreshItem[]): { finished: number; total: number } {
  return { finished: items.filter((i) => i.state !== 'queued' && i.state !== 'refreshing').length, total: items.length };
}

/** A run's items by outcome; `notReached` are those a Stop left unwritten. */
export interface RunCounts {
  total: number;
  finished: number;
  refreshed: number;
  failed: number;
  needsYou: number;
  notReached: number;
}

export function countOutcomes(items: readonly { state: RefreshState }[]): RunCounts {
  const count = (state: RefreshState) => items.filter((i) => i.state === state).length;
  const counts = { refreshed: count('done'), failed: count('failed'), needsYou: count('needs-attention'), notReached: count('stopped') };
  return { total: items.length, finished: counts.refreshed + counts.failed + counts.needsYou + counts.notReached, ...counts };
}
