import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot as withPivotDefaults } from '../../src/core/report-definition';
import { ENGLISH_CELL_WORDS, type CellWords } from '../../src/core/cell-words';
import { layoutReport } from '../../src/layout/grid';

const query: CubeQuery = {
  measures: ['orders.count', 'orders.total_amount'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
};
const result: CubeLoadResult = {
  query,
  data: [
    { 'orders.status': 'completed', 'orders.created_at.month': '2025-01-01T00:00:00.000', 'orders.created_at': '2025-01-01T00:00:00.000', 'orders.count': '12', 'orders.total_amount': '1234.50' },
    { 'orders.status': '=HYPERLINK("http://x","y")', 'orders.created_at.month': '2025-02-01T00:00:00.000', 'orders.created_at': '2025-02-01T00:00:00.000', 'orders.count': '3', 'orders.total_amount': null },
  ],
  annotation: {
    measures: {
      'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' },
      'orders.total_amount': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency' },
    },
    dimensions: { 'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'string' } },
    segments: {},
    timeDimensions: {
      'orders.created_at.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
      'orders.created_at': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    },
  },
};

describe('flat layout', () => {
  it('writes a header row of short titles, then rows with numbers, dates and empties converted', () => {
    const grid = layoutReport(result, query, withPivotDefaults(undefined, query));
    expect(grid.values).toEqual([
      ['Status', 'Created at · Month', 'Count', 'Revenue'],
      ['completed', 45_658, 12, 1234.5],
      ['=HYPERLINK("http://x","y")', 45_689, 3, ''],
    ]);
    // Count has no model format and whole numbers: grouped. Revenue is Cube's `currency` with no code: `$,.2f`.
    expect(grid.numberFormats[1]).toEqual(['General', 'mmm yyyy', '#,##0', '$#,##0.00']);
    expect(grid.headerRows).toBe(1);
  });
});

describe('model formats in the layout', () => {
  it('formats measures, number dimensions and times from the annotation', () => {
    const withFormats: CubeLoadResult = {
      ...result,
      annotation: {
        ...result.annotation,
        measures: {
          'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number', format: { type: 'custom-numeric', value: ',d' } },
          'orders.total_amount': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency', currency: 'EUR' },
        },
        dimensions: { 'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'number', format: 'id' } },
        timeDimensions: {
          ...result.annotation.timeDimensions,
          'orders.created_at.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time', format: { type: 'custom-time', value: '%B %Y' } },
        },
      },
    };
    const pivot = withPivotDefaults(undefined, query);
    expect(layoutReport(withFormats, query, pivot).numberFormats[1]).toEqual(['0', 'mmmm yyyy', '#,##0', '"€"#,##0.00']);
    // The display scale is for measures only.
    expect(layoutReport(withFormats, query, { ...pivot, displayScale: 'thousands' }).numberFormats[1]).toEqual(['0', 'mmmm yyyy', '#,##0.0,"K"', '"€"#,##0.0,"K"']);
  });
});

describe('counts and plain numbers', () => {
  const count = (values: (string | null)[], totals?: string): string => {
    const q: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'] };
    const r: CubeLoadResult = {
      query: q,
      data: values.map((value, i) => ({ 'orders.status': `s${i}`, 'orders.count': value })),
      annotation: { ...result.annotation, measures: { 'orders.count': result.annotation.measures['orders.count']! } },
    };
    const totalsResult = totals === undefined ? null : { ...r, data: [{ 'orders.count': totals }] };
    const grid = layoutReport(r, q, { ...withPivotDefaults(undefined, q), showColumnTotals: true }, { totals: totalsResult });
    return grid.numberFormats[1]![1]!;
  };

  it('groups a measure whose values are all whole numbers, and leaves fractions General', () => {
    expect(count(['71902', '3', null])).toBe('#,##0');
    expect(count(['71902', '2.5'])).toBe('General');
    // The Total row shares the column's format: a fractional total leaves the whole column General.
    expect(count(['1', '2'], '1.5')).toBe('General');
    expect(count(['1', '2'], '3')).toBe('#,##0');
  });

  it('never groups a number dimension (years, codes)', () => {
    const q: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.year'] };
    const r: CubeLoadResult = {
      query: q,
      data: [{ 'orders.year': '2025', 'orders.count': '4' }],
      annotation: {
        ...result.annotation,
        measures: { 'orders.count': result.annotation.measures['orders.count']! },
        dimensions: { 'orders.year': { title: 'Orders Year', shortTitle: 'Year', type: 'number' } },
      },
    };
    expect(layoutReport(r, q, withPivotDefaults(undefined, q)).numberFormats[1]).toEqual(['General', '#,##0']);
  });
});

