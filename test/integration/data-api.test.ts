import cube from '@cubejs-client/core';
import { ApiError, CoreDataClient, dataApiBase, DeploymentTokenManager, QueryTimeoutError, RequestCancelledError, tokenExpiry } from '../../src/client';
import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { noSleep, startTestPlatform, type TestPlatform } from '../support/local-platform';

let t: TestPlatform;
let client: CoreDataClient;
/** The same deterministic sample data in a database of the test's own, queried with SQL written here. */
let reference: Database;

beforeAll(async () => {
  t = await startTestPlatform();
  client = await t.dataClient();
  reference = await Database.open(':memory:');
  await reference.transaction((tx) => createSampleData(tx));
});
afterAll(async () => {
  await reference.close();
  await t.close();
});

const sql = (text: string) => reference.read((tx) => tx.all(text));

/** Where a deployment's data API is, found as the add-in finds it: from its environments' REST credential. */
async function dataApiUrl(deploymentId: number): Promise<string> {
  return dataApiBase(await t.admin.getDeployment(deploymentId), await t.admin.listEnvironments(deploymentId));
}

/** Cube sends numbers as strings; compare them as numbers to 6 significant decimals. */
function rows(result: CubeLoadResult, keys: string[]): (string | number | boolean | null)[][] {
  return result.data.map((row) => keys.map((k) => row[k] ?? null));
}
const num = (value: unknown) => Number(value);
/** A DECIMAL as Cube's DuckDB driver writes it: without trailing zeros (duckdb-driver `Transform.ts`, `formatDecimal`). */
const cubeDecimal = (value: unknown) => (String(value).includes('.') ? String(value).replace(/\.?0+$/, '') : String(value));

