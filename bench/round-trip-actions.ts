import { CoreDataClient, type FetchLike, type PlatformClient } from '../src/client';
import type { CubeLoadResult, CubeQuery, Report } from '../src/contract';
import type { BuilderState } from '../src/builder/builder-model';
import { ExplorationController } from '../src/builder/exploration-controller';
import { liveHandEdits, type LiveEditResult } from '../src/monitoring/live-edits';
import { startRefreshAll } from '../src/monitoring/refresh-all';
import type { DataClient } from '../src/platform/deployment-data';
import type { WorkbookPlacement } from '../src/placements/placement-service';
import type { WorkspaceParts } from '../src/pane/compose/parts';
import { openWorkspace } from '../src/pane/compose/platform';
import { Connection } from '../src/session/connection';
import type { ExcelHost } from '../workbench/excel-host';
import { entryFromFormula } from '../workbench/excel-host/workbook/coercion';
import { commitEdit } from '../workbench/grid/actions';
import { startEdit } from '../workbench/grid/editing';
import { act, selectCell } from '../test/support/excel';
import { ownClock, threadCpuWaitMs } from './cpu-wait';

/**
 * The user actions of issue 27, each performed once on Office.js over the host emulator against the local
 * platform, shared by the round-trip benchmark (bench/round-trip.ts, with a delay per sync) and the test that
 * counts their syncs (test/integration/round-trip-sync-count.test.ts, without). Set-up runs without a delay;
 * only the action itself is measured, with the host's `delayMs` set for it alone.
 */

/** What one action cost: Excel syncs, wall time, and the data API's own time inside it. */
export interface ActionFigures {
  syncs: number;
  wallMs: number;
  /** Time with at least one data-client request in flight (overlapping requests count once), on the thread's own clock. */
  dataMs: number;
  /** The longest single data-client request. */
  slowestQueryMs: number;
  queries: number;
  /** Time with at least one Platform API request in flight (reports read again, placements recorded). */
  platformMs: number;
  /** Platform API requests answered (each a round trip to the platform the action may wait for). */
  platformRequests: number;
  /** Time with at least one refresh record (`recordRefresh`) in flight, on the thread's own clock. */
  recordsMs: number;
  /**
   * How long this thread (the add-in's and the host emulator's) waited for a CPU that other work held during the
   * action (`bench/cpu-wait.ts`): the bounds are judged on `wallMs` less this.
   */
  cpuWaitMs: number;
}

/**
 * Time spent inside requests, overlapping requests counted once, started and stopped around an action. On this
 * thread's own clock (`ownClock`), as the action is judged: a wait for a CPU while a request is in flight (the
 * platform may share this thread) counts on neither side.
 */
class InFlight {
  private open = 0;
  private since = 0;
  busyMs = 0;
  slowestMs = 0;
  count = 0;

  reset(): void {
    this.busyMs = 0;
    this.slowestMs = 0;
    this.count = 0;
    if (this.open) this.since = ownClock();
  }

  async time<T>(request: () => Promise<T>): Promise<T> {
    const started = ownClock();
    if (this.open++ === 0) this.since = started;
    try {
      return await request();
    } finally {
      const ended = ownClock();
      this.count += 1;
      this.slowestMs = Math.max(this.slowestMs, ended - started);
      if (--this.open === 0) this.busyMs += ended - this.since;
    }
  }
}

/** Every promise-returning method of the Platform API client timed (its own requests, not the data API's); refresh records apart too. */
function timedPlatform(client: PlatformClient, timer: InFlight, records: InFlight): PlatformClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        const timed = timer.time(() => result);
        return key === 'recordRefresh' ? records.time(() => timed) : timed;
      };
    },
  });
}

const DIMENSIONS = ['orders.status', 'orders.region', 'orders.category', 'orders.customer_segment'];
/** Rows whose first measure the data API answers changed, while `changeRows` is on (a few rows changed). */
const CHANGED_ROWS = 3;

