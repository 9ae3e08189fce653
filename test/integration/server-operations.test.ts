import { request } from 'node:http';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

/**
 * What running the server for a team needs besides its API: probes a load balancer asks by address (whatever the
 * Host), and a shutdown that lets requests in flight finish.
 */
let t: TestPlatform;

/** A GET with the Host a load balancer's probe sends: the process's address, not the platform's name. */
function get(path: string, host: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.platform.url}${path}`, { headers: { host, authorization: `Bearer ${t.platform.tokens.analyst}` }, agent: false }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('answers /livez and /readyz to any Host, and nothing else', async () => {
  t = await startTestPlatform();
  expect(await get('/livez', '10.0.0.7:4000')).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get('/readyz', '10.0.0.7:4000')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
  expect((await get('/api/v1/users/me', '10.0.0.7:4000')).status).toBe(421);
  await t.close();
});

it('finishes a request in flight when it shuts down gracefully, and takes no new ones', async () => {
  t = await startTestPlatform();
  t.platform.faults.set([{ method: 'GET', path: '/users/me$', latencyMs: 600 }]);
  const inFlight = get('/api/v1/users/me', new URL(t.platform.url).host);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const closed = t.close({ graceMs: 10_000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  await expect(get('/livez', 'probe')).rejects.toThrow(/ECONNREFUSED/);
  expect(await inFlight).toMatchObject({ status: 200, body: { id: 2 } });
  await closed;
});
