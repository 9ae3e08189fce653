import { CONTINUE_WAIT } from '../../src/contract';
import { jsonTextWithinDepth, JsonTooDeepError } from '../../src/core/json-depth';
import { claimedIssue, verifyDeploymentToken } from '../auth';
import type { PlatformContext } from '../context';
import { SESSION_EPOCH_SQL } from '../oauth/sessions';
import type { CompiledQuery } from '../cube/compiler';
import { CubePlainError, ModelQueryError, QueryError } from '../cube/errors';
import { metaResponse } from '../cube/meta';
import { checkBlendGranularity, gatewayPivotQuery, pivotQueryOf, splitCompareDateRange, type NormalizedQuery, type QueryType } from '../cube/normalize';
import type { QueryRunner } from '../cube/query-runner';
import { loadResult } from '../cube/result';
import { HttpError, type ApiRequest, type ApiResponse, type Router } from '../http';

/**
 * The Core data API as Cube's REST API answers it (`/v1/load`, `/v1/meta`, `/v1/sql`, `/v1/dry-run`), see
 * docs/api-contract.md. Errors keep Cube's statuses and words: a user error is `400 {error}` (with `type: "UserError"`
 * when the model refused it), a plain error `500 {error: "Error: …"}`, and a query still running `200 {error: "Continue wait"}`.
 */

/**
 * The Core data API takes the deployment's Cube JWT as the whole Authorization header (Cube also allows
 * `Bearer`, and the `x-cube-authorization` header). A token is honoured only while the user it was issued to is still active: a deactivated user's
 * tokens stop working at once here, and for good (oauth/sessions.ts), although a real tenant's JWTs cannot be revoked before they expire.
 */
async function authorizeData(ctx: PlatformContext, request: ApiRequest): Promise<number> {
  // Cube reads `x-cube-authorization` first, then `Authorization`; a scheme word before the token is skipped.
  const header = request.headers['x-cube-authorization'] ?? request.headers.authorization;
  if (typeof header !== 'string' || !header) throw new HttpError(403, `Authorization header isn't set`);
  const parts = header.split(' ', 2);
  const token = (parts.length === 1 ? parts[0]! : parts[1]!).trim();
  const claimed = claimedIssue(token);
  // One read for the deployment's secret and the user's standing: this runs before every data request.
  const row = claimed && await ctx.db.cachedRead(
    ['deployments', 'users', 'sessions_ended'],
    `data token check ${claimed.userId} ${claimed.deploymentId}`,
    (tx) => tx.one(
      `SELECT jwt_secret, (SELECT active FROM users WHERE id = ?) AS active, ${SESSION_EPOCH_SQL} AS epoch FROM deployments WHERE id = ?`,
      [claimed.userId, claimed.userId, claimed.deploymentId],
    ),
  );
  const claims = row ? await verifyDeploymentToken(token, String(row.jwt_secret), ctx.now()) : null;
  // A token issued before the user's sessions last ended (deactivation) stays refused after re-activation.
  const current = claims?.sessionEpoch === Number(row?.epoch);
  if (!claims || row?.active !== true || !current || claims.sub !== String(claimed?.userId)) throw new HttpError(403, 'Invalid token');
  return claims.deploymentId;
}

/** The `query` and `queryType` of a request: from the URL for GET, from the JSON body otherwise. */
function requestParams(request: ApiRequest): { query: unknown; queryType: unknown } {
  if (request.method === 'GET') return { query: request.query.get('query') ?? undefined, queryType: request.query.get('queryType') ?? undefined };
  const body = (request.body ?? {}) as { query?: unknown; queryType?: unknown };
  return { query: body.query, queryType: body.queryType };
}

/** Cube's `parseQueryParam`: the query as an object, from JSON text when it came as text. */
function parseQueryParam(query: unknown): unknown {
  if (!query || query === 'undefined') throw new QueryError('Query param is required');
  if (typeof query !== 'string') return query;
  // A GET's query text never passed the body's depth check; Joi and the compiler recurse into it.
  if (!jsonTextWithinDepth(query)) throw new QueryError(new JsonTooDeepError('Query param').message);
  try {
    return JSON.parse(query);
  } catch (error) {
    throw new QueryError(`Unable to decode query param as JSON, error: ${(error as Error).message}`);
  }
}

interface PlannedQueries {
  queryType: QueryType;
  compiled: CompiledQuery[];
}

