import type { StateConnection } from './database';

/**
 * SCIM Groups. A group carries policies as a user does (api.yaml `Policy`): its members' effective rights are their
 * own plus their groups' (store/users.ts). Memberships have no key of their own: DuckDB's indexes refuse some
 * deletes and re-inserts of a key in one transaction, so uniqueness is kept in code.
 */
export async function createGroupTables(tx: StateConnection): Promise<void> {
  await tx.run(`CREATE TABLE IF NOT EXISTS groups (
    id INTEGER PRIMARY KEY,
    display_name VARCHAR NOT NULL,
    external_id VARCHAR,
    policies VARCHAR NOT NULL,
    created_at VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS group_members (group_id INTEGER NOT NULL, user_id INTEGER NOT NULL)`);
}
