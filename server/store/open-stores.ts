import { join } from 'node:path';
import { processOAuthKeys, sharedOAuthKeys, type OAuthKeys } from '../oauth/keys';
import { Database } from './database';
import { migrateToLatest } from './postgres/migrate';
import { PostgresStore } from './postgres/store';
import { createSampleData } from './sample-data';
import { prepareDatabase, seedTenantOnce } from './seed';
import type { StateStore } from './state-store';

/** Where a platform keeps what it knows, and what its data API queries run on. */
export interface PlatformStores {
  state: StateStore;
  /** The sample data's engine (the data API's deployments): the state's DuckDB file, or one in memory beside PostgreSQL. */
  analytics: Database;
  oauthKeys: OAuthKeys;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** The data dir, or null for a throwaway platform. */
  dataDir: string | null;
  /** PostgreSQL's connection URL: the state goes there instead of the data dir's DuckDB file. */
  databaseUrl?: string;
  /** Whether a new PostgreSQL database gets the sample tenant (the local platform's), or stays empty (a team's). */
  sampleTenant: boolean;
  notice(message: string): void;
}

export async function openStores({ dataDir, databaseUrl, sampleTenant, notice }: StoreOptions): Promise<PlatformStores> {
  if (!databaseUrl) {
    const db = await Database.open(dataDir ? join(dataDir, 'platform.duckdb') : ':memory:');
    await prepareDatabase(db, notice);
    return { state: db, analytics: db, oauthKeys: processOAuthKeys(dataDir), close: () => db.close() };
  }
  const ran = await migrateToLatest(databaseUrl);
  if (ran.length > 0) notice(`The database was migrated: ${ran.join(', ')}.`);
  const state = PostgresStore.connect(databaseUrl, (error) => notice(`A pooled database connection failed: ${error.message}`));
  const analytics = await Database.open(':memory:');
  try {
    if (sampleTenant) {
      await seedTenantOnce(state);
      await analytics.transaction((tx) => createSampleData(tx));
    }
    const oauthKeys = await sharedOAuthKeys(state);
    return { state, analytics, oauthKeys, close: async () => {
      await analytics.close();
      await state.close();
    } };
  } catch (error) {
    await analytics.close();
    await state.close();
    throw error;
  }
}