describe('/v1/load against independent SQL', () => {
  it('groups by a dimension with count, sum, average and count distinct', async () => {
    const result = await client.load({
      measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'],
      dimensions: ['orders.category'],
      order: { 'orders.category': 'asc' },
    });
    const expected = await sql(`SELECT category, count(*) AS n, sum(amount) AS s, avg(amount) AS a, count(DISTINCT customer_id) AS c
      FROM orders GROUP BY category ORDER BY category`);
    expect(result.data).toHaveLength(5);
    expect(rows(result, ['orders.category'])).toEqual(expected.map((r) => [r.category]));
    result.data.forEach((row, i) => {
      expect(typeof row['orders.count']).toBe('string');
      expect(row['orders.count']).toBe(String(expected[i]!.n));
      expect(row['orders.total_amount']).toBe(cubeDecimal(expected[i]!.s));
      expect(num(row['orders.average_amount'])).toBeCloseTo(num(expected[i]!.a), 6);
      expect(row['orders.customer_count']).toBe(String(expected[i]!.c));
    });
    expect(result.annotation.measures['orders.total_amount']).toMatchObject({ shortTitle: 'Revenue', type: 'number', format: 'currency' });
    expect(result.annotation.dimensions['orders.category']).toMatchObject({ title: 'Orders Category', shortTitle: 'Category', type: 'string' });
  });

  it('truncates time to each granularity within a date range', async () => {
    for (const granularity of ['day', 'week', 'month', 'quarter', 'year'] as const) {
      const result = await client.load({
        measures: ['orders.count'],
        timeDimensions: [{ dimension: 'orders.created_at', granularity, dateRange: ['2024-02-01', '2024-03-31'] }],
      });
      const expected = await sql(`SELECT strftime(date_trunc('${granularity}', created_at), '%Y-%m-%dT%H:%M:%S.000') AS t, count(*) AS n
        FROM orders WHERE created_at >= TIMESTAMP '2024-02-01' AND created_at < TIMESTAMP '2024-04-01' GROUP BY 1 ORDER BY 1`);
      expect(rows(result, [`orders.created_at.${granularity}`, 'orders.count'])).toEqual(expected.map((r) => [r.t, String(r.n)]));
      expect(result.annotation.timeDimensions[`orders.created_at.${granularity}`]).toMatchObject({ type: 'time' });
    }
  });

  it('applies filters: equals, notEquals, contains, gt on a measure, and and/or groups', async () => {
    const query: CubeQuery = {
      measures: ['orders.total_amount', 'orders.count'],
      dimensions: ['orders.region', 'orders.status'],
      filters: [
        { member: 'orders.category', operator: 'equals', values: ['Electronics', 'Books'] },
        { or: [
          { member: 'orders.status', operator: 'contains', values: ['PLET'] },
          { member: 'orders.status', operator: 'equals', values: ['returned'] },
        ] },
        { member: 'orders.region', operator: 'notEquals', values: ['Europe'] },
        { member: 'orders.count', operator: 'gt', values: ['500'] },
      ],
      order: [['orders.region', 'asc'], ['orders.status', 'asc']],
    };
    const result = await client.load(query);
    const expected = await sql(`SELECT region, status, sum(amount) AS s, count(*) AS n FROM orders
      WHERE category IN ('Electronics', 'Books') AND (status ILIKE '%plet%' OR status = 'returned') AND region <> 'Europe'
      GROUP BY 1, 2 HAVING count(*) > 500 ORDER BY 1, 2`);
    expect(expected.length).toBeGreaterThan(2);
    expect(rows(result, ['orders.region', 'orders.status', 'orders.total_amount', 'orders.count']))
      .toEqual(expected.map((r) => [r.region, r.status, cubeDecimal(r.s), String(r.n)]));
  });

  it('orders with a limit and offset, and by default puts the largest first measure first', async () => {
    const top = await client.load({ measures: ['orders.total_amount'], dimensions: ['orders.customer_name'], order: { 'orders.total_amount': 'desc' }, limit: 5, offset: 2 });
    const expected = await sql(`SELECT customer_name, sum(amount) AS s FROM orders GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5 OFFSET 2`);
    expect(rows(top, ['orders.customer_name', 'orders.total_amount'])).toEqual(expected.map((r) => [r.customer_name, cubeDecimal(r.s)]));
    const byDefault = await client.load({ measures: ['orders.count'], dimensions: ['orders.region'] });
    const counts = byDefault.data.map((r) => num(r['orders.count']));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('returns total, the row count without limit', async () => {
    const result = await client.load({ measures: ['orders.count'], dimensions: ['orders.customer_name'], limit: 10, total: true });
    const [expected] = await sql(`SELECT count(DISTINCT customer_name) AS n FROM orders`);
    expect(result.data).toHaveLength(10);
    expect(result.total).toBe(num(expected!.n));
  });

  it('converts times to the query timezone before truncating', async () => {
    const result = await client.load({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'day', dateRange: ['2024-07-01', '2024-07-03'] }],
      timezone: 'America/New_York',
    });
    const expected = await sql(`SELECT strftime(date_trunc('day', timezone('America/New_York', created_at::TIMESTAMPTZ)), '%Y-%m-%dT%H:%M:%S.000') AS t, count(*) AS n
      FROM orders WHERE timezone('America/New_York', created_at::TIMESTAMPTZ) BETWEEN TIMESTAMP '2024-07-01 00:00:00' AND TIMESTAMP '2024-07-03 23:59:59.999'
      GROUP BY 1 ORDER BY 1`);
    expect(rows(result, ['orders.created_at.day', 'orders.count'])).toEqual(expected.map((r) => [r.t, String(r.n)]));
  });

  it("serves views under the view's member names and boolean dimensions as booleans", async () => {
    const result = await client.load({ measures: ['sales.count'], dimensions: ['sales.region'], order: { 'sales.region': 'asc' } });
    const expected = await sql(`SELECT region, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1`);
    expect(rows(result, ['sales.region', 'sales.count'])).toEqual(expected.map((r) => [r.region, String(r.n)]));
    expect(result.annotation.measures['sales.count']!.title).toBe('Sales Count');
    const booleans = await client.load({ measures: ['orders.count'], dimensions: ['orders.is_returning_customer'], order: { 'orders.is_returning_customer': 'asc' } });
    expect(booleans.data.map((r) => r['orders.is_returning_customer'])).toEqual([false, true]);
  });
});

