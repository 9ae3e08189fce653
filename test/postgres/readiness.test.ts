import { startPlatform, type RunningPlatform } from '../../server/app';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';

/**
 * `/readyz` tells a load balancer whether to send this process traffic: not while its database is down, and again as
 * soon as it is back, without a restart. A cluster of its own, since this test stops it.
 */
jest.setTimeout(120_000);

let cluster: PostgresCluster;
let platform: RunningPlatform;
beforeAll(async () => {
  cluster = await startPostgresCluster();
  platform = await startPlatform({ dataDir: ':memory:', port: 0, databaseUrl: cluster.url('postgres') });
});
afterAll(async () => {
  await platform?.close();
  cluster?.stop();
});

const probe = async (path: string) => {
  const response = await fetch(`${platform.url}${path}`);
  return { status: response.status, body: await response.json() as { status: string; checks?: Record<string, string> } };
};

it('is ready with its database, not while it is down, and ready again once it is back', async () => {
  expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
  cluster.down();
  const down = await probe('/readyz');
  expect(down.status).toBe(503);
  expect(down.body.status).toBe('not ready');
  expect(down.body.checks!.database).toMatch(/^failing: /);
  // Still live: nothing a restart would mend.
  expect(await probe('/livez')).toEqual({ status: 200, body: { status: 'live' } });
  cluster.up();
  expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
  // And serves again: the pool replaced the connections the restart broke.
  const me = await fetch(`${platform.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${platform.tokens.analyst}` } });
  expect(me.status).toBe(200);
});
