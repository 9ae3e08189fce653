import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { cubeTokenChecker } from '../../server/cube-core/auth';
import { API_SECRET_FILE } from '../../server/cube-core/secret';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { raw, type RawResponse } from '../support/raw-http';

/**
 * The Cube Core stand-in (`npm run start:cube`) against what a self-hosted Cube does: its api-gateway's default
 * `checkAuth` (gateway.ts `createDefaultCheckAuth`, `extractAuthorizationHeaderWithSchema`, jwk.ts) and cubejs-server's
 * `cors(http.cors)` (server.ts; expressjs/cors). Raw node:http requests, so Host, Origin and Authorization are
 * whatever the test says. Data is checked against SQL of the test's own on the same deterministic sample data.
 */

const json = (answer: RawResponse) => JSON.parse(answer.body) as Record<string, unknown>;
const ADDIN_ORIGIN = 'https://localhost:3000';
const SECRET = 'test-secret-of-the-stand-in';
const COUNT_QUERY = JSON.stringify({ measures: ['orders.count'] });

/** A token as a customer's backend signs one with `jsonwebtoken` or `jose`: HS256 with the API secret. */
function hs256(claims: JWTPayload, secret = SECRET, expiresIn: string | null = '1h') {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresIn) jwt.setExpirationTime(expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}

let cube: RunningCubeCore;
let reference: Database;
beforeAll(async () => {
  cube = await startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [ADDIN_ORIGIN], log: () => {} });
  reference = await Database.open(':memory:');
  await reference.transaction((tx) => createSampleData(tx));
});
afterAll(async () => {
  await reference.close();
  await cube?.close();
});

const load = (authorization: Record<string, string>, base = cube.url) =>
  raw(`${base}/cubejs-api/v1/load?query=${encodeURIComponent(COUNT_QUERY)}`, { headers: authorization });

describe('a token signed with the API secret', () => {
  it('reads /v1/meta and /v1/load; the data matches SQL on the sample data', async () => {
    const token = await hs256({ user_id: 'analyst@example.com' });
    const meta = await raw(`${cube.url}/cubejs-api/v1/meta`, { headers: { Authorization: token } });
    expect(meta.status).toBe(200);
    const names = (json(meta).cubes as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['orders', 'sales']));

    const count = await load({ Authorization: token });
    expect(count.status).toBe(200);
    // docs/local-platform.md: "120,000 orders from 2023-01-01 to 2025-12-31".
    expect(json(count).data).toEqual([{ 'orders.count': '120000' }]);

    const byStatus = await raw(`${cube.url}/cubejs-api/v1/load`, {
      method: 'POST',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } } }),
    });
    expect(byStatus.status).toBe(200);
    const expected = await reference.read((tx) => tx.all(`SELECT status, count(*) AS n FROM orders GROUP BY status ORDER BY status`));
    expect(json(byStatus).data).toEqual(expected.map((r) => ({ 'orders.status': r.status, 'orders.count': String(r.n) })));
  });

  it('serves /v1/sql and /v1/dry-run, and the probes without a token', async () => {
    const token = await hs256({});
    for (const path of ['sql', 'dry-run']) {
      const answer = await raw(`${cube.url}/cubejs-api/v1/${path}?query=${encodeURIComponent(COUNT_QUERY)}`, { headers: { Authorization: token } });
      expect(answer.status).toBe(200);
    }
    for (const path of ['/livez', '/readyz']) expect(json(await raw(`${cube.url}${path}`))).toEqual({ health: 'HEALTH' });
  });

  it('is taken as the whole header, after "Bearer ", or from x-cube-authorization', async () => {
    const token = await hs256({});
    expect((await load({ Authorization: `Bearer ${token}` })).status).toBe(200);
    // Cube splits on the first space and takes the second word, whatever the first is.
    expect((await load({ Authorization: `JWT ${token}` })).status).toBe(200);
    expect((await load({ 'x-cube-authorization': token, Authorization: 'not-a-token' })).status).toBe(200);
  });

  it('needs no exp: jsonwebtoken checks exp only when present', async () => {
    const answer = await load({ Authorization: await hs256({ user_id: 1 }, SECRET, null) });
    expect(answer.status).toBe(200);
  });

  it('is signToken’s too, and honours the u claim as Cube’s old security-context form', async () => {
    expect((await load({ Authorization: await cube.signToken({ u: { user_id: 1 } }) })).status).toBe(200);
  });
});

