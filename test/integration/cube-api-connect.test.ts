import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';
import { parse as parseYaml } from 'yaml';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { ApiError, CoreDataClient, type FetchLike } from '../../src/client';
import { CubeApiAddressError, normalizeCubeApiAddress } from '../../src/session/cube-api/cube-api-address';
import { CubeTokenNeededError, PastedCubeTokens, type CubeTokenRequestReason } from '../../src/session/cube-api/cube-api-tokens';
import { CubeTokenError, readCubeToken } from '../../src/session/cube-api/cube-token';
import { connectCubeApi, CubeApiConnectError } from '../../src/session/cube-api/connect-cube-api';
import { raw } from '../support/raw-http';

/**
 * Connecting the add-in to a Cube deployment's REST API with a pasted token, against the Cube Core stand-in
 * (server/cube-core), which answers as a self-hosted Cube does (docs/cube-api.md: a missing token is
 * `403 {"error": "Authorization header isn't set"}`, any bad one `403 {"error": "Invalid token"}`; CORS answers only
 * the listed origins). Every request the add-in's code sends goes through a recording fetch: all must be Cube REST API
 * requests (`/cubejs-api/v1/...`), never a Platform API one.
 */

const SECRET = 'cube-api-connect-test-secret';
/** The add-in's dev server, the origin the stand-in's CORS lets through here. */
const ADDIN_ORIGIN = 'https://localhost:3000';
const TOKEN_REFUSED = 'The Cube deployment refused this token: it may be signed with another secret or be expired; ask for a new one.';

