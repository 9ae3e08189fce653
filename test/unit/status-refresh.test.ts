import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { mergeStatuses, StatusRefresh, type ListedStatus, type StatusRefreshTimers } from '../../src/monitoring/status-refresh';

/** Fake timers: time moves only when told. */
function fakeTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: StatusRefreshTimers = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
      await flush();
    }
    now = end;
  };
  return { timers, advance, get scheduled() { return pending.size; } };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A status fetch whose every read waits for the test to answer it (`answers`, in the order read). */
function heldAnswers() {
  const answers: ReturnType<typeof deferred<number>>[] = [];
  const fetch = () => {
    const answer = deferred<number>();
    answers.push(answer);
    return answer.promise;
  };
  return { answers, fetch };
}

function setup(options: { busy?: () => boolean; fetch?: (signal: AbortSignal) => Promise<number> } = {}) {
  const clock = fakeTimers();
  const applied: number[] = [];
  let reads = 0;
  const refresh = new StatusRefresh<number>({
    timers: clock.timers,
    intervalMs: 180_000,
    minGapMs: 15_000,
    busyRetryMs: 5_000,
    busy: options.busy ?? (() => false),
    fetch: options.fetch ?? (async () => ++reads),
    apply: (n) => applied.push(n),
  });
  return { clock, refresh, applied, reads: () => reads };
}

/** Shown for 20 s (no read yet), every read held for the test to answer, and a switch for the pane writing. */
async function shownWithHeldAnswers() {
  const { answers, fetch } = heldAnswers();
  const writing = { now: false };
  const parts = setup({ busy: () => writing.now, fetch });
  parts.refresh.start();
  await parts.clock.advance(20_000);
  return { ...parts, answers, writing };
}


describe('StatusRefresh', () => {
  it('reads every interval while shown, not at once on start', async () => {
    const { clock, refresh, applied } = setup();
    refresh.start();
    await clock.advance(179_999);
    expect(applied).toEqual([]);
    await clock.advance(1);
    expect(applied).toEqual([1]);
    await clock.advance(180_000);
    expect(applied).toEqual([1, 2]);
    refresh.stop();
  });

  it('reads when focus comes back, unless it just read, and restarts the interval from there', async () => {
    const { clock, refresh, applied } = setup();
    refresh.start();
    await clock.advance(20_000);
    refresh.focused();
    await flush();
    expect(applied).toEqual([1]);
    // Focus comes in flurries: not again so soon.
    await clock.advance(10_000);
    refresh.focused();
    await flush();
    expect(applied).toEqual([1]);
    // The interval counts from the read on focus.
    await clock.advance(169_999);
    expect(applied).toEqual([1]);
    await clock.advance(1);
    expect(applied).toEqual([1, 2]);
    refresh.stop();
  });

  it('never reads while hidden, and reads again on being shown', async () => {
    const { clock, refresh, applied } = setup();
    refresh.start();
    refresh.hidden();
    expect(clock.scheduled).toBe(0);
    await clock.advance(600_000);
    expect(applied).toEqual([]);
    refresh.focused();
    await flush();
    expect(applied).toEqual([1]);
    expect(clock.scheduled).toBe(1);
    refresh.stop();
    expect(clock.scheduled).toBe(0);
    await clock.advance(600_000);
    refresh.focused();
    await flush();
    expect(applied).toEqual([1]);
  });

  it('waits while the pane writes, then reads', async () => {
    let busy = true;
    const { clock, refresh, applied, reads } = setup({ busy: () => busy });
    refresh.start();
    await clock.advance(180_000);
    expect(reads()).toBe(0);
    await clock.advance(5_000);
    expect(reads()).toBe(0);
    busy = false;
    await clock.advance(5_000);
    expect(applied).toEqual([1]);
    refresh.stop();
  });

  it('never overlaps itself, and drops an answer that arrives once a write started', async () => {
    const { clock, refresh, applied, answers, writing } = await shownWithHeldAnswers();
    refresh.focused();
    refresh.focused();
    await clock.advance(200_000);
    expect(answers).toHaveLength(1);
    expect(refresh.reading).toBe(true);
    writing.now = true;
    answers[0]!.resolve(7);
    await flush();
    expect(applied).toEqual([]);
    expect(refresh.reading).toBe(false);
    writing.now = false;
    await clock.advance(180_000);
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(8);
    await flush();
    expect(applied).toEqual([8]);
    refresh.stop();
  });

  it('focus during a read reads again once it ends: the read under way may predate what the user came back for', async () => {
    const { refresh, applied, answers } = await shownWithHeldAnswers();
    refresh.focused();
    refresh.focused();
    expect(answers).toHaveLength(1);
    answers[0]!.resolve(1);
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(2);
    await flush();
    expect(applied).toEqual([1, 2]);
    refresh.stop();
  });

  it('an answer dropped because a write began does not make the next focus wait for the gap', async () => {
    const { clock, refresh, applied, answers, writing } = await shownWithHeldAnswers();
    refresh.focused();
    writing.now = true;
    answers[0]!.resolve(1);
    await flush();
    writing.now = false;
    await clock.advance(1_000);
    refresh.focused();
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(2);
    await flush();
    expect(applied).toEqual([2]);
    refresh.stop();
  });

  it('tells of a failed read, reads again at its time, and says when reading works again (once)', async () => {
    const clock = fakeTimers();
    const told: string[] = [];
    let fail = true;
    const refresh = new StatusRefresh<number>({
      timers: clock.timers, intervalMs: 180_000, minGapMs: 15_000, busy: () => false,
      fetch: async () => {
        if (fail) throw new Error('unreachable');
        return 1;
      },
      apply: () => told.push('applied'),
      onError: (error) => told.push(`failed: ${(error as Error).message}`),
      onRecovered: () => told.push('recovered'),
    });
    refresh.start();
    await clock.advance(180_000);
    expect(told).toEqual(['failed: unreachable']);
    // Tried again in three minutes, not before.
    await clock.advance(179_999);
    expect(told).toEqual(['failed: unreachable']);
    await clock.advance(1);
    expect(told).toEqual(['failed: unreachable', 'failed: unreachable']);
    // Or on focus, which succeeds: the failure's message can go, and only then.
    fail = false;
    await clock.advance(20_000);
    refresh.focused();
    await flush();
    expect(told).toEqual(['failed: unreachable', 'failed: unreachable', 'recovered', 'applied']);
    await clock.advance(180_000);
    expect(told).toEqual(['failed: unreachable', 'failed: unreachable', 'recovered', 'applied', 'applied']);
    refresh.stop();
  });

  it('says nothing of a read that fails or succeeds after it was stopped', async () => {
    const answer = deferred<number>();
    const told: string[] = [];
    const clock = fakeTimers();
    let calls = 0;
    const refresh = new StatusRefresh<number>({
      timers: clock.timers, intervalMs: 180_000, busy: () => false,
      fetch: () => (++calls === 1 ? Promise.reject(new Error('down')) : answer.promise),
      apply: () => told.push('applied'),
      onError: () => told.push('failed'),
      onRecovered: () => told.push('recovered'),
    });
    refresh.start();
    await clock.advance(180_000);
    await clock.advance(180_000);
    refresh.stop();
    answer.resolve(1);
    await flush();
    expect(told).toEqual(['failed']);
  });

  it('aborts a read under way when hidden, and applies nothing from it', async () => {
    const answer = deferred<number>();
    let signal: AbortSignal | undefined;
    const { clock, refresh, applied } = setup({ fetch: (s) => ((signal = s), answer.promise) });
    refresh.start();
    await clock.advance(180_000);
    refresh.hidden();
    expect(signal?.aborted).toBe(true);
    answer.resolve(1);
    await flush();
    expect(applied).toEqual([]);
    expect(clock.scheduled).toBe(0);
    refresh.stop();
  });
});

