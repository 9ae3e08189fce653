/**
 * Query types and response shapes of Cube 1.7.43's `/v1/load`, `/v1/dry-run` and `/v1/sql`.
 *
 * Sources: packages/cubejs-api-gateway/src/gateway.ts (load, dryRun, sql, compareDateRangeTransformer,
 * getSqlResponseInternal), query.ts (normalizeQuery, remapToQueryAdapterFormat, getPivotQuery),
 * helpers/prepare-annotation.ts, the native result transform rust/cube/cubeorchestrator/src/
 * query_result_transform.rs and transport.rs (response formats, the echoed query), schema-compiler
 * BaseQuery.js (defaultOrder, ungrouped), duckdb-driver Transform.js (value formatting); docs
 * https://cube.dev/docs/product/apis-integrations/rest-api (response format) and
 * https://cube.dev/docs/product/apis-integrations/rest-api/query-format.
 *
 * Expected data is independent SQL over the reference copy of the sample data.
 */
import { CUBE_TIME_FORMAT, cubeDecimal, localCreatedAt, pick, sorted, useConformance, type Row } from './support';

const c = useConformance();

const EMPTY_DRILL = { drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } };

describe('queryType=multi', () => {
  const query = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' as const } };

  it.each(['POST', 'GET'] as const)('wraps the result with queryType, results, pivotQuery and slowQuery (%s)', async (method) => {
    // gateway.ts load: props.queryType === 'multi' → ResultMultiWrapper → {queryType, results, pivotQuery, slowQuery}.
    const body = await c.loadOk(query, { queryType: 'multi', method });
    expect(Object.keys(body).sort()).toEqual(['pivotQuery', 'queryType', 'results', 'slowQuery']);
    expect(body.queryType).toBe('regularQuery');
    expect(body.slowQuery).toBe(false);
    expect(body.results).toHaveLength(1);
    const expected = await c.ref(`SELECT region, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1`);
    expect(pick(body.results[0].data, ['orders.region', 'orders.count'])).toEqual(expected.map((r) => [r.region, String(r.n)]));
    // query.ts getPivotQuery: the (only) normalized query with queryType added.
    expect(body.pivotQuery).toMatchObject({
      measures: ['orders.count'], dimensions: ['orders.region'], order: [{ id: 'orders.region', desc: false }],
      limit: 10000, rowLimit: 10000, timezone: 'UTC', queryType: 'regularQuery',
    });
  });

  it('answers a plain result without queryType', async () => {
    const body = await c.loadOk(query);
    expect(body.results).toBeUndefined();
    expect(body.queryType).toBeUndefined();
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.query).toMatchObject({ measures: ['orders.count'], dimensions: ['orders.region'] });
    // gateway.ts prepareResultTransformData: the adapter's data source and database type, no external
    // pre-aggregation, slowQuery false; lastRefreshTime as an ISO instant.
    expect(body).toMatchObject({ dataSource: 'default', dbType: 'duckdb', external: false, slowQuery: false });
    expect(body.lastRefreshTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});

describe('compareDateRange', () => {
  const ranges = [['2024-01-01', '2024-03-31'], ['2025-01-01', '2025-03-31']];
  const resolved = [['2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999'], ['2025-01-01T00:00:00.000', '2025-03-31T23:59:59.999']];

  async function refMonths([start, end]: string[]) {
    const rows = await c.ref(`SELECT strftime(date_trunc('month', created_at), ${CUBE_TIME_FORMAT}) AS t, count(*) AS n FROM orders
      WHERE created_at BETWEEN TIMESTAMP '${start!.replace('T', ' ')}' AND TIMESTAMP '${end!.replace('T', ' ')}' GROUP BY 1 ORDER BY 1`);
    return rows.map((r) => [r.t, String(r.n)]);
  }

  it('runs one query per range: queryType compareDateRangeQuery, pivotQuery.dimensions led by compareDateRange', async () => {
    // gateway.ts compareDateRangeTransformer: one query per range, the range as that query's dateRange;
    // getPivotQuery: dimensions = ['compareDateRange', ...dimensions]; each row carries
    // compareDateRange = "<start> - <end>" (query_result_transform.rs get_date_range_value).
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', compareDateRange: ranges }],
    }, { queryType: 'multi' });
    expect(body.queryType).toBe('compareDateRangeQuery');
    expect(body.results).toHaveLength(2);
    for (const [i, result] of (body.results as Row[]).entries()) {
      const r = result as { query: Row & { timeDimensions: Row[] }; data: Row[] };
      expect(r.query.timeDimensions).toEqual([{ dimension: 'orders.created_at', granularity: 'month', dateRange: resolved[i] }]);
      expect(pick(r.data, ['orders.created_at.month', 'orders.count'])).toEqual(await refMonths(resolved[i]!));
      for (const row of r.data) expect(row.compareDateRange).toBe(`${resolved[i]![0]} - ${resolved[i]![1]}`);
    }
    expect(body.pivotQuery.dimensions).toEqual(['compareDateRange']);
    expect(body.pivotQuery.queryType).toBe('compareDateRangeQuery');
    expect(body.pivotQuery.timeDimensions[0]).toMatchObject({ dimension: 'orders.created_at', granularity: 'month' });
  });

  it('keeps the query dimensions after compareDateRange and resolves relative ranges', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', compareDateRange: ['this month', 'last month'] }],
      order: { 'orders.region': 'asc' },
    }, { queryType: 'multi' });
    expect(body.pivotQuery.dimensions).toEqual(['compareDateRange', 'orders.region']);
    const months = [['2025-06-01T00:00:00.000', '2025-06-30T23:59:59.999'], ['2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999']];
    for (const [i, [start, end]] of months.entries()) {
      const result = body.results[i];
      expect(result.query.timeDimensions[0].dateRange).toEqual([start, end]);
      const expected = await c.ref(`SELECT region, count(*) AS n FROM orders
        WHERE created_at BETWEEN TIMESTAMP '${start!.replace('T', ' ')}' AND TIMESTAMP '${end!.replace('T', ' ')}' GROUP BY 1 ORDER BY 1`);
      expect(pick(result.data, ['orders.region', 'orders.count', 'compareDateRange']))
        .toEqual(expected.map((r) => [r.region, String(r.n), `${start} - ${end}`]));
    }
  });

  it('replaces a dateRange given next to it (compareDateRangeTransformer runs before validation)', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', dateRange: ['2023-01-01', '2023-12-31'], compareDateRange: [['2024-01-01', '2024-01-31']] }],
    }, { queryType: 'multi' });
    expect(body.queryType).toBe('compareDateRangeQuery');
    expect(body.results).toHaveLength(1);
    expect(body.results[0].query.timeDimensions).toEqual([{ dimension: 'orders.created_at', dateRange: ['2024-01-01T00:00:00.000', '2024-01-31T23:59:59.999'] }]);
    const [expected] = await c.ref(`SELECT count(*) AS n FROM orders WHERE created_at BETWEEN TIMESTAMP '2024-01-01' AND TIMESTAMP '2024-01-31 23:59:59.999'`);
    expect(pick(body.results[0].data, ['orders.count', 'compareDateRange'])).toEqual([[String(expected!.n), '2024-01-01T00:00:00.000 - 2024-01-31T23:59:59.999']]);
  });

  it('is refused without queryType (gateway.ts load: UserError, 400), and read by the client, which sends multi', async () => {
    const query = { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', compareDateRange: ranges }] };
    const { status, body } = await c.load(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "'compareDateRangeQuery' query type is not supported by the client.Please update the client." });
    const resultSet = await c.clientPivots(query);
    expect(resultSet.decompose()).toHaveLength(2);
  });
});