/** A token as a customer's backend signs one (HS256 with CUBEJS_API_SECRET); `exp` in seconds from now, or none. */
function sign(claims: JWTPayload = {}, { secret = SECRET, expiresIn = 3600 as number | null } = {}): Promise<string> {
  const jwt = new SignJWT({ user_id: 'analyst@example.com', ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}
const expOf = (token: string) => readCubeToken(token, 0).expiresAt!;

interface Recorded {
  method: string;
  url: string;
  mode?: RequestMode;
  authorization?: string;
}

/** A fetch that records every request before `inner` sends it. */
function recording(inner: FetchLike = (url, init) => globalThis.fetch(url, init)) {
  const requests: Recorded[] = [];
  const fetch: FetchLike = (url, init) => {
    const headers = new Headers(init.headers);
    requests.push({ method: init.method ?? 'GET', url, mode: init.mode, authorization: headers.get('authorization') ?? undefined });
    return inner(url, init);
  };
  return { requests, fetch };
}

/** Only Cube REST API requests, under the address's `/cubejs-api/v1/`; no Platform API (`/api/v1/...`) call. */
function expectOnlyCubeApiRequests(requests: Recorded[], base = `${cube.url}/cubejs-api`) {
  expect(requests.length).toBeGreaterThan(0);
  for (const { url } of requests) {
    expect(url.startsWith(`${base}/v1/`)).toBe(true);
    expect(new URL(url).pathname).not.toMatch(/^\/api\//);
  }
}

/**
 * `fetch` as a browser on `pageOrigin` runs it against another origin (Fetch standard, "CORS-preflight fetch" and "CORS
 * check"), over real HTTP: a request with an Authorization header is preceded by an OPTIONS preflight, which must
 * answer ok with `Access-Control-Allow-Origin` naming the page (or `*`) and allow the header; the answer must name
 * the page again. Any failure is the one TypeError a page sees, with no status, as for an unreachable host.
 * `mode: 'no-cors'` sends a plain request and answers an opaque response (status 0, nothing readable).
 */
function browserFetch(pageOrigin: string): FetchLike {
  const failed = () => new TypeError('Failed to fetch');
  const allows = (value: string | string[] | undefined) => value === pageOrigin || value === '*';
  return async (url, init) => {
    const headers = new Headers(init.headers);
    if (init.mode === 'no-cors') {
      try {
        await raw(url, { method: init.method ?? 'GET' });
      } catch {
        throw failed();
      }
      return { type: 'opaque', status: 0, ok: false, headers: new Headers(), body: null } as unknown as Response;
    }
    const unsafe = [...headers.keys()].filter((name) => !['accept', 'content-type', 'accept-language', 'content-language'].includes(name));
    try {
      if (unsafe.length || (init.method ?? 'GET') !== 'GET') {
        const preflight = await raw(url, {
          method: 'OPTIONS',
          headers: { Origin: pageOrigin, 'Access-Control-Request-Method': init.method ?? 'GET', 'Access-Control-Request-Headers': unsafe.sort().join(',') },
        });
        const allowedHeaders = String(preflight.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
        if (preflight.status < 200 || preflight.status > 299 || !allows(preflight.headers['access-control-allow-origin'])) throw failed();
        if (!unsafe.every((name) => allowedHeaders.includes(name) || allowedHeaders.includes('*'))) throw failed();
      }
    } catch {
      throw failed();
    }
    let answer: Awaited<ReturnType<typeof raw>>;
    try {
      answer = await raw(url, { method: init.method ?? 'GET', headers: { ...Object.fromEntries(headers), Origin: pageOrigin } });
    } catch {
      throw failed();
    }
    if (!allows(answer.headers['access-control-allow-origin'])) throw failed();
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
  };
}

/** Starts a throwaway HTTP server on loopback. */
async function serve(listener: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** A loopback port nothing listens on (one just given up). */
async function closedPort(): Promise<number> {
  const server = await serve(() => {});
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('it succeeded');
}

// The stand-in's model (server/model/sales.yml): Cube's /v1/meta lists its cubes and its views alike.
const model = parseYaml(readFileSync(join(__dirname, '..', '..', 'server', 'model', 'sales.yml'), 'utf8')) as { cubes?: unknown[]; views?: unknown[] };
const MODEL_CUBES_AND_VIEWS = (model.cubes?.length ?? 0) + (model.views?.length ?? 0);

let cube: RunningCubeCore;
beforeAll(async () => {
  cube = await startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [ADDIN_ORIGIN], log: () => {} });
});
afterAll(() => cube?.close());

describe('the address as typed', () => {
  it.each([
    ['the base', 'https://cube.example.com/cubejs-api'],
    ['with /v1', 'https://cube.example.com/cubejs-api/v1'],
    ['with /v1/', 'https://cube.example.com/cubejs-api/v1/'],
    ['with a trailing slash', 'https://cube.example.com/cubejs-api/'],
    ['with slashes and spaces around', '  https://cube.example.com/cubejs-api//  '],
    ['with an upper-case host and the default port', 'https://CUBE.example.com:443/cubejs-api'],
  ])('%s: the base without /v1', (_case, typed) => {
    expect(normalizeCubeApiAddress(typed)).toBe('https://cube.example.com/cubejs-api');
  });

  it('keeps another path and port as typed (a proxy may serve Cube elsewhere), adding nothing', () => {
    expect(normalizeCubeApiAddress('https://bi.example.com:8443/analytics/cubejs-api/v1')).toBe('https://bi.example.com:8443/analytics/cubejs-api');
    expect(normalizeCubeApiAddress('https://cube.example.com')).toBe('https://cube.example.com');
  });

  it.each(['http://localhost:4000/cubejs-api', 'http://127.0.0.1:4000/cubejs-api/v1', 'http://[::1]:4000/cubejs-api'])('takes plain http to this computer: %s', (typed) => {
    expect(normalizeCubeApiAddress(typed)).toBe(typed.replace(/\/v1$/, ''));
  });

  it.each([
    ['cube.example.com/cubejs-api', 'https://cube.example.com/cubejs-api'],
    ['localhost:4000/cubejs-api', 'https://localhost:4000/cubejs-api'],
  ])('reads %j, typed without a scheme, as https: %s', (typed, read) => {
    expect(normalizeCubeApiAddress(typed)).toBe(read);
  });

  it.each([
    ['', 'empty'],
    ['cube example com/cubejs-api', 'not-a-url'],
    ['ftp://cube.example.com/cubejs-api', 'scheme'],
    ['http://cube.example.com/cubejs-api', 'insecure'],
    ['http://192.168.1.10:4000/cubejs-api', 'insecure'],
    ['https://user:secret@cube.example.com/cubejs-api', 'credentials'],
    ['https://cube.example.com/cubejs-api/v1/load?query={}', 'query'],
  ])('refuses %j (%s)', (typed, problem) => {
    const error = (() => {
      try {
        normalizeCubeApiAddress(typed);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CubeApiAddressError);
    expect((error as CubeApiAddressError).problem).toBe(problem);
  });
});

describe('connecting', () => {
  it.each([
    ['the base', '/cubejs-api'],
    ['with /v1', '/cubejs-api/v1'],
    ['with /v1 and a trailing slash', '/cubejs-api/v1/'],
    ['with a trailing slash', '/cubejs-api/'],
  ])('%s: answers the connection to keep, after one GET /v1/meta with the token as the whole header', async (_case, path) => {
    const token = await sign();
    const { requests, fetch } = recording();
    const connected = await connectCubeApi({ address: `${cube.url}${path}`, token }, { fetch });
    expect(connected).toEqual({ kind: 'cube-api', apiUrl: `${cube.url}/cubejs-api`, token, expiresAt: expOf(token), cubes: MODEL_CUBES_AND_VIEWS });
    expect(requests).toEqual([{ method: 'GET', url: `${cube.url}/cubejs-api/v1/meta`, mode: undefined, authorization: token }]);
  });

  it('a token without exp: connected, as the deployment takes it (jsonwebtoken checks exp only when present), its end unknown', async () => {
    const token = await sign({}, { expiresIn: null });
    expect((await raw(`${cube.url}/cubejs-api/v1/meta`, { headers: { Authorization: token } })).status).toBe(200);
    const { requests, fetch } = recording();
    const connected = await connectCubeApi({ address: `${cube.url}/cubejs-api`, token }, { fetch });
    expect(connected).toEqual({ kind: 'cube-api', apiUrl: `${cube.url}/cubejs-api`, token, expiresAt: null, cubes: MODEL_CUBES_AND_VIEWS });
    expect(requests.map((r) => r.url)).toEqual([`${cube.url}/cubejs-api/v1/meta`]);
  });

  it('takes a token pasted as "Bearer …" and keeps the bare token (Cube takes either)', async () => {
    const token = await sign();
    const { requests, fetch } = recording();
    expect((await connectCubeApi({ address: `${cube.url}/cubejs-api`, token: `Bearer ${token}\n` }, { fetch })).token).toBe(token);
    expectOnlyCubeApiRequests(requests);
  });

  it('through a browser whose origin the deployment’s CORS lists: connected', async () => {
    const { requests, fetch } = recording(browserFetch(ADDIN_ORIGIN));
    const connected = await connectCubeApi({ address: `${cube.url}/cubejs-api/v1`, token: await sign() }, { fetch, addinOrigin: ADDIN_ORIGIN });
    expect(connected.cubes).toBe(MODEL_CUBES_AND_VIEWS);
    expectOnlyCubeApiRequests(requests);
  });
});

describe('bad input: a clear error, nothing sent when the input is refused', () => {
  it('plain http to a host other than this computer: refused before any request', async () => {
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: 'http://cube.example.com/cubejs-api', token: await sign() }, { fetch }));
    expect(error).toBeInstanceOf(CubeApiAddressError);
    expect(error).toMatchObject({ problem: 'insecure' });
    expect(error.message).toBe('The token would go unencrypted to http://cube.example.com: use https:// (plain http:// is allowed only for this computer).');
    expect(requests).toEqual([]);
  });

  it('an exp that is not a number: refused before any request, as the deployment refuses it', async () => {
    // As a hand-made token may carry it; jose's types allow only a number.
    const claims = { user_id: 'analyst@example.com', exp: 'tomorrow' } as unknown as JWTPayload;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    expect(await (await raw(`${cube.url}/cubejs-api/v1/meta`, { headers: { Authorization: token } })).status).toBe(403);
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: `${cube.url}/cubejs-api`, token }, { fetch }));
    expect(error).toBeInstanceOf(CubeTokenError);
    expect(error).toMatchObject({ problem: 'bad-exp' });
    expect(requests).toEqual([]);
  });

  it('an expired token: refused, saying when, before any request', async () => {
    const token = await sign({}, { expiresIn: -60 });
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: `${cube.url}/cubejs-api`, token }, { fetch }));
    expect(error).toBeInstanceOf(CubeTokenError);
    expect(error).toMatchObject({ problem: 'expired', at: expOf(token) });
    expect(error.message).toMatch(/^This token expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC; ask for a new one\.$/);
    expect(requests).toEqual([]);
  });

  it('a token signed with another secret: the deployment’s 403 "Invalid token", told in words', async () => {
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: `${cube.url}/cubejs-api`, token: await sign({}, { secret: 'another-secret' }) }, { fetch }));
    expect(error).toBeInstanceOf(CubeApiConnectError);
    expect(error).toMatchObject({ problem: 'token-refused', details: { status: 403 } });
    expect(error.message).toBe(TOKEN_REFUSED);
    expect(requests).toHaveLength(1);
    expectOnlyCubeApiRequests(requests);
  });

  it('a token this computer’s clock takes for valid but the deployment finds expired: the same words', async () => {
    const token = await sign({}, { expiresIn: -5 });
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: `${cube.url}/cubejs-api`, token }, { fetch, now: () => expOf(token) - 60_000 }));
    expect(error).toMatchObject({ problem: 'token-refused', message: TOKEN_REFUSED });
    expectOnlyCubeApiRequests(requests);
  });

  it('a proxy in front that drops the Authorization header: Cube’s "Authorization header isn\'t set", told as such', async () => {
    const target = new URL(cube.url);
    const proxy = await serve((req, res) => {
      const { authorization: _dropped, ...headers } = req.headers;
      const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    try {
      const { requests, fetch } = recording();
      const error = await failure(connectCubeApi({ address: `${proxy.url}/cubejs-api`, token: await sign() }, { fetch }));
      expect(error).toMatchObject({ problem: 'token-not-received' });
      expect(error.message).toMatch(/did not receive the token: something in between \(a proxy or gateway\) removes the Authorization header/);
      expectOnlyCubeApiRequests(requests, `${proxy.url}/cubejs-api`);
    } finally {
      await proxy.close();
    }
  });

  it('a closed port: nothing answered, check the address', async () => {
    const address = `http://127.0.0.1:${await closedPort()}/cubejs-api`;
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address, token: await sign() }, { fetch }));
    expect(error).toBeInstanceOf(CubeApiConnectError);
    expect(error).toMatchObject({ problem: 'unreachable' });
    expect(error.message).toBe(`Nothing answered at ${new URL(address).origin} (nothing listens at that port): check the address, and that the Cube deployment is running.`);
    // No retries: a wrong address is told at once.
    expect(requests).toHaveLength(1);
  });

  it('a host name that does not exist (.invalid, RFC 6761): nothing answered', async () => {
    const { fetch } = recording();
    const error = await failure(connectCubeApi({ address: 'https://cube.no-such-host.invalid/cubejs-api', token: await sign() }, { fetch, timeoutMs: 10_000 }));
    expect(error).toMatchObject({ problem: 'unreachable' });
    expect(error.message).toMatch(/^Nothing answered at https:\/\/cube\.no-such-host\.invalid/);
  });

  it.each([
    ['the server’s root (no /cubejs-api)', '', true],
    ['a path Cube does not serve', '/not-cube/api', true],
    ['the local platform’s Platform API path', '/api/v1', true],
    ['a /cubejs-api under another prefix', '/analytics/cubejs-api', false],
  ])('%s: 404, no Cube REST API at that address', async (_case, path, hint) => {
    const base = `${cube.url}${path.replace(/\/v1$/, '')}`;
    const { requests, fetch } = recording();
    const error = await failure(connectCubeApi({ address: `${cube.url}${path}`, token: await sign() }, { fetch }));
    expect(error).toMatchObject({ problem: 'not-found', details: { status: 404 } });
    const usually = hint ? ` (a Cube REST API is usually at ${cube.url}/cubejs-api)` : '';
    expect(error.message).toBe(`There is no Cube REST API at ${base}: ${base}/v1/meta answered 404 Not Found. Check the address${usually}.`);
    expect(requests.map((r) => r.url)).toEqual([`${base}/v1/meta`]);
  });

  describe('a web page instead of the API', () => {
    let site: Awaited<ReturnType<typeof serve>>;
    beforeAll(async () => {
      site = await serve((req, res) => {
        const page = '<!doctype html><html><head><title>Example Corp</title></head><body>Welcome</body></html>';
        if (req.url?.startsWith('/untyped/')) res.writeHead(200).end(page);
        else if (req.url?.startsWith('/signin/')) res.writeHead(401, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
        else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
      });
    });
    afterAll(() => site.close());

    it.each([
      ['a site answering 200 text/html for any path', '/cubejs-api', 200],
      ['a page without a content type', '/untyped/cubejs-api', 200],
      ['a sign-in page of a proxy (401, HTML)', '/signin/cubejs-api', 401],
    ])('%s', async (_case, path, status) => {
      const { requests, fetch } = recording();
      const error = await failure(connectCubeApi({ address: `${site.url}${path}`, token: await sign() }, { fetch }));
      expect(error).toBeInstanceOf(CubeApiConnectError);
      expect(error).toMatchObject({ problem: 'html', details: { status } });
      expect(error.message).toMatch(new RegExp(`^${site.url} answered with a web page, not the Cube REST API: check the address`));
      expectOnlyCubeApiRequests(requests, `${site.url}${path}`);
    });
  });

  it('JSON that is not Cube’s meta: not a Cube REST API', async () => {
    const other = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}'));
    try {
      const error = await failure(connectCubeApi({ address: `${other.url}/cubejs-api`, token: await sign() }, {}));
      expect(error).toMatchObject({ problem: 'not-cube' });
      expect(error.message).toBe(`${other.url}/cubejs-api/v1/meta answered, but not as a Cube REST API does: check the address.`);
    } finally {
      await other.close();
    }
  });

  it('a server that never answers: timed out, in words', async () => {
    const silent = await serve(() => {});
    try {
      const error = await failure(connectCubeApi({ address: `${silent.url}/cubejs-api`, token: await sign() }, { timeoutMs: 300 }));
      expect(error).toMatchObject({ problem: 'timeout' });
      expect(error.message).toBe(`The Cube deployment at ${silent.url} did not answer within 1 s: check the address, or try again later.`);
    } finally {
      await silent.close();
    }
  });

  describe('in a browser, on an origin the deployment’s CORS does not list', () => {
    const PAGE = 'https://addin.example.com';

    it('the request fails as for an unreachable host, but the deployment answers: told as CORS, naming both origins', async () => {
      const { requests, fetch } = recording(browserFetch(PAGE));
      const error = await failure(connectCubeApi({ address: `${cube.url}/cubejs-api/v1`, token: await sign() }, { fetch, addinOrigin: PAGE }));
      expect(error).toBeInstanceOf(CubeApiConnectError);
      expect(error).toMatchObject({ problem: 'cors', details: { addinOrigin: PAGE } });
      expect(error.message).toBe(
        `${cube.url} answered, but does not allow requests from this add-in (no CORS headers for ${PAGE}): add ${PAGE} to the Cube deployment's CORS setting (http.cors in cube.js).`,
      );
      // The request, then a plain no-cors one of the same Cube REST API URL without the token.
      expect(requests.map(({ url, mode, authorization }) => ({ url, mode, authorization }))).toEqual([
        { url: `${cube.url}/cubejs-api/v1/meta`, mode: undefined, authorization: expect.any(String) },
        { url: `${cube.url}/cubejs-api/v1/meta`, mode: 'no-cors', authorization: undefined },
      ]);
    });

    it('nothing answers at all: unreachable, not CORS', async () => {
      const address = `http://127.0.0.1:${await closedPort()}/cubejs-api`;
      const { requests, fetch } = recording(browserFetch(PAGE));
      const error = await failure(connectCubeApi({ address, token: await sign() }, { fetch, addinOrigin: PAGE }));
      expect(error).toMatchObject({ problem: 'unreachable' });
      expect(error.message).toBe(`Nothing answered at ${new URL(address).origin}: check the address, and that the Cube deployment is running.`);
      expect(requests.map((r) => r.mode)).toEqual([undefined, 'no-cors']);
    });
  });
});

