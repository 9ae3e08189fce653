import { SCIM_GROUP_SCHEMA, ScimGroupInput, ScimPatchOp, type ScimGroup } from '../../src/contract';
import type { PlatformContext } from '../context';
import type { ApiRequest, ApiResponse } from '../http';
import type { Row, StateConnection } from '../store/database';
import { nextId } from '../store/schema';
import { GROUP_ATTRIBUTES } from './attributes';
import { compileFilter, type ScimResource } from './filter';
import { authorizeScim, excludedAttributes, parseScimBody, scimError, scimList, scimOk, scimResourceId } from './http';
import { applyPatch } from './patch';
import { userLocation } from './users';

interface Member { id: number; userName: string }

const groupLocation = (ctx: PlatformContext, id: number) => `${ctx.publicUrl()}/api/scim/v2/Groups/${id}`;

function toScimGroup(ctx: PlatformContext, row: Row, members: Member[] | null): ScimGroup {
  const id = Number(row.id);
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: String(id),
    displayName: String(row.display_name),
    ...(row.external_id !== null ? { externalId: String(row.external_id) } : {}),
    ...(members ? {
      members: members.map((m) => ({ value: String(m.id), display: m.userName, $ref: userLocation(ctx, m.id), type: 'User' })),
    } : {}),
    meta: { resourceType: 'Group', created: String(row.created_at), lastModified: String(row.updated_at), location: groupLocation(ctx, id) },
  };
}

/** Members by group id, in user id order (deleted users are no longer members: deletion removes them). */
async function membersByGroup(tx: StateConnection): Promise<Map<number, Member[]>> {
  const rows = await tx.all(`SELECT m.group_id, u.id, u.user_name FROM group_members m JOIN users u ON u.id = m.user_id ORDER BY m.group_id, u.id`);
  const byGroup = new Map<number, Member[]>();
  for (const row of rows) {
    const list = byGroup.get(Number(row.group_id)) ?? [];
    list.push({ id: Number(row.id), userName: String(row.user_name) });
    byGroup.set(Number(row.group_id), list);
  }
  return byGroup;
}

async function groupRow(tx: StateConnection, shownId: string): Promise<Row> {
  const id = scimResourceId(shownId);
  const row = id === null ? undefined : await tx.one(`SELECT * FROM groups WHERE id = ?`, [id]);
  if (!row) throw scimError(404, `Group ${shownId} not found`);
  return row;
}

async function groupResponse(ctx: PlatformContext, tx: StateConnection, row: Row, withMembers = true): Promise<ScimGroup> {
  return toScimGroup(ctx, row, withMembers ? (await membersByGroup(tx)).get(Number(row.id)) ?? [] : null);
}

async function assertDisplayNameFree(tx: StateConnection, displayName: string, exceptId: number | null): Promise<void> {
  const clash = await tx.one(`SELECT id FROM groups WHERE lower(display_name) = lower(?) AND id <> ?`, [displayName, exceptId ?? -1]);
  if (clash) throw scimError(409, `A group named ${displayName} already exists`, 'uniqueness');
}

/** The full membership: each member a live user, named once however often it is sent. */
async function writeMembers(tx: StateConnection, groupId: number, members: { value: string }[]): Promise<void> {
  const ids = [...new Set(members.map((m) => m.value))];
  const userIds: number[] = [];
  for (const value of ids) {
    const id = scimResourceId(value);
    const user = id === null ? undefined : await tx.one(`SELECT id FROM users WHERE id = ? AND deleted_at IS NULL`, [id]);
    if (!user) throw scimError(400, `Member ${value} is no user of this platform`, 'invalidValue');
    userIds.push(Number(user.id));
  }
  await tx.run(`DELETE FROM group_members WHERE group_id = ?`, [groupId]);
  for (const userId of userIds) await tx.run(`INSERT INTO group_members VALUES (?, ?)`, [groupId, userId]);
}

/**
 * Writes a replaced or patched group whole: name, external id and membership. Its policies stay (the console's), unless
 * a team server's configuration grants the group's (new) name its rights.
 */
