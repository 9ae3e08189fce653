import {
  AppConfigResponse, AppConfigUpdateInput, CreateDeploymentTokenInput, UserSettingsInput,
  type Deployment, type DeploymentEnvironment, type UserSettings,
} from '../../src/contract';
import { canSeeDeployment, isAdmin } from '../access';
import { signDeploymentToken } from '../auth';
import type { PlatformContext } from '../context';
import { notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { StateConnection } from '../store/database';
import { userResponse, type UserRecord } from '../store/rows';
import { loadUser } from '../store/users';
import { sessionEpoch } from '../oauth/sessions';
import { authenticate, forbidden, unauthorized } from './auth';
import { integerPathParam, pageOf } from './cursor';
import { parseBody } from './validation';
import { teamCubeToken } from '../team/cube-token';

const DEFAULT_TOKEN_SECONDS = 86_400;

export interface DeploymentRow {
  id: number;
  name: string;
  secret: string;
  restUrlStyle: string;
}

/** The deployment, if this user may see it; `404` otherwise (as for one that does not exist). */
export async function visibleDeployment(tx: StateConnection, user: UserRecord, deploymentId: number): Promise<DeploymentRow> {
  const row = await tx.cached(['deployments'], `deployment ${deploymentId}`, () => tx.one(`SELECT * FROM deployments WHERE id = ?`, [deploymentId]));
  if (!row || !canSeeDeployment(user, deploymentId)) throw notFound(`Deployment ${deploymentId} not found`);
  return { id: Number(row.id), name: String(row.name), secret: String(row.jwt_secret), restUrlStyle: String(row.rest_url_style) };
}

/**
 * The local platform's deployments serve their data API under its own address (the token says which deployment); a
 * team server's are the team's own Cubes, at their addresses.
 */
function deploymentResponse(ctx: PlatformContext, row: { id: number; name: string }): Deployment {
  const cube = ctx.team?.cubes.get(row.id);
  return { id: row.id, name: row.name, deploymentUrl: cube ? cube.apiUrl.replace(/\/cubejs-api\/v1$/, '') : ctx.publicUrl(), creationStep: 'ready' };
}

/** A team server lists only the deployments its configuration names (a row left from an earlier one is no deployment). */
const configured = (ctx: PlatformContext, id: number) => !ctx.team || ctx.team.cubes.has(id);

async function listDeployments(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const rows = await ctx.db.read((tx) => tx.all(`SELECT id, name FROM deployments ORDER BY position`));
  const all = rows.map((r) => deploymentResponse(ctx, { id: Number(r.id), name: String(r.name) })).filter((d) => configured(ctx, d.id) && canSeeDeployment(user, d.id));
  const page = pageOf(all, request, 'deployments');
  // `pagination` is deprecated but still required by DeploymentsListResponse: where this page starts in the list.
  const offset = page.items.length ? all.findIndex((d) => d.id === page.items[0]!.id) : 0;
  return { status: 200, body: { ...page, pagination: { total: all.length, offset, limit: page.items.length } } };
}

async function getDeployment(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const row = await ctx.db.read((tx) => visibleDeployment(tx, user, integerPathParam(request, 'deploymentId')));
  return { status: 200, body: deploymentResponse(ctx, row) };
}

/**
 * One production environment per deployment with a REST credential (api.yaml `DeploymentEnvironment`). The
 * Sales deployment's credential URL ends in `/v1`, the sandbox's is null: the two forms clients must handle.
 */
async function listEnvironments(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deployment = await ctx.db.read((tx) => visibleDeployment(tx, user, integerPathParam(request, 'deploymentId')));
  const cube = ctx.team?.cubes.get(deployment.id);
  const restUrl = cube ? cube.apiUrl : deployment.restUrlStyle === 'with-v1' ? `${ctx.publicUrl()}/cubejs-api/v1` : null;
  const environments: DeploymentEnvironment[] = [{
    id: `${deployment.id}-production`,
    type: 'production',
    branch: 'main',
    user: null,
    // The local platform has no SQL API, so only the REST credential is listed.
    api_credentials: [{ type: 'rest', version: 1, url: restUrl, host: null, port: null, database: null }],
  }];
  const type = request.query.get('type');
  const matching = type ? environments.filter((e) => e.type === type) : environments;
  return { status: 200, body: pageOf(matching, request, 'environments') };
}

async function issueToken(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const [deployment, epoch] = await ctx.db.read(async (tx) => [
    await visibleDeployment(tx, user, integerPathParam(request, 'deploymentId')), await sessionEpoch(tx, user.id),
  ] as const);
  if (epoch === null) throw unauthorized('This user is deactivated');
  const body = parseBody(CreateDeploymentTokenInput, request.body, { expiresIn: `'expiresIn' must be an integer number of seconds from 60 to 86400` });
  const iat = Math.floor(ctx.now().getTime() / 1000);
  const exp = iat + (body.expiresIn ?? DEFAULT_TOKEN_SECONDS);
  const cube = ctx.team?.cubes.get(deployment.id);
  if (cube) return { status: 200, body: { cubeApiToken: await teamCubeToken(ctx, cube, user, exp - iat) } };
  if (!configured(ctx, deployment.id)) throw notFound(`Deployment ${deployment.id} not found`);
  const claims = { sub: String(user.id), deploymentId: deployment.id, iat, exp, sessionEpoch: epoch };
  const cubeApiToken = await signDeploymentToken(claims, deployment.secret);
  return { status: 200, body: { cubeApiToken } };
}

async function me(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  return { status: 200, body: userResponse(await authenticate(ctx, request)) };
}

/** Merge semantics of the settings PATCH: omitted fields stay, `sheets` merges per field, `null` clears. */
export function mergeSettings(current: UserSettings, patch: UserSettingsInput): UserSettings {
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
  const patch = parseBody(UserSettingsInput, request.body);
  const now = ctx.now().toISOString();
  const updated = await ctx.db.transaction(async (tx) => {
    const settings = mergeSettings(user.settings, patch);
    await tx.run(`UPDATE users SET settings = ?, updated_at = ? WHERE id = ?`, [JSON.stringify(settings), now, user.id]);
    return (await loadUser(tx, user.id))!;
  });
  return { status: 200, body: userResponse(updated) };
}

export async function readAppConfig(ctx: PlatformContext): Promise<AppConfigResponse> {
  const row = await ctx.db.read((tx) => tx.one(`SELECT value FROM app_config WHERE id = 1`));
  return AppConfigResponse.parse(JSON.parse(String(row!.value)));
}

async function appConfig(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authenticate(ctx, request);
  return { status: 200, body: await readAppConfig(ctx) };
}

/** Merges top-level fields into the app config (each replaces the stored one whole), and answers the result. */
export async function writeAppConfig(ctx: PlatformContext, fields: Partial<AppConfigResponse>): Promise<AppConfigResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await tx.one(`SELECT value FROM app_config WHERE id = 1`);
    const next = AppConfigResponse.parse({ ...(JSON.parse(String(row!.value)) as object), ...fields });
    await tx.run(`UPDATE app_config SET value = ? WHERE id = 1`, [JSON.stringify(next)]);
    return next;
  });
}

/**
 * `PUT /api/v1/app-config`: the local platform's stand-in for the admin console where the real platform's admin
 * sets the config (the real API has only the GET), e.g. to turn the chat's Place in sheet off. Admins only.
 */
async function updateAppConfig(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  if (!isAdmin(user)) throw forbidden('Only an admin may change the app config');
  const fields = parseBody(AppConfigUpdateInput, request.body);
  return { status: 200, body: await writeAppConfig(ctx, fields) };
}

export function platformRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/v1/deployments', (r) => listDeployments(ctx, r))
    .add('GET', '/api/v1/deployments/:deploymentId', (r) => getDeployment(ctx, r))
    .add('GET', '/api/v1/deployments/:deploymentId/environments', (r) => listEnvironments(ctx, r))
    .add('POST', '/api/v1/deployments/:deploymentId/token', (r) => issueToken(ctx, r))
    .add('GET', '/api/v1/users/me', (r) => me(ctx, r))
    .add('PATCH', '/api/v1/users/me/settings', (r) => patchSettings(ctx, r))
    .add('GET', '/api/v1/app-config', (r) => appConfig(ctx, r))
    .add('PUT', '/api/v1/app-config', (r) => updateAppConfig(ctx, r));
}
