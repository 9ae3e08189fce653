import { Worker } from 'node:worker_threads';
import type { CubeQuery } from '../src/contract';
import { ExcelHost, WorkbookModel } from '../workbench/excel-host';
import type { RequestBody } from '../workbench/excel-host/host/protocol';

/**
 * The other side of bench/memory.ts: Excel (the host emulator and its workbook) and the data API's server, in the
 * main thread of the benchmark's process, with the pane in a worker thread. A worker has its own V8 heap, so the
 * cells Excel keeps and the rows the server builds stay out of the pane's heap, as they do in a browser, where Excel
 * and the data API are other processes. Messages: `{ id, excel: body }` answers Office.js's request; `{ id, load:
 * query }` answers a `/v1/load` page as the JSON text's bytes (transferred: none of it is in the pane's heap until
 * the client reads the body); `{ figures }` is the pane's report.
 */

export const MEMORY_ROWS = 300_000;
const DIMENSIONS = ['orders.customer_name', 'orders.region', 'orders.category'];
const MEASURES = Array.from({ length: 7 }, (_, i) => `orders.m${i}`);
export const MEMORY_QUERY: CubeQuery = { dimensions: DIMENSIONS, measures: MEASURES };

const REGIONS = ['North America', 'Europe', 'Asia Pacific', 'Latin America'];
const CATEGORIES = ['Electronics', 'Furniture', 'Office Supplies', 'Apparel', 'Books'];
const annotation = {
  measures: Object.fromEntries(MEASURES.map((m, k) => [m, { title: m, shortTitle: `Measure ${k}`, type: 'number', ...(k % 2 ? { format: 'currency' } : {}) }])),
  dimensions: Object.fromEntries(DIMENSIONS.map((d) => [d, { title: d, shortTitle: d.split('.')[1]!, type: 'string' }])),
  segments: {},
  timeDimensions: {},
};

/** Row `i` as Cube sends it: text dimensions, measures as strings (integers and decimals). */
function rowAt(i: number): Record<string, string> {
  const row: Record<string, string> = {
    [DIMENSIONS[0]!]: `Customer ${String(i).padStart(6, '0')}`, [DIMENSIONS[1]!]: REGIONS[i % 4]!, [DIMENSIONS[2]!]: CATEGORIES[i % 5]!,
  };
  MEASURES.forEach((m, k) => { row[m] = k % 3 === 0 ? String((i * 7 + k) % 10_000) : ((i * 13.37 + k * 101) % 9_999).toFixed(2); });
  return row;
}

/** The `/v1/load` answer for a page of the query: rows `offset` to `offset + limit` of MEMORY_ROWS. */
function page(query: CubeQuery): Uint8Array {
  const offset = query.offset ?? 0;
  const end = Math.min(MEMORY_ROWS, offset + (query.limit ?? 10_000));
  const data = [];
  for (let i = offset; i < end; i += 1) data.push(rowAt(i));
  // A TextEncoder's bytes have an ArrayBuffer of their own (a small Buffer shares a pool), so they can be transferred.
  return new TextEncoder().encode(JSON.stringify({ query, data, annotation, lastRefreshTime: '2026-11-27T00:00:00.000Z' }));
}

/**
 * The benchmark's process: Excel and the data API's server here, the pane (bench/memory-pane.ts) in a worker whose
 * heap V8 limits to MEMORY_CAP_MB (old generation; 4 MB of young generation) when set. A worker's limits are its
 * own: a `--max-old-space-size` flag would limit this side too (and override them), so none is given. Prints the
 * pane's figures as one JSON line; a pane that outgrows its limit ends the process with code 3.
 */
function main(): void {
  const cap = Number(process.env.MEMORY_CAP_MB ?? 0);
  const pane = new Worker(require.resolve('./memory-pane'), {
    resourceLimits: cap ? { maxOldGenerationSizeMb: cap, maxYoungGenerationSizeMb: 4 } : { maxOldGenerationSizeMb: 8_192 },
  });
  const host = new ExcelHost(new WorkbookModel('Memory.xlsx'), { profile: 'web' });
  let dataResponseBytes = 0;
  let pages = 0;
  pane.on('message', (message: { id: number; excel?: RequestBody; load?: CubeQuery; figures?: Record<string, unknown> }) => {
    if (message.excel) {
      // The worker waits for the answer by its id; a request the host cannot execute ends the benchmark (unhandled).
      void host.execute(message.excel).then((response) => pane.postMessage({ id: message.id, response }));
    } else if (message.load) {
      const bytes = page(message.load);
      dataResponseBytes += bytes.byteLength;
      pages += 1;
      pane.postMessage({ id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
    } else if (message.figures) {
      const cells = host.model.sheets[0]!.cells.size;
      if (cells < MEMORY_ROWS * 10) throw new Error(`only ${cells} cells were written`);
      process.stdout.write(`${JSON.stringify({ ...message.figures, ...host.stats, dataResponseBytes, pages, cells })}\n`);
      process.exit(0);
    }
  });
  pane.on('error', (error) => {
    process.stderr.write(`${error.stack ?? String(error)}\n`);
    process.exit((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 3 : 1);
  });
}

if (require.main === module) main();
