import { PlatformClient } from '../src/client';
import { DEFAULT_REFRESH_CONCURRENCY, startRefreshAll } from '../src/monitoring/refresh-all';
import type { PlacementService, WorkbookPlacement } from '../src/placements/placement-service';
import { openWorkspace } from '../src/pane/compose/platform';
import { installHost } from './excel-host';
import { median, type BenchResult } from './measure';
import { startPlatformThread } from './platform-thread';

const PLACEMENTS = 40;
const LATENCY_MS = 300;
/** Refresh all runs this many times, each followed by its share of the placements refreshed one after another. */
const ROUNDS = 5;

/** One Refresh all with the figures it is judged against, and the share refreshed one after another after it. */
interface Round {
  allMs: number;
  /** One query latency plus the time writing (waves that overlap counted once). */
  writingMs: number;
  /** The platform's own time for the run's queries in turns of the run's concurrency: their sum ÷ the concurrency. */
  queriesMs: number;
  queries: number;
  lastWaveMs: number;
  sequentialMs: number;
}

/**
 * Refresh all of 40 placements against the local platform with 300 ms added to every data query (its fault
 * injection), on the Excel host emulator behind Office.js, compared with its lower bound and with refreshing them
 * one after another. The lower bound is the longer of one latency plus the time writing, and the queries' own floor:
 * a run keeps DEFAULT_REFRESH_CONCURRENCY queries in flight, so its queries take at least the platform's time for
 * all of them ÷ that many, then the last wave is written.
 *
 * Issue 43, so it holds on a machine with other work on it: every figure of a run is measured in that run. The
 * platform runs on a thread of its own (as a hosted one runs on a machine of its own) and times each query there, from
 * its request to its answer: the latency, DuckDB and its own work, which other work slows as much as the add-in's.
 * The floor was 5 latencies, so every millisecond that load added to the platform's queries counted against the
 * add-in. Each of 5 runs is judged against its own figures and the median decides; the placements refreshed one
 * after another are refreshed in shares between the runs, so both sides of the speed-up see the same load.
 */
