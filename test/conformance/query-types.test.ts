/**
 * Query types of Cube 1.7.43's `/v1/load` (result shapes are in result-shape.test.ts).
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
import { CUBE_TIME_FORMAT, cubeDecimal, pick, sorted, useConformance, type Row } from './support';

const c = useConformance();

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

describe('data blending (an array of queries; gateway.ts getNormalizedQueries, query.ts getPivotQuery)', () => {
  // https://cube.dev/docs/product/apis-integrations/rest-api/query-format: "The Cube client also accepts an
  // array of queries. By default, it will be treated as a Data Blending query type." Each query keeps its own
  // result; the blend lines them up on one time axis, `time.<granularity>`, the value of each query's first
  // time dimension (the result transform's blending key).
  const blend = [
    { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year' }] },
    { measures: ['sales.total_amount'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'year' }] },
  ];

  it('answers one result per query, each row on the shared time axis, with a pivot query on `time`', async () => {
    const body = await c.loadOk(blend, { queryType: 'multi' });
    expect(body.queryType).toBe('blendingQuery');
    expect(body.results).toHaveLength(2);
    // The native pivot query: the first query with the blend's measures and the time axis.
    expect(body.pivotQuery).toMatchObject({ measures: ['orders.count', 'sales.total_amount'], timeDimensions: [{ dimension: 'time', granularity: 'year' }], queryType: 'blendingQuery' });
    const expected = await c.ref(`SELECT strftime(date_trunc('year', created_at), ${CUBE_TIME_FORMAT}) AS y, count(*) AS n, sum(amount) AS s FROM orders GROUP BY 1 ORDER BY 1`);
    expect(pick(body.results[0].data, ['time.year', 'orders.created_at.year', 'orders.count'])).toEqual(expected.map((r: Row) => [r.y, r.y, String(r.n)]));
    expect(pick(body.results[1].data, ['time.year', 'sales.total_amount'])).toEqual(expected.map((r: Row) => [r.y, cubeDecimal(r.s)]));
  });

  it.each([
    // gateway.ts getNormalizedQueries: the blend needs one granularity, on every query that has one.
    ['granularities that differ', [blend[0], { ...blend[1], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }] }], 'Data blending query granularities must match'],
    ['no granularity at all', [{ measures: ['orders.count'] }], 'Data blending query without granularity is not supported'],
  ])('refuses a blend with %s (400)', async (_case, query, error) => {
    const { status, body } = await c.load(query, { queryType: 'multi' });
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });

  it('is refused without queryType, as an old client would send it (gateway.ts load)', async () => {
    const { status, body } = await c.load(blend);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "'blendingQuery' query type is not supported by the client.Please update the client." });
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