describe('responseFormat', () => {
  const base = {
    measures: ['orders.count', 'orders.total_amount'],
    dimensions: ['orders.category'],
    order: { 'orders.category': 'asc' as const },
  };
  const expectedRows = async () => (await c.ref(`SELECT category, count(*) AS n, sum(amount) AS s FROM orders GROUP BY 1 ORDER BY 1`))
    .map((r) => ({ 'orders.category': r.category, 'orders.count': String(r.n), 'orders.total_amount': cubeDecimal(r.s) }));

  it('compact: data is {members, dataset} with one array per row (TransformedData::Compact)', async () => {
    const body = await c.loadOk({ ...base, responseFormat: 'compact' });
    expect(body.query.responseFormat).toBe('compact');
    expect(Object.keys(body.data).sort()).toEqual(['dataset', 'members']);
    const { members, dataset } = body.data as { members: string[]; dataset: unknown[][] };
    expect([...members].sort()).toEqual(['orders.category', 'orders.count', 'orders.total_amount']);
    const rows = dataset.map((values) => Object.fromEntries(members.map((m, i) => [m, values[i]])));
    expect(rows).toEqual(await expectedRows());
  });

  it('columnar: data is {members, columns} with one array per member (TransformedData::Columnar)', async () => {
    const body = await c.loadOk({ ...base, responseFormat: 'columnar' });
    expect(body.query.responseFormat).toBe('columnar');
    expect(Object.keys(body.data).sort()).toEqual(['columns', 'members']);
    const { members, columns } = body.data as { members: string[]; columns: unknown[][] };
    expect([...members].sort()).toEqual(['orders.category', 'orders.count', 'orders.total_amount']);
    const expected = await expectedRows();
    members.forEach((m, i) => expect(columns[i]).toEqual(expected.map((row) => row[m as keyof typeof row])));
  });

  it.each(['compact', 'columnar'] as const)('%s with no rows has no members either (rowsToColumnar of [] → members [])', async (responseFormat) => {
    const body = await c.loadOk({
      measures: ['orders.count'], dimensions: ['orders.region'],
      filters: [{ member: 'orders.status', operator: 'equals', values: ['no such status'] }],
      responseFormat,
    });
    expect(body.data).toEqual(responseFormat === 'compact' ? { members: [], dataset: [] } : { members: [], columns: [] });
  });

  it('default: data is an array of objects keyed by member', async () => {
    const body = await c.loadOk({ ...base, responseFormat: 'default' });
    expect(body.data).toEqual(await expectedRows());
  });

  it('compact with a granularity lists the bare time dimension too, and works inside queryType=multi', async () => {
    // query_result_transform.rs get_members: the deprecated `{cube}.{dim}` member follows the granular one.
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2024-01-01', '2024-12-31'] }],
      responseFormat: 'compact',
    }, { queryType: 'multi' });
    const { members, dataset } = body.results[0].data as { members: string[]; dataset: unknown[][] };
    expect([...members].sort()).toEqual(['orders.count', 'orders.created_at', 'orders.created_at.quarter']);
    const expected = await c.ref(`SELECT strftime(date_trunc('quarter', created_at), ${CUBE_TIME_FORMAT}) AS t, count(*) AS n FROM orders
      WHERE created_at BETWEEN TIMESTAMP '2024-01-01' AND TIMESTAMP '2024-12-31 23:59:59.999' GROUP BY 1 ORDER BY 1`);
    const at = (m: string) => members.indexOf(m);
    expect(dataset.map((v) => [v[at('orders.created_at.quarter')], v[at('orders.created_at')], v[at('orders.count')]]))
      .toEqual(expected.map((r) => [r.t, r.t, String(r.n)]));
  });
});

