import type { StateConnection } from './database';
import { createGroupTables } from './group-tables';
import { migrateState } from './migrations';

/**
 * Platform state. Ids are integers where the real API's are (users, deployments, folders, reports) and strings
 * where they are strings (placements, environments). Timestamps are ISO 8601 strings and structured values JSON
 * text, so what the API returns is exactly what was stored. Uniqueness of user names and report public ids is
 * enforced in code: DuckDB's unique indexes reject some updates of indexed rows in one transaction.
 */
// Raised when the tables or the seeded tenant change (4: the analyst's own folder, the chat's Place in sheet on; 5:
// chat threads owned by user id; 6: groups that grant rights, users deleted by SCIM kept as former users), so an older data dir is migrated (migrations.ts) or, where no step leads from its
// version, seeded again rather than missing what a first run relies on.
export const STATE_SCHEMA_VERSION = '6';

const STATE_TABLES = ['users', 'groups', 'group_members', 'access_tokens', 'deployments', 'folders', 'reports', 'placements', 'app_config', 'oauth_store', 'sessions_ended', 'chat_threads', 'chat_messages'];

export async function createStateTables(tx: StateConnection): Promise<void> {
  await tx.run(`CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    user_name VARCHAR NOT NULL,
    given_name VARCHAR,
    family_name VARCHAR,
    emails VARCHAR NOT NULL,
    active BOOLEAN NOT NULL,
    external_id VARCHAR,
    is_admin BOOLEAN NOT NULL,
    policies VARCHAR NOT NULL,
    settings VARCHAR NOT NULL,
    created_at VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL,
    last_login VARCHAR,
    deleted_at VARCHAR)`);
  await createGroupTables(tx);
  await tx.run(`CREATE TABLE IF NOT EXISTS access_tokens (
    token_hash VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL,
    user_id INTEGER,
    label VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS deployments (
    id INTEGER PRIMARY KEY, name VARCHAR NOT NULL, jwt_secret VARCHAR NOT NULL, position INTEGER NOT NULL,
    rest_url_style VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS folders (
    id INTEGER PRIMARY KEY, deployment_id INTEGER NOT NULL, parent_id INTEGER, name VARCHAR NOT NULL, position INTEGER NOT NULL,
    created_by INTEGER NOT NULL, created_at VARCHAR NOT NULL, updated_at VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY,
    deployment_id INTEGER NOT NULL,
    public_id VARCHAR NOT NULL,
    name VARCHAR NOT NULL,
    title VARCHAR,
    description VARCHAR,
    folder_id INTEGER,
    json_query VARCHAR,
    pivot_items VARCHAR,
    sql_query VARCHAR,
    query_checksum VARCHAR,
    source VARCHAR,
    user_id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    created_at VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL,
    last_viewed_at VARCHAR)`);
  // `row_key` is the table's own key: placements recorded before ids existed (legacy) have a null `id`.
  await tx.run(`CREATE TABLE IF NOT EXISTS placements (
    row_key INTEGER PRIMARY KEY,
    id VARCHAR,
    report_id INTEGER NOT NULL,
    workbook_id VARCHAR NOT NULL,
    result_location VARCHAR NOT NULL,
    host VARCHAR,
    sheet_id VARCHAR,
    sheet_name VARCHAR,
    anchor_cell VARCHAR,
    workbook_name VARCHAR,
    end_result_cell VARCHAR,
    placed_at VARCHAR,
    placed_by_user_id INTEGER,
    refreshed_at VARCHAR,
    refreshed_by_user_id INTEGER,
    query_checksum VARCHAR,
    result_checksum VARCHAR)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS app_config (id INTEGER PRIMARY KEY, value VARCHAR NOT NULL)`);
  // The authorization server's grants, codes and tokens (oidc-provider's adapter), by model and id.
  await tx.run(`CREATE TABLE IF NOT EXISTS oauth_store (
    model VARCHAR NOT NULL, id VARCHAR NOT NULL, payload VARCHAR NOT NULL, expires_at VARCHAR,
    grant_id VARCHAR, uid VARCHAR, consumed_at VARCHAR, PRIMARY KEY (model, id))`);
  // Each time a user's sessions were ended (deactivation): their count is the epoch data tokens must carry
  // (oauth/sessions.ts). Created in place on older data dirs: none ended there.
  await tx.run(`CREATE TABLE IF NOT EXISTS sessions_ended (user_id INTEGER NOT NULL, ended_at VARCHAR NOT NULL)`);
  // The local agent's threads. `owner` is who asked (`external:<id>`, or `user:<id>` for a platform user: by id, as
  // names change hands); `suspended` the JSON of a turn stopped before its end, to resume.
  await tx.run(`CREATE TABLE IF NOT EXISTS chat_threads (
    id VARCHAR PRIMARY KEY, agent_id INTEGER NOT NULL, owner VARCHAR NOT NULL, title VARCHAR NOT NULL,
    created_at VARCHAR NOT NULL, updated_at VARCHAR NOT NULL, suspended VARCHAR)`);
  // A thread's messages as consolidated frames (JSON), by `sort`; `turn_message_id` is the client's messageId of
  // the question they answer. No key: a turn's rows are replaced as it goes, which DuckDB's indexes refuse.
  await tx.run(`CREATE TABLE IF NOT EXISTS chat_messages (
    thread_id VARCHAR NOT NULL, sort INTEGER NOT NULL, turn_message_id VARCHAR NOT NULL, frame VARCHAR NOT NULL)`);
}

