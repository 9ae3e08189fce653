import { readFileSync } from 'node:fs';

/**
 * How long the calling thread has waited for a CPU that other work held, in ms: the second field of Linux's
 * `/proc/thread-self/schedstat`, "time spent waiting on a runqueue" in ns
 * (https://docs.kernel.org/scheduler/sched-stats.html). Waiting for a request, a timer or another thread is not in
 * it. Where there are no such statistics (not Linux), 0: the clock's own time is then taken as it is.
 */
export function threadCpuWaitMs(): number {
  let waitedNs = NaN;
  try {
    waitedNs = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    // Not Linux: no such statistics.
  }
  return Number.isFinite(waitedNs) ? waitedNs / 1e6 : 0;
}

/**
 * The time on the clock less the time this thread waited for a CPU: what a part takes when the machine is shared,
 * as it would on a machine of its own (issue 43: bounds that hold with other work on the machine).
 */
export function ownClock(): number {
  return performance.now() - threadCpuWaitMs();
}