describe('ungrouped', () => {
  it('answers one row per record with measures rendered per row (docs: ungrouped query; BaseQuery)', async () => {
    const body = await c.loadOk({
      dimensions: ['orders.id', 'orders.status', 'orders.amount'],
      measures: ['orders.count', 'orders.total_amount'],
      filters: [{ member: 'orders.id', operator: 'lte', values: ['5'] }],
      order: { 'orders.id': 'asc' },
      ungrouped: true,
    });
    expect(body.query.ungrouped).toBe(true);
    const expected = await c.ref(`SELECT id, status, amount FROM orders WHERE id <= 5 ORDER BY id`);
    // An ungrouped count is 1 per row; an ungrouped sum is the row's own value (BaseQuery.evaluateSymbolSql).
    expect(body.data).toEqual(expected.map((r) => ({
      'orders.id': String(r.id), 'orders.status': r.status, 'orders.amount': cubeDecimal(r.amount),
      'orders.count': '1', 'orders.total_amount': cubeDecimal(r.amount),
    })));
  });

  it('keeps duplicate rows: no GROUP BY, and no primary key needed (CUBEJS_ALLOW_UNGROUPED_WITHOUT_PRIMARY_KEY defaults to true)', async () => {
    const body = await c.loadOk({
      dimensions: ['orders.region'],
      filters: [{ member: 'orders.id', operator: 'lte', values: ['40'] }],
      ungrouped: true,
    });
    const expected = await c.ref(`SELECT region FROM orders WHERE id <= 40`);
    expect(body.data).toHaveLength(40);
    expect(sorted(pick(body.data, ['orders.region']))).toEqual(sorted(expected.map((r) => [r.region])));
  });

  it('generates SQL without GROUP BY', async () => {
    const { status, body } = await c.sql({ dimensions: ['orders.id', 'orders.region'], ungrouped: true, limit: 10 });
    expect(status).toBe(200);
    expect(body.sql.sql[0]).not.toMatch(/group by/i);
    const grouped = await c.sql({ dimensions: ['orders.id', 'orders.region'], limit: 10 });
    expect(grouped.body.sql.sql[0]).toMatch(/group by/i);
  });
});

