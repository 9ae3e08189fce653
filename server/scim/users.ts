import { SCIM_USER_SCHEMA, ScimPatchOp, ScimUserInput, type ScimUser } from '../../src/contract';
import type { PlatformContext } from '../context';
import type { ApiRequest, ApiResponse } from '../http';
import { endSessions } from '../oauth/sessions';
import type { StateConnection } from '../store/database';
import { userRecord, type UserRecord } from '../store/rows';
import { nextId } from '../store/schema';
import { USER_ATTRIBUTES } from './attributes';
import { compileFilter, type ScimResource } from './filter';
import { authorizeScim, parseScimBody, scimError, scimList, scimOk, scimResourceId } from './http';
import { applyPatch } from './patch';

export const userLocation = (ctx: PlatformContext, id: number) => `${ctx.publicUrl()}/api/scim/v2/Users/${id}`;

export function toScimUser(ctx: PlatformContext, user: UserRecord): ScimUser {
  const scim: ScimUser = {
    schemas: [SCIM_USER_SCHEMA],
    id: String(user.id),
    userName: user.userName,
    emails: user.emails,
    active: user.active,
    meta: { resourceType: 'User', created: user.createdAt, lastModified: user.updatedAt, location: userLocation(ctx, user.id) },
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

/** A user SCIM may see: deleted ones are former users, kept only as the owners of what they made. */
async function liveUser(tx: StateConnection, id: number | null, shownId: string): Promise<UserRecord> {
  const row = id === null ? undefined : await tx.one(`SELECT * FROM users WHERE id = ? AND deleted_at IS NULL`, [id]);
  if (!row) throw scimError(404, `User ${shownId} not found`);
  return userRecord(row);
}

async function assertUserNameFree(tx: StateConnection, userName: string, exceptId: number | null): Promise<void> {
  const clash = await tx.one(
    `SELECT id FROM users WHERE lower(user_name) = lower(?) AND deleted_at IS NULL AND id <> ?`, [userName, exceptId ?? -1],
  );
  if (clash) throw scimError(409, `userName ${userName} is already taken`, 'uniqueness');
}

/**
 * Writes every attribute of a replace or a patched user; omitted ones are cleared (`active` omitted means true).
 * Deactivation ends the user's sessions in the same transaction.
 */
async function writeUser(ctx: PlatformContext, tx: StateConnection, id: number, input: ScimUserInput): Promise<UserRecord> {
  await assertUserNameFree(tx, input.userName, id);
  await tx.run(
    `UPDATE users SET user_name = ?, given_name = ?, family_name = ?, emails = ?, active = ?, external_id = ?, updated_at = ? WHERE id = ?`,
    [
      input.userName, input.name?.givenName ?? null, input.name?.familyName ?? null, JSON.stringify(input.emails ?? []),
      input.active ?? true, input.externalId ?? null, ctx.now().toISOString(), id,
    ],
  );
  if (input.active === false) await endSessions(tx, id, ctx.now());
  return userRecord((await tx.one(`SELECT * FROM users WHERE id = ?`, [id]))!);
}

export async function listUsers(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const matches = compileFilter(request.query.get('filter'), USER_ATTRIBUTES, SCIM_USER_SCHEMA);
  const rows = await ctx.db.read((tx) => tx.all(`SELECT * FROM users WHERE deleted_at IS NULL ORDER BY created_at, id`));
  const users = rows.map((row) => toScimUser(ctx, userRecord(row)));
  return scimList(request, matches ? users.filter((user) => matches(user as ScimResource)) : users);
}

export async function getUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const user = await ctx.db.read((tx) => liveUser(tx, scimResourceId(request.params.id!), request.params.id!));
  return scimOk(toScimUser(ctx, user));
}

/** RFC 7644 §3.3: `201` with the user and its `Location`. A new user has no rights of their own: groups give them. */
export async function createUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const input = parseScimBody(ScimUserInput, request.body);
  const now = ctx.now().toISOString();
  const user = await ctx.db.transaction(async (tx) => {
    await assertUserNameFree(tx, input.userName, null);
    const id = await nextId(tx, 'users');
    await tx.run(`INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?, FALSE, '[]', ?, ?, ?, NULL, NULL)`, [
      id, input.userName, input.name?.givenName ?? null, input.name?.familyName ?? null, JSON.stringify(input.emails ?? []),
      input.active ?? true, input.externalId ?? null, JSON.stringify({ sheets: {} }), now, now,
    ]);
    return userRecord((await tx.one(`SELECT * FROM users WHERE id = ?`, [id]))!);
  });
  const body = toScimUser(ctx, user);
  return scimOk(body, 201, { Location: body.meta!.location });
}

/** Replace (RFC 7644 §3.5.1): `id` and `meta` are read-only and ignored; attributes not defined here are dropped. */
export async function replaceUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const id = scimResourceId(request.params.id!);
  if (id === null) throw scimError(404, `User ${request.params.id} not found`);
  const input = parseScimBody(ScimUserInput, request.body);
  const user = await ctx.db.transaction(async (tx) => {
    await liveUser(tx, id, request.params.id!);
    return writeUser(ctx, tx, id, input);
  });
  return scimOk(toScimUser(ctx, user));
}

/** PATCH (RFC 7644 §3.5.2): the operations apply to the user as SCIM shows them, then the result is written whole. */
export async function patchUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const patch = parseScimBody(ScimPatchOp, request.body);
  const user = await ctx.db.transaction(async (tx) => {
    const current = await liveUser(tx, scimResourceId(request.params.id!), request.params.id!);
    const patched = applyPatch({ attributes: USER_ATTRIBUTES, schemaUrn: SCIM_USER_SCHEMA }, toScimUser(ctx, current) as ScimResource, patch.Operations);
    return writeUser(ctx, tx, current.id, parseScimBody(ScimUserInput, patched));
  });
  return scimOk(toScimUser(ctx, user));
}

/**
 * Delete (RFC 7644 §3.6): the user's sessions and API keys end and they leave their groups. The row stays, emptied of
 * the person (name, emails, external id), as the former owner of their reports, placements and threads: an id is
 * never handed out again, so nothing of theirs reaches anyone else.
 */
export async function deleteUser(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  await ctx.db.transaction(async (tx) => {
    const user = await liveUser(tx, scimResourceId(request.params.id!), request.params.id!);
    await endSessions(tx, user.id, ctx.now());
    await tx.run(`DELETE FROM group_members WHERE user_id = ?`, [user.id]);
    await tx.run(`DELETE FROM access_tokens WHERE user_id = ? AND kind = 'api-key'`, [user.id]);
    await tx.run(
      `UPDATE users SET user_name = '', given_name = NULL, family_name = NULL, emails = '[]', external_id = NULL, active = FALSE,
        policies = '[]', updated_at = ?, deleted_at = ? WHERE id = ?`,
      [ctx.now().toISOString(), ctx.now().toISOString(), user.id],
    );
  });
  return { status: 204 };
}
