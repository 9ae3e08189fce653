import { RequestCancelledError } from '../client/errors';
import type { RefreshState } from '../core/card-state';
import { reportTitle } from '../core/report-definition';
import { PlacementIdSharedError, ReportKeptChangingError } from '../placements/errors';
import { MAX_REFRESH_ATTEMPTS, type PlacementService, type PreparedRefresh, type WorkbookPlacement, type WriteOutcome } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';
import { readAhead, readAheadServes, type ReadAhead } from './read-ahead';

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
  /** Queries in flight at once; writes go in waves, one at a time. */
  concurrency?: number;
  /** How long ready writes wait for the queries still running (default: as long as a wave takes, see `WAVE_PATIENCE_MS`). */
  wavePatienceMs?: number;
  /**
   * How long after it was answered the read sent as the run starts still serves the first wave (default: as long
   * as that read took; see `readAheadServes`).
   */
  readAheadMaxAgeMs?: number;
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
 * How long ready writes wait at most for queries still running, so that they go out together. Within it, a wave
 * waits as long as the last wave took to write (the first: `FIRST_WAVE_PATIENCE_MS`): waiting longer than a wave
 * costs would save nothing, and where writes are quick (Excel on the desktop) they follow the queries closely.
 */
export const WAVE_PATIENCE_MS = 1000;
export const FIRST_WAVE_PATIENCE_MS = 300;

/** Resolves when `woken` does or after `ms`, whichever is first (the timer cleared either way). */
async function wokenWithin(woken: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([woken, new Promise<void>((resolve) => { timer = setTimeout(resolve, ms); })]);
  clearTimeout(timer);
}

/**
 * Refreshes many placements as one tracked run: each report is read again and its query run concurrently
 * (bounded), and the placements whose queries have run are written in waves, each wave's reads and writes sharing
 * requests. A report and a query are read and sent once per run, however many placements share them; each
 * placement is laid out, checked, written and recorded on its own. A failure is that item's alone. A
 * placement that needs the user (hand edits, foreign cells) is left unwritten and marked, and the run goes on.
 * A damaged placement (`isDamaged`: rows or columns inside it deleted) is written whole again where it is. One
 * whose id another record shares (`refused`) fails at once, with why, and is never written.
 * A report that changed between its query and the recorded refresh goes round again (at most
 * `MAX_REFRESH_ATTEMPTS` times), so a "done" placement is up to date.
 */
