import type { CoreDataClient, PlatformClient } from '../src/client';
import type { CubeLoadResult, CubeQuery, Placement, Report } from '../src/contract';
import { withPivotDefaults } from '../src/contract';
import { fingerprint } from '../src/core/fingerprint';
import { layoutReport } from '../src/core/layout';
import { checksumOfFingerprint } from '../src/core/result-checksum';
import { ExcelConnector } from '../src/excel/excel-connector';
import { PlacementService } from '../src/placement/placement-service';
import { ExcelSimulator, installSimulator, PAYLOAD_LIMIT_BYTES, WorkbookModel } from '../src/workbench/excel-sim';
import { median, type BenchResult } from './measure';

const ROWS = 50_000;
const DIMENSIONS = ['orders.customer_name', 'orders.region', 'orders.category'];
const MEASURES = Array.from({ length: 9 }, (_, i) => `orders.m${i}`);
const QUERY: CubeQuery = { dimensions: DIMENSIONS, measures: MEASURES };

/** A 50,000 × 12 result as the data API would send it: numbers as strings. */
function bigResult(): CubeLoadResult {
  const data = Array.from({ length: ROWS }, (_, i) => {
    const row: Record<string, string> = {
      'orders.customer_name': `Customer ${String(i).padStart(5, '0')}`,
      'orders.region': ['North America', 'Europe', 'Asia Pacific', 'Latin America'][i % 4]!,
      'orders.category': ['Electronics', 'Furniture', 'Office Supplies', 'Apparel', 'Books'][i % 5]!,
    };
    MEASURES.forEach((m, k) => { row[m] = k % 3 === 0 ? String((i * 7 + k) % 10_000) : `${(i * 13.37 + k) % 9_999}.${(i + k) % 100}`; });
    return row;
  });
  const annotation = {
    measures: Object.fromEntries(MEASURES.map((m, k) => [m, { title: m, shortTitle: `Measure ${k}`, type: 'number' as const, ...(k % 2 ? { format: 'currency' } : {}) }])),
    dimensions: Object.fromEntries(DIMENSIONS.map((d) => [d, { title: d, shortTitle: d.split('.')[1]!, type: 'string' as const }])),
    segments: {},
    timeDimensions: {},
  };
  return { query: QUERY, data, annotation };
}

/** A platform that records placements in memory: the benchmark measures the workbook side only. */
function memoryPlatform(report: Report): PlatformClient {
  let placement: Placement | null = null;
  const answer = () => ({ ...report, externalWorkbookPlacements: placement ? [placement] : [] });
  const now = new Date().toISOString();
  return {
    connectWorkbook: async (_d: string, _r: string, body: { externalWorkbookId: string; sheetId: string; sheetName: string; anchorCell: string; workbookName: string; resultLocation: string; endResultCell: string; queryChecksum: string | null; resultChecksum: string | null }) => {
      placement = {
        id: 'bench-placement', workbookId: body.externalWorkbookId, host: 'EXCEL', sheetId: body.sheetId, sheetName: body.sheetName,
        anchorCell: body.anchorCell, workbookName: body.workbookName, resultLocation: body.resultLocation, endResultCell: body.endResultCell,
        placedAt: now, placedByUserId: 'u', refreshedAt: null, refreshedByUserId: null, queryChecksum: body.queryChecksum,
        syncStatus: 'UP_TO_DATE', resultChecksum: body.resultChecksum,
      };
      return answer();
    },
    recordRefresh: async () => answer(),
    iterateReports: async function* () { yield answer(); },
  } as unknown as PlatformClient;
}

const MB = 1024 * 1024;

