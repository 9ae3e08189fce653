/**
 * The shape of a load result, as Cube 1.7.43 writes it: the normalized query it echoes, time dimensions named
 * in `dimensions`, segments, values as its DuckDB driver sends them, annotations, and the `/v1/dry-run` and
 * `/v1/sql` answers. The query types themselves (multi, compareDateRange, response formats, ungrouped,
 * total, order) are in query-types.test.ts. Each case cites the Cube source or docs it encodes; expected
 * values come from them or from independent SQL over the reference copy (support.ts).
 */
import { CUBE_TIME_FORMAT, cubeDecimal, localCreatedAt, memberMeta, pick, sorted, useConformance, type Row } from './support';

const c = useConformance();

const EMPTY_DRILL = { drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } };

describe('the echoed, normalized query (query.ts normalizeQuery, transport.rs NormalizedQuery)', () => {
  it('stringifies filter values, renames dimension to member, adds limit, rowLimit, timezone, empty lists', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      dimensions: ['orders.status'],
      filters: [
        { member: 'orders.amount', operator: 'gt', values: [100] },
        { dimension: 'orders.status', operator: 'equals', values: ['completed', 'shipped'] },
      ],
      limit: 7,
    });
    expect(body.query).toMatchObject({
      measures: ['orders.count'],
      dimensions: ['orders.status'],
      timeDimensions: [],
      filters: [
        { member: 'orders.amount', operator: 'gt', values: ['100'] },
        { member: 'orders.status', operator: 'equals', values: ['completed', 'shipped'] },
      ],
      limit: 7,
      rowLimit: 7,
      timezone: 'UTC',
    });
    expect(body.query.filters[1].dimension).toBeUndefined();
    // The echo is transport.rs NormalizedQuery: no cacheMode (normalizeQuery's 'stale-if-slow' is not a field of it).
    expect(body.query.cacheMode).toBeUndefined();
    const expected = await c.ref(`SELECT status, count(*) AS n FROM orders WHERE amount > 100 AND status IN ('completed', 'shipped') GROUP BY 1 ORDER BY 2 DESC`);
    expect(pick(body.data, ['orders.status', 'orders.count'])).toEqual(expected.map((r) => [r.status, String(r.n)]));
  });

  it('canonicalizes the time zone name (query.ts timezoneSchema → canonicalTimezone)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], timezone: 'america/new_york' });
    expect(body.query.timezone).toBe('America/New_York');
  });
});

describe('time dimensions named in dimensions', () => {
  it('moves `orders.created_at.month` to timeDimensions and buckets it in the query time zone', async () => {
    // query.ts normalizeQuery: a three-part name in dimensions becomes {dimension, granularity} in timeDimensions.
    const body = await c.loadOk({
      measures: ['orders.count'],
      dimensions: ['orders.created_at.month'],
      filters: [{ member: 'orders.created_at', operator: 'inDateRange', values: ['2024-01-01', '2024-06-30'] }],
      timezone: 'America/New_York',
    });
    expect(body.query.dimensions).toEqual([]);
    expect(body.query.timeDimensions).toEqual([{ dimension: 'orders.created_at', granularity: 'month' }]);
    const local = localCreatedAt('America/New_York');
    const expected = await c.ref(`SELECT strftime(date_trunc('month', ${local}), ${CUBE_TIME_FORMAT}) AS t, count(*) AS n FROM orders
      WHERE ${local} BETWEEN TIMESTAMP '2024-01-01' AND TIMESTAMP '2024-06-30 23:59:59.999' GROUP BY 1 ORDER BY 1`);
    expect(body.data).toEqual(expected.map((r) => ({ 'orders.created_at.month': r.t, 'orders.created_at': r.t, 'orders.count': String(r.n) })));
    expect(body.annotation.timeDimensions['orders.created_at.month']).toMatchObject({ type: 'time', granularity: { name: 'month', title: 'month', interval: '1 month' } });
  });

  it('groups by the raw `orders.created_at` converted to the query time zone (convertTzForRawTimeDimension)', async () => {
    const local = localCreatedAt('Asia/Tokyo');
    const body = await c.loadOk({
      measures: ['orders.count'],
      dimensions: ['orders.created_at'],
      filters: [{ member: 'orders.created_at', operator: 'inDateRange', values: ['2024-05-01', '2024-05-01'] }],
      timezone: 'Asia/Tokyo',
    });
    expect(body.query.dimensions).toEqual(['orders.created_at']);
    expect(body.query.timeDimensions).toEqual([]);
    const expected = await c.ref(`SELECT strftime(${local}, ${CUBE_TIME_FORMAT}) AS t, count(*) AS n FROM orders
      WHERE ${local} BETWEEN TIMESTAMP '2024-05-01' AND TIMESTAMP '2024-05-01 23:59:59.999' GROUP BY 1`);
    expect(expected.length).toBeGreaterThan(50);
    expect(sorted(pick(body.data, ['orders.created_at', 'orders.count']))).toEqual(sorted(expected.map((r) => [r.t, String(r.n)])));
    expect(body.annotation.dimensions['orders.created_at']).toMatchObject({ type: 'time' });
  });
});

