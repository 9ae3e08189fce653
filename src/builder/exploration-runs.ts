/**
 * When an exploration's query runs. With auto-run on, a change the user chose (a click, a pick from a list, a drop)
 * runs on the next turn of the event loop, and typing into a text field runs once the typing pauses (a filter value
 * typed is one run, not one per key); a newer change cancels the run under way (its requests are aborted) and the
 * older run may never write, even if its answer arrives after all. With auto-run off, changes only wait for Run.
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

/**
 * How the user made a change: `choice`, a discrete one (a click, a pick from a list, a checkbox, a drop), which
 * nothing else is about to follow; `typing`, a key in a text field, which the next key is likely to follow.
 */
export type ChangeGesture = 'choice' | 'typing';

export interface ExplorationRunsOptions<S> {
  /** Runs the state's query and writes its cells; writes only while `stillCurrent()` answers true. */
  execute(state: S, signal: AbortSignal, stillCurrent: () => boolean): Promise<void>;
  /** Every change of status, for the view. */
  onStatus(status: RunStatus<S>): void;
  /** The pause after typing before an automatic run (ms); a choice waits for none. */
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

  /**
   * The exploration changed: the run under way is cancelled, and with auto-run a new one is scheduled, at once for a
   * choice (on a timer all the same, so changes made in one event run once) and after the pause for typing.
   */
  change(state: S, gesture: ChangeGesture = 'choice'): void {
    this.supersede();
    this.latest = state;
    this.options.onStatus({ kind: 'pending', state });
    const pause = gesture === 'typing' ? this.options.debounceMs : 0;
    // Fire and forget: a run tells its status and failure through `onStatus`.
    if (this.autoRun) this.timer = this.setTimer(() => void this.start(), pause);
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
