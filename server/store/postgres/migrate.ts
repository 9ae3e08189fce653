import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely';
import { Pool } from 'pg';
import * as platformState from './schema-0001';

/** Every migration this version knows, in order; a name is never reused or changed once released. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_platform_state': platformState,
};

/** The table Kysely's migrator records the migrations run in. */
const MIGRATION_TABLE = 'kysely_migration';

/** The database was migrated by a newer version of the server: this one would misread it. */
export class NewerSchemaError extends Error {
  constructor(readonly unknown: string[]) {
    super(`The database holds migrations this server does not know (${unknown.join(', ')}): it was upgraded by a newer version. `
      + 'Run that version (or newer), or restore a backup taken before the upgrade; this server changes nothing.');
    this.name = 'NewerSchemaError';
  }
}

/**
 * Brings the database at `url` to this version's schema: Kysely's migrator (each migration in its own transaction,
 * under an advisory lock, so processes starting together migrate once), after refusing a schema newer than this
 * version. Answers the names of the migrations it ran.
 */
export async function migrateToLatest(url: string): Promise<string[]> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url, max: 1 }) }) });
  try {
    const ran = await executedMigrations(db);
    const unknown = ran.filter((name) => !(name in MIGRATIONS));
    if (unknown.length > 0) throw new NewerSchemaError(unknown);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, migrationTableName: MIGRATION_TABLE });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error;
    return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
  } finally {
    await db.destroy();
  }
}

async function executedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const table = await sql<{ name: string | null }>`SELECT to_regclass(${MIGRATION_TABLE}) AS name`.execute(db);
  if (!table.rows[0]?.name) return [];
  const rows = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(db);
  return rows.rows.map((row) => row.name);
}