/** A count by one time bucket; `times` are the buckets' first days as Cube sends them. */
function byTime(granularity: 'quarter' | 'week', times: string[], format?: { type: 'custom-time'; value: string }) {
  const key = `orders.created_at.${granularity}`;
  const q: CubeQuery = { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity }] };
  const r: CubeLoadResult = {
    query: q,
    data: times.map((time, i) => ({ [key]: time, 'orders.count': String(i + 1) })),
    annotation: {
      measures: { 'orders.count': result.annotation.measures['orders.count']! },
      dimensions: {},
      segments: {},
      timeDimensions: { [key]: { title: 'Orders Created at', shortTitle: 'Created at', type: 'time', ...(format ? { format } : {}) } },
    },
  };
  return { q, r };
}

describe('time buckets', () => {
  it('writes quarters as "Q1 2025" text: Excel has no quarter format code', () => {
    const { q, r } = byTime('quarter', ['2024-10-01T00:00:00.000', '2025-01-01T00:00:00.000', '2025-04-01T00:00:00.000', '2025-07-01T00:00:00.000']);
    const grid = layoutReport(r, q, withPivotDefaults(undefined, q));
    expect(grid.values.map((row) => row[0])).toEqual(['Created at · Quarter', 'Q4 2024', 'Q1 2025', 'Q2 2025', 'Q3 2025']);
    expect(grid.numberFormats[1]![0]).toBe('General');
  });

  it("writes quarters as dates when the model's custom time format can be shown", () => {
    const { q, r } = byTime('quarter', ['2025-01-01T00:00:00.000'], { type: 'custom-time', value: '%b %Y' });
    const grid = layoutReport(r, q, withPivotDefaults(undefined, q));
    expect(grid.values[1]![0]).toBe(45_658);
    expect(grid.numberFormats[1]![0]).toBe('mmm yyyy');
  });

  it('keeps weeks as dates (their Monday) under a format that says they are weeks', () => {
    // 2024-12-30 and 2025-01-06 are Mondays: Excel serials 45656 and 45663 (2025-01-01 is 45658).
    const { q, r } = byTime('week', ['2024-12-30T00:00:00.000', '2025-01-06T00:00:00.000']);
    const grid = layoutReport(r, q, withPivotDefaults(undefined, q));
    expect(grid.values.map((row) => row[0])).toEqual(['Created at · Week', 45_656, 45_663]);
    expect(grid.numberFormats[1]![0]).toBe('"Week of "yyyy-mm-dd');
  });
});

describe('words written into cells', () => {
  const german: CellWords = {
    ...ENGLISH_CELL_WORDS,
    total: 'Gesamt',
    measure: 'Kennzahl',
    filters: (summary) => `Filter: ${summary}`,
    granularities: { ...ENGLISH_CELL_WORDS.granularities, quarter: 'Quartal' },
    quarter: (quarter, year) => `${quarter}. Quartal ${year}`,
    weekOf: 'Woche ab',
    operators: { ...ENGLISH_CELL_WORDS.operators, equals: 'ist', inDateRange: 'zwischen' },
    and: 'und',
    or: 'oder',
  };

  it('writes English by default', () => {
    const filteredQuery: CubeQuery = { ...query, filters: [{ member: 'orders.status', operator: 'equals', values: ['completed', 'shipped'] }] };
    const grid = layoutReport(result, filteredQuery, { ...withPivotDefaults(undefined, filteredQuery), showAppliedFilters: true });
    expect(grid.values[0]![0]).toBe('Filters: Status is completed or shipped');
    // The filter is said once, in the summary line: the headers are the model's titles and the granularity's word.
    expect(grid.values[2]!.slice(0, 2)).toEqual(['Status', 'Created at · Month']);
  });

  it("writes the caller's words: filters, granularities, quarters, weeks and totals", () => {
    const q: CubeQuery = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-06-30'] }],
      filters: [{ member: 'orders.status', operator: 'equals', values: ['a', 'b'] }],
    };
    const { r } = byTime('quarter', ['2025-01-01T00:00:00.000', '2025-04-01T00:00:00.000']);
    const totals = { ...r, data: [{ 'orders.count': '3' }] };
    const pivot = { ...withPivotDefaults(undefined, q), showAppliedFilters: true, showColumnTotals: true };
    const grid = layoutReport({ ...r, query: q }, q, pivot, { totals, words: german });
    expect(grid.values).toEqual([
      ['Filter: Status ist a oder b; Created at zwischen 2025-01-01 und 2025-06-30', ''],
      ['', ''],
      ['Created at · Quartal', 'Count'],
      ['1. Quartal 2025', 1],
      ['2. Quartal 2025', 2],
      ['Gesamt', 3],
    ]);
    const weeks = byTime('week', ['2025-01-06T00:00:00.000']);
    expect(layoutReport(weeks.r, weeks.q, withPivotDefaults(undefined, weeks.q), { words: german }).numberFormats[1]![0]).toBe('"Woche ab "yyyy-mm-dd');
  });
});
