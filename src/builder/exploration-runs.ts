/**
 * When an exploration's query runs. With auto-run on, every change schedules a run after a short pause
 * (typing a filter value is one change, not one per key); a newer change cancels the run under way (its
 * requests are aborted) and the older run may never write, even if its answer arrives after all. With
 * auto-run off, changes only wait for Run.
 *
 * The work itself (run the query, write the cells) is the caller's: `execute` gets the state to run, an
 * AbortSignal, and `stillCurrent()`, which it asks right before writing.
 */

export type RunStatus<S> =
  | { kind: 'idle' }
  /** Changed; a run will start after the pause (auto-run) or on Run. */
  | { kind: 'pending'; state: S }
  | { kind: 'running'; state: S }
  | { kind: 'done'; state: S }
  | { kind: 'failed'; state: S; error: unknown };

export interface ExplorationRunsOptions<S> {
  /** Runs the state's query and writes its cells; writes only while `stillCurrent()` answers true. */
  execute(state: S, signal: AbortSignal, stillCurrent: () => boolean): Promise<void>;
  /** Every change of status, for the view. */
  onStatus(status: RunStatus<S>): void;
  /** The pause after a change before an automatic run (ms). */
  debounceMs: number;
  /** Timers, injectable for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class ExplorationRuns<S> {
  private generation = 0;
  private timer: unknown = undefined;
  private inFlight: AbortController | null = null;
  private latest: S | undefined;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: ExplorationRunsOptions<S>, private autoRun: boolean) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** The exploration changed: the run under way is cancelled, and a new one is scheduled when auto-run is on. */
  change(state: S): void {
    this.supersede();
    this.latest = state;
    this.options.onStatus({ kind: 'pending', state });
    // Fire and forget: a run tells its status and failure through `onStatus`.
    if (this.autoRun) this.timer = this.setTimer(() => void this.start(), this.options.debounceMs);
  }

  /** Run now (the Run button, or auto-run turned on): the latest state, at once. */
  run(): Promise<void> {
    this.supersede();
    return this.start();
  }

  setAutoRun(on: boolean): void {
    this.autoRun = on;
    // Fire and forget: a run tells its status and failure through `onStatus`.
    if (on && this.latest !== undefined) void this.run();
  }

  /** Cancels whatever is scheduled or running (the builder closed). */
  dispose(): void {
    this.supersede();
  }

  private supersede(): void {
    this.generation += 1;
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async start(): Promise<void> {
    const state = this.latest;
    if (state === undefined) return;
    this.timer = undefined;
    const generation = this.generation;
    const controller = new AbortController();
    this.inFlight = controller;
    const stillCurrent = () => generation === this.generation && !controller.signal.aborted;
    this.options.onStatus({ kind: 'running', state });
    try {
      await this.options.execute(state, controller.signal, stillCurrent);
      if (stillCurrent()) this.options.onStatus({ kind: 'done', state });
    } catch (error) {
      // A superseded run's failure (its abort, most often) is nobody's news.
      if (stillCurrent()) this.options.onStatus({ kind: 'failed', state, error });
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }
}
