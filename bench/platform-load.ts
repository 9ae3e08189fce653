import { startPlatform } from '../server/app';
import { CoreDataClient, PlatformClient, type FetchLike } from '../src/client';
import type { AppConfigResponse, Deployment, Report, User } from '../src/contract';
import { parseCell, rectFrom, sheetAddress } from '../src/core/a1';
import { resultChecksum } from '../src/core/result-checksum';
import { DEFAULT_REFRESH_CONCURRENCY, startRefreshAll } from '../src/monitoring/refresh-all';
import { openWorkspace } from '../src/pane/compose/platform';
import { PlacementGoneError } from '../src/placements/errors';
import { sameDefinition } from '../src/placements/refreshing';
import type { WorkbookPlacement } from '../src/placements/workbook-placements';
import type { WriteOutcome } from '../src/placements/write-outcome';
import { HTTP1_CONNECTIONS_PER_HOST, perHostConnections } from './browser-fetch';
import type { BenchResult } from './measure';

const PANES = Number(process.env.BENCH_PANES ?? 200);
const REPORTS = 10;
const COPIES = 4;
const SHEETS = 4;
const WORKBOOK_ID = 'bench-platform-load-workbook';
const DIMENSIONS = ['orders.status', 'orders.region', 'orders.category', 'orders.customer_segment'];

/** The kinds of request a pane's Refresh all sends, told apart by method and path. */
const KINDS = {
  'report read': (m: string, p: string) => m === 'GET' && /\/reports\/\d+$/.test(p),
  'report list': (m: string, p: string) => m === 'GET' && p.endsWith('/reports'),
  'data load': (m: string, p: string) => m === 'POST' && p.endsWith('/v1/load'),
  'record refresh': (m: string, p: string) => m === 'PUT' && p.endsWith('/refresh'),
  'placement ids': (m: string, p: string) => m === 'GET' && p.includes('/external-documents/'),
  'data client opening': (m: string, p: string) => p.endsWith('/environments') || p.endsWith('/token'),
} as const;
type Kind = keyof typeof KINDS | 'other';

/** Every HTTP exchange the panes' clients make, timed to the last byte of the answer (retries are exchanges too). */
class Exchanges {
  readonly times = new Map<Kind, number[]>();
  readonly errors: string[] = [];
  continueWaits = 0;