const entry = (id: string, syncStatus: 'UP_TO_DATE' | 'CHANGED', refreshedAt = '2025-01-01T00:00:00Z'): WorkbookPlacement => ({
  placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', syncStatus, refreshedAt, queryChecksum: 'a' },
  deploymentId: 1, reportId: 2, report: null, access: 'GRANTED', owner: { name: null, email: null }, location: null, legacy: false,
});
const status = (key: string, syncStatus: 'UP_TO_DATE' | 'CHANGED', refreshedAt = '2025-01-01T00:00:00Z', queryChecksum = 'a'): ListedStatus =>
  ({ key, syncStatus, refreshedAt, queryChecksum });

describe('mergeStatuses', () => {
  it('puts new sync statuses on the listed placements', () => {
    const placements = [entry('p1', 'UP_TO_DATE'), entry('p2', 'UP_TO_DATE')];
    const merged = mergeStatuses(placements, [status('p1', 'CHANGED', undefined, 'b'), status('p2', 'UP_TO_DATE')]);
    expect(merged.kind).toBe('updated');
    if (merged.kind !== 'updated') return;
    expect(merged.placements[0]!.placement).toMatchObject({ syncStatus: 'CHANGED', queryChecksum: 'b' });
    expect(merged.placements[1]).toBe(placements[1]);
  });

  it('says nothing changed, or that the list must be read again (a placement added, gone, or written since)', () => {
    const placements = [entry('p1', 'UP_TO_DATE')];
    expect(mergeStatuses(placements, [status('p1', 'UP_TO_DATE')])).toEqual({ kind: 'same' });
    expect(mergeStatuses(placements, [])).toEqual({ kind: 'reload' });
    expect(mergeStatuses(placements, [status('p1', 'UP_TO_DATE'), status('p2', 'UP_TO_DATE')])).toEqual({ kind: 'reload' });
    expect(mergeStatuses(placements, [status('p1', 'UP_TO_DATE', '2025-02-01T00:00:00Z')])).toEqual({ kind: 'reload' });
  });
});