describe('total, limit and offset', () => {
  it('total is the row count without limit and offset (docs: query format, total)', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'], dimensions: ['orders.customer_name'],
      order: { 'orders.customer_name': 'asc' }, limit: 5, offset: 10, total: true,
    });
    const expected = await c.ref(`SELECT customer_name, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1 LIMIT 5 OFFSET 10`);
    expect(pick(body.data, ['orders.customer_name', 'orders.count'])).toEqual(expected.map((r) => [r.customer_name, String(r.n)]));
    const [all] = await c.ref(`SELECT count(DISTINCT customer_name) AS n FROM orders`);
    expect(body.total).toBe(Number(all!.n));
    expect(body.query).toMatchObject({ limit: 5, rowLimit: 5, offset: 10, total: true });
  });

  it('total with a filter counts the filtered groups', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'], dimensions: ['orders.customer_name'],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }], limit: 3, total: true,
    });
    const [all] = await c.ref(`SELECT count(DISTINCT customer_name) AS n FROM orders WHERE region = 'Europe'`);
    expect(body.data).toHaveLength(3);
    expect(body.total).toBe(Number(all!.n));
  });

  it('leaves total out unless asked (gateway.ts: total null when not requested; transport.rs skips None)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], dimensions: ['orders.region'] });
    expect(body.total).toBeUndefined();
  });

  it('applies the default limit of 10000 and echoes it as limit and rowLimit (query.ts normalizeQuery)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], dimensions: ['orders.id'] });
    expect(body.data).toHaveLength(10_000);
    expect(body.query).toMatchObject({ limit: 10_000, rowLimit: 10_000 });
  });

  it('honours an explicit limit and offset', async () => {
    const body = await c.loadOk({ dimensions: ['orders.id'], order: { 'orders.id': 'desc' }, limit: 3, offset: 2 });
    expect(pick(body.data, ['orders.id'])).toEqual([['119998'], ['119997'], ['119996']]);
    expect(body.query).toMatchObject({ limit: 3, rowLimit: 3, offset: 2 });
  });
});

