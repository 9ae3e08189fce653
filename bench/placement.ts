import type { CubeLoadResult, CubeQuery, Report } from '../src/contract';
import { layoutReport } from '../src/layout/grid';
import { resolvePivot } from '../src/core/report-definition';
import { resultChecksum } from '../src/core/result-checksum';
import { openWorkspace } from '../src/pane/compose/platform';
import { PAYLOAD_LIMIT_BYTES, type HostStats } from '../workbench/excel-host';
import { installHost } from './excel-host';
import { median, type BenchResult } from './measure';
import { benchAppConfig, benchDeployment, benchOwner, benchUser, memoryPlatform } from './memory-platform';

const ROWS = 50_000;

/** A result as the data API would send it (numbers as strings), `dimensions` text columns then `measures`. */
function resultOf(rows: number, dimensionCount: number, measureCount: number, version = 1): { query: CubeQuery; result: CubeLoadResult } {
  const dimensions = ['orders.customer_name', 'orders.region', 'orders.category'].slice(0, dimensionCount);
  const measures = Array.from({ length: measureCount }, (_, i) => `orders.m${i}`);
  const query: CubeQuery = { dimensions, measures };
  const data = Array.from({ length: rows }, (_, i) => {
    const row: Record<string, string> = {};
    const texts = [`Customer ${String(i).padStart(6, '0')}`, ['North America', 'Europe', 'Asia Pacific', 'Latin America'][i % 4]!, ['Electronics', 'Furniture', 'Office Supplies', 'Apparel', 'Books'][i % 5]!];
    dimensions.forEach((d, k) => { row[d] = texts[k]!; });
    // Version 2 changes every second row (the even ones).
    const shift = version === 2 && i % 2 === 0 ? 1 : 0;
    measures.forEach((m, k) => { row[m] = k % 3 === 0 ? String((i * 7 + k + shift) % 10_000) : `${(i * 13.37 + k + shift) % 9_999}.${(i + k) % 100}`; });
    return row;
  });
  const annotation = {
    measures: Object.fromEntries(measures.map((m, k) => [m, { title: m, shortTitle: `Measure ${k}`, type: 'number' as const, ...(k % 2 ? { format: 'currency' } : {}) }])),
    dimensions: Object.fromEntries(dimensions.map((d) => [d, { title: d, shortTitle: d.split('.')[1]!, type: 'string' as const }])),
    segments: {},
    timeDimensions: {},
  };
  return { query, result: { query, data, annotation } };
}

const now = new Date().toISOString();
const owner = benchOwner;
const deployment = benchDeployment;
const user = benchUser;
const appConfig = benchAppConfig;

const MB = 1024 * 1024;

function reportOf(query: CubeQuery, publicId: string): Report {
  // Saved without pivot items: laid out from the query alone (dimensions on rows, measures after them).
  return {
    id: 1, deploymentId: deployment.id, publicId, name: publicId, title: publicId, userId: owner.id, user: owner,
    type: 'REPORT', jsonQuery: JSON.stringify(query), pivotItems: null, currentQueryChecksum: 'c', externalWorkbookPlacements: [],
    createdAt: now, updatedAt: now,
  };
}

/** The data API paging through `current()` 10,000 rows at a time. */
function dataApi(current: () => CubeLoadResult) {
  return { load: async (query: CubeQuery) => ({ ...current(), data: current().data.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 10_000)) }) };
}

/**
 * Syncs the 5 MB limit forces at least: the operation's request bytes ÷ 5 MB plus its response bytes ÷ 5 MB,
 * each rounded up. Reads and writes are counted apart because a write cannot share a sync with the reads it
 * depends on (the snapshot and the hand-edit check come before it).
 */
function minimumSyncs(stats: HostStats): number {
  return Math.max(1, Math.ceil(stats.requestBytes / PAYLOAD_LIMIT_BYTES) + Math.ceil(stats.responseBytes / PAYLOAD_LIMIT_BYTES));
}

function payloadResult(name: string, stats: HostStats, extra: Record<string, number> = {}): BenchResult {
  const min = minimumSyncs(stats);
  // Issue 27 tightened issue 10's + 3 to + 2.
  const bound = 1.25 * min + 2;
  return {
    name,
    figures: {
      syncs: stats.syncs, 'minimum syncs (request ÷ 5 MB + response ÷ 5 MB)': min, 'bound (1.25 × min + 2)': bound, 'cleanup requests (not awaited)': stats.cleanupRequests,
      'request MB': stats.requestBytes / MB, 'largest request MB': stats.largestRequestBytes / MB,
      'response MB': stats.responseBytes / MB, 'largest response MB': stats.largestResponseBytes / MB, ...extra,
    },
    bound: { description: 'syncs ≤ 1.25 × min + 2, largest request < 4.5 MB', met: stats.syncs <= bound && stats.largestRequestBytes < 4.5 * MB },
  };
}

