import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

/** The `postgres` project's cluster: one for the run, its URL for the test workers (`TEST_POSTGRES_URL`). */
export default async function globalSetup(): Promise<void> {
  const cluster = await startPostgresCluster();
  (globalThis as { postgresCluster?: PostgresCluster }).postgresCluster = cluster;
  process.env.TEST_POSTGRES_URL = cluster.url('postgres');
}