describe('order', () => {
  it('accepts an object and echoes it as [{id, desc}] (query.ts remapQueryOrder)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.count': 'asc' } });
    expect(body.query.order).toEqual([{ id: 'orders.count', desc: false }]);
    const expected = await c.ref(`SELECT region, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 ASC`);
    expect(pick(body.data, ['orders.region', 'orders.count'])).toEqual(expected.map((r) => [r.region, String(r.n)]));
  });

  it('accepts an array of [member, direction] pairs, in that order', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'], dimensions: ['orders.region', 'orders.status'],
      order: [['orders.region', 'desc'], ['orders.status', 'asc']],
    });
    expect(body.query.order).toEqual([{ id: 'orders.region', desc: true }, { id: 'orders.status', desc: false }]);
    const expected = await c.ref(`SELECT region, status, count(*) AS n FROM orders GROUP BY 1, 2 ORDER BY 1 DESC, 2 ASC`);
    expect(pick(body.data, ['orders.region', 'orders.status', 'orders.count'])).toEqual(expected.map((r) => [r.region, r.status, String(r.n)]));
  });

  it('without order, echoes none (query.ts adds order only when given)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], dimensions: ['orders.region'] });
    expect(body.query.order).toBeUndefined();
  });

  // BaseQuery.defaultOrder: first time dimension with a granularity ascending; else the first measure descending
  // when there are dimensions; else the first dimension ascending.
  it('by default puts the first measure first, descending, when there are dimensions', async () => {
    const body = await c.loadOk({ measures: ['orders.total_amount', 'orders.count'], dimensions: ['orders.category'] });
    const expected = await c.ref(`SELECT category, sum(amount) AS s, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC`);
    expect(pick(body.data, ['orders.category', 'orders.total_amount', 'orders.count']))
      .toEqual(expected.map((r) => [r.category, cubeDecimal(r.s), String(r.n)]));
  });

  it('by default orders by the granular time dimension, ascending', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'], dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year', dateRange: ['2023-01-01', '2025-12-31'] }],
    });
    const times = body.data.map((r: Row) => r['orders.created_at.year']);
    expect(times).toEqual([...times].sort());
    const expected = await c.ref(`SELECT strftime(date_trunc('year', created_at), ${CUBE_TIME_FORMAT}) AS t, region, count(*) AS n FROM orders GROUP BY 1, 2`);
    expect(sorted(pick(body.data, ['orders.created_at.year', 'orders.region', 'orders.count'])))
      .toEqual(sorted(expected.map((r) => [r.t, r.region, String(r.n)])));
  });

  it('by default orders by the first dimension, ascending, without measures', async () => {
    const body = await c.loadOk({ dimensions: ['orders.status', 'orders.region'] });
    const expected = await c.ref(`SELECT DISTINCT status, region FROM orders`);
    const got = pick(body.data, ['orders.status', 'orders.region']);
    expect(got.map(([s]) => s)).toEqual(got.map(([s]) => s).sort());
    expect(sorted(got)).toEqual(sorted(expected.map((r) => [r.status, r.region])));
  });

  it.each([
    [{ measures: ['orders.count'], dimensions: ['orders.region'] }, { 'orders.count': 'desc' }],
    [{ measures: ['orders.count'], dimensions: ['orders.region'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }] }, { 'orders.created_at': 'asc' }],
    [{ dimensions: ['orders.region', 'orders.status'] }, { 'orders.region': 'asc' }],
    [{ measures: ['orders.count'] }, {}],
    [{ measures: ['orders.count'], dimensions: ['orders.region'], order: [['orders.region', 'desc']] }, { 'orders.region': 'desc' }],
  ])('dry-run reports the order SQL uses: %j → %j (gateway.ts dryRun queryOrder)', async (query, queryOrder) => {
    const { status, body } = await c.dryRun(query);
    expect(status).toBe(200);
    expect(body.queryOrder).toEqual([queryOrder]);
  });
});

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
      type: 'number', format: 'currency', currency: 'USD', ...EMPTY_DRILL,
    });
    // CubeToMetaTransformer.transformMeasureFormat: named numeric formats and raw d3 specifiers become objects.
    expect(annotation.measures['orders.total_quantity']).toMatchObject({ format: { type: 'custom-numeric', value: ',.0f', alias: 'number_0' } });
    expect(annotation.measures['orders.average_quantity']).toMatchObject({ format: { type: 'custom-numeric', value: '.2f' } });
    expect(annotation.measures['orders.count']).toEqual({ title: 'Orders Count', shortTitle: 'Count', type: 'number', ...EMPTY_DRILL });
    expect(annotation.dimensions['orders.order_link']).toEqual({ title: 'Orders Order page', shortTitle: 'Order page', type: 'string', format: { type: 'link', label: 'Open order' } });
    expect(annotation.dimensions['orders.is_returning_customer']).toEqual({ title: 'Orders Returning customer', shortTitle: 'Returning customer', type: 'boolean' });
    // Both the granular member (with its granularity) and, since the bare dimension is not in `dimensions`, the bare one.
    expect(annotation.timeDimensions).toEqual({
      'orders.created_at.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time', granularity: { name: 'month', title: 'month', interval: '1 month' } },
      'orders.created_at': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
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
