import type { PlatformClient } from '../src/client';
import type {
  AppConfigResponse, ConnectReportToWorkbookInput, CubeLoadResult, CubeQuery, Deployment, ExternalDocumentPlacement, RefreshReportInput,
  Report, ReportPlacement, User,
} from '../src/contract';
import { layoutReport } from '../src/core/layout';
import { resolvePivot } from '../src/core/report-definition';
import { resultChecksum } from '../src/core/result-checksum';
import { openWorkspace } from '../src/placement/session';
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

const now = new Date().toISOString();
const owner = { id: 1, email: 'bench@example.com', firstName: 'Bench' };
const deployment: Deployment = { id: 1, name: 'Bench', deploymentUrl: 'http://127.0.0.1:1', creationStep: 'ready' };
const user: User = { id: 1, email: owner.email, username: owner.email, isAdmin: false, notifications: {}, settings: null };
const appConfig: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false };

/** A platform that records one placement in memory: the benchmark measures the workbook side only. */
function memoryPlatform(report: Report): PlatformClient {
  let placement: ReportPlacement | null = null;
  const answer = (): Report => ({ ...report, externalWorkbookPlacements: placement ? [placement] : [] });
  return {
    getReport: async () => answer(),
    listEnvironments: async () => [],
    connectWorkbook: async (_d: number, _r: number, body: ConnectReportToWorkbookInput) => {
      placement = {
        ...body, id: 'bench-placement', workbookId: body.externalWorkbookId, placedAt: now, placedByUserId: user.id, refreshedAt: null,
        refreshedByUserId: null, queryChecksum: report.currentQueryChecksum, syncStatus: 'UP_TO_DATE',
      };
      return answer();
    },
    recordRefresh: async (_d: number, _r: number, body: RefreshReportInput) => {
      const { sheetId, sheetName, anchorCell, resultChecksum } = body;
      placement = {
        ...placement!, sheetId, sheetName, anchorCell, resultChecksum, resultLocation: body.resultLocation ?? placement!.resultLocation,
        refreshedAt: new Date().toISOString(), refreshedByUserId: user.id,
      };
      return answer();
    },
    externalDocumentPlacements: async (): Promise<ExternalDocumentPlacement[]> =>
      (placement ? [{ ...placement, access: 'GRANTED', deploymentId: deployment.id, reportId: report.id, reportName: report.name }] : []),
    iterateReports: async function* () { yield answer(); },
  } as unknown as PlatformClient;
}

const MB = 1024 * 1024;

export async function placementBenchmarks(runs: number): Promise<BenchResult[]> {
  const result = bigResult();
  const responseText = JSON.stringify(result);
  // Saved without pivot items: laid out from the query alone (dimensions on rows, measures after them).
  const report: Report = {
    id: 1, deploymentId: deployment.id, publicId: 'BenchPlace01', name: 'Bench', title: 'Bench', userId: owner.id, user: owner,
    type: 'REPORT', jsonQuery: JSON.stringify(QUERY), pivotItems: null, currentQueryChecksum: 'c', externalWorkbookPlacements: [],
    createdAt: now, updatedAt: now,
  };
  const pivot = resolvePivot(null, QUERY);
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

  // Syncs for placing, with a modelled 50 ms round trip per sync.
  const simulator = new ExcelSimulator(new WorkbookModel('Bench.xlsx'), { syncDelayMs: 50 });
  installSimulator(simulator);
  const service = openWorkspace({ platform: memoryPlatform(report), user, deployments: [deployment], appConfig }, { dataClient: () => data });
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

  // Refresh with no data change, of the placement as the pane lists it.
  const [entry] = await service.workbookPlacements();
  simulator.resetStats();
  started = performance.now();
  const refreshed = await service.refresh(entry!);
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
  const edits = await service.checkHandEdits(refreshed);
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
