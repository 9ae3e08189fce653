import { startPlatform } from '../server/app';
import { CoreDataClient, dataApiBase, DeploymentTokenManager, PlatformClient } from '../src/client';
import type { CubeQuery, Granularity } from '../src/contract';
import { canonicalJson } from '../src/core/canonical-json';
import { placeMember, removeMember, replaceFilter, setGranularity, toQuery, type Exploration } from '../src/core/exploration';
import type { ExplorationFilter } from '../src/core/exploration-filters';
import { catalogMembers, type CatalogMember } from '../src/core/member-catalog';
import { layoutReport } from '../src/layout/grid';
import type { CellGrid } from '../src/core/cell-grid';
import type { Pivot } from '../src/core/report-definition';
import { effectiveTimezone } from '../src/core/timezone';
import { ExcelConnector } from '../src/excel/excel-connector';
import type { BuilderState } from '../src/builder/builder-model';
import { ExplorationController } from '../src/builder/exploration-controller';
import { DEFAULT_FETCH_LIMITS } from '../src/placements/fetch-result';
import { layoutPreferences } from '../src/placements/report-run';
import { openWorkspace } from '../src/pane/compose/platform';
import { Connection } from '../src/session/connection';
import { cellsOf } from '../test/support/excel';
import { installHost } from './excel-host';
import { median, type BenchResult } from './measure';

/** Issue 12: a builder change reaches the cells in at most this many times the same query's load + write. */
const BOUND = 1.5;
const BASELINE_SHEET = 'Baseline';
const BASELINE_WARM_UP = 5;

/**
 * A change of the exploration: the controller action the builder's view calls, and the exploration it leads
 * to (the same pure functions the controller applies), so the baseline can run the query before the builder does.
 */
interface Change {
  label: string;
  apply(controller: ExplorationController): void;
  next(exploration: Exploration, member: (name: string) => CatalogMember): Exploration;
}

const PRESETS = ['last year', 'last 12 months'] as const;
const presetFilter = (p: 0 | 1): ExplorationFilter => ({ member: 'sales.created_at', operator: 'inDateRange', values: [PRESETS[p]] });

/**
 * The changes a user makes while exploring revenue over time, in a cycle of six that comes back to where it
 * started: add a dimension, switch the granularity, toggle the date-range preset, remove the dimension,
 * switch back, toggle back. The dimension added alternates between region and status from cycle to cycle.
 */
function changeAt(position: number): Change {
  const cycle = Math.floor(position / 6);
  const dimension = cycle % 2 ? 'sales.status' : 'sales.region';
  const granularity = (g: Granularity): Change => ({
    label: `granularity ${g}`, apply: (c) => c.setGranularity('sales.created_at', g), next: (e) => setGranularity(e, 'sales.created_at', g),
  });
  const preset = (p: 0 | 1): Change => ({ label: `filter ${PRESETS[p]}`, apply: (c) => c.setFilter(0, presetFilter(p)), next: (e) => replaceFilter(e, 0, presetFilter(p)) });
  switch (position % 6) {
    case 0: return { label: `add ${dimension}`, apply: (c) => c.add(dimension, 'rows'), next: (e, member) => placeMember(e, member(dimension), 'rows') };
    case 1: return granularity('quarter');
    case 2: return preset(1);
    case 3: return { label: `remove ${dimension}`, apply: (c) => c.remove(dimension), next: (e) => removeMember(e, dimension) };
    case 4: return granularity('month');
    default: return preset(0);
  }
}

/** When the second change of a superseding pair comes: at once, while the first's query runs, or once its write has begun. */
type Probe = 'back-to-back' | 'during the query' | 'during the write';
const PROBES: Probe[] = ['back-to-back', 'during the query', 'during the write'];

/** Resolves once the run settles: written; a failure or a question is an error here. */
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

function pivotOf(exploration: Exploration): Pivot {
  const { rows, columns, measures, display } = exploration;
  return { rows, columns, measures, ...display };
}

/** What identifies the result of a definition: its query (before the runner adds a time zone) and pivot. */
const definitionKey = (query: CubeQuery, pivot: Pivot) => canonicalJson({ query, pivot });