describe('tokens while connected: asked for again when they expire or are refused', () => {
  const COUNT = { measures: ['orders.count'] };
  // docs/local-platform.md: "120,000 orders from 2023-01-01 to 2025-12-31".
  const ALL_ORDERS = [{ 'orders.count': '120000' }];

  function connection(initial: string, answers: (string | null)[], clock: { now: number } = { now: Date.now() }) {
    const asked: CubeTokenRequestReason[] = [];
    const taken: string[] = [];
    const tokens = new PastedCubeTokens(readCubeToken(initial, clock.now), {
      askForToken: async (reason) => {
        asked.push(reason);
        return answers.shift() ?? null;
      },
      onToken: ({ token }) => taken.push(token),
      now: () => clock.now,
    });
    const { requests, fetch } = recording();
    const client = new CoreDataClient({ apiUrl: `${cube.url}/cubejs-api`, tokens, fetch, retry: { retries: 0 } });
    return { client, tokens, asked, taken, requests };
  }

  it.each([
    ['signed with another secret', () => sign({}, { secret: 'another-secret' }), () => Date.now()],
    // This computer's clock is a minute behind: the add-in takes it for valid, the deployment finds it expired.
    ['expired on the way (the deployment’s clock)', () => sign({}, { expiresIn: -5 }), () => Date.now() - 60_000],
  ])('a token %s: refused, a new one asked for ("refused"), and the load carries on', async (_case, first, now) => {
    const fresh = await sign();
    const { client, tokens, asked, taken, requests } = connection(await first(), [fresh], { now: now() });
    const result = await client.load(COUNT);
    expect(result.data).toEqual(ALL_ORDERS);
    expect(asked).toEqual(['refused']);
    expect(taken).toEqual([fresh]);
    expect(tokens.token).toEqual({ token: fresh, expiresAt: expOf(fresh) });
    expect(requests.map((r) => r.authorization)).toEqual([expect.any(String), fresh]);
    expectOnlyCubeApiRequests(requests);
  });

  it('a token that expires between two loads: asked for ("expired") before the next request, once for loads at the same time', async () => {
    const clock = { now: Date.now() };
    const first = await sign({}, { expiresIn: 120 });
    const second = await sign({ renewed: true });
    const { client, asked, requests } = connection(first, [second], clock);
    expect((await client.load(COUNT)).data).toEqual(ALL_ORDERS);
    expect(asked).toEqual([]);

    clock.now += 10 * 60_000;
    const [a, b] = await Promise.all([client.load(COUNT), client.meta()]);
    expect(a.data).toEqual(ALL_ORDERS);
    expect(b.cubes).toHaveLength(MODEL_CUBES_AND_VIEWS);
    expect(asked).toEqual(['expired']);
    // The expired token was never sent: the two later requests carried the new one.
    expect(requests.map((r) => r.authorization)).toEqual([first, second, second]);
    expectOnlyCubeApiRequests(requests);
  });

  it('a token within the renewal margin of exp is renewed before it is sent', async () => {
    const first = await sign({}, { expiresIn: 20 });
    const second = await sign();
    const { client, asked, requests } = connection(first, [second]);
    expect((await client.load(COUNT)).data).toEqual(ALL_ORDERS);
    expect(asked).toEqual(['expired']);
    expect(requests.map((r) => r.authorization)).toEqual([second]);
  });

  it('the user cancels when asked after a refusal: CubeTokenNeededError in words, nothing more sent', async () => {
    const { client, asked, requests } = connection(await sign({}, { secret: 'another-secret' }), [null]);
    const error = await failure(client.load(COUNT));
    expect(error).toBeInstanceOf(CubeTokenNeededError);
    expect(error).toMatchObject({ reason: 'refused' });
    expect(error.message).toBe('The Cube deployment refused the token and no new one was given: paste a new token to carry on.');
    expect(asked).toEqual(['refused']);
    expect(requests).toHaveLength(1);
  });

  it('the user cancels when asked for an expired one: CubeTokenNeededError, no request; asked again next time', async () => {
    const clock = { now: Date.now() };
    const fresh = await sign();
    const { client, asked, requests } = connection(await sign({}, { expiresIn: 120 }), [null, fresh], clock);
    clock.now += 10 * 60_000;
    const error = await failure(client.load(COUNT));
    expect(error).toBeInstanceOf(CubeTokenNeededError);
    expect(error).toMatchObject({ reason: 'expired', message: 'The Cube API token has expired and no new one was given: paste a new token to carry on.' });
    expect(requests).toEqual([]);
    expect((await client.load(COUNT)).data).toEqual(ALL_ORDERS);
    expect(asked).toEqual(['expired', 'expired']);
  });

  it('a new token refused as well: the deployment’s 403, not a third try', async () => {
    const { client, asked, requests } = connection(await sign({}, { secret: 'x' }), [await sign({}, { secret: 'y' })]);
    const error = await failure(client.load(COUNT));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Invalid token' });
    expect(asked).toEqual(['refused']);
    expect(requests).toHaveLength(2);
  });

  it('a pasted answer that is not a usable token: its words (CubeTokenError), nothing sent with it', async () => {
    const { client, requests } = connection(await sign({}, { secret: 'x' }), [await sign({}, { expiresIn: -60 })]);
    const error = await failure(client.load(COUNT));
    expect(error).toBeInstanceOf(CubeTokenError);
    expect(error).toMatchObject({ problem: 'expired' });
    expect(requests).toHaveLength(1);
  });

  it('a token without exp: sent however late, never asked for ahead; refused by the deployment, asked for as refused', async () => {
    const clock = { now: Date.now() };
    const undated = await sign({}, { secret: 'rotated-away', expiresIn: null });
    const fresh = await sign({}, { expiresIn: null });
    const { client, asked, taken, requests } = connection(undated, [fresh], clock);
    // Ten years on, still no question before the request: its end is not known.
    clock.now += 10 * 365 * 86_400_000;
    const rows = await client.load(COUNT);
    expect(rows.data).toEqual(ALL_ORDERS);
    expect(asked).toEqual(['refused']);
    expect(taken).toEqual([fresh]);
    expect(requests.map((r) => r.authorization)).toEqual([undated, fresh]);
  });
});
