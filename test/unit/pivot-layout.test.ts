import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot as withPivotDefaults, type Pivot } from '../../src/core/report-definition';
import { layoutReport, totalsQuery } from '../../src/core/layout';

/** A small result: measures A (currency sum) and B (average) by region R and quarter Q; (y, Q2) is missing. */
const query: CubeQuery = { measures: ['m.a', 'm.b'], dimensions: ['m.r', 'm.q'] };
const annotation: CubeLoadResult['annotation'] = {
  measures: {
    'm.a': { title: 'M A', shortTitle: 'A', type: 'number', format: 'currency' },
    'm.b': { title: 'M B', shortTitle: 'B', type: 'number' },
  },
  dimensions: {
    'm.r': { title: 'M Region', shortTitle: 'Region', type: 'string' },
    'm.q': { title: 'M Quarter', shortTitle: 'Quarter', type: 'string' },
    'm.s': { title: 'M Status', shortTitle: 'Status', type: 'string' },
  },
  segments: {},
  timeDimensions: {},
};
const data = [
  { 'm.r': 'x', 'm.q': 'Q1', 'm.a': '10', 'm.b': '1.5' },
  { 'm.r': 'x', 'm.q': 'Q2', 'm.a': '20', 'm.b': '2.5' },
  { 'm.r': 'y', 'm.q': 'Q1', 'm.a': '30', 'm.b': '3.5' },
];
const result: CubeLoadResult = { query, data, annotation };
const pivot = (p: Partial<Pivot>): Pivot => ({ ...withPivotDefaults(undefined, query), rows: ['m.r'], columns: ['m.q'], ...p });

