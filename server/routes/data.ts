import { CONTINUE_WAIT, CubeQuery } from '../../src/contract';
import { claimedDeployment, verifyDeploymentToken } from '../auth';
import type { PlatformContext } from '../context';
import { QueryError } from '../cube/errors';
import type { QueryRunner } from '../cube/query-runner';
import { HttpError, type ApiRequest, type ApiResponse, type Router } from '../http';

/**
 * The Core data API takes the deployment's Cube JWT as the whole Authorization header (Cube also allows
 * `Bearer`). A token is honoured only while the user it was issued to is still active: a deactivated user's
 * tokens stop working at once here, although a real tenant's JWTs cannot be revoked before they expire.
 */
async function authorizeData(ctx: PlatformContext, request: ApiRequest): Promise<number> {
  const header = request.headers.authorization;
  if (!header) throw new HttpError(403, `Authorization header isn't set`);
  const token = header.replace(/^Bearer\s+/i, '').trim();
  const deploymentId = claimedDeployment(token);
  const row = deploymentId === null ? undefined : await ctx.db.read((tx) => tx.one(`SELECT jwt_secret FROM deployments WHERE id = ?`, [deploymentId]));
  const claims = row ? await verifyDeploymentToken(token, String(row.jwt_secret), ctx.now()) : null;
  if (!claims) throw new HttpError(403, 'Invalid token');
  const user = /^\d+$/.test(claims.sub) ? await ctx.db.read((tx) => tx.one(`SELECT active FROM users WHERE id = ?`, [Number(claims.sub)])) : undefined;
  if (user?.active !== true) throw new HttpError(403, 'Invalid token');
  return claims.deploymentId;
}

function readQuery(request: ApiRequest): { query: CubeQuery; multi: boolean } {
  let raw: unknown;
  let queryType: unknown;
  if (request.method === 'GET') {
    const text = request.query.get('query');
    if (!text) throw new QueryError('Query param is required');
    try {
      raw = JSON.parse(text);
    } catch {
      throw new QueryError('Query param is not valid JSON');
    }
    queryType = request.query.get('queryType');
  } else {
    const body = (request.body ?? {}) as { query?: unknown; queryType?: unknown };
    raw = body.query;
    queryType = body.queryType;
    if (raw === undefined) throw new QueryError('Query param is required');
  }
  const parsed = CubeQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new QueryError(`Invalid query format: ${issue.path.join('.') || 'query'} ${issue.message}`);
  }
  return { query: parsed.data, multi: queryType === 'multi' };
}

async function load(ctx: PlatformContext, runner: QueryRunner, request: ApiRequest): Promise<ApiResponse> {
  const deploymentId = await authorizeData(ctx, request);
  const { query, multi } = readQuery(request);
  const compiled = runner.compile(query);
  const fault = ctx.faults.take(request.method, request.path, 'continueWait');
  if (fault) return { status: 200, body: { error: CONTINUE_WAIT } };
  const result = await runner.load(String(deploymentId), compiled, ctx.continueWaitMs);
  if (!result) return { status: 200, body: { error: CONTINUE_WAIT } };
  if (!multi) return { status: 200, body: result };
  // `queryType=multi` (what Cube's own client sends) wraps results in a list with the pivot query.
  return {
    status: 200,
    body: {
      queryType: 'regularQuery',
      results: [result],
      pivotQuery: { ...compiled.normalizedQuery, queryType: 'regularQuery' },
      slowQuery: false,
    },
  };
}

async function meta(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeData(ctx, request);
  const cubes = ctx.model.cubes.map((cube) => ({
    name: cube.name,
    title: cube.title,
    type: cube.type,
    ...(cube.description ? { description: cube.description } : {}),
    measures: [...cube.members.values()].filter((m) => m.kind === 'measure' && m.isVisible).map((m) => ({
      name: m.name, title: m.title, shortTitle: m.shortTitle, type: 'number',
      aggType: m.kind === 'measure' ? m.aggregation.replace('count_distinct', 'countDistinct') : undefined,
      ...(m.format ? { format: m.format } : {}), ...(m.description ? { description: m.description } : {}),
      drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] }, isVisible: true, public: true, cumulative: false,
    })),
    dimensions: [...cube.members.values()].filter((m) => m.kind === 'dimension' && m.isVisible).map((m) => ({
      name: m.name, title: m.title, shortTitle: m.shortTitle, type: m.type,
      ...(m.format ? { format: m.format } : {}), ...(m.description ? { description: m.description } : {}),
      suggestFilterValues: true, isVisible: true, public: true, primaryKey: m.kind === 'dimension' && m.primaryKey,
    })),
    segments: [],
  }));
  return { status: 200, body: { cubes } };
}

export function dataRoutes(router: Router, ctx: PlatformContext, runner: QueryRunner): void {
  router
    .add('GET', '/cubejs-api/v1/load', (r) => load(ctx, runner, r))
    .add('POST', '/cubejs-api/v1/load', (r) => load(ctx, runner, r))
    .add('GET', '/cubejs-api/v1/meta', (r) => meta(ctx, r));
}