/** A signed-in pane's workspace on `client`, its data and platform requests timed, and a switch that changes a few rows of every result. */
export class RoundTripBench {
  changeRows = false;
  private constructor(
    readonly host: ExcelHost, readonly connection: Connection, readonly workspace: WorkspaceParts, readonly deploymentId: number, readonly folderId: number,
    readonly data: InFlight, readonly platformTime: InFlight, readonly recordTime: InFlight,
  ) {}

  /**
   * `fetch`: the data clients' (the platform's client has its own); the global fetch by default. `dataOrigin`: the
   * origin the data API is reached at when the platform is reached through a front (test/browser/support/serve.ts)
   * that started after it, so the address the platform names for it is its own.
   */
  static async open(
    host: ExcelHost, client: PlatformClient,
    { deploymentName = 'Sales Analytics', fetch, dataOrigin }: { deploymentName?: string; fetch?: FetchLike; dataOrigin?: string } = {},
  ): Promise<RoundTripBench> {
    const deployments = await client.listDeployments();
    const deployment = deployments.find((d) => d.name === deploymentName)!;
    const folder = (await client.allFolders(deployment.id)).find((f) => f.name === 'Sales')!;
    let bench: RoundTripBench | null = null;
    const data = new InFlight();
    const platformTime = new InFlight();
    const recordTime = new InFlight();
    const platform = timedPlatform(client, platformTime, recordTime);
    const [user, appConfig] = await Promise.all([client.getCurrentUser(), client.getAppConfig()]);
    const credentials = { settings: { kind: 'api-key' as const, baseUrl: '', accessToken: '' }, accessToken: async () => '' };
    const connection = new Connection({ credentials, platform, user, deployments, appConfig });
    const timedClient = (inner: DataClient): DataClient => ({
      ...inner,
      meta: inner.meta?.bind(inner),
      sql: inner.sql?.bind(inner),
      load: (query, options) => data.time(async () => {
        const result = await inner.load(query, options);
        return bench?.changeRows ? changed(result) : result;
      }),
    });
    const reached = (apiUrl: string) => (dataOrigin ? new URL(new URL(apiUrl).pathname, dataOrigin).href : apiUrl);
    const workspace = openWorkspace(connection, { dataClient: (apiUrl, tokens) => timedClient(new CoreDataClient({ apiUrl: reached(apiUrl), tokens, fetch })) });
    bench = new RoundTripBench(host, connection, workspace, deployment.id, folder.id, data, platformTime, recordTime);
    return bench;
  }

  get service() {
    return this.workspace.placements;
  }

  /** A report of orders by `dimensions` (count and amount, at most `limit` rows), saved in the Sales folder under `publicId`. */
  report(publicId: string, dimensions: string[], limit?: number): Promise<Report> {
    const jsonQuery = JSON.stringify({ measures: ['orders.count', 'orders.total_amount'], dimensions, ...(limit ? { limit } : {}) } satisfies CubeQuery);
    return this.connection.platform.upsertReportByPublicId(this.deploymentId, publicId, { name: publicId, folderId: this.folderId, jsonQuery });
  }

  /** Runs `action` with `delayMs` per sync, counting its syncs and timing it and its requests. */
  async measure<T>(delayMs: number, action: () => Promise<T>): Promise<{ figures: ActionFigures; value: T }> {
    // What the set-up (or the previous action) left running finishes first: its syncs are not this action's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.host.resetStats();
    this.data.reset();
    this.platformTime.reset();
    this.recordTime.reset();
    this.host.options.delayMs = delayMs;
    const [started, waitedBefore] = [performance.now(), threadCpuWaitMs()];
    let value: T;
    try {
      value = await action();
    } finally {
      this.host.options.delayMs = 0;
    }
    const [wallMs, cpuWaitMs] = [performance.now() - started, threadCpuWaitMs() - waitedBefore];
    return {
      value,
      figures: {
        syncs: this.host.stats.syncs, wallMs, dataMs: this.data.busyMs, slowestQueryMs: this.data.slowestMs, queries: this.data.count, platformMs: this.platformTime.busyMs,
        platformRequests: this.platformTime.count, recordsMs: this.recordTime.busyMs, cpuWaitMs,
      },
    };
  }

