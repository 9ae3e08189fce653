import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { CoreDataClient } from '../src/client';
import type { Report } from '../src/contract';
import { openWorkspace } from '../src/pane/compose/platform';
import { connectOfficeJs, ExcelHost, WorkbookModel } from '../workbench/excel-host';
import type { RequestBody, ResponseMessage } from '../workbench/excel-host/host/protocol';
import { loadOfficeJs } from '../workbench/excel-host/node/load-office-js';
import { MEMORY_QUERY } from './memory-host';
import { benchAppConfig, benchDeployment, benchOwner, benchUser, memoryPlatform } from './memory-platform';

/**
 * The pane's side of bench/memory.ts, a worker thread of bench/memory-host.ts (Excel and the data API's server, in
 * the main thread, whose heap is not this one): Microsoft's Office.js and the add-in's placement service. It places
 * MEMORY_ROWS × 10 and posts its heap figures. With
 * MEMORY_SAMPLE=1, the heap is collected (`gc()`) and its live size read at every point where the pane hands
 * something to Excel or the data API or gets its answer: each Office.js request and response, each page asked
 * for and answered (`gc` needs `node --expose-gc`). Without it nothing is sampled: the run under a capped heap.
 */

const sampling = process.env.MEMORY_SAMPLE === '1';
const collect = (globalThis as { gc?: () => void }).gc;
if (sampling && !collect) throw new Error('Run with --expose-gc to sample the live heap.');
const live = { peak: 0, peakAt: '', beforeCollection: 0, samples: 0 };

function sample(at: string): void {
  if (process.env.MEMORY_TRACE && !sampling) process.stderr.write(`${at} ${Math.round(performance.now())} ${Math.round(getHeapStatistics().used_heap_size / 1e6)}\n`);
  if (!sampling) return;
  live.beforeCollection = Math.max(live.beforeCollection, getHeapStatistics().used_heap_size);
  collect!();
  const used = getHeapStatistics().used_heap_size;
  live.samples += 1;
  if (process.env.MEMORY_TRACE) process.stderr.write(`${at} ${Math.round(performance.now())} ${Math.round(used / 1e6)}\n`);
  // MEMORY_SNAPSHOT=<point> ("Excel request 14") writes the heap there, to see what holds it.
  if (process.env.MEMORY_SNAPSHOT === at) writeHeapSnapshot(`memory-${at.replace(/ /g, '-')}.heapsnapshot`);
  if (used > live.peak) Object.assign(live, { peak: used, peakAt: at });
}

const port = parentPort!;
let nextId = 1;
type Answer = { id: number; response?: ResponseMessage; bytes?: Uint8Array<ArrayBuffer> };
const waiting = new Map<number, (answer: Answer) => void>();
port.on('message', (answer: Answer) => {
  const resolve = waiting.get(answer.id)!;
  waiting.delete(answer.id);
  resolve(answer);
});
const ask = (message: { excel?: RequestBody; load?: unknown }) => new Promise<Answer>((resolve) => {
  const id = nextId++;
  waiting.set(id, resolve);
  port.postMessage({ id, ...message });
});

/** Office.js in this worker; its requests carried out by the main thread's host, not the (empty) one it is connected to. */
function connectExcel(): void {
  loadOfficeJs();
  connectOfficeJs(new ExcelHost(new WorkbookModel('Pane.xlsx'), { profile: 'web' }));
  let requests = 0;
  (globalThis as unknown as { OfficeExtension: { ClientRequestContext: { defaultRequestUrlAndHeaders: unknown } } }).OfficeExtension.ClientRequestContext.defaultRequestUrlAndHeaders = {
    _resolveRequestUrlAndHeaderInfo: () => Promise.resolve({ url: 'local', headers: {} }),
    _createRequestExecutorOrNull: () => ({
      executeAsync: async (_customData: unknown, _flags: number, message: { Body: RequestBody }) => {
        const n = (requests += 1);
        sample(`Excel request ${n}`);
        const { response } = await ask({ excel: message.Body });
        sample(`Excel response ${n}`);
        return response;
      },
    }),
  };
}

const now = new Date().toISOString();
const owner = benchOwner;
const deployment = benchDeployment;
const user = benchUser;
const appConfig = benchAppConfig;
const report: Report = {
  id: 1, deploymentId: deployment.id, publicId: 'BenchMemory', name: 'BenchMemory', title: 'BenchMemory', userId: owner.id, user: owner,
  type: 'REPORT', jsonQuery: JSON.stringify(MEMORY_QUERY), pivotItems: null, currentQueryChecksum: 'c', externalWorkbookPlacements: [],
  createdAt: now, updatedAt: now,
};


/** The add-in's own Core data client (HttpClient: the body read as text, JSON.parse, the zod schema), over the main thread. */
function dataClient(): CoreDataClient {
  let pages = 0;
  return new CoreDataClient({
    apiUrl: 'http://127.0.0.1:1/cubejs-api', tokens: { getToken: async () => 'token', invalidate: () => undefined },
    fetch: async (_url, init) => {
      const n = (pages += 1);
      sample(`page ${n} asked`);
      const { bytes } = await ask({ load: (JSON.parse(String(init.body)) as { query: unknown }).query });
      sample(`page ${n} answered`);
      return new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

async function main(): Promise<void> {
  connectExcel();
  const service = openWorkspace({ platform: memoryPlatform(report), user, deployments: [deployment], appConfig }, { dataClient }).placements;
  sample('baseline');
  const baseline = live.peak;
  const started = performance.now();
  const placed = await service.place(report);
  const elapsedMs = performance.now() - started;
  if (placed.kind !== 'done') throw new Error(`place ended in ${placed.kind}`);
  collect?.();
  const after = getHeapStatistics().used_heap_size;
  port.postMessage({ figures: { ...live, baseline, after, elapsedMs } });
}

// A failure ends the worker with an 'error' event in bench/memory-host.ts.
void main();
