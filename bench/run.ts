// First: sets the thread pool's size before anything starts it.
import '../server/thread-pool';
import { cpus } from 'node:os';
import { builderBenchmark } from './builder';
import { chatBenchmark } from './chat';
import { dataApiOverhead } from './data-api-overhead';
import type { BenchResult } from './measure';
import { memoryBenchmark } from './memory';
import { paneBenchmarks } from './pane';
import { paneStartBenchmark } from './pane-start';
import { placementBenchmarks } from './placement';
import { platformLoadBenchmark } from './platform-load';
import { refreshAllBenchmark } from './refresh-all';
import { roundTripBenchmarks } from './round-trip';
import { rsFunctionsBenchmark } from './rs-functions';
import { uiActionsBenchmark } from './ui-actions';

/** `npm run bench`: every benchmark, measured in one run on this machine; exits 1 if a bound is missed. */
async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 15);
  process.stdout.write(`Benchmarks on ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}, ${new Date().toISOString()}\n\n`);
  // BENCH_ONLY=pane,refresh-all runs a subset; every benchmark by default.
  const only = process.env.BENCH_ONLY?.split(',');
  const suites: [string, () => Promise<BenchResult[]>][] = [
    ['placement', () => placementBenchmarks(Math.min(runs, 7))],
    ['refresh-all', refreshAllBenchmark],
    ['pane', paneBenchmarks],
    // Small queries take a few milliseconds: each path is judged on its fastest tenth of at least 81 runs.
    ['data-api', () => dataApiOverhead(runs)],
    ['builder', () => builderBenchmark(Math.max(20, Number(process.env.BENCH_CHANGES ?? 24)))],
    ['chat', () => chatBenchmark(Math.max(runs, 15))],
    // Issue 27: user actions with a round trip per sync (50 and 150 ms).
    ['round-trip', roundTripBenchmarks],
    ['memory', memoryBenchmark],
    ['pane-start', paneStartBenchmark],
    ['platform-load', platformLoadBenchmark],
    // Issue 28: 1,000 RS.VALUE cells through Office.js's custom-functions runtime.
    ['rs-functions', rsFunctionsBenchmark],
    // Issue 43: four user actions through the pane's visible controls, HTTP/2 and HTTP/1.1, 50 and 150 ms per sync.
    ['ui-actions', uiActionsBenchmark],
  ];
  const results: BenchResult[] = [];
  for (const [name, run] of suites) if (!only || only.includes(name)) results.push(...(await run()));
  let missed = 0;
  for (const result of results) {
    const figures = Object.entries(result.figures).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
    process.stdout.write(`${result.name}\n  ${figures}\n`);
    if (result.bound) {
      process.stdout.write(`  bound: ${result.bound.description}: ${result.bound.met ? 'met' : 'MISSED'}\n`);
      if (!result.bound.met) missed += 1;
    }
  }
  if (missed) {
    process.stderr.write(`\n${missed} bound(s) missed\n`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
