import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BenchResult } from './measure';
import { MEMORY_ROWS } from './memory-host';

const MB = 1024 * 1024;
/** The bound: the pane's peak JS heap under this many times the data API's response. */
const FACTOR = 3;

/** What bench/memory-pane.ts prints: its heap figures (bytes) and the host's and data API's counts. */
interface PaneFigures {
  peak: number;
  peakAt: string;
  beforeCollection: number;
  samples: number;
  baseline: number;
  after: number;
  elapsedMs: number;
  syncs: number;
  requestBytes: number;
  dataResponseBytes: number;
  pages: number;
  cells: number;
}

/** Runs the placement in a process of its own (bench/memory-host.ts) with these Node flags: its figures, or how it ended. */
function runPane(flags: string[], env: Record<string, string>): Promise<{ figures: PaneFigures | null; code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, '-r', '@swc-node/register', join(__dirname, 'memory-host.ts')], {
      cwd: join(__dirname, '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop();
      resolve({ figures: code === 0 && line ? (JSON.parse(line) as PaneFigures) : null, code, stderr });
    });
  });
}

/**
 * Issue 27: placing 300,000 × 10 keeps the pane's peak JS heap under 3 × the data API's response (the bytes of
 * the JSON text of its `/v1/load` pages). The placement runs through the product's path (placement service,
 * write pipeline, the Core data client's HttpClient and zod schema, Microsoft's Office.js) in a worker thread of a
 * child process, whose main thread holds Excel's workbook and the data API's server: their heap is not the pane's
 * (bench/memory-host.ts). Two runs:
 * - sampled (`--expose-gc`): the heap collected and its live size read at every Office.js request and response and
 *   every page asked for and answered; the largest is the peak (the pane's whole heap, its code included);
 * - capped: the same placement, nothing sampled, in a worker whose heap V8 limits to 3 × the response (old
 *   generation, less the 4 MB of young generation it may also use). V8 stops a worker whose live heap outgrows its
 *   limit, so completing shows the peak stayed below it between the sampled points too.
 */
export async function memoryBenchmark(): Promise<BenchResult[]> {
  const sampled = await runPane(['--expose-gc'], { MEMORY_SAMPLE: '1' });
  if (!sampled.figures) throw new Error(`the sampled placement failed (exit ${sampled.code}):\n${sampled.stderr}`);
  const f = sampled.figures;
  const response = f.dataResponseBytes;
  const capMb = Math.floor((FACTOR * response) / MB) - 4;
  const capped = await runPane([], { MEMORY_CAP_MB: String(capMb) });
  const completed = capped.figures !== null;
  // Code 3: the pane's worker outgrew its heap limit (ERR_WORKER_OUT_OF_MEMORY); anything else is a failure.
  if (!completed && capped.code !== 3) throw new Error(`the capped placement failed (exit ${capped.code}):\n${capped.stderr}`);
  const ratio = f.peak / response;
  return [{
    name: `place ${MEMORY_ROWS.toLocaleString('en')} × 10, flat (the pane in a worker: Office.js over the host emulator), its peak JS heap vs the data API's response (${f.pages} pages)`,
    figures: {
      'response MB': response / MB,
      'peak live heap MB (sampled)': f.peak / MB,
      'baseline before the placement MB': f.baseline / MB,
      'peak above baseline MB': (f.peak - f.baseline) / MB,
      'ratio (peak ÷ response)': ratio,
      'ratio above baseline': (f.peak - f.baseline) / response,
      'largest heap before a collection MB': f.beforeCollection / MB,
      'heap after the placement MB': f.after / MB,
      samples: f.samples,
      syncs: f.syncs,
      'cap run: old space MB': capMb,
      'cap run completed (1 yes)': completed ? 1 : 0,
      'elapsed s (sampled run)': f.elapsedMs / 1000,
    },
    bound: {
      description: `peak live heap < ${FACTOR} × response (peak at ${f.peakAt}), and the placement completes with the heap capped at ${FACTOR} × response`,
      met: ratio < FACTOR && completed,
    },
  }];
}
