import type { StateConnection } from './database';

/**
 * Platform state. Timestamps are ISO 8601 strings and structured values JSON text, so what the API returns
 * is exactly what was stored, with no driver conversions in between. Uniqueness of user names and report
 * public ids is enforced in code: DuckDB's unique indexes reject some updates of indexed rows in one transaction.
 */
export async function createStateTables(tx: StateConnection): Promise<void> {
  await tx.run(`CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS users (
    id VARCHAR PRIMARY KEY,
    user_name VARCHAR NOT NULL,
    given_name VARCHAR,
    family_name VARCHAR,
    emails VARCHAR NOT NULL,
    active BOOLEAN NOT NULL,
    external_id VARCHAR,
    policies VARCHAR NOT NULL,
    settings VARCHAR NOT NULL,
    created_at VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS access_tokens (
    token_hash VARCHAR PRIMARY KEY,
    kind VARCHAR NOT NULL,
    user_id VARCHAR,
    label VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS deployments (
    id VARCHAR PRIMARY KEY, name VARCHAR NOT NULL, jwt_secret VARCHAR NOT NULL, position INTEGER NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS folders (
    id VARCHAR PRIMARY KEY, deployment_id VARCHAR NOT NULL, parent_id VARCHAR, name VARCHAR NOT NULL)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS reports (
    id VARCHAR PRIMARY KEY,
    deployment_id VARCHAR NOT NULL,
    public_id VARCHAR,
    name VARCHAR NOT NULL,
    title VARCHAR NOT NULL,
    folder_id VARCHAR,
    query_json VARCHAR NOT NULL,
    pivot_json VARCHAR NOT NULL,
    query_checksum VARCHAR NOT NULL,
    created_at VARCHAR NOT NULL,
    updated_at VARCHAR NOT NULL,
    last_viewed_at VARCHAR)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS placements (
    id VARCHAR PRIMARY KEY,
    report_id VARCHAR NOT NULL,
    workbook_id VARCHAR NOT NULL,
    host VARCHAR NOT NULL,
    sheet_id VARCHAR NOT NULL,
    sheet_name VARCHAR NOT NULL,
    anchor_cell VARCHAR NOT NULL,
    workbook_name VARCHAR NOT NULL,
    result_location VARCHAR NOT NULL,
    end_result_cell VARCHAR NOT NULL,
    placed_at VARCHAR NOT NULL,
    placed_by_user_id VARCHAR NOT NULL,
    refreshed_at VARCHAR,
    refreshed_by_user_id VARCHAR,
    query_checksum VARCHAR,
    result_checksum VARCHAR)`);
  await tx.run(`CREATE TABLE IF NOT EXISTS app_config (id INTEGER PRIMARY KEY, value VARCHAR NOT NULL)`);
}
