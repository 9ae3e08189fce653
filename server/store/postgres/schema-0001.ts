import { sql, type Kysely } from 'kysely';

/**
 * The platform's state as DuckDB's schema version 6 holds it (store/schema.ts), column for column in the same order
 * (statements insert by position), with what DuckDB's indexes could not keep enforced by PostgreSQL itself: user
 * names and group names unique (case-insensitively, as SCIM compares them), report public ids unique, a member in a
 * group once, a placement id once. Besides, the keys every process of a team's server shares. Frozen: later changes are new migrations.
 */
const STATEMENTS = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE users (
    id INTEGER PRIMARY KEY, user_name TEXT NOT NULL, given_name TEXT, family_name TEXT, emails TEXT NOT NULL, active BOOLEAN NOT NULL,
    external_id TEXT, is_admin BOOLEAN NOT NULL, policies TEXT NOT NULL, settings TEXT NOT NULL, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, last_login TEXT, deleted_at TEXT)`,
  `CREATE UNIQUE INDEX users_user_name ON users (lower(user_name)) WHERE deleted_at IS NULL`,
  `CREATE TABLE groups (
    id INTEGER PRIMARY KEY, display_name TEXT NOT NULL, external_id TEXT, policies TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
  `CREATE UNIQUE INDEX groups_display_name ON groups (lower(display_name))`,
  `CREATE TABLE group_members (group_id INTEGER NOT NULL, user_id INTEGER NOT NULL, PRIMARY KEY (group_id, user_id))`,
  `CREATE TABLE access_tokens (token_hash TEXT PRIMARY KEY, kind TEXT NOT NULL, user_id INTEGER, label TEXT NOT NULL)`,
  `CREATE TABLE deployments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, jwt_secret TEXT NOT NULL, position INTEGER NOT NULL, rest_url_style TEXT NOT NULL)`,
  `CREATE TABLE folders (
    id INTEGER PRIMARY KEY, deployment_id INTEGER NOT NULL, parent_id INTEGER, name TEXT NOT NULL, position INTEGER NOT NULL,
    created_by INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
  `CREATE TABLE reports (
    id INTEGER PRIMARY KEY, deployment_id INTEGER NOT NULL, public_id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, title TEXT, description TEXT,
    folder_id INTEGER, json_query TEXT, pivot_items TEXT, sql_query TEXT, query_checksum TEXT, source TEXT, user_id INTEGER NOT NULL,
    version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, last_viewed_at TEXT)`,
  `CREATE TABLE placements (
    row_key INTEGER PRIMARY KEY, id TEXT UNIQUE, report_id INTEGER NOT NULL, workbook_id TEXT NOT NULL, result_location TEXT NOT NULL,
    host TEXT, sheet_id TEXT, sheet_name TEXT, anchor_cell TEXT, workbook_name TEXT, end_result_cell TEXT, placed_at TEXT,
    placed_by_user_id INTEGER, refreshed_at TEXT, refreshed_by_user_id INTEGER, query_checksum TEXT, result_checksum TEXT)`,
  `CREATE INDEX placements_report ON placements (report_id)`,
  `CREATE TABLE app_config (id INTEGER PRIMARY KEY, value TEXT NOT NULL)`,
  `CREATE TABLE oauth_store (
    model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, expires_at TEXT, grant_id TEXT, uid TEXT, consumed_at TEXT,
    PRIMARY KEY (model, id))`,
  `CREATE INDEX oauth_store_grant ON oauth_store (grant_id)`,
  `CREATE INDEX oauth_store_uid ON oauth_store (uid)`,
  `CREATE TABLE sessions_ended (user_id INTEGER NOT NULL, ended_at TEXT NOT NULL)`,
  `CREATE TABLE chat_threads (
    id TEXT PRIMARY KEY, agent_id INTEGER NOT NULL, owner TEXT NOT NULL, title TEXT NOT NULL, created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL, suspended TEXT)`,
  `CREATE TABLE chat_messages (thread_id TEXT NOT NULL, sort INTEGER NOT NULL, turn_message_id TEXT NOT NULL, frame TEXT NOT NULL)`,
  `CREATE INDEX chat_messages_thread ON chat_messages (thread_id, sort)`,
  // What every process of one server must share: the OAuth signing key and cookie key (oauth/keys.ts).
  `CREATE TABLE server_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // DuckDB's json_extract_string(json, path), which the platform's statements use, on PostgreSQL's SQL/JSON paths
  // (https://www.postgresql.org/docs/15/functions-json.html#FUNCTIONS-SQLJSON-PATH): the value at `path` as text.
  `CREATE FUNCTION json_extract_string(doc TEXT, path TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT
    AS $$ SELECT jsonb_path_query_first(doc::jsonb, path::jsonpath) #>> '{}' $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
