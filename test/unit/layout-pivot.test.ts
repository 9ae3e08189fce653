import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot as withPivotDefaults, type Pivot } from '../../src/core/report-definition';
import { ENGLISH_CELL_WORDS } from '../../src/core/cell-words';
import { grandTotalQuery, rowTotalsQuery, totalsQuery } from '../../src/layout/totals-query';
import { layoutReport } from '../../src/layout/grid';

/**
 * A small result: measures A (currency sum) and B (average) by region R and quarter Q; (y, Q2) is missing. A has
 * Cube's `currency` format and no currency code: Cube resolves it to `$,.2f`, so `$#,##0.00`.
 */
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
    expect(grid.numberFormats[2]).toEqual(['General', '$#,##0.00', 'General', '$#,##0.00', 'General']);
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

  describe('row totals', () => {
    // Totals from their own queries. B is an average: x's row total 2.2 is neither the sum (4) nor the mean (2) of its cells.
    const rowTotals: CubeLoadResult = { query: {}, annotation, data: [{ 'm.r': 'x', 'm.a': '30', 'm.b': '2.2' }, { 'm.r': 'y', 'm.a': '30', 'm.b': '3.5' }] };
    const totals: CubeLoadResult = { query: {}, annotation, data: [{ 'm.q': 'Q1', 'm.a': '40', 'm.b': '2.9' }, { 'm.q': 'Q2', 'm.a': '20', 'm.b': '2.5' }] };
    const grandTotals: CubeLoadResult = { query: {}, annotation, data: [{ 'm.a': '60', 'm.b': '2.6' }] };

    it('adds a Total column per measure after the column members, measures after', () => {
      const grid = layoutReport(result, query, pivot({ showRowTotals: true }), { rowTotals });
      expect(grid.values).toEqual([
        ['Quarter', 'Q1', '', 'Q2', '', 'Total', ''],
        ['Region', 'A', 'B', 'A', 'B', 'A', 'B'],
        ['x', 10, 1.5, 20, 2.5, 30, 2.2],
        ['y', 30, 3.5, '', '', 30, 3.5],
      ]);
      expect(grid.boldColumns).toEqual([5, 6]);
      expect(grid.boldRows).toEqual([]);
      expect(grid.numberFormats[2]).toEqual(['General', '$#,##0.00', 'General', '$#,##0.00', 'General', '$#,##0.00', 'General']);
    });

    it('adds the Total column block after everything when measures come before', () => {
      const grid = layoutReport(result, query, pivot({ showRowTotals: true, measuresPosition: 'before' }), { rowTotals });
      expect(grid.values).toEqual([
        ['', 'A', '', 'B', '', 'A', 'B'],
        ['Region', 'Q1', 'Q2', 'Q1', 'Q2', 'Total', ''],
        ['x', 10, 20, 1.5, 2.5, 30, 2.2],
        ['y', 30, '', 3.5, '', 30, 3.5],
      ]);
      expect(grid.boldColumns).toEqual([5, 6]);
    });

    it('adds one Total column when measures are on rows, each row totalled in its own measure', () => {
      const grid = layoutReport(result, query, pivot({ showRowTotals: true, measuresAxis: 'rows' }), { rowTotals });
      expect(grid.values).toEqual([
        ['Region', 'Measure', 'Q1', 'Q2', 'Total'],
        ['x', 'A', 10, 20, 30],
        ['x', 'B', 1.5, 2.5, 2.2],
        ['y', 'A', 30, '', 30],
        ['y', 'B', 3.5, '', 3.5],
      ]);
      expect(grid.boldColumns).toEqual([4]);
      expect(grid.numberFormats[1]).toEqual(['General', 'General', '$#,##0.00', '$#,##0.00', '$#,##0.00']);
      expect(grid.numberFormats[2]).toEqual(['General', 'General', 'General', 'General', 'General']);
    });

    it('fills the corner where the Total row meets the Total column from the grand total query', () => {
      const grid = layoutReport(result, query, pivot({ showRowTotals: true, showColumnTotals: true }), { rowTotals, totals, grandTotals });
      expect(grid.values.at(-1)).toEqual(['Total', 40, 2.9, 20, 2.5, 60, 2.6]);
      expect(grid.boldRows).toEqual([4]);
      expect(grid.numberFormats.at(-1)).toEqual(['General', '$#,##0.00', 'General', '$#,##0.00', 'General', '$#,##0.00', 'General']);
      const onRows = layoutReport(result, query, pivot({ showRowTotals: true, showColumnTotals: true, measuresAxis: 'rows' }), { rowTotals, totals, grandTotals });
      expect(onRows.values.slice(-2)).toEqual([['Total', 'A', 40, 20, 60], ['Total', 'B', 2.9, 2.5, 2.6]]);
    });

    it("lays measures out in the pivot's order everywhere, totals included", () => {
      const grid = layoutReport(result, query, pivot({ measures: ['m.b', 'm.a'], showRowTotals: true, showColumnTotals: true }), { rowTotals, totals, grandTotals });
      expect(grid.values).toEqual([
        ['Quarter', 'Q1', '', 'Q2', '', 'Total', ''],
        ['Region', 'B', 'A', 'B', 'A', 'B', 'A'],
        ['x', 1.5, 10, 2.5, 20, 2.2, 30],
        ['y', 3.5, 30, '', '', 3.5, 30],
        ['Total', 2.9, 40, 2.5, 20, 2.6, 60],
      ]);
      const flat = layoutReport(result, query, pivot({ measures: ['m.b', 'm.a'], columns: [], rows: ['m.r', 'm.q'] }));
      expect(flat.values.slice(0, 2)).toEqual([['Region', 'Quarter', 'B', 'A'], ['x', 'Q1', 1.5, 10]]);
    });

    it('writes Total once, on the first column-member header row, over nested column members', () => {
      const nestedQuery: CubeQuery = { measures: ['m.a'], dimensions: ['m.r', 'm.q', 'm.s'] };
      const nested: CubeLoadResult = {
        query: nestedQuery, annotation,
        data: [{ 'm.r': 'x', 'm.q': 'Q1', 'm.s': 'open', 'm.a': '1' }, { 'm.r': 'x', 'm.q': 'Q2', 'm.s': 'done', 'm.a': '3' }],
      };
      const nestedPivot = { ...withPivotDefaults(undefined, nestedQuery), rows: ['m.r'], columns: ['m.q', 'm.s'], showRowTotals: true };
      const grid = layoutReport(nested, nestedQuery, nestedPivot, { rowTotals: { query: {}, annotation, data: [{ 'm.r': 'x', 'm.a': '4' }] } });
      expect(grid.values).toEqual([
        ['Quarter', 'Q1', 'Q2', 'Total'],
        ['Status', 'open', 'done', ''],
        ['Region', 'A', 'A', 'A'],
        ['x', 1, 3, 4],
      ]);
    });

    it('ignores showRowTotals without column members', () => {
      for (const measuresAxis of ['columns', 'rows'] as const) {
        const without = layoutReport(result, query, pivot({ columns: [], measuresAxis }));
        const grid = layoutReport(result, query, pivot({ columns: [], measuresAxis, showRowTotals: true }), { rowTotals, grandTotals });
        expect(grid.values).toEqual(without.values);
        expect(grid.boldColumns).toEqual([]);
      }
    });
  });

  it('builds the row totals and grand total queries: row members only, then nothing; filters as for the Total row', () => {
    const q: CubeQuery = {
      measures: ['m.a', 'm.b'], dimensions: ['m.r', 'm.q'], segments: ['m.big'], timezone: 'Europe/Berlin',
      timeDimensions: [{ dimension: 'm.t', granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] }],
      filters: [
        { member: 'm.r', operator: 'equals', values: ['x'] },
        { member: 'm.a', operator: 'gt', values: ['5'] },
        { or: [{ member: 'm.q', operator: 'equals', values: ['Q1'] }, { member: 'm.b', operator: 'gt', values: ['1'] }] },
      ],
      order: { 'm.a': 'desc' }, limit: 10, offset: 5, total: true,
    };
    const p = { ...withPivotDefaults(undefined, q), rows: ['m.r', 'm.t.month'], columns: ['m.q'] };
    const common = { segments: ['m.big'], timezone: 'Europe/Berlin', measures: ['m.a', 'm.b'], filters: [{ member: 'm.r', operator: 'equals', values: ['x'] }] };
    expect(rowTotalsQuery(q, p)).toEqual({
      ...common, dimensions: ['m.r'],
      timeDimensions: [{ dimension: 'm.t', granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] }],
    });
    expect(grandTotalQuery(q)).toEqual({ ...common, dimensions: [], timeDimensions: [{ dimension: 'm.t', dateRange: ['2025-01-01', '2025-03-31'] }] });
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
    expect(flat('thousands').numberFormats[1]).toEqual(['General', 'General', '$#,##0.0,"K"', '#,##0.0,"K"']);
    expect(flat('millions').numberFormats[1]!.slice(2)).toEqual(['$#,##0.0,,"M"', '#,##0.0,,"M"']);
    expect(flat('billions').numberFormats[1]!.slice(2)).toEqual(['$#,##0.0,,,"B"', '#,##0.0,,,"B"']);
    expect(flat('absolute').numberFormats[1]!.slice(2)).toEqual(['General', 'General']);
    expect(flat('model').numberFormats[1]!.slice(2)).toEqual(['$#,##0.00', 'General']);
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

  it('summarises the filters above the table as its own line, the headers still the titles alone', () => {
    const filteredQuery: CubeQuery = { ...query, filters: [{ member: 'm.r', operator: 'notEquals', values: ['z', 'w'] }, { member: 'm.a', operator: 'gt', values: ['5'] }] };
    const grid = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'] }), { showAppliedFilters: true });
    expect(grid.values.slice(0, 3)).toEqual([
      ['Filters: Region is not z or w; A > 5', '', '', ''],
      ['', '', '', ''],
      ['Region', 'Quarter', 'A', 'B'],
    ]);
    expect(grid.headerRows).toBe(3);
    const without = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'] }));
    expect(without.values[0]).toEqual(['Region', 'Quarter', 'A', 'B']);
    // The report's own choice, when it has one, wins over the user's and the admin's.
    const reportSaysNo = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'], showAppliedFilters: false }), { showAppliedFilters: true });
    expect(reportSaysNo.values[0]).toEqual(['Region', 'Quarter', 'A', 'B']);
    const reportSaysYes = layoutReport({ ...result, query: filteredQuery }, filteredQuery, pivot({ columns: [], rows: ['m.r', 'm.q'], showAppliedFilters: true }));
    expect(reportSaysYes.headerRows).toBe(3);
  });
});

