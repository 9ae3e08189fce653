import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { resolvePivot as withPivotDefaults } from '../../src/core/report-definition';
import { cellInput, cellValueOf, excelSerial, needsTextPrefix } from '../../src/core/cell-values';
import { layoutReport } from '../../src/core/layout';
import { resultChecksum } from '../../src/core/result-checksum';

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

describe('cell values', () => {
  it('converts Cube values by type', () => {
    expect(cellValueOf('1234.50', 'number')).toBe(1234.5);
    expect(cellValueOf('12345678901234567890', 'number')).toBe('12345678901234567890');
    expect(cellValueOf('9007199254740991', 'number')).toBe(9_007_199_254_740_990);
    expect(cellValueOf('457.61571020819343', 'number')).toBe(457.615710208193);
    expect(cellValueOf('n/a', 'number')).toBe('n/a');
    expect(cellValueOf(null, 'string')).toBe('');
    expect(cellValueOf('true', 'boolean')).toBe(true);
    expect(cellValueOf(false, 'boolean')).toBe(false);
    expect(cellValueOf('2024-02-29T12:00:00.000', 'time')).toBe(45_351.5);
    expect(excelSerial('1900-03-01T00:00:00.000')).toBe(61);
  });

  it('prefixes exactly the text Excel would not keep as text', () => {
    for (const text of ['=1+1', '+1+2', '-A1', '@SUM(A1)', "'quoted", '\tTAB', '123', '1,234.5', '12%', '2024-01-02', '1/2', 'TRUE', '$12', '(12)', '10:30']) {
      expect([text, needsTextPrefix(text)]).toEqual([text, true]);
    }
    for (const text of ['completed', 'North America', 'Q1 2025', 'A-1', 'x=1', '']) {
      expect([text, needsTextPrefix(text)]).toEqual([text, false]);
    }
    expect(cellInput('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(cellInput(5)).toBe(5);
  });
});

describe('result checksum', () => {
  it('depends on every value and its type', async () => {
    const a = await resultChecksum([['Status', 'Count'], ['done', 1]]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await resultChecksum([['Status', 'Count'], ['done', 1]])).toBe(a);
    expect(await resultChecksum([['Status', 'Count'], ['done', '1']])).not.toBe(a);
    expect(await resultChecksum([['Status', 'Count'], ['done', 2]])).not.toBe(a);
  });
});