export async function placementBenchmarks(runs: number): Promise<BenchResult[]> {
  const { query: QUERY, result } = resultOf(ROWS, 3, 9);
  const responseText = JSON.stringify(result);
  const report = reportOf(QUERY, 'BenchPlace01');
  const pivot = resolvePivot(null, QUERY);
  const data = dataApi(() => result);
  const results: BenchResult[] = [];

  // CPU: layout + conversion + checksums against JSON.parse of the same response, side by side.
  const parseTimes: number[] = [];
  const workTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let started = performance.now();
    JSON.parse(responseText);
    parseTimes.push(performance.now() - started);
    started = performance.now();
    const grid = layoutReport(result, QUERY, pivot);
    resultChecksum(grid.values);
    workTimes.push(performance.now() - started);
  }
  const cpuRatio = median(workTimes) / median(parseTimes);
  results.push({
    name: `layout + conversion + checksums of ${ROWS.toLocaleString('en')} × 12 vs JSON.parse of the response (${(responseText.length / MB).toFixed(1)} MB)`,
    figures: { 'JSON.parse median ms': median(parseTimes), 'layout+checksums median ms': median(workTimes), ratio: cpuRatio },
    bound: { description: 'ratio ≤ 2', met: cpuRatio <= 2 },
  });

  // Place 50,000 × 12 on Excel on the web (5 MB limits), with a modelled 50 ms round trip per sync.
  const host = installHost('Bench.xlsx', { profile: 'web', delayMs: 50 });
  const service = openWorkspace({ platform: memoryPlatform(report), user, deployments: [deployment], appConfig }, { dataClient: () => data }).placements;
  let started = performance.now();
  const placed = await service.place(report);
  const placeMs = performance.now() - started;
  if (placed.kind !== 'done') throw new Error(`place ended in ${placed.kind}`);
  results.push(payloadResult(`place ${ROWS.toLocaleString('en')} × 12 (Excel on the web, 50 ms per sync)`, { ...host.stats }, { 'elapsed ms': placeMs }));

  // Refresh with no data change, of the placement as the pane lists it.
  const [entry] = await service.workbookPlacements();
  host.resetStats();
  started = performance.now();
  const refreshed = await service.refresh(entry!);
  const refreshMs = performance.now() - started;
  if (refreshed.kind !== 'done') throw new Error(`refresh ended in ${refreshed.kind}`);
  results.push(payloadResult('refresh of that placement with no data change', { ...host.stats }, { 'elapsed ms': refreshMs }));

  results.push(await refreshEverySecondRow());
  results.push(await handEditCheckOfOneColumn());
  return results;
}

/** A refresh that rewrites every second row of 200,000 × 3: many short runs, each with its own range. */
async function refreshEverySecondRow(): Promise<BenchResult> {
  const rows = 200_000;
  let version = 1;
  const { query } = resultOf(rows, 1, 2);
  const versions = { 1: resultOf(rows, 1, 2, 1).result, 2: resultOf(rows, 1, 2, 2).result };
  const report = reportOf(query, 'BenchHalfRows');
  const host = installHost('HalfRows.xlsx', { profile: 'web' });
  const service = openWorkspace({ platform: memoryPlatform(report), user, deployments: [deployment], appConfig }, { dataClient: () => dataApi(() => versions[version as 1 | 2]) }).placements;
  const placed = await service.place(report);
  if (placed.kind !== 'done') throw new Error(`place ended in ${placed.kind}`);
  const [entry] = await service.workbookPlacements();
  version = 2;
  host.resetStats();
  const refreshed = await service.refresh(entry!);
  if (refreshed.kind !== 'done') throw new Error(`refresh ended in ${refreshed.kind}`);
  return payloadResult(`refresh rewriting every second row of ${rows.toLocaleString('en')} × 3 (Excel on the web)`, { ...host.stats });
}

/** The hand-edit check of a 300,000 × 1 placement: reads sized to the response limit. */
async function handEditCheckOfOneColumn(): Promise<BenchResult> {
  const rows = 300_000;
  const { query, result } = resultOf(rows, 1, 0);
  const report = reportOf(query, 'BenchOneColumn');
  const host = installHost('OneColumn.xlsx', { profile: 'web' });
  const service = openWorkspace({ platform: memoryPlatform(report), user, deployments: [deployment], appConfig }, { dataClient: () => dataApi(() => result) }).placements;
  const placed = await service.place(report);
  if (placed.kind !== 'done') throw new Error(`place ended in ${placed.kind}`);
  host.resetStats();
  const edits = await service.checkHandEdits(placed);
  if (!edits || edits.rows.length) throw new Error('expected no hand edits');
  return payloadResult(`hand-edit check of ${rows.toLocaleString('en')} × 1 (Excel on the web)`, { ...host.stats });
}