describe('time buckets and words in pivot headers', () => {
  /** A by region and a time bucket of `m.t`; the buckets' first days as Cube sends them. */
  const byTime = (granularity: 'quarter' | 'week', times: string[]) => {
    const key = `m.t.${granularity}`;
    const q: CubeQuery = { measures: ['m.a'], dimensions: ['m.r'], timeDimensions: [{ dimension: 'm.t', granularity }] };
    const r: CubeLoadResult = {
      query: q,
      annotation: { ...annotation, timeDimensions: { [key]: { title: 'M Time', shortTitle: 'Time', type: 'time' } } },
      data: times.map((time, i) => ({ 'm.r': 'x', [key]: time, 'm.a': String(10 * (i + 1)) })),
    };
    return layoutReport(r, q, { ...withPivotDefaults(undefined, q), rows: ['m.r'], columns: [key] });
  };

  it('heads quarter columns with "Q1 2025" text under General', () => {
    const grid = byTime('quarter', ['2025-01-01T00:00:00.000', '2025-04-01T00:00:00.000', '2025-10-01T00:00:00.000']);
    expect(grid.values.slice(0, 2)).toEqual([
      ['Time · Quarter', 'Q1 2025', 'Q2 2025', 'Q4 2025'],
      ['Region', 'A', 'A', 'A'],
    ]);
    expect(grid.numberFormats[0]!.slice(1)).toEqual(['General', 'General', 'General']);
  });

  it('heads week columns with their Monday as a date that says it is a week', () => {
    // 2025-01-06 and 2025-01-13 are Mondays: Excel serials 45663 and 45670 (2025-01-01 is 45658).
    const grid = byTime('week', ['2025-01-06T00:00:00.000', '2025-01-13T00:00:00.000']);
    expect(grid.values[0]).toEqual(['Time · Week', 45_663, 45_670]);
    expect(grid.numberFormats[0]!.slice(1)).toEqual(['"Week of "yyyy-mm-dd', '"Week of "yyyy-mm-dd']);
  });

  it("writes the caller's words for Measure, Value and Total", () => {
    const words = { ...ENGLISH_CELL_WORDS, measure: 'Kennzahl', value: 'Wert', total: 'Gesamt' };
    const rowTotals: CubeLoadResult = { query: {}, annotation, data: [{ 'm.r': 'x', 'm.a': '30', 'm.b': '2.2' }, { 'm.r': 'y', 'm.a': '30', 'm.b': '3.5' }] };
    const onRows = layoutReport(result, query, pivot({ measuresAxis: 'rows', showRowTotals: true }), { rowTotals, words });
    expect(onRows.values[0]).toEqual(['Region', 'Kennzahl', 'Q1', 'Q2', 'Gesamt']);
    const noColumns = layoutReport(result, query, pivot({ columns: [], rows: ['m.r'], measuresAxis: 'rows' }), { words });
    // Quarter is grouped but not placed by the pivot: it joins the rows.
    expect(noColumns.values[0]).toEqual(['Region', 'Quarter', 'Kennzahl', 'Wert']);
  });
});
