import {
  SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA, ScimUserInput, type ScimError, type ScimUser,
} from '../../src/contract';
import { tokenHash } from '../auth';
import type { PlatformContext } from '../context';
import { HttpError, type ApiRequest, type ApiResponse, type Router } from '../http';
import { userRecord, type UserRecord } from '../store/rows';
import { isAdmin } from '../access';
import { endSessions } from '../oauth/sessions';
import { bearerToken, userForToken } from './auth';
import { signedIntegerParam } from './cursor';

const SCIM_JSON = 'application/scim+json';

function scimError(status: number, detail: string, scimType?: string): HttpError {
  const body: ScimError = { schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail, ...(scimType ? { scimType } : {}) };
  return new HttpError(status, detail, body, SCIM_JSON, status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
}

/** SCIM accepts the SCIM token, or an administrator's Platform token (one token serves all three prefixes). */
async function authorizeScim(ctx: PlatformContext, request: ApiRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw scimError(401, 'Missing Bearer token in the Authorization header');
  const scimToken = await ctx.db.read((tx) => tx.one(`SELECT kind FROM access_tokens WHERE token_hash = ? AND kind = 'scim'`, [tokenHash(token)]));
  if (scimToken) return;
  const user = await userForToken(ctx, token);
  if (user === null || user === 'inactive') throw scimError(401, 'Invalid or expired token');
  if (!isAdmin(user)) throw scimError(403, 'Only administrators may use the SCIM API');
}

function toScim(ctx: PlatformContext, user: UserRecord): ScimUser {
  const scim: ScimUser = {
    schemas: [SCIM_USER_SCHEMA],
    id: String(user.id),
    userName: user.userName,
    emails: user.emails,
    active: user.active,
    meta: {
      resourceType: 'User',
      created: user.createdAt,
      lastModified: user.updatedAt,
      location: `${ctx.publicUrl()}/api/scim/v2/Users/${user.id}`,
    },
  };
  if (user.givenName !== null || user.familyName !== null) {
    scim.name = {
      ...(user.givenName !== null ? { givenName: user.givenName } : {}),
      ...(user.familyName !== null ? { familyName: user.familyName } : {}),
    };
  }
  if (user.externalId !== null) scim.externalId = user.externalId;
  return scim;
}

/** SCIM ids are strings; this platform's users have integer ids, so anything else names no user. */
function scimUserId(value: string): number | null {
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The one filter identity providers send before provisioning: `userName eq "value"`. */
function parseFilter(filter: string | null): string | null {
  if (!filter) return null;
  const match = /^\s*userName\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw scimError(400, `Unsupported filter: ${filter}`, 'invalidFilter');
  return match[1]!.replace(/\\(.)/g, '$1');
}

async function listUsers(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const userName = parseFilter(request.query.get('filter'));
  const startIndex = Math.max(1, signedIntegerParam(request, 'startIndex', 1));
  const count = Math.max(0, Math.min(200, signedIntegerParam(request, 'count', 100)));
  const rows = await ctx.db.read((tx) =>
    userName === null
      ? tx.all(`SELECT * FROM users ORDER BY created_at, id`)
      : tx.all(`SELECT * FROM users WHERE lower(user_name) = lower(?) ORDER BY created_at, id`, [userName]),
  );
  const page = rows.slice(startIndex - 1, startIndex - 1 + count).map((r) => toScim(ctx, userRecord(r)));
  return {
    status: 200,
    contentType: SCIM_JSON,
    body: { schemas: [SCIM_LIST_SCHEMA], totalResults: rows.length, startIndex, itemsPerPage: page.length, Resources: page },
  };
}

async function getUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const id = scimUserId(request.params.id!);
  const row = id === null ? undefined : await ctx.db.read((tx) => tx.one(`SELECT * FROM users WHERE id = ?`, [id]));
  if (!row) throw scimError(404, `User ${request.params.id} not found`);
  return { status: 200, contentType: SCIM_JSON, body: toScim(ctx, userRecord(row)) };
}

/** Replace: every attribute takes the supplied value; omitted ones are cleared (`active` omitted means true). */
async function replaceUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const id = scimUserId(request.params.id!);
  if (id === null) throw scimError(404, `User ${request.params.id} not found`);
  const parsed = ScimUserInput.safeParse(request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw scimError(400, `Invalid '${issue.path.join('.') || 'body'}': ${issue.message}`, 'invalidValue');
  }
  const input = parsed.data;
  const now = ctx.now().toISOString();
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await tx.one(`SELECT id FROM users WHERE id = ?`, [id]))) throw scimError(404, `User ${id} not found`);
    const clash = await tx.one(`SELECT id FROM users WHERE lower(user_name) = lower(?) AND id <> ?`, [input.userName, id]);
    if (clash) throw scimError(409, `userName ${input.userName} is already taken`, 'uniqueness');
    await tx.run(
      `UPDATE users SET user_name = ?, given_name = ?, family_name = ?, emails = ?, active = ?, external_id = ?, updated_at = ? WHERE id = ?`,
      [
        input.userName, input.name?.givenName ?? null, input.name?.familyName ?? null, JSON.stringify(input.emails ?? []),
        input.active ?? true, input.externalId ?? null, now, id,
      ],
    );
    if (input.active === false) await endSessions(tx, id, ctx.now());
    return (await tx.one(`SELECT * FROM users WHERE id = ?`, [id]))!;
  });
  return { status: 200, contentType: SCIM_JSON, body: toScim(ctx, userRecord(row)) };
}

export function scimRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/scim/v2/Users', (r) => listUsers(ctx, r))
    .add('GET', '/api/scim/v2/Users/:id', (r) => getUser(ctx, r))
    .add('PUT', '/api/scim/v2/Users/:id', (r) => replaceUser(ctx, r));
}

export { scimError };
