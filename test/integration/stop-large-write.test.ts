/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { Report } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { WriteStoppedError } from '../../src/placements/errors';
import type { WriteOptions } from '../../src/placements/write-outcome';
import type { DataClient } from '../../src/platform/deployment-data';
import type { WriteProgress } from '../../src/ports/workbook-writes';
import { act, cellsOf, installWorkbook, selectCell, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, fixedResult, workspaceFor } from '../support/workspace';

/**
 * Stop during a large write (issue 27), on Microsoft's Office.js over the host emulator against the local platform:
 * the write ends between two requests, the cells it changed are put back as they were, and nothing is recorded (a
 * first placement has no record; a refresh keeps its record as it was).
 */

jest.setTimeout(60_000);

const local = useAnalystPlatform();

const dimensions = ['orders.customer_name', 'orders.region', 'orders.status', 'orders.category'];
const measures = ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'];
/** 3,000 rows × 8 columns: 24,000 cells, over the pane's Stop bound, in many requests under a 100 KB budget. */
const rowsOf = (version: number) => Array.from({ length: 3_000 }, (_, i) => ({
  'orders.customer_name': `Customer ${i} (v${version})`, 'orders.region': i % 2 ? 'Europe' : 'North America', 'orders.status': 'completed',
  'orders.category': 'Books', 'orders.count': String(i + version), 'orders.total_amount': `${i}.25`, 'orders.average_amount': '12.5', 'orders.customer_count': '7',
}));

/** A data source whose result the test changes (a new version of every row makes a refresh rewrite them all). */
function versionedData() {
  let version = 1;
  const data: DataClient = { load: (query, options) => fixedResult(rowsOf(version), dimensions, measures).load(query, options) };
  return { data, next: () => (version += 1) };
}

async function wideReport(): Promise<Report> {
  const { t } = local;
  const folderId = (await t.admin.allFolders(t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return t.admin.createReport(t.salesDeploymentId, { name: `Wide list ${Math.random()}`, folderId, jsonQuery: JSON.stringify({ dimensions, measures }) });
}

async function placementsOf(report: Report) {
  return (await local.t.admin.getReport(report.deploymentId, report.id)).externalWorkbookPlacements ?? [];
}

/** Presses Stop when the write has told `rowsWritten` at least `after` (0: before its first request). */
function stopAfter(after: number) {
  const stop = new AbortController();
  const progress: WriteProgress[] = [];
  const options: WriteOptions = {
    stop: stop.signal,
    onProgress: (p) => {
      progress.push(p);
      if (p.rowsWritten >= after) stop.abort();
    },
  };
  return { options, progress };
}

/**
 * The workbook as the user sees it: sheets, cells, names, selection. Its id (a custom document property), saved with
 * a first write's first request, stays after a stop as after a failed write: it names the workbook, not cells.
 */
function cellsState(sim: ReturnType<typeof installWorkbook>): unknown {
  const { customProperties: _id, ...rest } = workbookState(sim) as { customProperties: unknown };
  return rest;
}

async function service(data: DataClient) {
  return (await workspaceFor(local.t, local.t.analyst, data, { excel: new ExcelConnector({ requestBudgetBytes: 100_000 }) })).service;
}

describe('Stop during a large write', () => {
  it('a first placement stopped after its first request: the cells it covered hold what they held, nothing is recorded', async () => {
    const sim = installWorkbook();
    await act((context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('C4:D5').values = [['keep me', 42], ['and me', 7]];
      sheet.getRange('C4').format.font.bold = true;
      sheet.getRange('D5').numberFormat = [['0.00%']];
    });
    await selectCell('B3');
    const before = cellsState(sim);
    const report = await wideReport();
    const { options, progress } = stopAfter(1);
    const syncs = sim.stats.syncs;

    await expect((await service(versionedData().data)).place(report, { ...options, overwrite: true })).rejects.toBeInstanceOf(WriteStoppedError);
    // Told its size before the first request, then stopped after one: far fewer requests than the write has.
    expect(progress[0]).toEqual({ rowsWritten: 0, totalRows: 3_001, totalCells: 3_001 * 8 });
    expect(progress.length).toBe(2);
    expect(progress[1]!.rowsWritten).toBeLessThan(3_001);
    expect(sim.stats.syncs - syncs).toBeLessThan(12);
    expect(cellsState(sim)).toEqual(before);
    expect(cellsOf(sim, 'Sheet1', 3, 2, 2, 2)).toEqual([['keep me', 42], ['and me', 7]]);
    expect(await placementsOf(report)).toEqual([]);
  });

  it('stopped before its first request: no request writes anything, and nothing needs putting back', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const before = workbookState(sim);
    const report = await wideReport();
    const { options, progress } = stopAfter(0);
    const requests: number[] = [];
    const s = await service(versionedData().data);
    const bytes = sim.stats.requestBytes;
    await expect(s.place(report, options)).rejects.toBeInstanceOf(WriteStoppedError);
    requests.push(sim.stats.requestBytes - bytes);
    expect(progress).toEqual([{ rowsWritten: 0, totalRows: 3_001, totalCells: 3_001 * 8 }]);
    // The reads before the write are small: nothing near a 100 KB write request went out.
    expect(requests[0]).toBeLessThan(20_000);
    expect(workbookState(sim)).toEqual(before);
    expect(await placementsOf(report)).toEqual([]);
  });

  it('stopped as its last request went out: the whole write is put back before anything records it', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const before = cellsState(sim);
    const report = await wideReport();
    const { options, progress } = stopAfter(3_001);
    await expect((await service(versionedData().data)).place(report, options)).rejects.toBeInstanceOf(WriteStoppedError);
    expect(progress.at(-1)!.rowsWritten).toBe(3_001);
    expect(cellsState(sim)).toEqual(before);
    expect(await placementsOf(report)).toEqual([]);
  });

  it('a refresh stopped part way: its cells hold the last refresh, its record stays as it was, and a refresh later writes it whole', async () => {
    const sim = installWorkbook();
    await selectCell('B3');
    const report = await wideReport();
    const versions = versionedData();
    const s = await service(versions.data);
    const placed = done(await s.place(report));
    const recorded = await placementsOf(report);
    const before = workbookState(sim);
    const entry = (await s.workbookPlacements()).find((e) => e.placement.id === placed.placement.id)!;

    versions.next();
    const { options, progress } = stopAfter(1);
    await expect(s.refresh(entry, options)).rejects.toBeInstanceOf(WriteStoppedError);
    expect(progress.at(-1)!.rowsWritten).toBeLessThan(progress.at(-1)!.totalRows);
    expect(workbookState(sim)).toEqual(before);
    expect(cellsOf(sim, 'Sheet1', 3, 1, 1, 1)).toEqual([['Customer 0 (v1)']]);
    expect(await placementsOf(report)).toEqual(recorded);

    const again = done(await s.refresh((await s.workbookPlacements()).find((e) => e.placement.id === placed.placement.id)!));
    expect(again.placement.refreshedAt).not.toBe(recorded[0]!.refreshedAt);
    expect(cellsOf(sim, 'Sheet1', 3_002, 1, 1, 1)).toEqual([['Customer 2999 (v2)']]);
  });
});