describe('refused as Cube refuses', () => {
  it.each([
    ['no Authorization header', {}],
    ['an empty one', { Authorization: '' }],
  ])('%s: 403 "Authorization header isn\'t set"', async (_case, headers) => {
    const answer = await load(headers);
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({ error: `Authorization header isn't set` });
  });

  it.each([
    ['signed with another secret', () => hs256({}, 'another-secret')],
    ['expired', () => hs256({ exp: Math.floor(Date.now() / 1000) - 10 }, SECRET, null)],
    ['not valid yet (nbf)', () => hs256({ nbf: Math.floor(Date.now() / 1000) + 600 })],
    ['not a JWT', async () => 'garbage'],
    // Node's HTTP parser drops the trailing space, as it does for Cube's Express: the token is then the word "Bearer".
    ['"Bearer " and nothing', async () => 'Bearer '],
    ['unsigned (alg none)', async () => `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"user_id":1}').toString('base64url')}.`],
  ])('%s: 403 "Invalid token"', async (_case, token) => {
    const answer = await load({ Authorization: await token() });
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({ error: 'Invalid token' });
  });

  it('refuses /v1/meta, /v1/sql and /v1/dry-run alike', async () => {
    for (const path of ['meta', 'sql', 'dry-run']) {
      const answer = await raw(`${cube.url}/cubejs-api/v1/${path}?query=${encodeURIComponent(COUNT_QUERY)}`, { headers: { Authorization: await hs256({}, 'x') } });
      expect([path, answer.status, json(answer)]).toEqual([path, 403, { error: 'Invalid token' }]);
    }
  });
});

describe('bad input: a clear 4xx, never 500', () => {
  it.each([
    ['a body that is not JSON', { method: 'POST', body: '{"query":', headers: { 'Content-Type': 'application/json' } }],
    ['no query', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } }],
    ['an unknown member', { method: 'POST', body: '{"query":{"measures":["orders.nope"]}}', headers: { 'Content-Type': 'application/json' } }],
    ['a query that is not JSON', { method: 'GET', path: '?query=%7Bnope' }],
  ])('%s', async (_case, init) => {
    const { path = '', headers = {}, ...rest } = init as { method: string; body?: string; path?: string; headers?: Record<string, string> };
    const answer = await raw(`${cube.url}/cubejs-api/v1/load${path}`, { ...rest, headers: { ...headers, Authorization: await hs256({}) } });
    expect(answer.status).toBe(400);
    expect(json(answer).error).toEqual(expect.any(String));
  });
});

