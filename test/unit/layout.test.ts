import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot as withPivotDefaults } from '../../src/core/report-definition';
import { layoutReport } from '../../src/core/layout';

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
      ['Status', 'Created at (month)', 'Count', 'Revenue'],
      ['completed', 45_658, 12, 1234.5],
      ['=HYPERLINK("http://x","y")', 45_689, 3, ''],
    ]);
    expect(grid.numberFormats[1]).toEqual(['General', 'mmm yyyy', 'General', '#,##0.00']);
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
