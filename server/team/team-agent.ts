import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { cubeAgentSource } from '../agent/cube-source';
import type { AgentHost, Asker } from '../agent/host';
import type { AgentSource } from '../agent/source';
import type { ExternalCube, PlatformContext, TeamContext } from '../context';
import { badRequest, HttpError } from '../http';
import { loadUser } from '../store/users';
import { teamCubeToken } from './cube-token';
import { securityContext } from './security-context';

/** A team server's agent: agent 1 of account "team" (`/api/v1/public/team/agents/1`). */
export const TEAM_AGENT = { account: 'team', id: 1 } as const;
/** The Cube tokens the agent signs last one answer's queries. */
const AGENT_TOKEN_SECONDS = 300;
/** A team's Cube may change its model and data: a viewer's catalog is looked up again after this long. */
const CATALOG_TTL_MS = 5 * 60_000;

/**
 * The agent of a team server, over the configured deployment's Cube: its `/v1/meta` is the catalog and its `/v1/load`
 * runs the queries, each with a token of the asker's own, so Cube's row-level security (`queryRewrite` on the
 * security context) holds for the agent as for the add-in:
 * - a user of this server (an API key naming them by `internalId`): the token the add-in gets for them
 *   (their security context signed, or their company ID token for `oidc-pass-through`);
 * - an external user (an API key with `externalId`): the `securityContext` sent with them, signed with `externalId`
 *   (chat.yaml's `SessionSettingsDto`), on a `signed-token` deployment only;
 * - `X-Cube-Auth-Token`: that token, already the deployment's, passed on as it is.
 */
export function teamAgentHost(ctx: PlatformContext, setting: NonNullable<TeamContext['agent']>): AgentHost {
  const cube = ctx.team?.cubes.get(setting.deploymentId);
  if (!cube) throw new Error(`The agent's deployment ${setting.deploymentId} is not one of the team's Cubes`);
  const secret = cube.apiSecret;
  return {
    ...TEAM_AGENT,
    view: setting.view,
    catalogTtlMs: CATALOG_TTL_MS,
    deployment: async () => ({ id: setting.deploymentId, secret }),
    sourceFor: (asker) => sourceFor(ctx, cube, asker),
  };
}

async function sourceFor(ctx: PlatformContext, cube: ExternalCube, asker: Asker): Promise<AgentSource> {
  const { credentials, owner, session } = asker;
  if (credentials.kind === 'cube-token') return cubeAgentSource(cube.apiUrl, credentials.token, `token:${digest(claimsOf(credentials.token))}`);
  const userId = /^user:(\d+)$/.exec(owner)?.[1];
  if (userId) {
    const user = await ctx.db.read((tx) => loadUser(tx, Number(userId)));
    if (!user?.active) throw new HttpError(403, 'This user is deactivated');
    if (!cube.signToken) return cubeAgentSource(cube.apiUrl, await teamCubeToken(ctx, cube, user, AGENT_TOKEN_SECONDS), owner);
    // The catalog is kept per security context, so a change of the user's groups is seen at the next question.
    const context = await ctx.db.read((tx) => securityContext(tx, user, cube));
    return cubeAgentSource(cube.apiUrl, await cube.signToken(context, AGENT_TOKEN_SECONDS), `context:${digest(context)}`);
  }
  if (!cube.signToken) {
    throw badRequest(`The agent's deployment "${cube.name}" verifies its users' own sign-in tokens: name a user of this server with sessionSettings.internalId`);
  }
  const context = { ...(session?.securityContext ?? {}), externalId: session?.externalId };
  return cubeAgentSource(cube.apiUrl, await cube.signToken(context, AGENT_TOKEN_SECONDS), `context:${digest(context)}`);
}

/** A token's claims without its times: tokens of one context, issued at different times, share a catalog. */
function claimsOf(token: string): Record<string, unknown> {
  const { iat: _issued, exp: _expires, nbf: _notBefore, jti: _id, ...claims } = decodeJwt(token);
  return claims;
}

/** A stable digest of a JSON value (keys sorted), so a key says nothing of what it was made from. */
function digest(value: unknown): string {
  const canonical = JSON.stringify(value, (_key, inner: unknown) => (
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner));
  return createHash('sha256').update(canonical).digest('base64url');
}