/**
 * The exploration builder with auto-run (issue 12): how long a change takes to reach the cells, against the
 * least work that puts the same cells there (one `/v1/load` of the same query through `CoreDataClient`, its
 * layout, and one `writeGrid` through Office.js), measured change by change in one run on the local platform
 * and the Excel host emulator. Pairs of changes in quick succession check that no superseded state writes.
 */
export async function builderBenchmark(changes: number, options: { syncDelayMs?: number } = {}): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  try {
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    const [user, deployments, appConfig] = await Promise.all([admin.getCurrentUser(), admin.listDeployments(), admin.getAppConfig()]);
    const deployment = deployments.find((d) => d.name === 'Sales Analytics')!;
    // No delay per sync by default, like the other benchmarks on the emulator; a variant may model one.
    const host = installHost('Builder.xlsx', options.syncDelayMs ? { delayMs: options.syncDelayMs } : {});
    await Excel.run(async (context) => {
      context.workbook.worksheets.add(BASELINE_SHEET);
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').select();
      await context.sync();
    });
    // The admin client carries its own token: the connection's credentials are never asked for one.
    const credentials = { settings: { kind: 'api-key' as const, baseUrl: '', accessToken: '' }, accessToken: async () => '' };
    const connection = new Connection({ credentials, platform: admin, user, deployments, appConfig });
    const excel = new ExcelConnector();
    const workspace = openWorkspace(connection, { excel });
    const { runner } = workspace;

    // --- The baseline: its own client and connector, writing the same grid on another sheet. ---
    const baselineClient = new CoreDataClient({
      apiUrl: dataApiBase(deployment, await admin.listEnvironments(deployment.id)),
      tokens: new DeploymentTokenManager(admin, deployment.id),
    });
    const baselineExcel = new ExcelConnector();
    /** The same request the runner sends (its time zone, its page size), laid out with the same preferences, written in one go. */
    const baseline = async (exploration: Exploration, typeOf: ExplorationController['typeOf']): Promise<{ ms: number; grid: CellGrid }> => {
      const started = performance.now();
      const definition = toQuery(exploration, typeOf);
      const timezone = definition.timezone ? null : effectiveTimezone(connection.appConfig.timezoneSettings, connection.user.settings?.timezone);
      const query = timezone ? { ...definition, timezone } : definition;
      const result = await baselineClient.load({ ...query, limit: DEFAULT_FETCH_LIMITS.pageSize, offset: 0 });
      const grid = layoutReport(result, query, pivotOf(exploration), { ...layoutPreferences(connection.user, connection.appConfig), totals: null, rowTotals: null, grandTotals: null });
      await baselineExcel.write(baselineExcel.planWrite(BASELINE_SHEET, { row: 0, column: 0 }, grid));
      return { ms: performance.now() - started, grid };
    };

    // --- Instruments on the builder's path: which definition each grid is of, what each write is for, phase times. ---
    const gridKeys = new WeakMap<CellGrid, string>();
    let currentKey = (): string => '';
    const phases = new Map<string, number[]>();
    let step: Record<string, number> | null = null;
    let wroteThisStep = false;
    /** Adds a call's time to the step's phase `name()` names. */
    const time = <F extends (...args: never[]) => Promise<unknown>>(name: () => string, fn: F): F => (async (...args: Parameters<F>) => {
      const started = performance.now();
      const syncs = host.stats.syncs;
      try {
        return await fn(...args);
      } finally {
        if (step) {
          const key = name();
          step[`${key} ms`] = (step[`${key} ms`] ?? 0) + performance.now() - started;
          // The phases on the write path run one at a time (the persist overlaps only the query, which syncs nothing).
          step[`${key} syncs`] = (step[`${key} syncs`] ?? 0) + host.stats.syncs - syncs;
        }
      }
    }) as F;
    const runDefinition = runner.runDefinition.bind(runner);
    let onQuery: (() => void) | null = null;
    const timedRun: typeof runner.runDefinition = async (deploymentId, query, pivot, signal) => {
      const running = runDefinition(deploymentId, query, pivot, signal);
      // The "during the query" probe: the request is on its way when the next change comes.
      const fire = onQuery;
      if (fire) setImmediate(fire);
      const prepared = await running;
      gridKeys.set(prepared.grid, definitionKey(query, pivot));
      return prepared;
    };
    runner.runDefinition = time(() => 'query', timedRun);
    const prepare = excel.prepare.bind(excel);
    let onPrepare: (() => void) | null = null;
    const announcedPrepare: typeof excel.prepare = (...args) => {
      // The "during the write" probe: the next change comes once the write phase has begun.
      onPrepare?.();
      // Every argument passed on: the cells the write reads along with the names are part of the path measured.
      return prepare(...args);
    };
    excel.prepare = time(() => 'prepare', announcedPrepare);
    const inspect = excel.inspect.bind(excel);
    excel.inspect = time(() => 'inspect', inspect);
    const snapshot = excel.snapshot.bind(excel);
    excel.snapshot = time(() => 'snapshot', snapshot);
    let writes = 0;
    let supersededWrites = 0;
    /** The pair under way, if any: superseded writes are counted by when the second change came. */
    let pair: Probe | null = null;
    const supersededBy = new Map<Probe, number>(PROBES.map((p) => [p, 0]));
    const write = excel.write.bind(excel);
    const countedWrite: typeof excel.write = (plan, onProgress) => {
      writes += 1;
      wroteThisStep = true;
      // A write whose grid is not of the state the builder shows now is a superseded state writing cells.
      if (gridKeys.get(plan.grid) !== currentKey()) {
        supersededWrites += 1;
        if (pair) supersededBy.set(pair, supersededBy.get(pair)! + 1);
      }
      return write(plan, onProgress);
    };
    excel.write = time(() => 'write', countedWrite);
    const writeSetting = excel.writeSetting.bind(excel);
    excel.writeSetting = time(() => (wroteThisStep ? 'saveDraft after the write' : 'persist on change'), writeSetting);

    const controller = new ExplorationController(
      {
        ports: workspace, connection, describe: (e) => (e instanceof Error ? e.message : String(e)), debounceMs: 0,
        // No pause: the run starts on the next turn of the event loop (the 300 ms debounce is a wait, not work).
        setTimer: (run) => setImmediate(run), clearTimer: (timer) => clearImmediate(timer as NodeJS.Immediate),
      },
      { kind: 'new', deploymentId: deployment.id },
    );
    currentKey = () => {
      const { exploration } = controller.getState();
      return definitionKey(toQuery(exploration, controller.typeOf), pivotOf(exploration));
    };
    let settledRuns = 0;
    let lastKind = controller.getState().run.kind;
    controller.subscribe(() => {
      const { kind } = controller.getState().run;
      if (kind === 'done' && lastKind !== 'done') settledRuns += 1;
      lastKind = kind;
    });
    await controller.open();
    if (controller.getState().loadError) throw new Error(controller.getState().loadError!);
    controller.setAutoRun(true);

    /** The cells the builder wrote equal the baseline's grid of the same state, and nothing of a longer result is left below. */
    let mismatches = 0;
    const check = (state: BuilderState, grid: CellGrid) => {
      const rows = grid.values.length;
      const columns = grid.values[0]?.length ?? 0;
      const cells = cellsOf(host, 'Sheet1', 0, 0, rows + 1, Math.max(columns, 1) + 1);
      const expected = [...grid.values.map((r) => [...r, '']), Array.from({ length: columns + 1 }, () => '')];
      if (JSON.stringify(cells) !== JSON.stringify(expected) || state.run.kind !== 'done' || state.run.rows !== rows) mismatches += 1;
    };

    // Warm-up, not counted: the builder's first changes (the data client, its token, the draft's cells) and the baseline's first loads.
    const warmUp: ((c: ExplorationController) => void)[] = [
      (c) => c.add('sales.total_amount', 'measures'),
      (c) => c.add('sales.created_at', 'rows'),
      (c) => c.add('sales.created_at', 'filters'),
      (c) => c.setFilter(0, presetFilter(0)),
    ];
    controller.chooseView('sales');
    for (const change of warmUp) {
      change(controller);
      await settled(controller);
    }
    const members = new Map(controller.getState().cubes.flatMap(catalogMembers).map((m) => [m.name, m]));
    const member = (name: string) => members.get(name)!;
    for (let i = 0; i < BASELINE_WARM_UP; i += 1) check(controller.getState(), (await baseline(controller.getState().exploration, controller.typeOf)).grid);
    const warmWrites = writes;
    const warmRuns = settledRuns;

    const builderTimes: number[] = [];
    const baselineTimes: number[] = [];
    const builderSyncs: number[] = [];
    const baselineSyncs: number[] = [];
    const probeTimes: number[] = [];
    let maxRows = 0;
    let position = 0;
    let probes = 0;
    for (let i = 0; i < changes; i += 1) {
      step = {};
      wroteThisStep = false;
      // Side by side, in turns: the baseline after the builder on even changes, before it on odd ones.
      const change = changeAt(position++);
      const expected = change.next(controller.getState().exploration, member);
      const runBaseline = async () => {
        host.resetStats();
        const measured = await baseline(expected, controller.typeOf);
        baselineTimes.push(measured.ms);
        baselineSyncs.push(host.stats.syncs);
        return measured;
      };
      const before = i % 2 ? await runBaseline() : null;
      host.resetStats();
      let started = performance.now();
      change.apply(controller);
      const state = await settled(controller);
      builderTimes.push(performance.now() - started);
      builderSyncs.push(host.stats.syncs);
      for (const [name, ms] of Object.entries(step)) phases.set(name, [...(phases.get(name) ?? []), ms]);
      step = null;
      if (canonicalJson(state.exploration) !== canonicalJson(expected)) throw new Error(`${change.label}: the builder's exploration is not the one the baseline ran`);
      const base = before ?? (await runBaseline());
      maxRows = Math.max(maxRows, base.grid.values.length);
      check(state, base.grid);

      // Every third change, a pair in quick succession: only the second's result may reach the cells.
      if ((i + 1) % 3 === 0) {
        const probe = PROBES[probes++ % PROBES.length]!;
        pair = probe;
        const first = changeAt(position++);
        const second = changeAt(position++);
        let secondCame = false;
        const next = () => {
          onQuery = null;
          onPrepare = null;
          secondCame = true;
          started = performance.now();
          second.apply(controller);
        };
        if (probe === 'during the query') onQuery = next;
        if (probe === 'during the write') onPrepare = next;
        started = performance.now();
        first.apply(controller);
        if (probe === 'back-to-back') next();
        // Settled only once the second change has come (the first's run may finish before it in the query probe).
        while (!secondCame) await new Promise((resolve) => setImmediate(resolve));
        const after = await settled(controller);
        probeTimes.push(performance.now() - started);
        pair = null;
        check(after, (await baseline(after.exploration, controller.typeOf)).grid);
      }
    }
    await controller.close({ clearCells: true });
    if (maxRows >= 1_000) throw new Error(`a result had ${maxRows} rows: the bound is for results under 1,000 rows`);

    const builderMedian = median(builderTimes);
    const baselineMedian = median(baselineTimes);
    const ratio = builderMedian / baselineMedian;
    const sumRatio = builderTimes.reduce((a, b) => a + b, 0) / baselineTimes.reduce((a, b) => a + b, 0);
    const countedWrites = writes - warmWrites;
    const countedRuns = settledRuns - warmRuns;
    const figures: Record<string, number> = {
      changes, 'pairs in quick succession': probes, 'largest result rows': maxRows,
      'builder median ms (change → cells)': builderMedian, 'baseline median ms (/v1/load + layout + writeGrid)': baselineMedian,
      ratio, 'ratio of sums': sumRatio, 'builder Excel syncs per change (median)': median(builderSyncs), 'baseline Excel syncs per change (median)': median(baselineSyncs),
      'settled runs': countedRuns, 'writes': countedWrites, supersededWrites, 'cells not equal to the baseline': mismatches,
    };
    for (const [probe, count] of supersededBy) figures[`superseded writes, second change ${probe}`] = count;
    const breakdown: Record<string, number> = {};
    for (const [name, values] of phases) breakdown[`${name} (median)`] = median(values.length < changes ? [...values, ...Array<number>(changes - values.length).fill(0)] : values);
    return [
      {
        name: `exploration builder: a change to its cells vs the same query's /v1/load + write, ${changes} changes (auto-run, no debounce)`,
        figures,
        bound: {
          description: `ratio ≤ ${BOUND}, no superseded write, one write per settled run, cells equal to the baseline's`,
          met: ratio <= BOUND && supersededWrites === 0 && countedWrites === countedRuns && mismatches === 0,
        },
      },
      { name: 'exploration builder: where a change\'s time goes (medians per change; the persist overlaps the query)', figures: { ...breakdown, 'pair, second change → cells, median ms': median(probeTimes) } },
    ];
  } finally {
    await platform.close();
  }
}
