import type { ReportPlacement } from '../contract';
import { placementKey, type WorkbookPlacement } from '../placements/workbook-placements';
import type { PlacementRegistry } from '../ports/placement-registry';

/** The timers a `StatusRefresh` uses; injectable so tests drive it with fake timers. */
export interface StatusRefreshTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: StatusRefreshTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface StatusRefreshOptions<T> {
  /** Reads the statuses (one list request); the signal aborts when stopped. */
  fetch(signal: AbortSignal): Promise<T>;
  /** Told of what was read, unless the pane started writing meanwhile or the refresh was stopped or hidden. */
  apply(result: T): void;
  /** Told when a read fails (the next one is tried at its time). */
  onError?(error: unknown): void;
  /** Told when a read succeeds after one or more failed: the failure's message can go. */
  onRecovered?(): void;
  /** The pane writes (a place, a refresh, Refresh all): no read then, the next one waits. */
  busy(): boolean;
  /** Between reads while the pane is shown (default 3 minutes). */
  intervalMs?: number;
  /** A focus this soon after the last read reads nothing (default 15 s): focus events come in flurries. */
  minGapMs?: number;
  /** How soon to try again when the pane was busy (default 5 s). */
  busyRetryMs?: number;
  timers?: StatusRefreshTimers;
}

/**
 * Re-reads the platform's sync statuses while the pane is shown: when it regains focus (`focused`), and every
 * `intervalMs` while it is visible. Never two reads at once, never while the pane writes (tried again shortly),
 * none while hidden (`hidden` stops the timer, `focused` starts it again) or after `stop`. A read whose answer
 * arrives after the pane started writing, or after it was hidden or stopped, is dropped: the write's own reload
 * is newer, and the next focus reads again. Focus during a read reads again once it ends: the read under way may
 * have been sent before what the user came back for.
 */
export class StatusRefresh<T> {
  private readonly timers: StatusRefreshTimers;
  private readonly intervalMs: number;
  private readonly minGapMs: number;
  private readonly busyRetryMs: number;
  private timer: unknown = null;
  private running: AbortController | null = null;
  private lastRead = Number.NEGATIVE_INFINITY;
  private visible = false;
  private stopped = false;
  /** The last read failed (and none has succeeded since). */
  private failing = false;
  /** Focus came back while a read was under way: that read may have been sent before what the user came back for. */
  private readAgain = false;

  constructor(private readonly options: StatusRefreshOptions<T>) {
    this.timers = options.timers ?? realTimers;
    this.intervalMs = options.intervalMs ?? 180_000;
    this.minGapMs = options.minGapMs ?? 15_000;
    this.busyRetryMs = options.busyRetryMs ?? 5_000;
  }

  /** The pane is shown: reads every `intervalMs` from now (the list is being loaded, so no read at once). */
  start(): void {
    if (this.stopped) return;
    this.visible = true;
    this.schedule(this.intervalMs);
  }

  /** The pane regained focus or became visible again: reads now (unless it just did), then every `intervalMs`. */
  focused(): void {
    if (this.stopped) return;
    this.visible = true;
    if (this.running) {
      this.readAgain = true;
      return;
    }
    if (this.timers.now() - this.lastRead < this.minGapMs) {
      if (this.timer === null && !this.running) this.schedule(this.intervalMs - (this.timers.now() - this.lastRead));
      return;
    }
    // Fire and forget: a read tells its own failures (`onError`) and schedules the next.
    void this.read();
  }

  /** The pane is hidden: no reads until it is shown again; a read under way is dropped. */
  hidden(): void {
    this.visible = false;
    this.clear();
    this.running?.abort();
  }

  /** For good (the pane unmounted). */
  stop(): void {
    this.stopped = true;
    this.hidden();
  }

  /** Whether a read is under way (for tests). */
  get reading(): boolean {
    return this.running !== null;
  }

