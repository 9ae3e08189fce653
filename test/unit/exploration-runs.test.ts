import { ExplorationRuns, type RunStatus } from '../../src/builder/exploration-runs';

/** Manual timers: a scheduled run starts only when the test says the pause is over. */
function manualTimers() {
  let pending: (() => void) | null = null;
  return {
    setTimer: (run: () => void) => {
      pending = run;
      return run;
    },
    clearTimer: (timer: unknown) => {
      if (pending === timer) pending = null;
    },
    elapse: () => {
      const run = pending;
      pending = null;
      run?.();
    },
    get scheduled() {
      return pending !== null;
    },
  };
}

/** A run that waits until the test answers it, and records whether it was allowed to write. */
function controllableExecute() {
  const runs: { state: string; signal: AbortSignal; answer: () => void; fail: (e: unknown) => void; wrote: boolean | null }[] = [];
  const execute = (state: string, signal: AbortSignal, stillCurrent: () => boolean) => new Promise<void>((resolve, reject) => {
    const run = {
      state, signal, wrote: null as boolean | null,
      answer: () => {
        // The query answered: write only if still current, as a real run would.
        run.wrote = stillCurrent();
        resolve();
      },
      fail: reject,
    };
    runs.push(run);
  });
  return { runs, execute };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('exploration runs', () => {
  it('runs once after a burst of changes typed, with the last state', async () => {
    const timers = manualTimers();
    const { runs, execute } = controllableExecute();
    const statuses: RunStatus<string>[] = [];
    const scheduler = new ExplorationRuns({ execute, onStatus: (s) => statuses.push(s), debounceMs: 300, ...timers }, true);
    scheduler.change('a', 'typing');
    scheduler.change('ab', 'typing');
    scheduler.change('abc', 'typing');
    timers.elapse();
    await settle();
    expect(runs.map((r) => r.state)).toEqual(['abc']);
    runs[0]!.answer();
    await settle();
    expect(runs[0]!.wrote).toBe(true);
    expect(statuses.at(-1)).toEqual({ kind: 'done', state: 'abc' });
  });

  it('cancels a run under way when the exploration changes, and that run never writes', async () => {
    const timers = manualTimers();
    const { runs, execute } = controllableExecute();
    const statuses: RunStatus<string>[] = [];
    const scheduler = new ExplorationRuns({ execute, onStatus: (s) => statuses.push(s), debounceMs: 300, ...timers }, true);
    scheduler.change('first');
    timers.elapse();
    await settle();
    scheduler.change('second');
    expect(runs[0]!.signal.aborted).toBe(true);
    // The superseded query answers anyway, late: it may not write.
    runs[0]!.answer();
    timers.elapse();
    await settle();
    runs[1]!.answer();
    await settle();
    expect(runs.map((r) => [r.state, r.wrote])).toEqual([['first', false], ['second', true]]);
    expect(statuses.filter((s) => s.kind === 'done')).toEqual([{ kind: 'done', state: 'second' }]);
  });

  it('waits for Run when auto-run is off, and reports a failure of the current run only', async () => {
    const timers = manualTimers();
    const { runs, execute } = controllableExecute();
    const statuses: RunStatus<string>[] = [];
    const scheduler = new ExplorationRuns({ execute, onStatus: (s) => statuses.push(s), debounceMs: 300, ...timers }, false);
    scheduler.change('q');
    expect(timers.scheduled).toBe(false);
    expect(runs).toHaveLength(0);
    const running = scheduler.run();
    await settle();
    runs[0]!.fail(new Error('refused'));
    await running;
    expect(statuses.at(-1)).toMatchObject({ kind: 'failed', state: 'q' });
    // A run superseded before it fails stays silent.
    const again = scheduler.run();
    await settle();
    scheduler.change('q2');
    runs[1]!.fail(new Error('aborted'));
    await again;
    expect(statuses.at(-1)).toEqual({ kind: 'pending', state: 'q2' });
  });

  it('runs the latest state at once when auto-run is turned on', async () => {
    const timers = manualTimers();
    const { runs, execute } = controllableExecute();
    const scheduler = new ExplorationRuns({ execute, onStatus: () => undefined, debounceMs: 300, ...timers }, false);
    scheduler.change('x');
    scheduler.setAutoRun(true);
    await settle();
    expect(runs.map((r) => r.state)).toEqual(['x']);
    scheduler.dispose();
    expect(runs[0]!.signal.aborted).toBe(true);
  });
});
