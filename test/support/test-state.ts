import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlatformOptions } from '../../server/app';
import { freshDatabase } from './postgres-cluster';

/**
 * Where a test platform keeps its state. In the `postgres` project (its `globals`; `TEST_POSTGRES_URL` is the run's
 * cluster, see test/postgres/global-setup.ts) the state is in a database of its own; elsewhere in DuckDB, as `npm start`
 * keeps it.
 */
export interface TestState {
  options: Pick<PlatformOptions, 'dataDir' | 'databaseUrl'>;
  remove(): Promise<void>;
}

/** Whether this test file runs in the `postgres` project: state shared by several processes can only be tested there. */
export const onPostgres = () => (globalThis as { TEST_STATE_STORE?: string }).TEST_STATE_STORE === 'postgres';
const database = () => (onPostgres() ? freshDatabase(process.env.TEST_POSTGRES_URL!) : Promise.resolve(undefined));

/** State for one platform's life: in memory, or a new database. */
export async function throwawayState(): Promise<TestState> {
  const db = await database();
  return { options: { dataDir: ':memory:', databaseUrl: db?.url }, remove: async () => db?.drop() };
}

/** State that outlives a platform, for a test that restarts it: a data dir (dev tokens, the signing key), and a database. */
export async function keptState(prefix: string): Promise<TestState> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const db = await database();
  return {
    options: { dataDir, databaseUrl: db?.url },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}
