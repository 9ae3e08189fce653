import type { CubeCellValue, CubeLoadResult } from '../../src/contract';
import { membersRequest } from '../../src/core/formula-args';
import { membersOf, membersQuery } from '../../src/core/formula-members';
import { FORMULA_META as META } from '../support/formula-meta';

const result = (data: Record<string, CubeCellValue>[]): CubeLoadResult => ({
  query: {},
  data,
  annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} },
});

describe('RS.MEMBERS', () => {
  it('lists a dimension where the filters hold: no measures, no order, a time filter as its date range', () => {
    const request = membersRequest(META, 'orders.region', ['orders.is_paid', true, 'orders.created_at.quarter', '2025-Q2']);
    expect(membersQuery(request)).toEqual({
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', dateRange: ['2025-04-01', '2025-06-30'] }],
      filters: [{ member: 'orders.is_paid', operator: 'equals', values: ['true'] }],
      limit: 50_000,
    });
    const rows = [{ 'orders.region': 'North' }, { 'orders.region': 'South' }, { 'orders.region': null }];
    expect(membersOf(request, result(rows))).toEqual(['North', 'South', '']);
  });

  it('lists a time member by its granularity, filtered on its own entry, as the date serials of the periods', () => {
    const request = membersRequest(META, 'orders.created_at.month', ['orders.created_at.year', 2025, 'orders.region', 'North']);
    expect(membersQuery(request)).toEqual({
      dimensions: [],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-01-01', '2025-12-31'] }],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['North'] }],
      limit: 50_000,
    });
    // 2025-01-01 is serial 45658; March 1st is 31 + 28 days later: 45717.
    const rows = [{ 'orders.created_at.month': '2025-01-01T00:00:00.000' }, { 'orders.created_at.month': '2025-03-01T00:00:00.000' }];
    expect(membersOf(request, result(rows))).toEqual([45658, 45717]);
  });

  it('lists numbers and booleans as such', () => {
    const quantities = membersRequest(META, 'Quantity', []);
    expect(membersOf(quantities, result([{ 'orders.quantity': '3' }, { 'orders.quantity': 12 }]))).toEqual([3, 12]);
    const paid = membersRequest(META, 'orders.is_paid', []);
    expect(membersOf(paid, result([{ 'orders.is_paid': 'true' }, { 'orders.is_paid': false }]))).toEqual([true, false]);
  });
});
