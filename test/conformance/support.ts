/**
 * Shared helpers for the conformance suite: the local platform's Core data API checked against Cube 1.7.43's
 * documented and source-code behaviour, and against independent SQL over a separate copy of the sample data.
 *
 * Nothing here knows what our server answers: expected values are written in the test files, each with the Cube
 * documentation page or source file it comes from, or computed by SQL written in the test over `reference`.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { MODEL_PATH } from '../../server/app';
import cube, { type Query, type ResultSet } from '@cubejs-client/core';
import type { PlatformOptions } from '../../server/app';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { dataApiBase } from '../../src/client';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

jest.setTimeout(120_000);

/**
 * The instant relative date ranges resolve against: Sunday 2025-06-15 10:30 UTC, inside the sample data
 * (orders 2023-01-01 .. 2025-12-31). Cube reads the server clock (`moment.tz(timezone)` in
 * packages/cubejs-api-gateway/src/date-parser.ts); the platform's `queryClock` option stands in for it.
 */
export const QUERY_CLOCK = new Date('2025-06-15T10:30:00Z');

/** A response body, checked field by field against Cube's documented shapes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are JSON of many shapes; tests assert on them
export type Body = any;
export type Row = Record<string, unknown>;

export interface Reply {
  status: number;
  body: Body;
}

export interface LoadOptions {
  /** `multi` is what Cube's own client sends; Cube answers `{queryType, results, pivotQuery, slowQuery}` then. */
  queryType?: string;
  method?: 'GET' | 'POST';
  /** The Authorization header: the deployment's Cube JWT by default, `null` for none. */
  token?: string | null;
}

export interface Conformance {
  readonly platform: TestPlatform;
  /** The data API base, e.g. `http://127.0.0.1:1234/cubejs-api` (endpoints are under `/v1`). */
  readonly base: string;
  /** A Cube JWT for the Sales deployment. */
  readonly token: string;
  /** Any request to the data API; `path` is relative to the base, e.g. `/v1/meta`. */
  request(path: string, init?: { method?: string; body?: unknown; token?: string | null }): Promise<Reply>;
  /** `/v1/load`, raw. */
  load(query: unknown, options?: LoadOptions): Promise<Reply>;
  /**
   * `/v1/load` expected to succeed: asserts 200 without an `error`, then loads the same query with Cube's own
   * client library and pivots it (see `clientPivots`). Returns the raw body.
   */
  loadOk(query: object, options?: LoadOptions): Promise<Body>;
  /**
   * Loads `query` with `@cubejs-client/core` and runs tablePivot, chartPivot, tableColumns and seriesNames.
   * Queries are plain objects: some send what the client's `Query` type does not describe (numbers or null
   * among filter values), as Cube's REST API accepts.
   */
  clientPivots(query: object): Promise<ResultSet>;
  meta(): Promise<Reply>;
  sql(query: unknown): Promise<Reply>;
  dryRun(query: unknown): Promise<Reply>;
  /** Independent SQL over the test's own copy of the sample data (DuckDB, session time zone UTC). */
  ref(sql: string): Promise<Row[]>;
}

/**
 * Starts a local platform (with the fixed query clock) and a reference database for one test file, and closes
 * both after it. Read the returned object's members inside tests.
 */