describe('CORS: Cube’s cors middleware with the add-in’s origin listed', () => {
  const preflight = (origin: string) => raw(`${cube.url}/cubejs-api/v1/load`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });

  it('grants the add-in’s preflight: 204, its origin, the methods and Cube’s allowed headers', async () => {
    const answer = await preflight(ADDIN_ORIGIN);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': ADDIN_ORIGIN,
      'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      'access-control-allow-headers': 'authorization,content-type,x-request-id',
      vary: 'Origin',
    });
  });

  it('grants another origin no Access-Control-Allow-Origin, so a browser refuses it', async () => {
    const answer = await preflight('https://evil.example');
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('names the add-in’s origin on answers, refusals included, and no other origin', async () => {
    const token = await hs256({});
    const ok = await load({ Authorization: token, Origin: ADDIN_ORIGIN });
    expect([ok.status, ok.headers['access-control-allow-origin']]).toEqual([200, ADDIN_ORIGIN]);
    const refused = await load({ Origin: ADDIN_ORIGIN });
    expect([refused.status, refused.headers['access-control-allow-origin']]).toEqual([403, ADDIN_ORIGIN]);
    const foreign = await load({ Authorization: token, Origin: 'https://evil.example' });
    expect([foreign.status, foreign.headers['access-control-allow-origin']]).toEqual([200, undefined]);
    // Without an Origin (a server, curl) nothing is granted either.
    expect((await load({ Authorization: token })).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a Cube REST API only', () => {
  it.each([
    '/api/v1/users/me', '/api/v1/deployments', '/api/scim/v2/Users', '/oauth/jwks', '/.well-known/oauth-authorization-server',
    '/api/v1/public/local/agents/1/chat/stream-chat-state', '/__platform/faults',
  ])('%s: 404', async (path) => {
    const token = await hs256({});
    const answer = await raw(`${cube.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(404);
  });

  it('answers only its own Host names (DNS rebinding), preflights included', async () => {
    const port = new URL(cube.url).port;
    const token = await hs256({});
    expect((await load({ Authorization: token, Host: `attacker.example:${port}` })).status).toBe(421);
    const preflight = await raw(`${cube.url}/cubejs-api/v1/load`, { method: 'OPTIONS', headers: { Host: 'attacker.example', Origin: ADDIN_ORIGIN } });
    expect(preflight.status).toBe(421);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await load({ Authorization: token, Host: `localhost:${port}` })).status).toBe(200);
  });
});

describe('with CUBEJS_JWK_URL: tokens of an identity provider, checked against its JWKS', () => {
  const ISSUER = 'https://idp.example/';
  const AUDIENCE = 'https://cube.example/api';
  let idp: Server;
  let withJwks: RunningCubeCore;
  let keys: Awaited<ReturnType<typeof generateKeyPair>>;
  let other: Awaited<ReturnType<typeof generateKeyPair>>;

  beforeAll(async () => {
    keys = await generateKeyPair('RS256');
    other = await generateKeyPair('RS256');
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }] });
    idp = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    const jwkUrl = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/.well-known/jwks.json`;
    withJwks = await startCubeCore({
      dataDir: ':memory:', port: 0, corsOrigins: [ADDIN_ORIGIN], log: () => {},
      jwt: { apiSecret: SECRET, jwkUrl, audience: AUDIENCE, issuer: [ISSUER, 'https://other-idp.example/'], algorithms: ['RS256'] },
    });
  });
  afterAll(async () => {
    await withJwks?.close();
    idp?.close();
  });

  const rs256 = (claims: JWTPayload, { kid = 'key-1' as string | null, key = keys.privateKey } = {}) =>
    new SignJWT(claims).setProtectedHeader(kid ? { alg: 'RS256', kid } : { alg: 'RS256' }).setIssuedAt().setExpirationTime('5m').sign(key);

  it('accepts an RS256 token of the right audience and issuer, with or without "Bearer "', async () => {
    const token = await rs256({ aud: AUDIENCE, iss: ISSUER, sub: 'analyst' });
    expect((await load({ Authorization: token }, withJwks.url)).status).toBe(200);
    const answer = await load({ Authorization: `Bearer ${token}` }, withJwks.url);
    expect(json(answer).data).toEqual([{ 'orders.count': '120000' }]);
    // CUBEJS_JWT_ISSUER is a list: any of its issuers will do; an audience list need only include the one.
    expect((await load({ Authorization: await rs256({ aud: ['x', AUDIENCE], iss: 'https://other-idp.example/' }) }, withJwks.url)).status).toBe(200);
  });

  it.each([
    ['of another audience', () => rs256({ aud: 'https://elsewhere.example', iss: ISSUER })],
    ['of no audience', () => rs256({ iss: ISSUER })],
    ['of another issuer', () => rs256({ aud: AUDIENCE, iss: 'https://evil.example/' })],
    ['without a kid', () => rs256({ aud: AUDIENCE, iss: ISSUER }, { kid: null })],
    ['of a kid the set lacks', () => rs256({ aud: AUDIENCE, iss: ISSUER }, { kid: 'key-2' })],
    ['signed by another key under the right kid', () => rs256({ aud: AUDIENCE, iss: ISSUER }, { key: other.privateKey })],
    // The JWKS verifier replaces the secret one: Cube no longer takes tokens signed with CUBEJS_API_SECRET.
    ['signed with the API secret', () => hs256({ aud: AUDIENCE, iss: ISSUER })],
  ])('refuses a token %s: 403 "Invalid token"', async (_case, token) => {
    const answer = await load({ Authorization: await token() }, withJwks.url);
    expect(answer.status).toBe(403);
    expect(json(answer)).toEqual({ error: 'Invalid token' });
  });
});

describe('the token checker on its own', () => {
  const asRequest = (token: string) => ({ headers: { authorization: token } });

  it('reads a PEM CUBEJS_JWT_KEY as a public key, which then replaces the secret', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const check = cubeTokenChecker({ apiSecret: SECRET, key: await exportSPKI(publicKey) });
    const token = await new SignJWT({ user_id: 7 }).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    await expect(check(asRequest(token))).resolves.toEqual({ user_id: 7 });
    await expect(check(asRequest(await hs256({})))).rejects.toMatchObject({ status: 403, message: 'Invalid token' });
  });

  it('takes the security context from CUBEJS_JWT_CLAIMS_NAMESPACE, or merges the old u claim', async () => {
    const namespaced = cubeTokenChecker({ apiSecret: SECRET, claimsNamespace: 'https://cube.example/' });
    await expect(namespaced(asRequest(await hs256({ 'https://cube.example/': { team: 'sales' }, sub: 'x' })))).resolves.toEqual({ team: 'sales' });
    await expect(namespaced(asRequest(await hs256({ sub: 'x' })))).resolves.toEqual({});
    const plain = cubeTokenChecker({ apiSecret: SECRET });
    await expect(plain(asRequest(await hs256({ u: { team: 'sales' }, sub: 'x' }, SECRET, null)))).resolves.toEqual({ sub: 'x', iat: expect.any(Number), team: 'sales' });
  });

  it('refuses every token, 403 not 500, when the JWKS cannot be fetched, and says why', async () => {
    const heard: string[] = [];
    const check = cubeTokenChecker({ apiSecret: SECRET, jwkUrl: 'http://127.0.0.1:1/jwks.json' }, undefined, (message) => heard.push(message));
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'RS256', kid: 'k' }).sign(privateKey);
    await expect(check(asRequest(token))).rejects.toMatchObject({ status: 403, message: 'Invalid token' });
    expect(heard).toHaveLength(1);
  });
});

describe('npm run start:cube (server/cube-core/main.ts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cube-core-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the CLI, answers its printed URL and token, and stops it. */
  async function run<T>(use: (printed: { output: string; apiUrl: string; token: string }) => Promise<T>): Promise<T> {
    const env: NodeJS.ProcessEnv = { ...process.env, CUBE_PORT: '0', CUBE_DATA_DIR: dataDir };
    for (const name of Object.keys(env)) if (name.startsWith('CUBEJS_') || name === 'CUBE_CORS_ORIGIN') delete env[name];
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'server/cube-core/main.ts'], {
      cwd: join(__dirname, '..', '..'), env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('In the pane')) resolve(text);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      const apiUrl = /REST API URL:\s+(\S+)/.exec(output)![1]!;
      const token = /Token:\s+(\S+)/.exec(output)![1]!;
      return await use({ output, apiUrl, token });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }

  it('prints the REST API URL, a token that works for 30 days and the origin its CORS answers; the token survives a restart', async () => {
    const first = await run(async ({ output, apiUrl, token }) => {
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cubejs-api\/v1$/);
      expect(output).toContain(`CORS origins:  ${ADDIN_ORIGIN}\n`);
      expect(output).toContain('Cube API');
      const [, payload] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { exp: number; iat: number; user_id: string };
      expect(claims.exp - claims.iat).toBe(30 * 86_400);
      expect(claims.user_id).toBe('analyst@example.com');
      const answer = await raw(`${apiUrl}/load?query=${encodeURIComponent(COUNT_QUERY)}`, { headers: { Authorization: token } });
      expect(json(answer).data).toEqual([{ 'orders.count': '120000' }]);
      return token;
    });
    expect(existsSync(join(dataDir, API_SECRET_FILE))).toBe(true);
    await run(async ({ apiUrl }) => {
      const answer = await raw(`${apiUrl}/meta`, { headers: { Authorization: first } });
      expect(answer.status).toBe(200);
    });
  }, 60_000);
});
