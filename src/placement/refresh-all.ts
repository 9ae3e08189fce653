import { RequestCancelledError } from '../client';
import type { PlacementService, PreparedGrid, WorkbookPlacement, WriteOutcome } from './placement-service';

export type RefreshState = 'queued' | 'refreshing' | 'done' | 'failed' | 'needs-attention' | 'stopped';

export interface RefreshItem {
  entry: WorkbookPlacement;
  state: RefreshState;
  /** Why it failed (words for the pane), or null; why it needs the user is in `outcome`. */
  reason: string | null;
  outcome?: WriteOutcome;
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
 * Refreshes many placements as one tracked run: queries run concurrently (bounded) while writes go one at a
 * time, in the order queries finish. A failure is that item's alone. A placement that needs the user (hand
 * edits, foreign cells) is left unwritten and marked, and the run goes on.
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

  // Writes are chained: each starts after the previous one has finished, whatever its result.
  let writes: Promise<void> = Promise.resolve();
  const write = (item: RefreshItem, prepared: PreparedGrid) => {
    writes = writes.then(async () => {
      if (controller.signal.aborted) return update(item, 'stopped');
      try {
        const outcome = await service.writeRefresh(item.entry.report, item.entry.placement, prepared);
        update(item, outcome.kind === 'done' ? 'done' : 'needs-attention', null, outcome);
      } catch (error) {
        update(item, 'failed', describe(error));
      }
    });
    return writes;
  };

  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (controller.signal.aborted) {
        update(item, 'stopped');
        continue;
      }
      update(item, 'refreshing');
      try {
        const prepared = await service.fetchLayout(item.entry.report, controller.signal);
        void write(item, prepared);
      } catch (error) {
        if (controller.signal.aborted || error instanceof RequestCancelledError) update(item, 'stopped');
        else update(item, 'failed', describe(error));
      }
    }
  };

  const done = (async () => {
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    await writes;
    return items;
  })();
  return { items, done, stop: () => controller.abort() };
}

export function progressOf(items: readonly RefreshItem[]): { finished: number; total: number } {
  return { finished: items.filter((i) => i.state !== 'queued' && i.state !== 'refreshing').length, total: items.length };
}