describe('segments', () => {
  it.each([
    [['orders.completed'], `status = 'completed'`],
    [['orders.large_orders'], `amount >= 500`],
    [['orders.large_orders', 'orders.europe'], `amount >= 500 AND region = 'Europe'`],
  ])('%j narrows rows like its SQL (docs: segments)', async (segments, where) => {
    const body = await c.loadOk({ measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.category'], segments, order: { 'orders.category': 'asc' } });
    expect(body.query.segments).toEqual(segments);
    const expected = await c.ref(`SELECT category, count(*) AS n, sum(amount) AS s FROM orders WHERE ${where} GROUP BY 1 ORDER BY 1`);
    expect(pick(body.data, ['orders.category', 'orders.count', 'orders.total_amount'])).toEqual(expected.map((r) => [r.category, String(r.n), cubeDecimal(r.s)]));
  });

  it('a view segment narrows the view like the cube segment, annotated under the view name', async () => {
    const body = await c.loadOk({ measures: ['sales.count'], segments: ['sales.completed'] });
    const [expected] = await c.ref(`SELECT count(*) AS n FROM orders WHERE status = 'completed'`);
    expect(body.data).toEqual([{ 'sales.count': String(expected!.n) }]);
    // prepare-annotation.ts: segments annotated with the meta config's title and shortTitle.
    expect(body.annotation.segments['sales.completed']).toMatchObject({ title: 'Sales Completed orders', shortTitle: 'Completed orders' });
  });
});

describe('values as the DuckDB driver sends them (duckdb-driver Transform.js)', () => {
  it('counts and integer sums as decimal strings, DECIMAL sums without trailing zeros, DOUBLE averages via String()', async () => {
    const body = await c.loadOk({
      measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count', 'orders.total_quantity', 'orders.average_quantity', 'orders.completed_count', 'orders.completed_percentage'],
      dimensions: ['orders.region'],
      order: { 'orders.region': 'asc' },
    });
    const expected = await c.ref(`SELECT region, count(*) AS n, sum(amount) AS s, avg(amount) AS a, count(DISTINCT customer_id) AS cc,
      sum(quantity) AS q, avg(quantity) AS aq, count(*) FILTER (WHERE status = 'completed') AS done,
      1.0 * count(*) FILTER (WHERE status = 'completed') / count(*) AS pct
      FROM orders GROUP BY 1 ORDER BY 1`);
    expect(body.data).toHaveLength(expected.length);
    body.data.forEach((row: Row, i: number) => {
      const r = expected[i]!;
      expect(row['orders.region']).toBe(r.region);
      expect(row['orders.count']).toBe(String(r.n));
      expect(row['orders.total_amount']).toBe(cubeDecimal(r.s));
      expect(row['orders.customer_count']).toBe(String(r.cc));
      expect(row['orders.total_quantity']).toBe(String(r.q));
      expect(row['orders.completed_count']).toBe(String(r.done));
      for (const [member, want] of [['orders.average_amount', r.a], ['orders.average_quantity', r.aq], ['orders.completed_percentage', r.pct]] as const) {
        expect(typeof row[member]).toBe('string');
        expect(row[member]).toMatch(/^\d+(\.\d+)?(e[+-]\d+)?$/);
        expect(Number(row[member])).toBeCloseTo(Number(want), 9);
      }
    });
  });

  it('number, boolean and string dimensions: DECIMAL text trimmed, integers as strings, booleans as JSON booleans', async () => {
    const body = await c.loadOk({
      dimensions: ['orders.id', 'orders.amount', 'orders.is_returning_customer', 'orders.customer_name', 'orders.order_link'],
      filters: [{ member: 'orders.id', operator: 'lte', values: ['20'] }],
      order: { 'orders.id': 'asc' },
    });
    const expected = await c.ref(`SELECT id, amount, is_returning_customer AS r, customer_name, 'https://shop.example.com/orders/' || id AS link
      FROM orders WHERE id <= 20 ORDER BY id`);
    expect(body.data).toEqual(expected.map((r) => ({
      'orders.id': String(r.id),
      'orders.amount': cubeDecimal(r.amount),
      'orders.is_returning_customer': r.r,
      'orders.customer_name': r.customer_name,
      'orders.order_link': r.link,
    })));
    expect(body.data.some((row: Row) => row['orders.is_returning_customer'] === true)).toBe(true);
    expect(body.data.filter((row: Row) => /\.\d*0$|\.$/.test(String(row['orders.amount'])))).toEqual([]);
  });
});

describe('annotation (helpers/prepare-annotation.ts)', () => {
  it('describes measures, dimensions and time dimensions from the meta config', async () => {
    const body = await c.loadOk({
      measures: ['orders.total_amount', 'orders.total_quantity', 'orders.average_quantity', 'orders.count'],
      dimensions: ['orders.order_link', 'orders.is_returning_customer'],
      // One day keeps the rows few: the client library's seriesNames() is slow on thousands of rows.
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2024-01-01', '2024-01-01'] }],
    });
    const { annotation } = body;
    expect(Object.keys(annotation).sort()).toEqual(['dimensions', 'measures', 'segments', 'timeDimensions']);
    expect(annotation.measures['orders.total_amount']).toEqual({
      title: 'Orders Revenue', shortTitle: 'Revenue', description: 'Sum of order amounts, in US dollars.',
      type: 'number', format: 'currency', currency: 'USD', ...memberMeta('orders.total_amount'), ...EMPTY_DRILL,
    });
    // CubeToMetaTransformer.transformMeasureFormat: named numeric formats and raw d3 specifiers become objects.
    expect(annotation.measures['orders.total_quantity']).toMatchObject({ format: { type: 'custom-numeric', value: ',.0f', alias: 'number_0' } });
    expect(annotation.measures['orders.average_quantity']).toMatchObject({ format: { type: 'custom-numeric', value: '.2f' } });
    expect(annotation.measures['orders.count']).toEqual({ title: 'Orders Count', shortTitle: 'Count', type: 'number', ...memberMeta('orders.count'), ...EMPTY_DRILL });
    expect(annotation.dimensions['orders.order_link']).toEqual({ title: 'Orders Order page', shortTitle: 'Order page', type: 'string', format: { type: 'link', label: 'Open order' } });
    expect(annotation.dimensions['orders.is_returning_customer']).toEqual({ title: 'Orders Returning customer', shortTitle: 'Returning customer', type: 'boolean' });
    // Both the granular member (with its granularity) and, since the bare dimension is not in `dimensions`, the bare one.
    expect(annotation.timeDimensions).toEqual({
      'orders.created_at.month': {
        title: 'Orders Created at', shortTitle: 'Created at', type: 'time', ...memberMeta('orders.created_at'), granularity: { name: 'month', title: 'month', interval: '1 month' },
      },
      'orders.created_at': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time', ...memberMeta('orders.created_at') },
    });
    expect(annotation.segments).toEqual({});
  });

  it("annotates view members with the view's titles and the cube member's format and currency", async () => {
    const body = await c.loadOk({ measures: ['sales.total_amount'], dimensions: ['sales.customer_segment'] });
    expect(body.annotation.measures['sales.total_amount']).toMatchObject({ title: 'Sales Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency', currency: 'USD' });
    expect(body.annotation.dimensions['sales.customer_segment']).toMatchObject({ title: 'Sales Customer segment', shortTitle: 'Customer segment', type: 'string' });
  });
});

describe('/v1/dry-run (gateway.ts dryRun)', () => {
  it('answers queryType, normalizedQueries, queryOrder, transformedQueries and pivotQuery', async () => {
    const query = { measures: ['orders.count'], dimensions: ['orders.status'], filters: [{ member: 'orders.amount', operator: 'gte', values: [10] }] };
    const { status, body } = await c.dryRun(query);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['normalizedQueries', 'pivotQuery', 'queryOrder', 'queryType', 'transformedQueries']);
    expect(body.queryType).toBe('regularQuery');
    expect(body.normalizedQueries).toHaveLength(1);
    expect(body.normalizedQueries[0]).toMatchObject({
      measures: ['orders.count'], dimensions: ['orders.status'], timeDimensions: [],
      filters: [{ member: 'orders.amount', operator: 'gte', values: ['10'] }], limit: 10000, rowLimit: 10000, timezone: 'UTC',
    });
    expect(body.queryOrder).toEqual([{ 'orders.count': 'desc' }]);
    expect(body.transformedQueries).toHaveLength(1);
    expect(body.pivotQuery).toMatchObject({ measures: ['orders.count'], dimensions: ['orders.status'], queryType: 'regularQuery' });
    // Sent with res.json, not through the native envelope: normalizeQueryCacheMode's default is still there.
    expect(body.normalizedQueries[0].cacheMode).toBe('stale-if-slow');
  });

  it('splits a compareDateRange query without needing queryType=multi', async () => {
    const { status, body } = await c.dryRun({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', compareDateRange: ['last month', ['2024-01-01', '2024-01-31']] }],
    });
    expect(status).toBe(200);
    expect(body.queryType).toBe('compareDateRangeQuery');
    expect(body.normalizedQueries.map((q: Row & { timeDimensions: Row[] }) => q.timeDimensions[0]!.dateRange)).toEqual([
      ['2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999'],
      ['2024-01-01T00:00:00.000', '2024-01-31T23:59:59.999'],
    ]);
    expect(body.queryOrder).toHaveLength(2);
    expect(body.pivotQuery.dimensions).toEqual(['compareDateRange']);
    expect(body.pivotQuery.queryType).toBe('compareDateRangeQuery');
  });
});

describe('/v1/sql (gateway.ts sql)', () => {
  it('answers {sql: {sql: [text, params], order, ...}} for POST and GET', async () => {
    const query = {
      measures: ['orders.count'], dimensions: ['orders.region'],
      filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
      order: { 'orders.count': 'desc' },
    };
    for (const reply of [await c.sql(query), await c.request(`/v1/sql?query=${encodeURIComponent(JSON.stringify(query))}`)]) {
      expect(reply.status).toBe(200);
      const { sql } = reply.body;
      expect(Array.isArray(sql.sql)).toBe(true);
      expect(sql.sql).toHaveLength(2);
      const [text, params] = sql.sql as [string, unknown[]];
      expect(text).toMatch(/select/i);
      expect(text).toMatch(/orders/);
      expect(params).toContain('completed');
      // gateway.ts toQuery: order as {member: 'asc' | 'desc'}.
      expect(sql.order).toEqual({ 'orders.count': 'desc' });
    }
  });

  it('answers one entry per range for compareDateRange', async () => {
    const { status, body } = await c.sql({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', compareDateRange: [['2024-01-01', '2024-01-31'], ['2025-01-01', '2025-01-31']] }],
    });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body).toHaveLength(2);
    for (const entry of body) expect(entry.sql.sql[0]).toMatch(/orders/);
  });
});

describe("Cube's own client library reads the results", () => {
  it('pivots a compareDateRange result with compareDateRange in the series', async () => {
    const resultSet = await c.clientPivots({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', compareDateRange: ['this quarter', 'last quarter'] }],
    });
    expect(resultSet.pivotQuery()).toMatchObject({ queryType: 'compareDateRangeQuery' });
    expect(resultSet.seriesNames().map((s) => s.key)).toEqual([
      '2025-04-01T00:00:00.000 - 2025-06-30T23:59:59.999,orders.count',
      '2025-01-01T00:00:00.000 - 2025-03-31T23:59:59.999,orders.count',
    ]);
    expect(resultSet.chartPivot().length).toBeGreaterThan(0);
  });
});
