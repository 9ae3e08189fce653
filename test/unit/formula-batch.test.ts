import type { CubeCellValue, CubeLoadResult } from '../../src/contract';
import { valueRequest } from '../../src/core/formula-args';
import { answersOf, membersShown, planQueries, plannedQueryKey } from '../../src/core/formula-batch';
import { FORMULA_META as META } from '../support/formula-meta';

const call = (measure: string, ...pairs: unknown[]) => valueRequest(META, measure, pairs);
const result = (data: Record<string, CubeCellValue>[]): CubeLoadResult => ({
  query: {},
  data,
  annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} },
});

describe('planQueries', () => {
  it('asks calls that filter the same members in one query: their measures, the members grouped, the values filtered', () => {
    const calls = [
      call('orders.revenue', 'orders.region', 'North', 'orders.created_at.month', '2025-03'),
      call('orders.count', 'orders.region', 'South', 'orders.created_at.month', '2025-01'),
      call('orders.revenue', 'orders.created_at.month', '2025-02', 'orders.region', 'North'),
    ];
    const plan = planQueries(calls);
    expect(plan.map(({ source, query, calls: answered }) => ({ source, query, answered }))).toEqual([
      {
        source: null,
        query: {
          measures: ['orders.count', 'orders.revenue'],
          dimensions: ['orders.region'],
          timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-01-01', '2025-03-31'] }],
          filters: [{ member: 'orders.region', operator: 'equals', values: ['North', 'South'] }],
          // 2 regions × the 3 months January to March.
          limit: 6,
        },
        answered: [0, 1, 2],
      },
    ]);
  });

  it('reads each answer from the row holding its values, numbers given as text or as numbers', () => {
    const calls = [
      call('orders.revenue', 'orders.region', 'North', 'orders.created_at.month', '2025-03'),
      call('orders.count', 'orders.region', 'South', 'orders.created_at.month', '2025-01'),
      call('orders.revenue', 'orders.region', 'North', 'orders.created_at.month', '2025-02'),
      call('orders.revenue', 'orders.region', 'South', 'orders.created_at.month', '2025-01'),
    ];
    const plan = planQueries(calls);
    const rows = [
      { 'orders.region': 'North', 'orders.created_at.month': '2025-02-01T00:00:00.000', 'orders.revenue': '1200.50', 'orders.count': '3' },
      { 'orders.region': 'North', 'orders.created_at.month': '2025-03-01T00:00:00.000', 'orders.revenue': 980, 'orders.count': 2 },
      { 'orders.region': 'South', 'orders.created_at.month': '2025-01-01T00:00:00.000', 'orders.revenue': null, 'orders.count': '7' },
    ];
    expect(answersOf(plan, [result(rows)])).toEqual([980, 7, 1200.5, null]);
  });

  it('answers a combination with no row as its measure aggregates nothing: 0 for a count, null for a sum', () => {
    const calls = [
      call('orders.count', 'orders.region', 'East'),
      call('orders.customers', 'orders.region', 'East'),
      call('orders.revenue', 'orders.region', 'East'),
      call('orders.count', 'orders.region', 'North'),
    ];
    const plan = planQueries(calls);
    expect(plan).toHaveLength(1);
    const rows = [{ 'orders.region': 'North', 'orders.count': '4', 'orders.customers': '2', 'orders.revenue': '10' }];
    expect(answersOf(plan, [result(rows)])).toEqual([0, 0, null, 4]);
  });

  it('tells the members a result holds rows for, which need no check: only grouped text members, never a set or a period', () => {
    const plan = planQueries([
      call('orders.count', 'orders.region', 'North', 'orders.created_at.month', '2025-01'),
      call('orders.count', 'orders.region', 'Nroth', 'orders.created_at.month', '2025-01'),
      call('orders.count', 'orders.customer', [['Ada', 'Bo']]),
    ]);
    expect(plan).toHaveLength(2);
    const byRegion = plan.findIndex((planned) => planned.query.dimensions?.includes('orders.region'));
    const results = plan.map((_, i) => (i === byRegion
      ? result([{ 'orders.region': 'North', 'orders.created_at.month': '2025-01-01T00:00:00.000', 'orders.count': '3' }])
      : result([{ 'orders.count': '5' }])));
    // North has a row, so it exists; the typo has none, and the set's customers are filtered, not grouped: no row names them.
    expect(membersShown(plan, results)).toEqual(new Map([['orders.region', new Set(['North'])]]));
  });

  it('matches values of numbers, booleans and text given as a number the way Cube sends them', () => {
    const calls = [
      call('orders.count', 'orders.quantity', '3.50', 'orders.is_paid', true, 'orders.region', 2025),
      call('orders.count', 'orders.quantity', 12, 'orders.is_paid', 'FALSE', 'orders.region', '2025'),
    ];
    const plan = planQueries(calls);
    expect(plan[0]!.query.filters).toEqual([
      { member: 'orders.is_paid', operator: 'equals', values: ['false', 'true'] },
      { member: 'orders.quantity', operator: 'equals', values: ['12', '3.5'] },
      { member: 'orders.region', operator: 'equals', values: ['2025'] },
    ]);
    const rows = [
      { 'orders.quantity': '3.5', 'orders.is_paid': true, 'orders.region': '2025', 'orders.count': '8' },
      { 'orders.quantity': 12, 'orders.is_paid': 'false', 'orders.region': '2025', 'orders.count': 1 },
    ];
    expect(answersOf(plan, [result(rows)])).toEqual([8, 1]);
  });

  it('asks one time member by year and by month in two queries', () => {
    const plan = planQueries([
      call('orders.revenue', 'orders.created_at.year', 2025),
      call('orders.revenue', 'orders.created_at.month', '2025-03'),
      call('orders.count', 'orders.created_at.year', '2024'),
    ]);
    expect(plan.map((p) => [p.query, p.calls])).toEqual([
      [
        {
          measures: ['orders.revenue'],
          dimensions: [],
          timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-03-01', '2025-03-31'] }],
          filters: [],
          limit: 1,
        },
        [1],
      ],
      [
        {
          measures: ['orders.count', 'orders.revenue'],
          dimensions: [],
          timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year', dateRange: ['2024-01-01', '2025-12-31'] }],
          filters: [],
          limit: 2,
        },
        [0, 2],
      ],
    ]);
    const answers = answersOf(plan, [
      result([{ 'orders.created_at.month': '2025-03-01T00:00:00.000', 'orders.revenue': '30' }]),
      result([
        { 'orders.created_at.year': '2024-01-01T00:00:00.000', 'orders.revenue': '100', 'orders.count': '11' },
        { 'orders.created_at.year': '2025-01-01T00:00:00.000', 'orders.revenue': '250', 'orders.count': '12' },
      ]),
    ]);
    expect(answers).toEqual([250, 30, 11]);
  });

  it('asks calls of different sources apart, and a call with no filters by its measures alone', () => {
    const plan = planQueries([call('orders.count', 'Staging'), call('orders.revenue'), call('orders.count')]);
    expect(plan.map((p) => [p.source, p.query, p.calls])).toEqual([
      ['Staging', { measures: ['orders.count'], dimensions: [], timeDimensions: [], filters: [], limit: 1 }, [0]],
      [null, { measures: ['orders.count', 'orders.revenue'], dimensions: [], timeDimensions: [], filters: [], limit: 1 }, [1, 2]],
    ]);
    expect(plan[1]!.answers(result([{ 'orders.count': '5', 'orders.revenue': '9.5' }]))).toEqual([9.5, 5]);
  });

  it('asks a sheet of 1,000 cells over 10 regions × 12 months × 3 measures in one query', () => {
    const regions = Array.from({ length: 10 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`);
    const measures = ['orders.average_amount', 'orders.count', 'orders.revenue'];
    const calls = Array.from({ length: 1000 }, (_, i) =>
      call(measures[Math.floor(i / 120) % 3]!, 'orders.region', regions[i % 10], 'orders.created_at.month', `2025-${String((Math.floor(i / 10) % 12) + 1).padStart(2, '0')}`),
    );
    const plan = planQueries(calls);
    expect(plan.map((p) => p.query)).toEqual([
      {
        measures,
        dimensions: ['orders.region'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-01-01', '2025-12-31'] }],
        filters: [{ member: 'orders.region', operator: 'equals', values: regions }],
        limit: 120,
      },
    ]);
    // Region k (1–10) in month m (1–12) counts k·100 + m orders and sells k·1000 + m; no averages.
    const rows = regions.flatMap((region, k) =>
      Array.from({ length: 12 }, (_, m) => ({
        'orders.region': region,
        'orders.created_at.month': `2025-${String(m + 1).padStart(2, '0')}-01T00:00:00.000`,
        'orders.count': String((k + 1) * 100 + m + 1),
        'orders.revenue': (k + 1) * 1000 + m + 1,
        'orders.average_amount': null,
      })),
    );
    const answers = answersOf(plan, [result(rows)]);
    expect(answers).toHaveLength(1000);
    // Call 123: region 123 % 10 = 3 → R04, month ⌊12.3⌋ % 12 = 0 → January, measure ⌊123/120⌋ = 1 → count: 401.
    expect(answers[123]).toBe(401);
    // Call 999: R10, month ⌊99.9⌋ % 12 = 3 → April, measure ⌊999/120⌋ % 3 = 2 → revenue: 10004.
    expect(answers[999]).toBe(10004);
    // Call 5: R06, January, average amount: null in its row.
    expect(answers[5]).toBeNull();
  });

  it('splits a query that could return more than 50,000 rows by the member with the most values', () => {
    // 300 customers × the 200 days from 2025-01-01 to 2025-07-19 (31 + 28 + 31 + 30 + 31 + 30 + 19) = 60,000 rows.
    const customers = Array.from({ length: 300 }, (_, i) => `C${String(i).padStart(3, '0')}`);
    const calls = customers.flatMap((customer) =>
      ['2025-01-01', '2025-07-19'].map((day) => call('orders.revenue', 'orders.customer', customer, 'orders.created_at.day', day)),
    );
    const plan = planQueries(calls);
    const timeDimensions = [{ dimension: 'orders.created_at', granularity: 'day', dateRange: ['2025-01-01', '2025-07-19'] }];
    expect(plan.map((p) => p.query)).toEqual([
      {
        measures: ['orders.revenue'],
        dimensions: ['orders.customer'],
        timeDimensions,
        filters: [{ member: 'orders.customer', operator: 'equals', values: customers.slice(0, 150) }],
        limit: 30_000,
      },
      {
        measures: ['orders.revenue'],
        dimensions: ['orders.customer'],
        timeDimensions,
        filters: [{ member: 'orders.customer', operator: 'equals', values: customers.slice(150) }],
        limit: 30_000,
      },
    ]);
    expect(plan[0]!.calls).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(plan[1]!.calls).toEqual(Array.from({ length: 300 }, (_, i) => 300 + i));
  });

  it('splits a date range longer than 50,000 periods into the periods asked', () => {
    // 1950 to 2100 is about 150 × 365 ≈ 54,800 days.
    const plan = planQueries([call('orders.count', 'orders.created_at', '2100-01-01'), call('orders.count', 'orders.created_at', '1950-01-01')]);
    expect(plan.map((p) => [p.query.timeDimensions, p.query.limit, p.calls])).toEqual([
      [[{ dimension: 'orders.created_at', granularity: 'day', dateRange: ['1950-01-01', '1950-01-01'] }], 1, [1]],
      [[{ dimension: 'orders.created_at', granularity: 'day', dateRange: ['2100-01-01', '2100-01-01'] }], 1, [0]],
    ]);
  });

  it('plans the same queries whatever order the calls come in, with a canonical cache key', () => {
    const calls = [
      call('orders.count', 'orders.region', 'North'),
      call('orders.revenue', 'orders.region', 'South'),
      call('orders.count', 'orders.created_at.year', 2025),
    ];
    const forwards = planQueries(calls).map(plannedQueryKey);
    const backwards = planQueries([...calls].reverse()).map(plannedQueryKey);
    expect(backwards).toEqual(forwards);
    expect(plannedQueryKey(planQueries([call('orders.count')])[0]!)).toBe(
      '{"query":{"dimensions":[],"filters":[],"limit":1,"measures":["orders.count"],"timeDimensions":[]},"source":null}',
    );
  });

  describe('sets', () => {
    const months = [['2025-01', '2025-02', '2025-03']];

    it('filters a set to all its values without grouping by it, so the data API aggregates the union', () => {
      const calls = [
        call('orders.customers', 'orders.region', [['North'], ['South']], 'orders.created_at.month', '2025-03'),
        call('orders.customers', 'orders.region', [['South', 'North']], 'orders.created_at.month', '2025-04'),
        call('orders.average_amount', 'orders.region', [['North', 'South']], 'orders.created_at.month', '2025-03'),
      ];
      const plan = planQueries(calls);
      expect(plan.map(({ query, calls: answered }) => ({ query, answered }))).toEqual([
        {
          query: {
            measures: ['orders.average_amount', 'orders.customers'],
            dimensions: [],
            timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2025-03-01', '2025-04-30'] }],
            filters: [{ member: 'orders.region', operator: 'equals', values: ['North', 'South'] }],
            limit: 2,
          },
          answered: [0, 1, 2],
        },
      ]);
      // One row per month: the union's distinct customers, never North's plus South's.
      const rows = [
        { 'orders.created_at.month': '2025-03-01T00:00:00.000', 'orders.customers': '41', 'orders.average_amount': '12.5' },
        { 'orders.created_at.month': '2025-04-01T00:00:00.000', 'orders.customers': 38, 'orders.average_amount': '9' },
      ];
      expect(answersOf(plan, [result(rows)])).toEqual([41, 38, 12.5]);
    });

    it('asks calls with another set, or without one, in their own queries, with the rest of the batch', () => {
      const plan = planQueries([
        call('orders.count', 'orders.region', [['North', 'South']]),
        call('orders.count', 'orders.region', [['North', 'East']]),
        call('orders.count', 'orders.region', 'North'),
        call('orders.count', 'orders.region', [['North', 'South']]),
      ]);
      expect(plan.map((p) => [p.query.filters, p.query.dimensions, p.calls])).toEqual([
        [[{ member: 'orders.region', operator: 'equals', values: ['East', 'North'] }], [], [1]],
        [[{ member: 'orders.region', operator: 'equals', values: ['North', 'South'] }], [], [0, 3]],
        [[{ member: 'orders.region', operator: 'equals', values: ['North'] }], ['orders.region'], [2]],
      ]);
      expect(answersOf(plan, [result([{ 'orders.count': 5 }]), result([{ 'orders.count': '9' }]), result([{ 'orders.region': 'North', 'orders.count': 4 }])])).toEqual([9, 5, 4, 9]);
    });

    it('asks a set of consecutive periods as one date range without granularity: one bucket', () => {
      const plan = planQueries([call('orders.revenue', 'orders.created_at.month', months, 'orders.region', 'North')]);
      expect(plan[0]!.query).toEqual({
        measures: ['orders.revenue'],
        dimensions: ['orders.region'],
        timeDimensions: [{ dimension: 'orders.created_at', dateRange: ['2025-01-01', '2025-03-31'] }],
        filters: [{ member: 'orders.region', operator: 'equals', values: ['North'] }],
        limit: 1,
      });
      expect(answersOf(plan, [result([{ 'orders.region': 'North', 'orders.revenue': '300.25' }])])).toEqual([300.25]);
      expect(answersOf(plan, [result([])])).toEqual([null]);
    });
  });
});
