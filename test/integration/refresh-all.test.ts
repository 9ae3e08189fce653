import type { Report } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { PlacementService, type WorkbookPlacement } from '../../src/placement/placement-service';
import { progressOf, startRefreshAll, type RefreshItem } from '../../src/placement/refresh-all';
import type { ExcelSimulator } from '../../src/workbench/excel-sim';
import { installWorkbook, workbookState } from '../support/excel';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

jest.setTimeout(60_000);

let t: TestPlatform;
beforeAll(async () => {
  // Every query takes a while, as a real warehouse does; long enough for Stop to land midway.
  t = await startTestPlatform({ queryDelayMs: 250 });
});
afterAll(() => t.close());

/** Counts queries and writes in flight, so concurrency is observed rather than assumed. */
function instrumented(service: PlacementService) {
  const seen = { queries: 0, maxQueries: 0, writes: 0, maxWrites: 0 };
  const counted = <A extends unknown[], R>(call: (...args: A) => Promise<R>, now: 'queries' | 'writes', max: 'maxQueries' | 'maxWrites') =>
    async (...args: A): Promise<R> => {
      seen[now] += 1;
      seen[max] = Math.max(seen[max], seen[now]);
      try {
        return await call(...args);
      } finally {
        seen[now] -= 1;
      }
    };
  service.fetchLayout = counted(service.fetchLayout.bind(service), 'queries', 'maxQueries');
  service.writeRefresh = counted(service.writeRefresh.bind(service), 'writes', 'maxWrites');
  return seen;
}

async function placeSix(sim: ExcelSimulator, prefix: string): Promise<{ service: PlacementService; entries: WorkbookPlacement[]; reports: Report[] }> {
  const data = await t.dataClient(t.analyst);
  const service = new PlacementService({ platform: t.analyst, data, excel: new ExcelConnector(), deploymentId: t.salesDeploymentId });
  const reports: Report[] = [];
  for (let i = 0; i < 6; i += 1) {
    const report = await t.admin.upsertReportByPublicId(t.salesDeploymentId, `${prefix}-${i}`, {
      name: `${prefix} ${i}`, query: { measures: ['orders.count'], dimensions: ['orders.status'] },
    });
    // Placing means selecting a cell first, as the user would, one placement after another.
    await sim.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange(`A${1 + i * 10}`).select();
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    });
    const placed = await service.place(report);
    if (placed.kind !== 'done') throw new Error('not placed');
    reports.push(placed.report);
  }
  // Every report is edited, so each refresh really rewrites its cells.
  for (const [i, report] of reports.entries()) {
    reports[i] = await t.admin.upsertReportByPublicId(t.salesDeploymentId, report.publicId!, {
      name: report.name, query: { measures: ['orders.count'], dimensions: ['orders.region'] },
    });
  }
  const entries = await service.workbookPlacements();
  return { service, entries: entries.filter((e) => e.report.publicId?.startsWith(prefix)), reports };
}

describe('refresh all', () => {
  it('runs queries concurrently, writes one at a time, and keeps going past a failure', async () => {
    const sim = installWorkbook();
    const { service, entries } = await placeSix(sim, 'ra-fail');
    const broken = entries[2]!;
    await t.admin.upsertReportByPublicId(t.salesDeploymentId, broken.report.publicId!, {
      name: broken.report.name, query: { measures: ['orders.nope'] },
    });
    const fresh = await service.workbookPlacements();
    const seen = instrumented(service);
    const updates: string[] = [];
    const run = startRefreshAll(service, fresh.filter((e) => e.report.publicId?.startsWith('ra-fail')), {
      concurrency: 4,
      onUpdate: (items) => updates.push(`${progressOf(items).finished}/${progressOf(items).total}`),
    });
    const items = await run.done;
    const byId = new Map(items.map((i) => [i.entry.report.publicId, i]));
    expect(byId.get(broken.report.publicId)!.state).toBe('failed');
    expect(byId.get(broken.report.publicId)!.reason).toContain("'orders.nope' not found");
    expect(items.filter((i) => i.state === 'done')).toHaveLength(5);
    expect(seen.maxQueries).toBe(4);
    expect(seen.maxWrites).toBe(1);
    expect(updates.at(-1)).toBe('6/6');
    const after = await service.workbookPlacements();
    const statuses = after.filter((e) => e.report.publicId?.startsWith('ra-fail')).map((e) => [e.report.publicId, e.placement.syncStatus]);
    expect(statuses.filter(([, s]) => s === 'UP_TO_DATE')).toHaveLength(5);
  });

  it('stops midway: queued and in-flight queries are cancelled, and no placement is half-written', async () => {
    const sim = installWorkbook();
    const { service, entries } = await placeSix(sim, 'ra-stop');
    const before = workbookState(sim) as { sheets: { cells: [string, unknown][] }[] };
    let stopped = false;
    const run = startRefreshAll(service, entries, {
      concurrency: 2,
      onUpdate: (items: readonly RefreshItem[]) => {
        if (!stopped && items.some((i) => i.state === 'done')) {
          stopped = true;
          run.stop();
        }
      },
    });
    const items = await run.done;
    const states = items.map((i) => i.state);
    expect(states.filter((s) => s === 'done').length).toBeGreaterThanOrEqual(1);
    expect(states.filter((s) => s === 'stopped').length).toBeGreaterThanOrEqual(3);
    expect(states.every((s) => s === 'done' || s === 'stopped')).toBe(true);
    // Each placement is either wholly refreshed (regions) or wholly as it was (statuses): never a mix.
    const cells = new Map((workbookState(sim) as typeof before).sheets[0]!.cells);
    const beforeCells = new Map(before.sheets[0]!.cells);
    items.forEach((item) => {
      const top = Number(item.entry.placement.anchorCell.slice(1)) - 1;
      const rows = Array.from({ length: 6 }, (_, r) => JSON.stringify(cells.get(`${top + r}:0`) ?? null));
      const old = Array.from({ length: 6 }, (_, r) => JSON.stringify(beforeCells.get(`${top + r}:0`) ?? null));
      if (item.state === 'stopped') expect(rows).toEqual(old);
      else expect(rows[0]).toBe(JSON.stringify({ value: 'Region', numberFormat: undefined }));
    });
  });
});
