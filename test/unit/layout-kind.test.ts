import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot, type Pivot } from '../../src/core/report-definition';
import { layoutReport } from '../../src/layout/grid';
import { isFlatPivot, layoutKind } from '../../src/layout/kind';
import { resultSize } from '../../src/layout/size';

const query: CubeQuery = { measures: ['m.a'], dimensions: ['m.r', 'm.q'] };
const result: CubeLoadResult = {
  query,
  data: [
    { 'm.r': 'x', 'm.q': 'Q1', 'm.a': '1' },
    { 'm.r': 'x', 'm.q': 'Q2', 'm.a': '2' },
    { 'm.r': 'y', 'm.q': 'Q1', 'm.a': '3' },
  ],
  annotation: {
    measures: { 'm.a': { title: 'M A', shortTitle: 'A', type: 'number' } },
    dimensions: { 'm.r': { title: 'M R', shortTitle: 'Region', type: 'string' }, 'm.q': { title: 'M Q', shortTitle: 'Quarter', type: 'string' } },
    segments: {},
    timeDimensions: {},
  },
};
const pivot = (p: Partial<Pivot>): Pivot => ({ ...resolvePivot(undefined, query), ...p });

describe('the kind of a layout', () => {
  it('is flat with no column members and measures not on rows, else a pivot', () => {
    expect(layoutKind({ columns: [], measuresAxis: 'columns' })).toBe('flat');
    expect(layoutKind({ columns: ['m.q'], measuresAxis: 'columns' })).toBe('pivot');
    expect(layoutKind({ columns: [], measuresAxis: 'rows' })).toBe('pivot');
    expect(isFlatPivot(pivot({}))).toBe(true);
    expect(isFlatPivot(pivot({ rows: ['m.r'], columns: ['m.q'] }))).toBe(false);
  });

  it('decides the grid: a flat one is one row per result row with no filled header, a pivot groups and fills its headers', () => {
    const flat = layoutReport(result, query, pivot({}));
    expect(flat.values).toHaveLength(1 + result.data.length);
    expect(flat.filledHeaderRows).toEqual([]);
    const grouped = layoutReport(result, query, pivot({ rows: ['m.r'], columns: ['m.q'] }));
    expect(grouped.values).toHaveLength(2 + 2);
    expect(grouped.filledHeaderRows).toEqual([0, 1]);
  });

  it('is decided by the members as placed: a column member the result does not know leaves the grid flat', () => {
    const unknown = layoutReport(result, query, pivot({ columns: ['m.gone'] }));
    expect(unknown.values).toHaveLength(1 + result.data.length);
    expect(unknown.filledHeaderRows).toEqual([]);
  });
});

describe('the size of a laid-out result', () => {
  const sizeOf = (p: Pivot, total: number | null, sampleLimit = 1_000) => resultSize(result, sampleLimit, total, query, p, { maxRows: 100 });

  it('counts a flat table exactly from one row and the total, and a pivot only from all its rows', () => {
    expect(sizeOf(pivot({}), 40, 1)).toEqual({ kind: 'exact', rows: 41, columns: 3, cutAt: null });
    expect(sizeOf(pivot({ rows: ['m.r'], columns: ['m.q'] }), 3)).toEqual({ kind: 'exact', rows: 4, columns: 3, cutAt: null });
    expect(sizeOf(pivot({ rows: ['m.r'], columns: ['m.q'] }), 300, 3).kind).toBe('about');
  });

  it('counts the Total row and the Total column the pivot asks for, and no Total column without column members', () => {
    expect(sizeOf(pivot({ rows: ['m.r'], columns: ['m.q'], showColumnTotals: true, showRowTotals: true }), 3))
      .toEqual({ kind: 'exact', rows: 5, columns: 4, cutAt: null });
    expect(sizeOf(pivot({ showColumnTotals: true, showRowTotals: true }), 3)).toEqual({ kind: 'exact', rows: 5, columns: 3, cutAt: null });
  });
});
