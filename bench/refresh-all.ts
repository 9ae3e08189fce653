import { startPlatform } from '../server/app';
import { PlatformClient } from '../src/client';
import { DEFAULT_REFRESH_CONCURRENCY, startRefreshAll } from '../src/monitoring/refresh-all';
import { openWorkspace } from '../src/pane/compose/platform';
import { installHost } from './excel-host';
import type { BenchResult } from './measure';

const PLACEMENTS = 40;
const LATENCY_MS = 300;

/**
 * Refresh all of 40 placements against the local platform with 300 ms added to every data query (its
 * fault injection), on the Excel host emulator behind Office.js. Compared with the lower bound (one query latency plus the sum
 * of the write times, measured in the same run; or, when longer, the queries' own floor: a run keeps
 * DEFAULT_REFRESH_CONCURRENCY queries in flight, so 40 reports' queries take 5 latencies, then the last wave is
 * written) and with refreshing them one after another.
 */
export async function refreshAllBenchmark(): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
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
    platform.faults.set([{ method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: LATENCY_MS }]);

    // Write times are measured inside the run, so the lower bound uses this run's own figures: a wave's time is from
    // its first request until its last placement is recorded (not awaited: the run goes on meanwhile), and time in
    // which waves overlap (one's records while the next writes) is counted once.
    const writeSpans: [number, number][] = [];
    const writeRefreshes = service.writeRefreshes.bind(service);
    service.writeRefreshes = async (...args) => {
      const started = performance.now();
      const ends = await writeRefreshes(...args);
      // Timed, not awaited: the run goes on meanwhile; each end is a settled result, so this never rejects.
      void Promise.all(ends).then(() => writeSpans.push([started, performance.now()]));
      return ends;
    };
    let started = performance.now();
    const items = await startRefreshAll(service, entries).done;
    const allMs = performance.now() - started;
    if (items.some((i) => i.state !== 'done')) throw new Error(`refresh all: ${items.map((i) => i.state).join(', ')}`);
    const writingMs = LATENCY_MS + unionMs(writeSpans);
    // Each report is its own definition here, so every placement's query is sent; at most DEFAULT_REFRESH_CONCURRENCY at once.
    const lastWave = writeSpans.reduce((last, span) => (span[1] > last[1] ? span : last));
    const queriesMs = Math.ceil(PLACEMENTS / DEFAULT_REFRESH_CONCURRENCY) * LATENCY_MS + (lastWave[1] - lastWave[0]);
    const lowerBound = Math.max(writingMs, queriesMs);

    started = performance.now();
    for (const entry of entries) await service.refresh(entry);
    const sequentialMs = performance.now() - started;

    const ratio = allMs / lowerBound;
    const speedup = sequentialMs / allMs;
    return [{
      name: `refresh all of ${PLACEMENTS} placements, ${LATENCY_MS} ms added to every query`,
      figures: {
        'refresh all ms': allMs,
        'latency + time writing ms (waves overlapping counted once)': writingMs,
        'queries in turns ms (latency × turns of the run\'s concurrency + the last wave)': queriesMs,
        'lower bound ms (the longer)': lowerBound,
        'ratio to lower bound': ratio,
        'one after another ms': sequentialMs,
        speedup,
      },
      bound: { description: 'ratio ≤ 1.3 and speedup ≥ 5', met: ratio <= 1.3 && speedup >= 5 },
    }];
  } finally {
    await platform.close();
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
