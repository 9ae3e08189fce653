import { summarizeQuery } from '../../src/core/query-summary';

describe("a tool call's query, summarized", () => {
  it('lists members by role, the time range and the filters', () => {
    expect(summarizeQuery({
      measures: ['sales.total_amount'],
      dimensions: ['sales.region'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'quarter', dateRange: 'last year' }],
      filters: [{ member: 'sales.category', operator: 'equals', values: ['Electronics'] }, { or: [{ member: 'sales.status', operator: 'set' }, { member: 'sales.region', operator: 'equals', values: ['Europe', 'Asia'] }] }, { and: [{ member: 'sales.status', operator: 'equals', values: ['completed'] }] }],
      segments: ['sales.completed'],
      limit: 5,
    })).toEqual({
      measures: ['sales.total_amount'],
      dimensions: ['sales.region'],
      time: [{ member: 'sales.created_at', granularity: 'quarter', dateRange: 'last year' }],
      filters: ['sales.category equals Electronics', 'sales.status set or sales.region equals Europe, Asia', 'sales.status equals completed', 'sales.completed'],
      limit: 5,
    });
  });

  it('reads a fixed date range and a query with nothing but a measure', () => {
    expect(summarizeQuery({ measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-12-31'] }] }).time)
      .toEqual([{ member: 'sales.created_at', granularity: null, dateRange: '2024-01-01 – 2024-12-31' }]);
    expect(summarizeQuery({ measures: ['sales.count'] })).toEqual({ measures: ['sales.count'], dimensions: [], time: [], filters: [], limit: null });
  });
});