describe('pivot layouts', () => {
  it('puts measures after (inside) the column members: Q1:[A,B] Q2:[A,B]', () => {
    const grid = layoutReport(result, query, pivot({ measuresPosition: 'after' }));
    expect(grid.values).toEqual([
      ['Quarter', 'Q1', '', 'Q2', ''],
      ['Region', 'A', 'B', 'A', 'B'],
      ['x', 10, 1.5, 20, 2.5],
      ['y', 30, 3.5, '', ''],
    ]);
    expect(grid.headerRows).toBe(2);
    expect(grid.numberFormats[2]).toEqual(['General', '#,##0.00', 'General', '#,##0.00', 'General']);
  });

  it('puts measures before (outside) the column members: A:[Q1,Q2] B:[Q1,Q2]', () => {
    const grid = layoutReport(result, query, pivot({ measuresPosition: 'before' }));
    expect(grid.values).toEqual([
      ['', 'A', '', 'B', ''],
      ['Region', 'Q1', 'Q2', 'Q1', 'Q2'],
      ['x', 10, 20, 1.5, 2.5],
      ['y', 30, '', 3.5, ''],
    ]);
  });

  it('puts measures on rows after the row members', () => {
    const grid = layoutReport(result, query, pivot({ measuresAxis: 'rows', measuresPosition: 'after' }));
    expect(grid.values).toEqual([
      ['Region', 'Measure', 'Q1', 'Q2'],
      ['x', 'A', 10, 20],
      ['x', 'B', 1.5, 2.5],
      ['y', 'A', 30, ''],
      ['y', 'B', 3.5, ''],
    ]);
  });

  it('puts measures on rows before the row members', () => {
    const grid = layoutReport(result, query, pivot({ measuresAxis: 'rows', measuresPosition: 'before' }));
    expect(grid.values).toEqual([
      ['Measure', 'Region', 'Q1', 'Q2'],
      ['A', 'x', 10, 20],
      ['A', 'y', 30, ''],
      ['B', 'x', 1.5, 2.5],
      ['B', 'y', 3.5, ''],
    ]);
  });

  it('nests several column members over several header rows, each value once per group', () => {
    const nestedQuery: CubeQuery = { measures: ['m.a'], dimensions: ['m.r', 'm.q', 'm.s'] };
    const nested: CubeLoadResult = {
      query: nestedQuery,
      annotation,
      data: [
        { 'm.r': 'x', 'm.q': 'Q1', 'm.s': 'open', 'm.a': '1' },
        { 'm.r': 'x', 'm.q': 'Q1', 'm.s': 'done', 'm.a': '2' },
        { 'm.r': 'x', 'm.q': 'Q2', 'm.s': 'open', 'm.a': '3' },
        { 'm.r': 'y', 'm.q': 'Q2', 'm.s': 'done', 'm.a': '4' },
      ],
    };
    const grid = layoutReport(nested, nestedQuery, { ...withPivotDefaults(undefined, nestedQuery), rows: ['m.r'], columns: ['m.q', 'm.s'] });
    expect(grid.values).toEqual([
      ['Quarter', 'Q1', '', 'Q2', ''],
      ['Status', 'open', 'done', 'open', 'done'],
      ['Region', 'A', 'A', 'A', 'A'],
      ['x', 1, 2, 3, ''],
      ['y', '', '', '', 4],
    ]);
    expect(grid.headerRows).toBe(3);
  });

  it('adds a bold Total row from the totals query, so an average totals as an average', () => {
    const totals: CubeLoadResult = {
      query: {}, annotation,
      data: [{ 'm.q': 'Q1', 'm.a': '40', 'm.b': '2.9' }, { 'm.q': 'Q2', 'm.a': '20', 'm.b': '2.5' }],
    };
    const grid = layoutReport(result, query, pivot({ showColumnTotals: true }), { totals });
    expect(grid.values.at(-1)).toEqual(['Total', 40, 2.9, 20, 2.5]);
    expect(grid.boldRows).toEqual([4]);
    const onRows = layoutReport(result, query, pivot({ showColumnTotals: true, measuresAxis: 'rows' }), { totals });
    expect(onRows.values.slice(-2)).toEqual([['Total', 'A', 40, 20], ['Total', 'B', 2.9, 2.5]]);
    expect(onRows.boldRows).toEqual([5, 6]);
  });

  it('builds the totals query: column members only, dimension filters kept, measure filters dropped', () => {
    const q: CubeQuery = {
      measures: ['m.a', 'm.b'], dimensions: ['m.r', 'm.q'],
      timeDimensions: [{ dimension: 'm.t', granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] }],
      filters: [
        { member: 'm.r', operator: 'equals', values: ['x'] },
        { member: 'm.a', operator: 'gt', values: ['5'] },
        { and: [{ member: 'm.q', operator: 'set' }, { member: 'm.b', operator: 'lt', values: ['9'] }] },
        { or: [{ member: 'm.q', operator: 'equals', values: ['Q1'] }, { member: 'm.a', operator: 'gt', values: ['1'] }] },
      ],
      order: { 'm.a': 'desc' }, limit: 10,
    };
    expect(totalsQuery(q, { ...withPivotDefaults(undefined, q), rows: ['m.r', 'm.t.month'], columns: ['m.q'] })).toEqual({
      measures: ['m.a', 'm.b'], dimensions: ['m.q'],
      timeDimensions: [{ dimension: 'm.t', dateRange: ['2025-01-01', '2025-03-31'] }],
      filters: [{ member: 'm.r', operator: 'equals', values: ['x'] }, { and: [{ member: 'm.q', operator: 'set' }] }],
    });
  });

  it('shows thousands, millions and billions through number formats, keeping exact values; absolute is plain', () => {
    const flat = (displayScale: Pivot['displayScale']) => layoutReport(result, query, pivot({ columns: [], rows: ['m.r', 'm.q'], displayScale }));
    expect(flat('thousands').numberFormats[1]).toEqual(['General', 'General', '#,##0.0,"K"', '#,##0.0,"K"']);
    expect(flat('millions').numberFormats[1]!.slice(2)).toEqual(['#,##0.0,,"M"', '#,##0.0,,"M"']);
    expect(flat('billions').numberFormats[1]!.slice(2)).toEqual(['#,##0.0,,,"B"', '#,##0.0,,,"B"']);
    expect(flat('absolute').numberFormats[1]!.slice(2)).toEqual(['General', 'General']);
    expect(flat('model').numberFormats[1]!.slice(2)).toEqual(['#,##0.00', 'General']);
    expect(flat('thousands').values[1]).toEqual(['x', 'Q1', 10, 1.5]);
  });

  it('writes a repeated row value once when duplicates are suppressed', () => {
    const grid = layoutReport(result, query, pivot({ columns: [], rows: ['m.r', 'm.q'] }), { suppressDuplicateValues: true });
    expect(grid.values).toEqual([
      ['Region', 'Quarter', 'A', 'B'],
      ['x', 'Q1', 10, 1.5],
      ['', 'Q2', 20, 2.5],
      ['y', 'Q1', 30, 3.5],
    ]);
  });

  it('summarises the filters above the table and marks filtered members', () => {
    const filteredQuery: CubeQuery = { ...query, filters: [{ member: 'm.r', operator: 'notEquals', values: ['z', 'w'] }, { member: 'm.a', operator: 'gt', values: ['5'] }] };
    const grid = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'] }), { showAppliedFilters: true });
    expect(grid.values.slice(0, 3)).toEqual([
      ['Filters: Region is not z or w; A > 5', '', '', ''],
      ['', '', '', ''],
      ['Region (filtered)', 'Quarter', 'A (filtered)', 'B'],
    ]);
    expect(grid.headerRows).toBe(3);
    const without = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'] }));
    expect(without.values[0]).toEqual(['Region', 'Quarter', 'A', 'B']);
  });
});