describe('/v1/load errors and transport', () => {
  it('answers 400 with Cube-like messages for bad queries', async () => {
    const error = await client.load({ measures: ['orders.nope'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    // CubeEvaluator.byPath's words.
    expect((error as ApiError).message).toContain("'nope' not found for path 'orders.nope'");
    for (const bad of [{}, { dimensions: ['orders.count'] }, { measures: ['orders.count'], timezone: 'Mars/Base' }]) {
      await expect(client.load(bad)).rejects.toMatchObject({ status: 400 });
    }
    // Cube's normalizeQuery throws a plain Error over the row limit, which its gateway answers with 500.
    await expect(client.load({ measures: ['orders.count'], limit: 50_001 })).rejects.toMatchObject({ status: 500 });
  });

  it('answers 403 without a token, with a Platform token, and with another deployment\'s token', async () => {
    const url = `${t.platform.url}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify({ measures: ['orders.count'] }))}`;
    expect((await fetch(url)).status).toBe(403);
    const withPlatformToken = await fetch(url, { headers: { Authorization: t.platform.tokens.admin } });
    expect(withPlatformToken.status).toBe(403);
    expect(await withPlatformToken.json()).toEqual({ error: expect.any(String) });
    const { cubeApiToken: sandboxToken } = await t.admin.issueDeploymentToken(t.sandboxDeploymentId, 600);
    // The sandbox token's header and signature around claims naming the Sales deployment.
    const [header, , signature] = sandboxToken.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'x', deploymentId: t.salesDeploymentId, iat: 1, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect((await fetch(url, { headers: { Authorization: forged } })).status).toBe(403);
    expect((await fetch(url, { headers: { Authorization: sandboxToken } })).status).toBe(200);
  });

  it("serves each deployment where its environments say: the REST credential's url, else deploymentUrl + /cubejs-api", async () => {
    const [sales] = await t.admin.listEnvironments(t.salesDeploymentId);
    expect(sales!.api_credentials).toContainEqual(expect.objectContaining({ type: 'rest', url: `${t.platform.url}/cubejs-api/v1` }));
    expect(await dataApiUrl(t.salesDeploymentId)).toBe(`${t.platform.url}/cubejs-api`);
    const [sandbox] = await t.admin.listEnvironments(t.sandboxDeploymentId);
    expect(sandbox!.api_credentials.filter((c) => c.type === 'rest' && c.url)).toEqual([]);
    expect(await dataApiUrl(t.sandboxDeploymentId)).toBe(`${t.platform.url}/cubejs-api`);
    const sandboxData = await t.dataClient(t.admin, t.sandboxDeploymentId);
    expect((await sandboxData.load({ measures: ['orders.count'] })).data).toEqual([{ 'orders.count': '120000' }]);
  });

  it('issues a Cube JWT whose own exp is the lifetime asked for', async () => {
    const before = Date.now();
    const { cubeApiToken } = await t.admin.issueDeploymentToken(t.salesDeploymentId, 600);
    const expiry = tokenExpiry(cubeApiToken)!;
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 600_000);
  });

  it('accepts GET with the query in the URL, as Cube does', async () => {
    const { cubeApiToken: token } = await t.admin.issueDeploymentToken(t.salesDeploymentId, 600);
    const response = await fetch(`${t.platform.url}/cubejs-api/v1/load?query=${encodeURIComponent(JSON.stringify({ measures: ['orders.count'] }))}`, { headers: { Authorization: token } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CubeLoadResult;
    expect(body.data).toEqual([{ 'orders.count': '120000' }]);
  });

  it('retries once with a fresh token when the data API refuses the current one', async () => {
    let issued = 0;
    const real = new DeploymentTokenManager(t.admin, t.salesDeploymentId);
    const tokens = {
      getToken: async () => (issued++ === 0 ? 'stale.token.value' : real.getToken()),
      invalidate: jest.fn(),
    };
    const data = new CoreDataClient({ apiUrl: await dataApiUrl(t.salesDeploymentId), tokens, sleep: noSleep });
    const result = await data.load({ measures: ['orders.count'] });
    expect(result.data[0]).toEqual({ 'orders.count': '120000' });
    expect(tokens.invalidate).toHaveBeenCalledWith('stale.token.value');
    expect(issued).toBe(2);
  });

  it("explains a query with /v1/sql: the statement's text and parameters", async () => {
    const explained = await client.sql({ measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }] });
    expect(explained.text).toMatch(/FROM "orders"/);
    expect(explained.params).toEqual(['completed']);
  });

  it('serves meta with cubes and views and their members', async () => {
    const meta = await client.meta();
    expect(meta.cubes.map((c) => [c.name, c.type])).toEqual([['orders', 'cube'], ['sales', 'view']]);
    const orders = meta.cubes[0]!;
    expect(orders.measures.map((m) => m.name)).toEqual(expect.arrayContaining(['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count']));
    expect(orders.dimensions.find((d) => d.name === 'orders.created_at')).toMatchObject({ type: 'time', shortTitle: 'Created at' });
    expect(orders.measures.find((m) => m.name === 'orders.completed_percentage')).toMatchObject({ format: 'percent' });
    expect(orders.dimensions.find((d) => d.name === 'orders.id')).toBeDefined();
  });
});

describe('Continue wait', () => {
  let slow: TestPlatform;
  beforeAll(async () => {
    slow = await startTestPlatform({ continueWaitMs: 30, queryDelayMs: 400 });
  });
  afterAll(() => slow.close());

  it('re-sends a slow query until it answers, reporting progress', async () => {
    const data = await slow.dataClient(slow.admin, slow.salesDeploymentId, { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 20))) });
    const progress: number[] = [];
    const result = await data.load({ measures: ['orders.count'] }, { onProgress: (p) => progress.push(p.attempts) });
    expect(result.data).toEqual([{ 'orders.count': '120000' }]);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual(progress.map((_, i) => i + 1));
  });

  it('gives up with a clear error after the bounded total wait', async () => {
    const data = await slow.dataClient(slow.admin, slow.salesDeploymentId, { maxWaitMs: 50, sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))) });
    const error = await data.load({ measures: ['orders.count'], dimensions: ['orders.status'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryTimeoutError);
    expect((error as QueryTimeoutError).message).toMatch(/still running/);
  });

  it('stops when cancelled', async () => {
    const data = await slow.dataClient(slow.admin, slow.salesDeploymentId, { sleep: (ms, signal) => new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, Math.min(ms, 20));
      signal?.addEventListener('abort', () => { clearTimeout(timer); reject(new RequestCancelledError()); });
    }) });
    const controller = new AbortController();
    const pending = data.load({ measures: ['orders.count'], dimensions: ['orders.region'] }, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError);
  });
});

