import { AppConfig, TokenRequest, UserSettingsPatch, type UserSettings } from '../../src/contract';
import { signDeploymentToken } from '../auth';
import type { PlatformContext } from '../context';
import { notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import { userRecord, userResponse } from '../store/rows';
import { authenticate } from './auth';
import { decodeCursor, encodeCursor, parseFirst } from './cursor';
import { parseBody } from './validation';

const DEFAULT_TOKEN_SECONDS = 86_400;

/** A list page over a small, fully loaded collection; cursors carry the last id. */
function pageOf<T extends { id: string }>(all: T[], request: ApiRequest, kind: string) {
  const first = parseFirst(request.query.get('first'), 20, 100);
  const after = request.query.get('after');
  const start = after ? all.findIndex((item) => item.id === decodeCursor(after, kind).id) + 1 : 0;
  const items = all.slice(start, start + first);
  const last = items.at(-1);
  return {
    items,
    pageInfo: { hasNextPage: start + first < all.length, endCursor: last ? encodeCursor({ sortBy: kind, key: null, id: last.id }) : null },
  };
}

async function listDeployments(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authenticate(ctx, request);
  const rows = await ctx.db.read((tx) => tx.all(`SELECT id, name FROM deployments ORDER BY position`));
  const page = pageOf(rows.map((r) => ({ id: String(r.id), name: String(r.name) })), request, 'deployments');
  // The deprecated `data`/`count` are still sent by the real platform on newly paginated lists.
  return { status: 200, body: { ...page, data: page.items, count: rows.length } };
}

async function deploymentRow(ctx: PlatformContext, deploymentId: string) {
  const row = await ctx.db.read((tx) => tx.one(`SELECT id, name, jwt_secret FROM deployments WHERE id = ?`, [deploymentId]));
  if (!row) throw notFound(`Deployment ${deploymentId} not found`);
  return { id: String(row.id), name: String(row.name), secret: String(row.jwt_secret) };
}

async function listEnvironments(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authenticate(ctx, request);
  const deployment = await deploymentRow(ctx, request.params.deploymentId!);
  const environments = [{
    id: `${deployment.id}:production`,
    name: 'production',
    branchName: 'main',
    apiUrl: `${ctx.publicUrl()}/cubejs-api`,
  }];
  return { status: 200, body: pageOf(environments, request, 'environments') };
}

async function issueToken(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deployment = await deploymentRow(ctx, request.params.id!);
  const body = parseBody(TokenRequest, request.body, { expiresIn: `'expiresIn' must be an integer number of seconds from 60 to 86400` });
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  const exp = issuedAt + (body.expiresIn ?? DEFAULT_TOKEN_SECONDS);
  const token = signDeploymentToken({ sub: user.id, deploymentId: deployment.id, iat: issuedAt, exp }, deployment.secret);
  return { status: 200, body: { token, expiresAt: new Date(exp * 1000).toISOString() } };
}

async function me(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  return { status: 200, body: userResponse(await authenticate(ctx, request)) };
}

/** Merge semantics of the settings PATCH: omitted fields stay, `sheets` merges per field, `null` clears. */
export function mergeSettings(current: UserSettings, patch: UserSettingsPatch): UserSettings {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'lastSeenChangelogId' || value === undefined) continue;
    if (key === 'sheets' && value !== null) {
      const sheets: Record<string, unknown> = { ...(current.sheets ?? {}) };
      for (const [field, fieldValue] of Object.entries(value as Record<string, unknown>)) {
        if (fieldValue === null) delete sheets[field];
        else if (fieldValue !== undefined) sheets[field] = fieldValue;
      }
      next.sheets = sheets;
    } else if (value === null) {
      delete next[key];
    } else {
      next[key] = value;
    }
  }
  return next as UserSettings;
}

async function patchSettings(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const patch = parseBody(UserSettingsPatch, request.body);
  const now = ctx.now().toISOString();
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await tx.one(`SELECT * FROM users WHERE id = ?`, [user.id]);
    const settings = mergeSettings(userRecord(row!).settings, patch);
    await tx.run(`UPDATE users SET settings = ?, updated_at = ? WHERE id = ?`, [JSON.stringify(settings), now, user.id]);
    return userRecord((await tx.one(`SELECT * FROM users WHERE id = ?`, [user.id]))!);
  });
  return { status: 200, body: userResponse(updated) };
}

async function appConfig(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authenticate(ctx, request);
  const row = await ctx.db.read((tx) => tx.one(`SELECT value FROM app_config WHERE id = 1`));
  return { status: 200, body: AppConfig.parse(JSON.parse(String(row!.value))) };
}

export function platformRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/v1/deployments', (r) => listDeployments(ctx, r))
    .add('GET', '/api/v1/deployments/:deploymentId/environments', (r) => listEnvironments(ctx, r))
    .add('POST', '/api/v1/deployments/:id/token', (r) => issueToken(ctx, r))
    .add('GET', '/api/v1/users/me', (r) => me(ctx, r))
    .add('PATCH', '/api/v1/users/me/settings', (r) => patchSettings(ctx, r))
    .add('GET', '/api/v1/app-config', (r) => appConfig(ctx, r));
}
