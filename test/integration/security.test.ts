import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { requestListener } from '../../server/app';
import { FaultInjector } from '../../server/faults';
import { Router } from '../../server/http';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { raw } from '../support/raw-http';

/**
 * Each finding of the outside probe of the local platform, reproduced against a running platform: raw
 * requests (node:http, so Host and Origin are whatever the test says) rather than the project's clients.
 */

const PUBLIC_URL = 'https://addin.example:3000';
let t: TestPlatform;
let port: string;
beforeAll(async () => {
  t = await startTestPlatform({ publicUrl: PUBLIC_URL });
  port = new URL(t.platform.url).port;
});
afterAll(() => t.close());
afterEach(() => t.platform.faults.set([]));

const bearer = () => ({ Authorization: `Bearer ${t.platform.tokens.admin}` });

describe('CORS: none at all', () => {
  it('answers a foreign origin without Access-Control-Allow-Origin', async () => {
    const answer = await raw(`${t.platform.url}/api/v1/users/me`, { headers: { ...bearer(), Origin: 'https://evil.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants no preflight', async () => {
    const answer = await raw(`${t.platform.url}/api/v1/users/me/settings`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe('DNS rebinding: only the platform’s own Host names are answered', () => {
  it.each(['attacker.example:PORT', 'attacker.example', '127.0.0.2:PORT', 'localhost:1'])('refuses Host %s with 421', async (host) => {
    const answer = await raw(`${t.platform.url}/api/v1/users/me`, { headers: { ...bearer(), Host: host.replace('PORT', port) } });
    expect(answer.status).toBe(421);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Host') });
  });

  it.each(['127.0.0.1:PORT', 'localhost:PORT', 'LocalHost:PORT', '[::1]:PORT', 'addin.example:3000'])('answers Host %s', async (host) => {
    const answer = await raw(`${t.platform.url}/api/v1/users/me`, { headers: { ...bearer(), Host: host.replace('PORT', port) } });
    expect(answer.status).toBe(200);
  });
});

describe('fault injection: opt-in, same origin, loopback', () => {
  const rules = JSON.stringify({ rules: [{ path: '^/api/v1/users/me$', status: 503 }] });

  it('is not there unless the platform was started with it', async () => {
    const off = await startTestPlatform({ faultInjection: false });
    try {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const answer = await raw(`${off.platform.url}/__platform/faults`, { method, body: method === 'PUT' ? rules : undefined });
        expect(answer.status).toBe(404);
      }
      expect(off.platform.faults.list()).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it.each(['https://evil.example', 'null', `${PUBLIC_URL}`])('refuses Origin %s with 403 and no CORS', async (origin) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await raw(`${t.platform.url}/__platform/faults`, { method, headers: { Origin: origin }, body: method === 'PUT' ? rules : undefined });
      expect(answer.status).toBe(403);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(t.platform.faults.list()).toEqual([]);
  });

  it('works without an Origin, or with the platform’s own', async () => {
    expect((await raw(`${t.platform.url}/__platform/faults`, { method: 'PUT', body: rules })).status).toBe(200);
    expect((await raw(`${t.platform.url}/api/v1/users/me`, { headers: bearer() })).status).toBe(503);
    const own = await raw(`${t.platform.url}/__platform/faults`, { method: 'DELETE', headers: { Origin: t.platform.url } });
    expect(own.status).toBe(200);
    expect(t.platform.faults.list()).toEqual([]);
  });

  it('refuses PLATFORM_FAULTS at start without PLATFORM_FAULT_INJECTION=1, saying why', async () => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'server/main.ts'], {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, PLATFORM_PORT: '0', PLATFORM_DATA_DIR: ':memory:', PLATFORM_FAULTS: '[]', PLATFORM_FAULT_INJECTION: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PLATFORM_FAULT_INJECTION=1');
  }, 30_000);
});

describe('every error is answered promptly', () => {
  async function load(query: unknown): Promise<Response> {
    const issued = await raw(`${t.platform.url}/api/v1/deployments/${t.salesDeploymentId}/token`, { method: 'POST', headers: bearer() });
    const { cubeApiToken } = JSON.parse(issued.body) as { cubeApiToken: string };
    return fetch(`${t.platform.url}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: { Authorization: cubeApiToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query }),
      // A regression hangs: fail fast instead.
      signal: AbortSignal.timeout(1_000),
    });
  }

  it.each([
    ['a number dimension', 'orders.id', 'abc'],
    ['a number measure', 'orders.count', 'abc'],
    ['a boolean dimension', 'orders.is_returning_customer', 'maybe'],
  ])('answers 400 to a filter value that does not fit %s', async (_kind, member, value) => {
    const answer = await load({ measures: ['orders.count'], filters: [{ member, operator: 'equals', values: [value] }] });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toContain(`'${value}'`);
  });

  it('answers 400 to a malformed % escape in the path', async () => {
    const answer = await raw(`${t.platform.url}/api/v1/deployments/%E0%A4%A`, { headers: bearer() });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('percent-encoding') });
  });

  it('answers 500 to an internal failure and logs its cause', async () => {
    const router = new Router().add('GET', '/boom', async () => {
      throw new Error('the disk caught fire');
    });
    const hosts = new Set<string>();
    const server = createServer(requestListener(router, new FaultInjector(), hosts));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    hosts.add(`127.0.0.1:${(server.address() as AddressInfo).port}`);
    const logged: string[] = [];
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      logged.push(String(chunk));
      return true;
    });
    try {
      const answer = await raw(`http://${[...hosts][0]}/boom`, { timeoutMs: 1_000 });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Internal error' });
      expect(logged.join('')).toContain('the disk caught fire');
    } finally {
      stderr.mockRestore();
      server.close();
    }
  });
});

describe('abandoned Continue wait results are released', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(condition: () => boolean, ms = 5_000): Promise<void> {
    for (const deadline = Date.now() + ms; !condition(); await sleep(20)) {
      if (Date.now() > deadline) throw new Error('timed out');
    }
  }

  /** A platform whose queries outlast the wait window, and a way to ask it as a caller who may not come back. */
  async function slowPlatform(options: { maxRetainedResults?: number; maxRetainedRows?: number }) {
    const slow = await startTestPlatform({ continueWaitMs: 10, queryDelayMs: 200, resultRetentionMs: 2_500, ...options });
    const issued = await raw(`${slow.platform.url}/api/v1/deployments/${slow.salesDeploymentId}/token`, {
      method: 'POST', headers: { Authorization: `Bearer ${slow.platform.tokens.admin}` },
    });
    const { cubeApiToken } = JSON.parse(issued.body) as { cubeApiToken: string };
    const ask = async (query: unknown) => JSON.parse((await raw(`${slow.platform.url}/cubejs-api/v1/load`, {
      method: 'POST', headers: { Authorization: cubeApiToken, 'Content-Type': 'application/json' }, body: JSON.stringify({ query }),
    })).body) as { error?: string; data?: unknown[] };
    /** Starts each query 150 ms apart, so they finish in that order even on a busy machine, and leaves them. */
    const abandon = async (queries: unknown[]) => {
      for (const query of queries) {
        expect(await ask(query)).toEqual({ error: 'Continue wait' });
        await sleep(150);
      }
      await sleep(600);
    };
    return { slow, ask, abandon };
  }

  it('keeps at most the newest few, for the retention window only, and runs a released query again', async () => {
    const { slow, ask, abandon } = await slowPlatform({ maxRetainedResults: 2 });
    try {
      const queries = [['orders.count'], ['orders.total_amount'], ['orders.customer_count']].map((measures) => ({ measures }));
      await abandon(queries);
      // Three finished, nobody came back: the oldest was released at once, the others go when retention ends.
      expect(slow.platform.retainedResults).toBe(2);
      expect(await ask(queries[2])).toMatchObject({ data: [expect.any(Object)] });
      expect(slow.platform.retainedResults).toBe(1);
      expect(await ask(queries[0])).toEqual({ error: 'Continue wait' });
      await until(() => slow.platform.retainedResults === 0);
    } finally {
      await slow.close();
    }
  });

  it('keeps no more rows than allowed', async () => {
    const { slow, abandon } = await slowPlatform({ maxRetainedRows: 3 });
    try {
      await abandon(['orders.category', 'orders.region'].map((dimension) => ({ measures: ['orders.count'], dimensions: [dimension], limit: 2 })));
      expect(slow.platform.retainedResults).toBe(1);
    } finally {
      await slow.close();
    }
  });
});