export function startRefreshAll(service: PlacementService, entries: WorkbookPlacement[], options: RefreshAllOptions = {}): RefreshAllRun {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_REFRESH_CONCURRENCY);
  // The last wave's time to write its cells: the next waits that long at most (see `WAVE_PATIENCE_MS`).
  let waveMs = FIRST_WAVE_PATIENCE_MS;
  const patience = () => options.wavePatienceMs ?? Math.min(WAVE_PATIENCE_MS, waveMs);
  const describe = options.describe ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const items: RefreshItem[] = entries.map((entry) => ({ entry, state: 'queued', reason: null }));
  const controller = new AbortController();
  const update = (item: RefreshItem, state: RefreshState, reason: string | null = null, outcome?: WriteOutcome) => {
    item.state = state;
    item.reason = reason;
    if (outcome) item.outcome = outcome;
    options.onUpdate?.(items);
  };

  // A placement whose id names another record's cells is never written: it fails at once, with why, and its report
  // is not read (its cells are, by the read ahead, whose one request covers every name the overlap check needs).
  const refused = items.filter((item) => item.entry.refused);
  const writable = entries.filter((entry) => !entry.refused);
  // Items waiting for their query (again, when their report changed during the first round).
  const queue: { item: RefreshItem; attempt: number }[] = items.filter((item) => !item.entry.refused).map((item) => ({ item, attempt: 1 }));
  // Items whose query has run, waiting for the next wave of writes.
  const ready: { item: RefreshItem; prepared: PreparedRefresh; attempt: number }[] = [];
  let preparing = 0;
  let pending = items.length;
  // Idle workers and the writer wait here until something is queued, ready or finished, or the run ends.
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  const woken = () => new Promise<void>((resolve) => waiting.push(resolve));
  const finish = (item: RefreshItem, state: RefreshState, reason: string | null = null, outcome?: WriteOutcome) => {
    update(item, state, reason, outcome);
    pending -= 1;
    wake();
  };

  // The run's placements share its reads of each report and each distinct query (placements/shared-run.ts): the load
  // on the platform and the data API grows with the reports refreshed, not with their copies.
  const run = service.sharedRun(writable);
  // The workbook's placement ids (for the overlap check) are asked for once per run, not once per write (a refresh
  // adds or removes none), as the run starts, while its queries run.
  let placementIds: Promise<string[]> | undefined = writable[0] && service.placementIds(writable[0].placement.workbookId, controller.signal);
  // eslint-disable-next-line no-restricted-syntax -- nothing is lost: the first wave awaits the same promise.
  void placementIds?.catch(() => undefined); // Until the first wave awaits it (and meets its failure there) it is not an unhandled rejection.
  // Taken by the first wave, if it still serves; later waves read after the previous wave wrote.
  let ahead: Promise<ReadAhead | null> | undefined = writable.length ? readAhead(service, entries) : undefined;
  for (const item of refused) finish(item, 'failed', describe(new PlacementIdSharedError(item.entry.placement, item.entry.refused!.others)));

  const settle = (item: RefreshItem, attempt: number, result: PromiseSettledResult<WriteOutcome>) => {
    if (result.status === 'rejected') return finish(item, 'failed', describe(result.reason));
    const outcome = result.value;
    if (outcome.kind !== 'done') return finish(item, 'needs-attention', null, outcome);
    if (!outcome.stale) return finish(item, 'done', null, outcome);
    if (attempt >= MAX_REFRESH_ATTEMPTS) return finish(item, 'failed', describe(new ReportKeptChangingError(reportTitle(outcome.report), attempt)));
    queue.push({ item, attempt: attempt + 1 });
    wake();
  };

  // Every item ready is written in one wave: one request reads all their names and cells, and their writes share
  // requests (placements/refresh-writes.ts). Every guard applies to each: a damaged placement (rows or columns
  // inside it deleted) is written whole again where it is, but hand edits in what is left of it, and foreign
  // content where it grows back, are asked about (needs you). After a first round the record holds what that round
  // wrote, so the guard finds it as written. The wave's records go to the platform in parallel, while the next
  // wave is written.
  const writeWave = async () => {
    const wave = ready.splice(0);
    if (controller.signal.aborted) return wave.forEach(({ item }) => finish(item, 'stopped'));
    try {
      placementIds ??= service.placementIds(wave[0]!.prepared.placement.workbookId, controller.signal);
      const ids = await placementIds.catch((error: unknown) => {
        placementIds = undefined;
        throw error;
      });
      const read = await ahead;
      ahead = undefined;
      const started = Date.now();
      const fresh = read && readAheadServes(read, wave.map((w) => w.prepared.placement.id ?? ''), ids, options.readAheadMaxAgeMs) ? read.state : undefined;
      const ends = await service.writeRefreshes(wave.map((w) => w.prepared), { placementIds: ids, run }, fresh);
      waveMs = Date.now() - started;
      // Fire and forget: each end is settled (it never rejects), and `settle` tells the item's outcome as it comes.
      wave.forEach(({ item, attempt }, i) => void ends[i]!.then((result) => settle(item, attempt, result)));
    } catch (error) {
      wave.forEach(({ item }) => finish(item, 'failed', describe(error)));
    }
  };

  // Writes wait for the queries still running, up to `patience()` after the first item was ready: a wave costs
  // the same few requests for one placement as for forty, so waiting a little saves whole round trips.
  const writer = async () => {
    let readySince: number | null = null;
    while (pending > 0) {
      if (!ready.length) {
        await woken();
        continue;
      }
      readySince ??= Date.now();
      const left = patience() - (Date.now() - readySince);
      if ((queue.length || preparing) && left > 0 && !controller.signal.aborted) {
        await wokenWithin(woken(), left);
        continue;
      }
      readySince = null;
      await writeWave();
    }
  };

  const worker = async () => {
    while (pending > 0) {
      const next = queue.shift();
      if (!next) {
        // Nothing queued now: wait for a write to send an item round again, or for the run to end.
        await woken();
        continue;
      }
      const { item, attempt } = next;
      if (controller.signal.aborted) {
        finish(item, 'stopped');
        continue;
      }
      update(item, 'refreshing');
      preparing += 1;
      try {
        const prepared = await service.prepareRefresh(item.entry, controller.signal, run);
        ready.push({ item, prepared, attempt });
      } catch (error) {
        if (controller.signal.aborted || error instanceof RequestCancelledError) finish(item, 'stopped');
        else finish(item, 'failed', describe(error));
      } finally {
        preparing -= 1;
        wake();
      }
    }
    wake();
  };

  const done = (async () => {
    await Promise.all([writer(), ...Array.from({ length: Math.min(concurrency, items.length) }, worker)]);
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
