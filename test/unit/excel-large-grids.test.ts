import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { gridDigests } from '../../src/core/grid-hash';
import { layoutReport } from '../../src/layout/grid';
import type { CellGrid } from '../../src/core/cell-grid';
import { resolvePivot } from '../../src/core/report-definition';
import { handEditsAgainst, handEditsFromRecord, recordOf, resultChecksum } from '../../src/core/result-checksum';
import { absoluteReference } from '../../src/excel/names';
import { planRestore } from '../../src/excel/restore';
import type { Snapshot } from '../../src/excel/snapshot';
import { planWrite } from '../../src/excel/write-plan';
import { fetchResult } from '../../src/placements/fetch-result';
import { leftovers, rowsToWrite } from '../../src/core/grid-diff';

/**
 * Grids the size of real results go through every pure step without spreading them into a call's arguments
 * (`push(...rows)`, `Math.max(...rows)` fail with "Maximum call stack size exceeded" past about 100,000 items).
 */
jest.setTimeout(60_000);

function result(rows: number, measures: number): { result: CubeLoadResult; query: CubeQuery } {
  const measureNames = Array.from({ length: measures }, (_, k) => `orders.m${k}`);
  const data = Array.from({ length: rows }, (_, i) => {
    const row: Record<string, string> = { 'orders.customer': `Customer ${i}` };
    measureNames.forEach((m, k) => { row[m] = String((i * 7 + k) % 10_000); });
    return row;
  });
  const query: CubeQuery = { dimensions: ['orders.customer'], measures: measureNames };
  return {
    query,
    result: {
      query,
      data,
      annotation: {
        measures: Object.fromEntries(measureNames.map((m) => [m, { title: m, shortTitle: m, type: 'number' as const }])),
        dimensions: { 'orders.customer': { title: 'Customer', shortTitle: 'Customer', type: 'string' as const } },
        segments: {},
        timeDimensions: {},
      },
    },
  };
}

describe.each([
  ['300,000 × 1', 300_000, 0],
  ['50,000 × 12', 50_000, 11],
])('a %s grid', (_name, rows, measures) => {
  let grid: CellGrid;
  let query: CubeQuery;

  beforeAll(async () => {
    const made = result(rows, measures);
    query = made.query;
    // Fetched in one page as large as the result (the data API's page limit can be raised).
    const fetched = await fetchResult({ load: async () => made.result }, query, { pageSize: rows, maxRows: rows });
    expect(fetched.result.data).toHaveLength(rows);
    grid = layoutReport(fetched.result, query, resolvePivot(null, query));
  });

  it('is laid out, hashed and checksummed', () => {
    expect(grid.values).toHaveLength(rows + 1);
    // One dimension and no measure still makes a (blank) Value column.
    expect(grid.values[0]).toHaveLength(Math.max(2, measures + 1));
    const digests = gridDigests(grid.values);
    expect(digests.rows).toBe(rows + 1);
    expect(resultChecksum(grid.values)).toEqual(recordOf(digests));
  });

  it('names a hand edit, and every row when the placement lost rows', () => {
    const record = resultChecksum(grid.values);
    const edited = grid.values.map((row) => row.slice());
    edited[rows - 5]![0] = 'edited by hand';
    expect(handEditsFromRecord(record, edited)?.rows).toContain(rows - 5);
    const shorter = handEditsAgainst(record, gridDigests(grid.values.slice(0, 1_000)));
    expect(shorter?.rows.length).toBeGreaterThanOrEqual(rows + 1 - 1_000);
  });

  it('finds the rows a refresh rewrites and what it clears', () => {
    const next = grid.values.map((row, r) => (r % 2 ? row.map((v) => (typeof v === 'number' ? v + 1 : `${v}!`)) : row));
    const changed = rowsToWrite(gridDigests(grid.values), gridDigests(next));
    expect(changed.length).toBe(Math.floor((rows + 1) / 2));
    const right = grid.values[0]!.length - 1;
    expect(leftovers({ top: 0, left: 0, bottom: rows, right }, { top: 0, left: 0, bottom: 10, right })).toEqual([
      { top: 11, bottom: rows, left: 0, right },
    ]);
  });

  it('is planned into requests under the budget, whole or every second row', () => {
    for (const only of [undefined, Array.from({ length: Math.floor(rows / 2) }, (_, i) => 2 * i + 1)]) {
      const plan = planWrite('Sheet1', { row: 0, column: 0 }, grid, { rows: only }, 4_450_000, absoluteReference);
      expect(plan.batches.every((batch) => batch.bytes <= 4_450_000)).toBe(true);
      let covered = 0;
      for (const batch of plan.batches) for (const op of batch.ops) if (op.kind === 'cells') covered += op.end - op.start;
      expect(covered).toBeGreaterThanOrEqual(only ? only.length : rows + 1);
    }
  });

  it('is planned for a restore under the budget', () => {
    const snapshot: Snapshot = {
      sheetName: 'Sheet1',
      parts: [{ rect: { top: 0, left: 0, bottom: rows, right: grid.values[0]!.length - 1 }, inputs: grid.values, numberFormats: grid.numberFormats }],
      looks: [],
      name: null,
    };
    const batches = planRestore(snapshot, 4_450_000);
    expect(batches.every((batch) => batch.bytes <= 4_450_000)).toBe(true);
  });
});