async function writeGroup(ctx: PlatformContext, tx: StateConnection, id: number, input: ScimGroupInput): Promise<Row> {
  await assertDisplayNameFree(tx, input.displayName, id);
  await tx.run(`UPDATE groups SET display_name = ?, external_id = ?, updated_at = ? WHERE id = ?`, [
    input.displayName, input.externalId ?? null, ctx.now().toISOString(), id,
  ]);
  const configured = ctx.team?.groupPolicies(input.displayName);
  if (configured) await tx.run(`UPDATE groups SET policies = ? WHERE id = ?`, [JSON.stringify(configured), id]);
  await writeMembers(tx, id, input.members ?? []);
  return (await tx.one(`SELECT * FROM groups WHERE id = ?`, [id]))!;
}

export async function listGroups(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const matches = compileFilter(request.query.get('filter'), GROUP_ATTRIBUTES, SCIM_GROUP_SCHEMA);
  const omitMembers = excludedAttributes(request, ['members']).has('members');
  const groups = await ctx.db.read(async (tx) => {
    const members = await membersByGroup(tx);
    return (await tx.all(`SELECT * FROM groups ORDER BY id`)).map((row) => toScimGroup(ctx, row, members.get(Number(row.id)) ?? []));
  });
  const listed = matches ? groups.filter((group) => matches(group as ScimResource)) : groups;
  return scimList(request, omitMembers ? listed.map(({ members: _members, ...rest }) => rest) : listed);
}

export async function getGroup(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const omitMembers = excludedAttributes(request, ['members']).has('members');
  return scimOk(await ctx.db.read(async (tx) => groupResponse(ctx, tx, await groupRow(tx, request.params.id!), !omitMembers)));
}

/** RFC 7644 §3.3: `201` with the group and its `Location`. A new group grants nothing until the console gives it policies. */
export async function createGroup(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const input = parseScimBody(ScimGroupInput, request.body);
  const now = ctx.now().toISOString();
  const group = await ctx.db.transaction(async (tx) => {
    await assertDisplayNameFree(tx, input.displayName, null);
    const id = await nextId(tx, 'groups');
    // A team server's configuration may grant a group of this name its rights; otherwise it grants nothing yet.
    const policies = ctx.team?.groupPolicies(input.displayName) ?? [];
    await tx.run(`INSERT INTO groups VALUES (?, ?, ?, ?, ?, ?)`, [id, input.displayName, input.externalId ?? null, JSON.stringify(policies), now, now]);
    await writeMembers(tx, id, input.members ?? []);
    return groupResponse(ctx, tx, (await tx.one(`SELECT * FROM groups WHERE id = ?`, [id]))!);
  });
  return scimOk(group, 201, { Location: group.meta!.location });
}

/** Replace: the full membership is the one sent (none when `members` is omitted). */
export async function replaceGroup(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const input = parseScimBody(ScimGroupInput, request.body);
  return scimOk(await ctx.db.transaction(async (tx) => {
    const row = await groupRow(tx, request.params.id!);
    return groupResponse(ctx, tx, await writeGroup(ctx, tx, Number(row.id), input));
  }));
}

/** PATCH: members added or removed (by value list, or Entra ID's `members[value eq "…"]`), the name replaced. */
export async function patchGroup(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  const patch = parseScimBody(ScimPatchOp, request.body);
  return scimOk(await ctx.db.transaction(async (tx) => {
    const row = await groupRow(tx, request.params.id!);
    const current = await groupResponse(ctx, tx, row);
    // Members as a client names them (`value` only), so a remove by value list matches them.
    const plain = { ...current, members: (current.members ?? []).map((m) => ({ value: m.value })) };
    const patched = applyPatch({ attributes: GROUP_ATTRIBUTES, schemaUrn: SCIM_GROUP_SCHEMA }, plain as ScimResource, patch.Operations);
    return groupResponse(ctx, tx, await writeGroup(ctx, tx, Number(row.id), parseScimBody(ScimGroupInput, patched)));
  }));
}

/** Delete: the group and its memberships go; its members stay, without the rights it gave. */
export async function deleteGroup(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  await authorizeScim(ctx, request);
  await ctx.db.transaction(async (tx) => {
    const row = await groupRow(tx, request.params.id!);
    await tx.run(`DELETE FROM group_members WHERE group_id = ?`, [Number(row.id)]);
    await tx.run(`DELETE FROM groups WHERE id = ?`, [Number(row.id)]);
  });
  return { status: 204 };
}