/**
 * Cube's `getNormalizedQueries`: one query, one per compared range, or the queries of a data blend; each normalized,
 * rewritten for the caller when the deployment rewrites queries, then checked as Cube's gateway checks a rewrite.
 */
async function plan(runner: QueryRunner, raw: unknown, rewrite?: DataAccess['rewrite']): Promise<PlannedQueries> {
  const query = parseQueryParam(raw);
  const compared = Array.isArray(query) ? null : splitCompareDateRange(query);
  const queryType: QueryType = Array.isArray(query) ? 'blendingQuery' : compared ? 'compareDateRangeQuery' : 'regularQuery';
  const normalized = (Array.isArray(query) ? query : compared ?? [query]).map((q) => runner.normalize(q));
  const queries = rewrite ? await Promise.all(normalized.map(async (q) => validatePostRewrite(await rewrite(q)))) : normalized;
  if (queryType === 'blendingQuery') checkBlendGranularity(queries);
  return { queryType, compiled: queries.map((q) => runner.compile(q)) };
}

/** Cube's `validatePostRewrite` (api-gateway query.js): a rewritten query must still ask for something. */
function validatePostRewrite(rewritten: unknown): NormalizedQuery {
  const query = (rewritten ?? {}) as Partial<NormalizedQuery>;
  if (!(query.measures?.length || query.dimensions?.length || query.timeDimensions?.some((td) => td.granularity))) {
    throw new QueryError('Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid');
  }
  return query as NormalizedQuery;
}

function cubeError(error: unknown): ApiResponse {
  if (error instanceof ModelQueryError) return { status: 400, body: { type: 'UserError', error: error.message } };
  if (error instanceof QueryError) return { status: 400, body: { error: error.message } };
  if (error instanceof CubePlainError) return { status: 500, body: { error: `Error: ${error.message}` } };
  throw error;
}

/**
 * What a caller of the data API gets: the query runner's scope (runs of the same query in one scope are shared) and,
 * for a Cube deployment with `queryRewrite` in its configuration, that rewrite of each query for this caller (Cube's
 * row-level security: https://cube.dev/docs/product/auth/row-level-security).
 */
export interface DataAccess {
  scope: string;
  rewrite?: (query: NormalizedQuery) => Promise<unknown>;
}

/**
 * Who may use the data API: throws the refusal, or answers the caller's access. The platform's scope is the deployment
 * the token was issued for; a Cube Core deployment checks its tokens its own way (server/cube-core).
 */
export type DataAuthorizer = (request: ApiRequest) => Promise<DataAccess>;

/** Runs a handler, answering Cube's errors as Cube does; anything else stays the platform's own failure. */
function cubeRoute(authorize: DataAuthorizer, handler: (request: ApiRequest, access: DataAccess) => Promise<ApiResponse>) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const access = await authorize(request);
    try {
      return await handler(request, access);
    } catch (error) {
      return cubeError(error);
    }
  };
}

async function load(ctx: PlatformContext, runner: QueryRunner, request: ApiRequest, { scope, rewrite }: DataAccess): Promise<ApiResponse> {
  const { query, queryType: clientQueryType } = requestParams(request);
  const { queryType, compiled } = await plan(runner, query, rewrite);
  if (queryType !== 'regularQuery' && clientQueryType == null) {
    throw new QueryError(`'${queryType}' query type is not supported by the client.Please update the client.`);
  }
  if (ctx.faults.take(request.method, request.path, 'continueWait')) return { status: 200, body: { error: CONTINUE_WAIT } };
  const loaded = await Promise.all(compiled.map((c) => runner.load(scope, c, ctx.continueWaitMs)));
  if (loaded.some((rows) => rows === null)) return { status: 200, body: { error: CONTINUE_WAIT } };
  const results = compiled.map((c, i) => {
    const rows = loaded[i]!;
    return loadResult(c, rows.columns, { queryType, lastRefreshTime: rows.lastRefreshTime, total: rows.total });
  });
  if (clientQueryType !== 'multi') return { status: 200, body: results[0] };
  return { status: 200, body: { queryType, results, pivotQuery: pivotQueryOf(queryType, compiled.map((c) => c.query)), slowQuery: false } };
}

/** The first granular time dimension's column, as Cube names it in `/v1/sql`. */
function timeDimensionOf(c: CompiledQuery) {
  const column = c.columns.find((col) => col.kind === 'time');
  return column ? { timeDimensionAlias: column.alias, timeDimensionField: column.member.name } : {};
}