  private clear(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    this.clear();
    if (this.stopped || !this.visible) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      // Fire and forget: a read tells its own failures (`onError`) and schedules the next.
      void this.read();
    }, Math.max(0, ms));
  }

  private async read(): Promise<void> {
    if (this.stopped || !this.visible || this.running) return;
    this.clear();
    if (this.options.busy()) {
      this.schedule(this.busyRetryMs);
      return;
    }
    const controller = new AbortController();
    this.running = controller;
    const readBefore = this.lastRead;
    this.lastRead = this.timers.now();
    this.readAgain = false;
    let shown = false;
    try {
      const result = await this.options.fetch(controller.signal);
      if (!controller.signal.aborted && !this.stopped && this.failing) {
        // Read, even if its answer is dropped below: reading works again.
        this.failing = false;
        this.options.onRecovered?.();
      }
      if (!controller.signal.aborted && !this.stopped && this.visible && !this.options.busy()) {
        this.options.apply(result);
        shown = true;
      }
    } catch (error) {
      if (!controller.signal.aborted && !this.stopped) {
        this.failing = true;
        this.options.onError?.(error);
      }
    } finally {
      if (this.running === controller) this.running = null;
      // An answer dropped unshown (the pane began writing, or was hidden) is no reason to skip the next focus's read.
      if (!shown && !this.failing) this.lastRead = readBefore;
      if (this.readAgain) {
        this.readAgain = false;
        // Fire and forget, as on focus: a read tells its own failures and schedules the next.
        void this.read();
      } else {
        this.schedule(this.intervalMs);
      }
    }
  }
}

/** A placement's status as listed now: what a status read may change on a card. */
export interface ListedStatus {
  key: string;
  syncStatus: ReportPlacement['syncStatus'];
  queryChecksum: ReportPlacement['queryChecksum'];
  refreshedAt: ReportPlacement['refreshedAt'];
}

/** This workbook's placements' statuses in one read of the registry (never one request per placement), keyed as the cards are. */
export async function readStatuses(
  registry: Pick<PlacementRegistry, 'statuses'>,
  workbookId: string,
  deploymentIds: readonly number[],
  signal?: AbortSignal,
): Promise<ListedStatus[]> {
  return (await registry.statuses(workbookId, deploymentIds, signal)).map(({ placement, deploymentId, reportId }) => ({
    key: placementKey({ placement, deploymentId, reportId }),
    syncStatus: placement.syncStatus, queryChecksum: placement.queryChecksum, refreshedAt: placement.refreshedAt,
  }));
}

/**
 * What a status read means for the listed placements: `reload` when the list itself changed (a placement added
 * or gone, or one written since it was listed — its record and address are newer than the pane's), else the
 * placements with their new sync statuses (the same array when nothing changed).
 */
export function mergeStatuses(
  placements: readonly WorkbookPlacement[],
  statuses: readonly ListedStatus[],
): { kind: 'reload' } | { kind: 'same' } | { kind: 'updated'; placements: WorkbookPlacement[] } {
  const byKey = new Map(statuses.map((s) => [s.key, s]));
  if (byKey.size !== placements.length) return { kind: 'reload' };
  let changed = false;
  const next = placements.map((entry) => {
    const status = byKey.get(placementKey(entry));
    if (!status) return null;
    // Denied placements come without status either way.
    if (entry.access !== 'GRANTED') return entry;
    const { placement } = entry;
    if ((status.refreshedAt ?? null) !== (placement.refreshedAt ?? null)) return null;
    if ((status.syncStatus ?? null) === (placement.syncStatus ?? null) && (status.queryChecksum ?? null) === (placement.queryChecksum ?? null)) return entry;
    changed = true;
    return { ...entry, placement: { ...placement, syncStatus: status.syncStatus, queryChecksum: status.queryChecksum } };
  });
  if (next.some((e) => e === null)) return { kind: 'reload' };
  return changed ? { kind: 'updated', placements: next as WorkbookPlacement[] } : { kind: 'same' };
}
