import type { Policy } from '../../src/contract';
import type { StateStore, StateConnection, Table } from './state-store';
import { userRecord, type UserRecord } from './rows';

/** The tables a user's record is read from, and the key it is kept under. */
const USER_TABLES: readonly Table[] = ['users', 'groups', 'group_members'];
const userKey = (id: number) => `user ${id}`;

/** The policies a user's groups carry, in group id order. */
export async function groupPolicies(tx: StateConnection, userId: number): Promise<Policy[]> {
  const rows = await tx.all(
    `SELECT g.policies FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ? ORDER BY g.id`,
    [userId],
  );
  return rows.flatMap((row) => JSON.parse(String(row.policies)) as Policy[]);
}

/**
 * A user as access decisions see them: their effective rights are their own policies plus their groups', as
 * the last commit left them, so a membership change applies at once. A deleted (former) user is no one. The
 * record is kept until users or groups change (`StateConnection.cached`): it is frozen, as every caller shares it.
 */
export function loadUser(tx: StateConnection, id: number): Promise<UserRecord | null> {
  return tx.cached(USER_TABLES, userKey(id), () => readUser(tx, id));
}

/** `loadUser` outside a transaction: a kept record is answered without queueing behind running ones (`Database.cachedRead`). */
export function keptUser(db: StateStore, id: number): Promise<UserRecord | null> {
  return db.cachedRead(USER_TABLES, userKey(id), (tx) => readUser(tx, id));
}

async function readUser(tx: StateConnection, id: number): Promise<UserRecord | null> {
  const row = await tx.one(`SELECT * FROM users WHERE id = ? AND deleted_at IS NULL`, [id]);
  if (!row) return null;
  const user = userRecord(row);
  return deepFreeze({ ...user, policies: [...user.policies, ...(await groupPolicies(tx, id))] });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
