import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { layoutReport } from '../../src/layout/grid';
import { resolvePivot as withPivotDefaults } from '../../src/core/report-definition';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';

const query: CubeQuery = {
  measures: ['orders.count'],
  dimensions: ['orders.status'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'week', dateRange: ['2025-01-01', '2025-01-31'] }],
  filters: [{ member: 'orders.status', operator: 'notEquals', values: ['cancelled'] }],
};
const result: CubeLoadResult = {
  query,
  data: [
    { 'orders.status': 'completed', 'orders.created_at.week': '2025-01-06T00:00:00.000', 'orders.count': '12' },
    { 'orders.status': 'shipped', 'orders.created_at.week': '2025-01-13T00:00:00.000', 'orders.count': '3' },
  ],
  annotation: {
    measures: { 'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' } },
    dimensions: { 'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'string' } },
    segments: {},
    timeDimensions: { 'orders.created_at.week': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' } },
  },
};

describe('German cell words', () => {
  it('title the granularity, the filters and the week labels in German; the header row bold, not the summary', () => {
    const grid = layoutReport(result, query, withPivotDefaults(undefined, query), { showAppliedFilters: true, words: cellsDe });
    expect(grid.values[0]![0]).toBe('Filter: Status ist nicht cancelled; Created at zwischen 2025-01-01 und 2025-01-31');
    expect(grid.values[2]).toEqual(['Status', 'Created at · Woche', 'Count']);
    expect(grid.numberFormats[3]![1]).toBe('"Woche ab "yyyy-mm-dd');
    expect(grid.boldHeaderRows).toEqual([2]);
    expect(grid.boldRows).toEqual([]);
  });

  it('a pivot with totals: "Gesamt" for the Total row and column, both header rows bold', () => {
    const pivot = { ...withPivotDefaults(undefined, query), rows: ['orders.status'], columns: ['orders.created_at.week'], showColumnTotals: true, showRowTotals: true };
    const total = (data: Record<string, string>[]): CubeLoadResult => ({ ...result, data });
    const grid = layoutReport(result, query, pivot, {
      words: cellsDe,
      totals: total([{ 'orders.created_at.week': '2025-01-06T00:00:00.000', 'orders.count': '12' }, { 'orders.created_at.week': '2025-01-13T00:00:00.000', 'orders.count': '3' }]),
      rowTotals: total([{ 'orders.status': 'completed', 'orders.count': '12' }, { 'orders.status': 'shipped', 'orders.count': '3' }]),
      grandTotals: total([{ 'orders.count': '15' }]),
    });
    expect(grid.values.flat()).toContain('Gesamt');
    expect(grid.values.at(-1)![0]).toBe('Gesamt');
    expect(grid.boldHeaderRows).toEqual(Array.from({ length: grid.headerRows }, (_, i) => i));
  });
});
