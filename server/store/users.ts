import type { Policy } from '../../src/contract';
import type { StateConnection } from './database';
import { userRecord, type UserRecord } from './rows';

/** The policies a user's groups carry, in group id order. */
export async function groupPolicies(tx: StateConnection, userId: number): Promise<Policy[]> {
  const rows = await tx.all(
    `SELECT g.policies FROM groups g JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ? ORDER BY g.id`,
    [userId],
  );
  return rows.flatMap((row) => JSON.parse(String(row.policies)) as Policy[]);
}

/**
 * A user as access decisions see them: their effective rights are their own policies plus their groups', read
 * afresh on every request so a membership change applies at once. A deleted (former) user is no one.
 */
export async function loadUser(tx: StateConnection, id: number): Promise<UserRecord | null> {
  const row = await tx.one(`SELECT * FROM users WHERE id = ? AND deleted_at IS NULL`, [id]);
  if (!row) return null;
  const user = userRecord(row);
  return { ...user, policies: [...user.policies, ...(await groupPolicies(tx, id))] };
}