  /** The placement of `publicId` as the pane lists it (listing is not part of the action measured). */
  async entry(publicId: string): Promise<WorkbookPlacement> {
    const entry = (await this.service.workbookPlacements()).find((e) => e.report?.publicId === publicId);
    if (!entry) throw new Error(`${publicId} is not placed`);
    return entry;
  }
}

/** The result with the first measure of its first rows changed (what a few new orders do to a report). */
function changed(result: CubeLoadResult): CubeLoadResult {
  const measure = Object.keys(result.annotation.measures)[0];
  if (!measure) return result;
  return { ...result, data: result.data.map((row, i) => (i < CHANGED_ROWS ? { ...row, [measure]: String(Number(row[measure] ?? 0) + 1) } : row)) };
}

function done<T extends { kind: string }>(outcome: T, what: string): T {
  if (outcome.kind !== 'done') throw new Error(`${what} ended in ${outcome.kind}`);
  return outcome;
}

/** Place a small report (region × category × status, under 1,000 rows) at Sheet1!B3, as a table (the default for a flat report). */
export async function placeSmall(bench: RoundTripBench, delayMs: number, publicId = 'RoundTripSml') {
  const report = await bench.report(publicId, DIMENSIONS.slice(0, 3));
  await selectCell('B3', 'Sheet1');
  const { figures, value } = await bench.measure(delayMs, () => bench.service.place(report));
  const placed = done(value, 'place');
  // Rows of the placed cells (header included), from the address recorded for them.
  const [, top, bottom] = /(\d+):\$?[A-Z]+\$?(\d+)$/.exec(placed.kind === 'done' ? placed.placement.resultLocation : '') ?? [];
  return { figures, rows: Number(bottom) - Number(top) + 1, table: placed.kind === 'done' && !placed.table };
}

/** Refresh that placement: the data as before (`changeRows` off), or a few rows changed. */
export async function refreshSmall(bench: RoundTripBench, delayMs: number, changeRows: boolean, publicId = 'RoundTripSml'): Promise<ActionFigures> {
  const entry = await bench.entry(publicId);
  bench.changeRows = changeRows;
  try {
    const { figures, value } = await bench.measure(delayMs, () => bench.service.refresh(entry));
    done(value, 'refresh');
    return figures;
  } finally {
    bench.changeRows = false;
  }
}

/** Types `text` into a cell as the user does in the workbench grid (not through Office.js, so no sync). */
function type(host: ExcelHost, sheetName: string, row: number, column: number, text: string): void {
  const sheet = host.model.sheetByName(sheetName)!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text }, entryFromFormula);
}

/** The live hand-edit check after typing into a placed cell (Sheet1!C5, inside the small placement): typing → "edited". */
export async function liveCheck(bench: RoundTripBench, delayMs: number, publicId = 'RoundTripSml'): Promise<ActionFigures> {
  const entry = await bench.entry(publicId);
  let resolve: (result: LiveEditResult) => void = () => undefined;
  let failure: unknown = null;
  const live = liveHandEdits(bench.workspace, { onResult: (r) => resolve(r), onError: (e) => { failure = e; }, debounceMs: 0 });
  await live.watch([entry]);
  try {
    const { figures, value } = await bench.measure(delayMs, () => new Promise<LiveEditResult>((found) => {
      resolve = found;
      type(bench.host, 'Sheet1', 4, 2, '999999');
    }));
    if (failure || value.kind !== 'edited') throw new Error(`live check: ${value.kind} ${String(failure ?? '')}`);
    return figures;
  } finally {
    await live.stop();
  }
}

/**
 * Refresh all of `count` small placements on `sheets` sheets (placed first, without a delay), with a few rows of
 * each changed: every placement has cells to write, which is what batching writes is for. The reports group by one
 * of four dimensions, so the run sends four queries (one per distinct definition); `distinct`: each report has a row
 * limit of its own that cuts nothing, so each is a definition of its own and the run sends `count` queries.
 */
