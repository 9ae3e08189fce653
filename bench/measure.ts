export interface BenchResult {
  name: string;
  figures: Record<string, number>;
  /** A bound the figures must meet, with whether they did. */
  bound?: { description: string; met: boolean };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The mean of the fastest `share` of `runs` (ms): other work on the machine only ever adds time to a run, so the
 * fastest met the least of it (issue 43: bounds that hold on a machine with other work on it).
 */
export function fastestMean(runs: readonly number[], share: number): number {
  const fastest = [...runs].sort((a, b) => a - b).slice(0, Math.max(1, Math.round(runs.length * share)));
  return fastest.reduce((total, ms) => total + ms, 0) / fastest.length;
}