export function useConformance(options: Partial<PlatformOptions> = {}): Conformance {
  let started: { platform: TestPlatform; base: string; token: string; reference: Database } | undefined;
  beforeAll(async () => {
    const platform = await startTestPlatform({ queryClock: () => new Date(QUERY_CLOCK), ...options });
    const base = dataApiBase(await platform.admin.getDeployment(platform.salesDeploymentId), await platform.admin.listEnvironments(platform.salesDeploymentId));
    const { cubeApiToken: token } = await platform.admin.issueDeploymentToken(platform.salesDeploymentId, 3600);
    const reference = await Database.open(':memory:');
    await reference.transaction((tx) => createSampleData(tx));
    started = { platform, base, token, reference };
  });
  afterAll(async () => {
    await started?.reference.close();
    await started?.platform.close();
  });
  const current = () => {
    if (!started) throw new Error('the conformance platform has not started');
    return started;
  };

  const request: Conformance['request'] = async (path, init = {}) => {
    const { base, token } = current();
    const headers: Record<string, string> = {};
    const authorization = init.token === undefined ? token : init.token;
    if (authorization !== null) headers.Authorization = authorization;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: Body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  };

  const load: Conformance['load'] = (query, options = {}) => {
    if (options.method === 'GET') {
      const params = new URLSearchParams({ query: JSON.stringify(query) });
      if (options.queryType !== undefined) params.set('queryType', options.queryType);
      return request(`/v1/load?${params}`, { token: options.token });
    }
    const body: Record<string, unknown> = { query };
    if (options.queryType !== undefined) body.queryType = options.queryType;
    return request('/v1/load', { method: 'POST', body, token: options.token });
  };

  const clientPivots: Conformance['clientPivots'] = async (query) => {
    const { base, token } = current();
    const api = cube(token, { apiUrl: `${base}/v1` });
    const resultSet = await api.load(query as Query);
    expect(() => resultSet.tablePivot()).not.toThrow();
    expect(() => resultSet.chartPivot()).not.toThrow();
    expect(() => resultSet.tableColumns()).not.toThrow();
    expect(() => resultSet.seriesNames()).not.toThrow();
    return resultSet;
  };

  return {
    get platform() {
      return current().platform;
    },
    get base() {
      return current().base;
    },
    get token() {
      return current().token;
    },
    request,
    load,
    async loadOk(query, options = {}) {
      const { status, body } = await load(query, options);
      if (status !== 200 || (body && typeof body === 'object' && 'error' in body)) {
        throw new Error(`expected 200 with data for ${JSON.stringify(query)}, got ${status} ${JSON.stringify(body)}`);
      }
      await clientPivots(query);
      return body;
    },
    clientPivots,
    meta: () => request('/v1/meta'),
    sql: (query) => request('/v1/sql', { method: 'POST', body: { query } }),
    dryRun: (query) => request('/v1/dry-run', { method: 'POST', body: { query } }),
    ref: (sql) => current().reference.read((tx) => tx.all(sql)),
  };
}

/**
 * A DECIMAL as Cube's DuckDB driver sends it: DuckDB's text with trailing fractional zeros (and a bare point)
 * removed, e.g. "18.10" → "18.1", "100.00" → "100". `formatDecimal` in
 * @cubejs-backend/duckdb-driver/dist/src/Transform.js.
 */
export function cubeDecimal(text: unknown): string {
  const value = String(text);
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/**
 * SQL for `created_at` as wall-clock time in `timeZone` (the column holds UTC). Cube's DuckDB dialect converts
 * with `timezone('<tz>', created_at::timestamptz)` (DuckDBQuery.convertTz); this is the same instant-to-local
 * mapping written independently of the session time zone.
 */
export function localCreatedAt(timeZone: string): string {
  return timeZone === 'UTC' ? 'created_at' : `timezone('${timeZone}', timezone('UTC', created_at))`;
}

/** A `YYYY-MM-DDTHH:mm:ss.SSS` string as a DuckDB TIMESTAMP literal. */
export function sqlTimestamp(localTime: string): string {
  return `TIMESTAMP '${localTime.replace('T', ' ')}'`;
}

/** `strftime` pattern giving Cube's time format, `YYYY-MM-DDTHH:mm:ss.SSS` (prepared in the api-gateway). */
export const CUBE_TIME_FORMAT = `'%Y-%m-%dT%H:%M:%S.%g'`;

/** Rows of `data` as arrays of the given members, for comparing with reference rows. */
export function pick(data: Row[], members: string[]): unknown[][] {
  return data.map((row) => members.map((member) => row[member] ?? null));
}

/** Sorts arrays of cells by their JSON text, for comparisons where Cube's order leaves ties. */
export function sorted<T>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
}

/**
 * `{meta}` of a member as server/model/sales.yml writes it (a view's member has its cube member's), else nothing.
 * Cube passes a member's `meta` through `/v1/meta` and the load annotation untouched, for cubes and views alike
 * (CubeToMetaTransformer, prepare-annotation.ts; checked against Cube 1.7.43 run as an oracle).
 */
export function memberMeta(member: string): { meta?: unknown } {
  const model = parseYaml(readFileSync(MODEL_PATH, 'utf8')) as { cubes: { measures?: Row[]; dimensions?: Row[] }[] };
  const name = member.split('.')[1];
  const found = model.cubes.flatMap((c) => [...(c.measures ?? []), ...(c.dimensions ?? [])]).find((m) => m.name === name);
  return found?.meta === undefined ? {} : { meta: found.meta };
}
