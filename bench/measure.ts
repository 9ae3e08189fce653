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