  readonly fetch: FetchLike = async (input, init) => {
    const method = init.method ?? 'GET';
    const path = new URL(input).pathname;
    const kind = (Object.keys(KINDS) as (keyof typeof KINDS)[]).find((k) => KINDS[k](method, path)) ?? 'other';
    const started = performance.now();
    try {
      const response = await globalThis.fetch(input, init);
      const body = await response.arrayBuffer();
      this.add(kind, performance.now() - started);
      if (!response.ok) this.errors.push(`${response.status} ${method} ${path}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      else if (kind === 'data load' && Buffer.from(body).includes('"Continue wait"')) this.continueWaits += 1;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      // A failed exchange (a timeout, say) took its time too: it counts in the figures.
      this.add(kind, performance.now() - started);
      this.errors.push(`network ${method} ${path}: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`);
      throw error;
    }
  };

  get count(): number {
    return [...this.times.values()].reduce((n, t) => n + t.length, 0);
  }

  private add(kind: Kind, ms: number): void {
    const list = this.times.get(kind) ?? [];
    list.push(ms);
    this.times.set(kind, list);
  }
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Signedin {
  user: User;
  deployments: Deployment[];
  appConfig: AppConfigResponse;
}

/**
 * One pane's Refresh all: the product's own loop (startRefreshAll over a PlacementService whose shared run reads each
 * report once and sends each distinct query once), over the real PlatformClient and CoreDataClient. No Excel: the
 * write step is replaced by what it ends in, the placement's refresh recorded with the grid's real checksum.
 */
async function paneRefreshAll(url: string, token: string, signedIn: Signedin, entries: WorkbookPlacement[], fetch: FetchLike): Promise<string[]> {
  const platform = new PlatformClient({ baseUrl: url, accessToken: () => token, fetch });
  const workspace = openWorkspace({ platform, ...signedIn }, { dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, fetch }) });
  const service = workspace.placements;
  // The wave's cells "written" at once; each record then goes to the platform, in parallel, as the product's do. A record
  // that fails is not asked about again (the product reads the report once more to see whether it landed).
  service.writeRefreshes = async (wave, options = {}) => wave.map(async ({ report, placement, prepared }): Promise<PromiseSettledResult<WriteOutcome>> => {
    try {
      const registry = options.run?.deps.registry ?? workspace.registry;
      const values = prepared.grid.values;
      const rect = rectFrom(parseCell(placement.anchorCell!), values.length, values[0]?.length ?? 0);
      const updated = await registry.recordRefresh({ deploymentId: report.deploymentId, reportId: report.id }, {
        placementId: placement.id!, sheetId: placement.sheetId, sheetName: placement.sheetName, anchorCell: placement.anchorCell,
        resultLocation: sheetAddress(placement.sheetName!, rect), resultChecksum: resultChecksum(values),
      }, options.signal);
      const refreshed = updated.externalWorkbookPlacements?.find((p) => p.id === placement.id);
      if (!refreshed) throw new PlacementGoneError(placement);
      return { status: 'fulfilled', value: { kind: 'done', report: updated, placement: refreshed, cutAt: prepared.cutAt, stale: !sameDefinition(report, updated) } };
    } catch (reason) {
      return { status: 'rejected', reason };
    }
  });
  // No Excel either for the read a run sends as it starts: it fails, so the first wave reads for itself (above).
  service.readForRefreshes = () => Promise.reject(new Error('No Excel in this benchmark'));
  const items = await startRefreshAll(service, entries, { concurrency: DEFAULT_REFRESH_CONCURRENCY }).done;
  return items.filter((i) => i.state !== 'done').map((i) => `${i.entry.placement.id}: ${i.state} ${i.reason ?? ''}`);
}

/** The workbook's 40 placements as a pane lists them: 10 reports (distinct queries) × 4 copies, on 4 sheets. */
async function setUp(admin: PlatformClient, analyst: PlatformClient): Promise<WorkbookPlacement[]> {
  const deployment = (await admin.listDeployments()).find((d) => d.name === 'Sales Analytics')!;
  const folder = (await admin.allFolders(deployment.id)).find((f) => f.name === 'Sales')!;
  // Ten distinct definitions: each dimension alone, then each pair of them.
  const pairs = DIMENSIONS.flatMap((a, i) => DIMENSIONS.slice(i + 1).map((b) => [a, b]));
  const dimensionSets = [...DIMENSIONS.map((d) => [d]), ...pairs].slice(0, REPORTS);
  const reports: Report[] = [];
  for (const [r, dimensions] of dimensionSets.entries()) {
    const report = await admin.upsertReportByPublicId(deployment.id, `PlatformLd${String(r).padStart(2, '0')}`, {
      name: `Platform load ${r}`, folderId: folder.id, jsonQuery: JSON.stringify({ measures: ['orders.count', 'orders.total_amount'], dimensions }),
    });
    reports.push(report);
  }
  const entries: WorkbookPlacement[] = [];
  for (let i = 0; i < REPORTS * COPIES; i += 1) {
    const report = reports[i % REPORTS]!;
    const sheetName = `Sheet${1 + (i % SHEETS)}`;
    const anchorCell = `A${1 + Math.floor(i / SHEETS) * 40}`;
    const placementId = `platform-load-${String(i).padStart(2, '0')}`;
    const connected = await analyst.connectWorkbook(deployment.id, report.id, {
      externalWorkbookId: WORKBOOK_ID, placementId, sheetId: `{${sheetName}}`, sheetName, anchorCell, resultLocation: `${sheetName}!${anchorCell}`,
      workbookName: 'Monday.xlsx', host: 'EXCEL',
    });
    const placement = connected.externalWorkbookPlacements!.find((p) => p.id === placementId)!;
    entries.push({
      placement, deploymentId: deployment.id, reportId: report.id, report: connected, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
      location: { sheetId: placement.sheetId!, sheetName, sheetIndex: i % SHEETS, rect: rectFrom(parseCell(anchorCell), 1, 1), cellOptions: null },
    });
  }
  return entries;
}

/**
 * Issue 27: a Monday morning's "refresh on open" across a company, platform side. 200 panes at once each run
 * Refresh all of the same 40-placement workbook (10 reports × 4 copies) over real HTTP on loopback against the
 * local platform in this process. Per pane, what the product's loop sends: its reports read (one listing, or a GET
 * each), 10 data loads (Continue wait re-sent), the workbook's placement ids, 40 recorded refreshes (each wave's in
 * parallel), and opening the data client (environments, deployment token). The seeded tenant has one non-admin
 * user with an API token, the analyst: every pane is her. The clients' own timeout (60 s) and retries apply.
 */
export async function platformLoadBenchmark(): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  try {
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    const analyst = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.analyst });
    const entries = await setUp(admin, analyst);
    const [user, deployments, appConfig] = await Promise.all([analyst.getCurrentUser(), analyst.listDeployments(), analyst.getAppConfig()]);
    const signedIn = { user, deployments, appConfig };
    // One pane first, not measured: the server's statements prepared and every placement recorded once.
    const warm = await paneRefreshAll(platform.url, platform.tokens.analyst, signedIn, entries, perHostConnections());
    if (warm.length) throw new Error(`warm-up refresh all: ${warm.join('; ')}`);

    const exchanges = new Exchanges();
    const paneMs: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    // A long run says how far it is, on stderr: the figures stay the only output.
    const progress = setInterval(() => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stderr.write(`platform-load: ${seconds} s, ${paneMs.length}/${PANES} panes done, ${exchanges.count} requests, ${exchanges.errors.length} errors\n`);
    }, 30_000);
    await Promise.all(Array.from({ length: PANES }, async () => {
      const paneStarted = performance.now();
      try {
        // Each pane a browser of its own, over HTTP/1.1 to the local platform: six connections, its exchanges timed on them.
        failures.push(...(await paneRefreshAll(platform.url, platform.tokens.analyst, signedIn, entries, perHostConnections(HTTP1_CONNECTIONS_PER_HOST, exchanges.fetch))));
      } catch (error) {
        failures.push(error instanceof Error ? error.message : String(error));
      }
      paneMs.push(performance.now() - paneStarted);
    }));
    const wallMs = performance.now() - started;
    clearInterval(progress);

    const figures: Record<string, number> = { panes: PANES, 'placements per pane': entries.length, 'wall ms (all panes)': wallMs };
    figures['pane refresh all p50 ms'] = percentile(paneMs, 50);
    figures['pane refresh all p99 ms'] = percentile(paneMs, 99);
    for (const kind of [...Object.keys(KINDS), 'other'] as Kind[]) {
      const times = exchanges.times.get(kind);
      if (!times) continue;
      figures[`${kind} requests`] = times.length;
      figures[`${kind} p50 ms`] = percentile(times, 50);
      figures[`${kind} p99 ms`] = percentile(times, 99);
    }
    figures['requests per second'] = exchanges.count / (wallMs / 1000);
    figures['continue wait answers'] = exchanges.continueWaits;
    figures['failed exchanges (HTTP error, timeout)'] = exchanges.errors.length;
    figures['placements not refreshed'] = failures.length;
    const errors = exchanges.errors.length + failures.length;
    figures.errors = errors;
    // What went wrong, by kind (numbers and ids blurred), most frequent first.
    const kinds = new Map<string, number>();
    for (const message of [...exchanges.errors, ...failures]) {
      const key = message.replace(/[\d-]{2,}/g, '#').slice(0, 160);
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 12)) process.stderr.write(`platform-load: ${n} × ${key}\n`);
    return [{
      name: `platform under ${PANES} panes at once, each Refresh all of ${entries.length} placements (${REPORTS} reports × ${COPIES}), no Excel`,
      figures,
      bound: { description: 'errors = 0 (HTTP errors, network failures, placements not refreshed)', met: errors === 0 },
    }];
  } finally {
    await platform.close();
  }
}