describe("Cube's own client library", () => {
  it('loads and pivots a result from the local platform', async () => {
    const { cubeApiToken } = await t.admin.issueDeploymentToken(t.salesDeploymentId, 600);
    const api = cube(cubeApiToken, { apiUrl: `${await dataApiUrl(t.salesDeploymentId)}/v1` });
    const resultSet = await api.load({
      measures: ['orders.count'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year', dateRange: ['2023-01-01', '2025-12-31'] }],
    });
    const expected = await sql(`SELECT region, year(created_at) AS y, count(*) AS n FROM orders GROUP BY 1, 2`);
    const table = resultSet.tablePivot({ x: ['orders.region'], y: ['orders.created_at.year', 'measures'] });
    expect(table).toHaveLength(4);
    for (const row of table) {
      const region = row['orders.region'];
      for (const year of [2023, 2024, 2025]) {
        const cell = row[`${year}-01-01T00:00:00.000,orders.count`];
        const want = expected.find((r) => r.region === region && Number(r.y) === year)!;
        expect(Number(cell)).toBe(Number(want.n));
      }
    }
    const series = resultSet.chartPivot();
    expect(series).toHaveLength(3);
    const meta = await api.meta();
    expect(meta.resolveMember('orders.count', 'measures')).toMatchObject({ title: 'Orders Count' });
  });
});
