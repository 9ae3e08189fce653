/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CellGrid } from '../../src/core/cell-grid';
import { ExcelConnector, placementName } from '../../src/excel/excel-connector';
import { WriteFailedError } from '../../src/ports/errors';
import type { GuardVerdict } from '../../src/placements/write-guards';
import type { ApprovedWrite, GridWrite, SettledWrite, TargetFindings } from '../../src/ports/workbook-writes';
import { act, cellsOf, installWorkbook } from '../support/excel';

/**
 * Several grid writes sharing requests (issue 27: Refresh all's writes batched while under 4.5 MB), through
 * Microsoft's Office.js on the workbench's Excel host: what each grid needs goes out in as few requests as the
 * request budget allows, and one write's refusal is that write's alone.
 */

function grid(label: string, rows: number): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => [`${label} ${r}`, r * 10]),
    numberFormats: Array.from({ length: rows }, () => ['General', '#,##0']),
    headerRows: 0,
    boldRows: [],
  };
}

/** A grid write and the guard that judges what its inspection found. */
interface GuardedWrite<Q> {
  write: GridWrite;
  guard: (findings: TargetFindings) => GuardVerdict<Q>;
}

/**
 * Several writes as the pipeline's `writeMany` makes them: each inspected and judged in order, those its guard
 * allows applied together (`applyWrites`); one stopped at a question is told as stopped.
 */
async function writeGrids<Q>(excel: ExcelConnector, writes: readonly GuardedWrite<Q>[]): Promise<(SettledWrite | { kind: 'stopped'; question: Q })[]> {
  const results: (SettledWrite | { kind: 'stopped'; question: Q })[] = [];
  const allowed: { index: number; approved: ApprovedWrite }[] = [];
  for (const [index, { write, guard }] of writes.entries()) {
    const inspection = await excel.inspectWrite(write);
    const verdict = guard(inspection.findings);
    if (verdict.write) allowed.push({ index, approved: { inspection, approval: verdict } });
    else results[index] = { kind: 'stopped', question: verdict.question };
  }
  const settled = await excel.applyWrites(allowed.map((a) => a.approved));
  allowed.forEach(({ index }, i) => {
    results[index] = settled[i]!;
  });
  return results;
}

/** A new grid at `row` on `sheetName`, on cells known empty, its guard saying write. */
function newWrite(sheetName: string, row: number, label: string, rows = 3): GuardedWrite<string> {
  return {
    write: { sheetName, anchor: { row, column: 0 }, grid: grid(label, rows), own: null, nameAs: null, state: { usedRange: null, formattedRange: null } },
    guard: () => ({ write: true, ownAsWritten: false }),
  };
}

async function twoSheets() {
  const host = installWorkbook();
  await act((context) => {
    context.workbook.worksheets.add('Sheet2');
  });
  let requests = 0;
  host.options.failRequest = () => {
    requests += 1;
    return undefined;
  };
  return { host, requests: () => requests };
}

describe('grid writes sharing requests', () => {
  it('writes three grids on two sheets in one request', async () => {
    const { host, requests } = await twoSheets();
    const excel = new ExcelConnector();
    const results = await writeGrids(excel, [newWrite('Sheet1', 0, 'a'), newWrite('Sheet2', 0, 'b'), newWrite('Sheet1', 10, 'c')]);
    expect(results.map((r) => r.kind)).toEqual(['written', 'written', 'written']);
    expect(requests()).toBe(1);
    expect(cellsOf(host, 'Sheet1', 0, 0, 3, 2)).toEqual([['a 0', 0], ['a 1', 10], ['a 2', 20]]);
    expect(cellsOf(host, 'Sheet2', 0, 0, 1, 2)).toEqual([['b 0', 0]]);
    expect(cellsOf(host, 'Sheet1', 12, 0, 1, 2)).toEqual([['c 2', 20]]);
  });

  it('splits the grids into requests within the budget, each grid written whole', async () => {
    const { host, requests } = await twoSheets();
    // A budget that one grid of 40 rows fits and two do not.
    const excel = new ExcelConnector({ requestBudgetBytes: 6_000 });
    const writes = [newWrite('Sheet1', 0, 'a', 40), newWrite('Sheet2', 0, 'b', 40), newWrite('Sheet1', 50, 'c', 40)];
    const results = await writeGrids(excel, writes);
    expect(results.map((r) => r.kind)).toEqual(['written', 'written', 'written']);
    expect(requests()).toBeGreaterThan(1);
    expect(requests()).toBeLessThan(writes.length * 2);
    expect(cellsOf(host, 'Sheet2', 39, 0, 1, 2)).toEqual([['b 39', 390]]);
    expect(cellsOf(host, 'Sheet1', 89, 0, 1, 2)).toEqual([['c 39', 390]]);
  });

  it("keeps a refusal to the write it concerns: the others are written, its cells are as they were", async () => {
    const { host } = await twoSheets();
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet2').getRange('A1').values = [['mine']];
    });
    host.model.sheetByName('Sheet2')!.protected = true;
    const excel = new ExcelConnector();
    const results = await writeGrids(excel, [newWrite('Sheet1', 0, 'a'), newWrite('Sheet2', 0, 'b'), newWrite('Sheet1', 10, 'c')]);
    expect(results.map((r) => r.kind)).toEqual(['written', 'failed', 'written']);
    const failed = results[1]!;
    expect(failed.kind === 'failed' && failed.error).toBeInstanceOf(WriteFailedError);
    expect(cellsOf(host, 'Sheet2', 0, 0, 2, 2)).toEqual([['mine', ''], ['', '']]);
    expect(cellsOf(host, 'Sheet1', 10, 0, 1, 2)).toEqual([['c 0', 0]]);
  });

  it('sends a shared request that adds names again after Excel was busy, looking up all its names in one request first', async () => {
    const { host } = await twoSheets();
    let refused = false;
    host.options.failRequest = () => (refused ? undefined : ((refused = true), 'InvalidOperationInCellEditMode'));
    const excel = new ExcelConnector({ sleep: async () => undefined });
    const named = (guarded: GuardedWrite<string>, placementId: string) => ({ ...guarded, write: { ...guarded.write, nameAs: placementId } });
    const before = host.stats.syncs;
    const results = await writeGrids(excel, [named(newWrite('Sheet1', 0, 'a'), 'pa'), named(newWrite('Sheet2', 0, 'b'), 'pb')]);
    expect(results.map((r) => r.kind)).toEqual(['written', 'written']);
    // Refused, both names looked up together (a refused request may have added them), then sent again.
    expect(host.stats.syncs - before).toBe(3);
    expect(host.model.names.map((n) => n.name).sort()).toEqual([placementName('pa'), placementName('pb')]);
  });

  it('writes nothing of a grid its guard stops at a question, and the others all the same', async () => {
    const { host } = await twoSheets();
    const excel = new ExcelConnector();
    const asked: GuardedWrite<string> = { ...newWrite('Sheet1', 0, 'a'), guard: () => ({ write: false, question: 'foreign cells' }) };
    const results = await writeGrids(excel, [asked, newWrite('Sheet2', 0, 'b')]);
    expect(results).toEqual([{ kind: 'stopped', question: 'foreign cells' }, expect.objectContaining({ kind: 'written' })]);
    expect(cellsOf(host, 'Sheet1', 0, 0, 1, 2)).toEqual([['', '']]);
    expect(cellsOf(host, 'Sheet2', 0, 0, 1, 2)).toEqual([['b 0', 0]]);
  });
});