/**
 * A data dir written by an earlier version is migrated in place where migrations.ts has steps from its version;
 * otherwise it has other tables or another seed: they are dropped, and the tenant is seeded anew.
 * `meta` exists already (the caller creates it first).
 */
export async function dropOutdatedState(tx: StateConnection): Promise<boolean> {
  const version = await tx.one(`SELECT value FROM meta WHERE key = 'schema'`);
  const seeded = await tx.one(`SELECT value FROM meta WHERE key = 'seeded'`);
  if (!seeded || version?.value === STATE_SCHEMA_VERSION) return false;
  if (version && await migrateState(tx, String(version.value), STATE_SCHEMA_VERSION) === STATE_SCHEMA_VERSION) return false;
  for (const table of STATE_TABLES) await tx.run(`DROP TABLE IF EXISTS ${table}`);
  await tx.run(`DELETE FROM meta WHERE key IN ('seeded', 'schema', 'user_ids_issued')`);
  return true;
}

/** The next free integer id of a table (ids are handed out under the state lock). */
export async function nextId(tx: StateConnection, table: 'users' | 'groups' | 'deployments' | 'folders' | 'reports', column = 'id'): Promise<number> {
  if (table === 'users') return nextUserId(tx);
  const row = await tx.one(`SELECT coalesce(max(${column}), 0) + 1 AS next FROM ${table}`);
  return Number(row!.next);
}

/**
 * A user id is never handed out twice, even after the user with the highest one is deleted: what a person owns is
 * keyed by it (chat threads, reports, tokens), so a new user must not inherit a deleted one's. The highest id ever
 * handed out is kept in `meta`.
 */
async function nextUserId(tx: StateConnection): Promise<number> {
  const next = (await userIdsIssued(tx)) + 1;
  await setUserIdsIssued(tx, next);
  return next;
}

/** Raises the mark of user ids handed out to the highest in use: seeded users, or a data dir from before the mark. */
export async function markUserIdsIssued(tx: StateConnection): Promise<void> {
  await setUserIdsIssued(tx, await userIdsIssued(tx));
}

async function userIdsIssued(tx: StateConnection): Promise<number> {
  const row = await tx.one(`SELECT greatest(
    coalesce((SELECT max(id) FROM users), 0), coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'user_ids_issued'), 0)) AS issued`);
  return Number(row!.issued);
}

const setUserIdsIssued = (tx: StateConnection, issued: number) =>
  tx.run(`INSERT INTO meta VALUES ('user_ids_issued', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [String(issued)]);

export async function nextPlacementKey(tx: StateConnection): Promise<number> {
  const row = await tx.one(`SELECT coalesce(max(row_key), 0) + 1 AS next FROM placements`);
  return Number(row!.next);
}