export async function refreshAllBenchmark(): Promise<BenchResult[]> {
  const platform = await startPlatformThread();
  try {
    const client = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.analyst });
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    const [user, deployments, appConfig] = await Promise.all([client.getCurrentUser(), client.listDeployments(), client.getAppConfig()]);
    const deployment = deployments.find((d) => d.name === 'Sales Analytics')!;
    // The Sales folder: the analyst may read what is in it.
    const folder = (await admin.allFolders(deployment.id)).find((f) => f.name === 'Sales')!;
    installHost('RefreshAll.xlsx');
    const service = openWorkspace({ platform: client, user, deployments, appConfig }).placements;

    const dimensions = ['orders.status', 'orders.region', 'orders.category', 'orders.customer_segment'];
    for (let i = 0; i < PLACEMENTS; i += 1) {
      const report = await admin.upsertReportByPublicId(deployment.id, `BenchRefr${String(i).padStart(3, '0')}`, {
        name: `Refresh bench ${i}`, folderId: folder.id,
        // A row limit of its own that cuts nothing: each report a definition of its own, so each runs its own query.
        jsonQuery: JSON.stringify({ measures: ['orders.count', 'orders.total_amount'], dimensions: [dimensions[i % 4]!], limit: 1000 + i }),
      });
      // Each placement is made as a user would: select a cell, then place.
      await Excel.run(async (context) => {
        context.workbook.worksheets.getActiveWorksheet().getCell(i * 8, 0).select();
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
      });
      await service.place(report);
    }
    const entries = (await service.workbookPlacements()).filter((e) => e.report?.publicId.startsWith('BenchRefr'));
    if (entries.length !== PLACEMENTS) throw new Error(`placed ${entries.length} of ${PLACEMENTS}`);
    await platform.setFaults([{ method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: LATENCY_MS }]);

    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r += 1) {
      await platform.takeLoadTimes(); // Drops the times of the queries before this run.
      const run = await timedRefreshAll(service, entries);
      const loads = await platform.takeLoadTimes();
      const share = entries.slice((r * PLACEMENTS) / ROUNDS, ((r + 1) * PLACEMENTS) / ROUNDS);
      const started = performance.now();
      for (const entry of share) await service.refresh(entry);
      rounds.push({
        ...run, sequentialMs: performance.now() - started,
        queriesMs: loads.reduce((total, ms) => total + ms, 0) / DEFAULT_REFRESH_CONCURRENCY, queries: loads.length,
      });
    }
    const lowerBounds = rounds.map((r) => Math.max(r.writingMs, r.queriesMs + r.lastWaveMs));
    const ratio = median(rounds.map((r, i) => r.allMs / lowerBounds[i]!));
    const allMs = median(rounds.map((r) => r.allMs));
    const sequentialMs = rounds.reduce((total, r) => total + r.sequentialMs, 0);
    const speedup = sequentialMs / allMs;
    // More queries than placements would raise the floor they are judged against; each report here has one.
    const queries = Math.max(...rounds.map((r) => r.queries));
    return [{
      name: `refresh all of ${PLACEMENTS} placements, ${LATENCY_MS} ms added to every query (median of ${ROUNDS} runs)`,
      figures: {
        'refresh all ms': allMs,
        'latency + time writing ms (waves overlapping counted once)': median(rounds.map((r) => r.writingMs)),
        'queries in turns ms (the platform\'s time for them ÷ the run\'s concurrency)': median(rounds.map((r) => r.queriesMs)),
        'last wave ms': median(rounds.map((r) => r.lastWaveMs)),
        'lower bound ms (the longer, + the last wave)': median(lowerBounds),
        'ratio to lower bound (each run its own)': ratio,
        'data API queries (most of a run)': queries,
        'one after another ms (all 40, in shares between the runs)': sequentialMs,
        speedup,
      },
      bound: { description: `ratio ≤ 1.3, speedup ≥ 5, at most ${PLACEMENTS} queries`, met: ratio <= 1.3 && speedup >= 5 && queries <= PLACEMENTS },
    }];
  } finally {
    await platform.close();
  }
}

/**
 * One Refresh all of `entries`, timed: its time, and the time it spent writing. A wave's time is from its first
 * request until its last placement is recorded (not awaited: the run goes on meanwhile), and time in which waves
 * overlap (one's records while the next writes) is counted once.
 */
async function timedRefreshAll(service: PlacementService, entries: WorkbookPlacement[]): Promise<Omit<Round, 'queriesMs' | 'queries' | 'sequentialMs'>> {
  const writeSpans: [number, number][] = [];
  const writeRefreshes = service.writeRefreshes.bind(service);
  service.writeRefreshes = async (...args) => {
    const started = performance.now();
    const ends = await writeRefreshes(...args);
    // Timed, not awaited: the run goes on meanwhile; each end is a settled result, so this never rejects.
    void Promise.all(ends).then(() => writeSpans.push([started, performance.now()]));
    return ends;
  };
  try {
    const started = performance.now();
    const items = await startRefreshAll(service, entries).done;
    const allMs = performance.now() - started;
    if (items.some((i) => i.state !== 'done')) throw new Error(`refresh all: ${items.map((i) => i.state).join(', ')}`);
    const lastWave = writeSpans.reduce((last, span) => (span[1] > last[1] ? span : last));
    return { allMs, writingMs: LATENCY_MS + unionMs(writeSpans), lastWaveMs: lastWave[1] - lastWave[0] };
  } finally {
    service.writeRefreshes = writeRefreshes;
  }
}

/** The time covered by any of `spans`, overlaps counted once. */
function unionMs(spans: readonly [number, number][]): number {
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of spans.slice().sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}