export async function refreshAll(
  bench: RoundTripBench, delayMs: number,
  { count = 40, sheets = 4, wavePatienceMs, readAheadMaxAgeMs, distinct = false, prefix = distinct ? 'RoundDist' : 'RoundTrip' }: {
    count?: number; sheets?: number; wavePatienceMs?: number; readAheadMaxAgeMs?: number; distinct?: boolean;
    /** The reports' public ids: this and three digits (public ids are 12 letters or digits). */
    prefix?: string;
  } = {},
): Promise<ActionFigures> {
  await act((context) => {
    for (let s = 1; s <= sheets; s += 1) context.workbook.worksheets.add(`Many${s}`);
  });
  for (let i = 0; i < count; i += 1) {
    const publicId = `${prefix}${String(i).padStart(3, '0')}`;
    const report = await bench.report(publicId, [DIMENSIONS[i % DIMENSIONS.length]!], distinct ? 1000 + i : undefined);
    await selectCell(`A${1 + Math.floor(i / sheets) * 12}`, `Many${1 + (i % sheets)}`);
    done(await bench.service.place(report), `place ${publicId}`);
  }
  const ours = new RegExp(`^${prefix}\\d{3}$`);
  const entries = (await bench.service.workbookPlacements()).filter((e) => ours.test(e.report?.publicId ?? ''));
  if (entries.length !== count) throw new Error(`placed ${entries.length} of ${count}`);
  bench.changeRows = true;
  const { figures, value } = await bench.measure(delayMs, () => startRefreshAll(bench.service, entries, { wavePatienceMs, readAheadMaxAgeMs }).done).finally(() => {
    bench.changeRows = false;
  });
  if (value.some((item) => item.state !== 'done')) throw new Error(`refresh all: ${value.map((item) => item.state).join(', ')}`);
  return figures;
}

/** Resolves once the builder's run settles written; a failure or a question is an error here. */
function settled(controller: ExplorationController): Promise<BuilderState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = controller.getState();
      if (state.run.kind !== 'done' && state.run.kind !== 'failed' && !state.question) return;
      stop();
      if (state.run.kind === 'done') resolve(state);
      else reject(new Error(state.run.kind === 'failed' ? `run failed: ${state.run.message}` : `run stopped by a question: ${state.question?.kind}`));
    };
    const stop = controller.subscribe(check);
    check();
  });
}

/**
 * The exploration builder with auto-run on a sheet of its own (`Builder`), warmed up as bench/builder.ts does
 * (revenue over time, last year); then `changes` changes to its cells measured one by one.
 */
export async function builderChanges(bench: RoundTripBench, delayMs: number): Promise<ActionFigures[]> {
  await act((context) => {
    context.workbook.worksheets.add('Builder').getRange('A1').select();
  });
  const controller = new ExplorationController(
    {
      ports: bench.workspace, connection: bench.connection, describe: (e) => (e instanceof Error ? e.message : String(e)), debounceMs: 0,
      setTimer: (run) => setImmediate(run), clearTimer: (timer) => clearImmediate(timer as NodeJS.Immediate),
    },
    { kind: 'new', deploymentId: bench.deploymentId },
  );
  await controller.open();
  if (controller.getState().loadError) throw new Error(controller.getState().loadError!);
  controller.setAutoRun(true);
  controller.chooseView('sales');
  const filter = (preset: string) => ({ member: 'sales.created_at', operator: 'inDateRange' as const, values: [preset] });
  const warmUp: ((c: ExplorationController) => void)[] = [
    (c) => c.add('sales.total_amount', 'measures'),
    (c) => c.add('sales.created_at', 'rows'),
    (c) => c.add('sales.created_at', 'filters'),
    (c) => c.setFilter(0, filter('last year')),
  ];
  for (const change of warmUp) {
    change(controller);
    await settled(controller);
  }
  // The first three of bench/builder.ts's cycle: add a dimension, switch the granularity, toggle the preset.
  const changes: ((c: ExplorationController) => void)[] = [
    (c) => c.add('sales.region', 'rows'),
    (c) => c.setGranularity('sales.created_at', 'quarter'),
    (c) => c.setFilter(0, filter('last 12 months')),
  ];
  const figures: ActionFigures[] = [];
  for (const change of changes) {
    figures.push((await bench.measure(delayMs, () => {
      change(controller);
      return settled(controller);
    })).figures);
  }
  await controller.close({ clearCells: true });
  return figures;
}