const orderObject = (c: CompiledQuery) => Object.fromEntries(c.order.map(({ id, desc }) => [id, desc ? 'desc' : 'asc']));

/** `/v1/sql`: the SQL a query compiles to, with its parameters, as `{sql: {sql: [text, params], …}}`. */
async function sql(runner: QueryRunner, request: ApiRequest, { rewrite }: DataAccess): Promise<ApiResponse> {
  const { queryType, compiled } = await plan(runner, requestParams(request).query, rewrite);
  const described = compiled.map((c) => ({
    sql: {
      sql: [c.sql, c.params.map((p) => (p === null ? null : String(p)))],
      ...timeDimensionOf(c),
      order: orderObject(c), cacheKeyQueries: [], preAggregations: [], dataSource: 'default',
      aliasNameToMember: Object.fromEntries(c.columns.map((column) => [column.alias, column.keys[0]!])),
      canUseTransformedQuery: transformedQuery(c), external: false,
    },
    dataSource: 'default',
  }));
  return { status: 200, body: queryType === 'regularQuery' ? described[0] : described };
}

/**
 * The part of Cube's `canUseTransformedQuery` (its pre-aggregation matching report) that does not depend on
 * pre-aggregations, which the local platform has none of.
 */
function transformedQuery(c: CompiledQuery) {
  const timeDimensions = c.query.timeDimensions.filter((td) => td.granularity).map((td) => [td.dimension, td.granularity]);
  const measures = c.query.measures ?? [];
  return {
    measures,
    // A view's measure is the cube measure it exposes.
    leafMeasures: c.columns.filter((col) => col.kind === 'measure').map((col) => col.member.aliasMember ?? col.member.name),
    sortedDimensions: [...c.query.dimensions].sort(),
    sortedTimeDimensions: [...timeDimensions].sort(),
    timeDimensions,
    hasNoTimeDimensionsWithoutGranularity: c.query.timeDimensions.every((td) => td.granularity),
    hasCumulativeMeasures: false,
    hasMultiStage: false,
    windowGranularity: null,
  };
}

/** `/v1/dry-run`: how the query is understood, without running it. */
async function dryRun(runner: QueryRunner, request: ApiRequest, { rewrite }: DataAccess): Promise<ApiResponse> {
  const { queryType, compiled } = await plan(runner, requestParams(request).query, rewrite);
  // Dry-run answers the queries before Cube's result writer drops `cacheMode` from them.
  const normalizedQueries: NormalizedQuery[] = compiled.map((c) => ({ ...c.query, cacheMode: 'stale-if-slow' }));
  const pivotQuery = gatewayPivotQuery(queryType, normalizedQueries);
  return {
    status: 200,
    body: {
      queryType,
      // Cube's getPivotQuery writes into the first query (but for a blend), so dry-run answers it changed.
      normalizedQueries: queryType === 'blendingQuery' ? normalizedQueries : [pivotQuery, ...normalizedQueries.slice(1)],
      queryOrder: compiled.map(orderObject),
      transformedQueries: compiled.map(transformedQuery),
      pivotQuery,
    },
  };
}

export function dataRoutes(
  router: Router, ctx: PlatformContext, runner: QueryRunner,
  authorize: DataAuthorizer = async (request) => ({ scope: String(await authorizeData(ctx, request)) }),
): void {
  const loadRoute = cubeRoute(authorize, (r, access) => load(ctx, runner, r, access));
  const sqlRoute = cubeRoute(authorize, (r, access) => sql(runner, r, access));
  const dryRunRoute = cubeRoute(authorize, (r, access) => dryRun(runner, r, access));
  router
    .add('GET', '/cubejs-api/v1/load', loadRoute)
    .add('POST', '/cubejs-api/v1/load', loadRoute)
    .add('GET', '/cubejs-api/v1/sql', sqlRoute)
    .add('POST', '/cubejs-api/v1/sql', sqlRoute)
    .add('GET', '/cubejs-api/v1/dry-run', dryRunRoute)
    .add('POST', '/cubejs-api/v1/dry-run', dryRunRoute)
    .add('GET', '/cubejs-api/v1/meta', cubeRoute(authorize, async (r) => {
      const onlyViews = r.query.get('onlyViews') === 'true';
      return { status: 200, body: metaResponse(ctx.model.cubes.filter((cube) => !onlyViews || cube.type === 'view')) };
    }));
}