export async function placementBenchmarks(runs: number): Promise<BenchResult[]> {
  const result = bigResult();
  const responseText = JSON.stringify(result);
  const report: Report = {
    id: 'bench', name: 'Bench', title: 'Bench', publicId: null, folderPath: [], canEdit: true, canManage: true,
    query: QUERY, pivot: withPivotDefaults(undefined, QUERY), currentQueryChecksum: 'c', externalWorkbookPlacements: [],
    createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), lastViewedAt: null,
  };
  const data = { load: async (query: CubeQuery) => ({ ...result, data: result.data.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 10_000)) }) };
  const results: BenchResult[] = [];

  // CPU: layout + conversion + checksums against JSON.parse of the same response, side by side.
  const parseTimes: number[] = [];
  const workTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    let started = performance.now();
    JSON.parse(responseText);
    parseTimes.push(performance.now() - started);
    started = performance.now();
    const grid = layoutReport(result, QUERY, report.pivot);
    await checksumOfFingerprint(fingerprint(grid.values));
    workTimes.push(performance.now() - started);
  }
  const cpuRatio = median(workTimes) / median(parseTimes);
  results.push({
    name: `layout + conversion + checksums of ${ROWS.toLocaleString('en')} × 12 vs JSON.parse of the response (${(responseText.length / MB).toFixed(1)} MB)`,
    figures: { 'JSON.parse median ms': median(parseTimes), 'layout+checksums median ms': median(workTimes), ratio: cpuRatio },
    bound: { description: 'ratio ≤ 2', met: cpuRatio <= 2 },
  });

  // Syncs for placing, with a modelled 50 ms round trip per sync.
  const simulator = new ExcelSimulator(new WorkbookModel('Bench.xlsx'), { syncDelayMs: 50 });
  installSimulator(simulator);
  const service = new PlacementService({ platform: memoryPlatform(report), data: data as unknown as CoreDataClient, excel: new ExcelConnector(), deploymentId: 'd' });
  let started = performance.now();
  const placed = await service.place(report);
  const placeMs = performance.now() - started;
  if (placed.kind !== 'done') throw new Error(`place ended in ${placed.kind}`);
  const place = { ...simulator.stats };
  const placeMin = Math.ceil(place.requestBytes / PAYLOAD_LIMIT_BYTES);
  const placeBound = 1.25 * placeMin + 3;
  results.push({
    name: `place ${ROWS.toLocaleString('en')} × 12 (50 ms per sync)`,
    figures: {
      syncs: place.syncs, 'minimum syncs (request bytes ÷ 5 MB)': placeMin, 'bound (1.25 × min + 3)': placeBound,
      'request MB': place.requestBytes / MB, 'largest request MB': place.largestRequestBytes / MB, 'elapsed ms': placeMs,
    },
    bound: { description: 'syncs ≤ 1.25 × min + 3 and largest request < 4.5 MB', met: place.syncs <= placeBound && place.largestRequestBytes < 4.5 * MB },
  });

  // Refresh with no data change.
  simulator.resetStats();
  started = performance.now();
  const refreshed = await service.refresh(placed.report, placed.placement);
  const refreshMs = performance.now() - started;
  if (refreshed.kind !== 'done') throw new Error(`refresh ended in ${refreshed.kind}`);
  const refresh = { ...simulator.stats };
  const refreshMin = Math.max(1, Math.ceil(refresh.requestBytes / PAYLOAD_LIMIT_BYTES));
  const refreshBound = 1.25 * refreshMin + 3;
  results.push({
    name: 'refresh of that placement with no data change',
    figures: { syncs: refresh.syncs, 'minimum syncs': refreshMin, 'bound (1.25 × min + 3)': refreshBound, 'response MB': refresh.responseBytes / MB, 'elapsed ms': refreshMs },
    bound: { description: 'syncs ≤ 1.25 × min + 3', met: refresh.syncs <= refreshBound },
  });

  // Hand-edit check alone.
  simulator.resetStats();
  const edits = await service.checkHandEdits(refreshed.placement);
  if (!edits || edits.rows.length) throw new Error('expected no hand edits');
  const check = { ...simulator.stats };
  const readMin = Math.max(1, Math.ceil(check.responseBytes / PAYLOAD_LIMIT_BYTES));
  results.push({
    name: 'hand-edit check of that placement',
    figures: { syncs: check.syncs, 'minimum reads (response bytes ÷ 5 MB)': readMin, 'response MB': check.responseBytes / MB, 'largest response MB': check.largestResponseBytes / MB },
    bound: { description: 'syncs ≤ min + 1', met: check.syncs <= readMin + 1 },
  });
  return results;
}
