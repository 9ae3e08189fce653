import type { PostgresCluster } from '../support/postgres-cluster';

export default function globalTeardown(): void {
  (globalThis as { postgresCluster?: PostgresCluster }).postgresCluster?.stop();
}
