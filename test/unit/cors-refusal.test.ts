import { z } from 'zod';
import { HttpClient, NetworkError, RequestCancelledError } from '../../src/client';
import { CorsRefusedError } from '../../src/client/cors-errors';

/**
 * A request a browser withheld for CORS told apart from one nothing answered (issue 42): both fail with fetch's
 * `TypeError`; a `no-cors` GET of the same URL resolves (opaque) only when the server answers. Here fetch is played
 * as a browser plays it; Node itself enforces no CORS, so without an add-in origin nothing is probed.
 */

const ADDIN = 'https://localhost:3000';
const PLATFORM = 'http://localhost:4000';
const Ok = z.object({ ok: z.boolean() });

/** A browser's fetch towards a server that `answers` (or not) and sends no CORS headers for the page. */
function browserFetch(answers: boolean) {
  const requests: { url: string; mode?: RequestMode }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ url, mode: init.mode });
    if (init.mode === 'no-cors' && answers) return new Response(null, { status: 200 });
    throw new TypeError('Failed to fetch');
  };
  return { fetch, requests };
}

const client = (fetch: ReturnType<typeof browserFetch>['fetch'], addinOrigin?: string, baseUrl = PLATFORM) =>
  new HttpClient({ baseUrl, authorization: () => 'Bearer t', fetch, addinOrigin, retry: { retries: 1 }, sleep: async () => undefined });

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
}

test('the server answers a request that needs no CORS: told as no CORS headers for the add-in, after the retries, naming both origins', async () => {
  const browser = browserFetch(true);
  const error = await failure(client(browser.fetch, ADDIN).request(Ok, { path: '/api/v1/users/me', query: { q: 'secret' } }));
  expect(error).toBeInstanceOf(CorsRefusedError);
  // Still a network failure to whatever treats one (retries, "offline"), with the words of its own.
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).toMatchObject({ origin: PLATFORM, addinOrigin: ADDIN, request: { method: 'GET', url: `${PLATFORM}/api/v1/users/me` } });
  expect((error as Error).message).toBe(`${PLATFORM} answered, but does not allow requests from this add-in (no CORS headers for ${ADDIN}).`);
  // Two attempts, then one probe of the same URL without its query.
  expect(browser.requests).toEqual([
    { url: `${PLATFORM}/api/v1/users/me?q=secret`, mode: undefined },
    { url: `${PLATFORM}/api/v1/users/me?q=secret`, mode: undefined },
    { url: `${PLATFORM}/api/v1/users/me`, mode: 'no-cors' },
  ]);
});

test('nothing answers either request: a plain network failure', async () => {
  const browser = browserFetch(false);
  const error = await failure(client(browser.fetch, ADDIN).request(Ok, { path: '/api/v1/users/me' }));
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).not.toBeInstanceOf(CorsRefusedError);
  expect(browser.requests.map((r) => r.mode)).toEqual([undefined, undefined, 'no-cors']);
});

test('no probe where CORS cannot be the cause: outside a browser (no origin), or a request to the add-in’s own origin', async () => {
  for (const [addinOrigin, baseUrl] of [[undefined, PLATFORM], [ADDIN, `${ADDIN}/api`]] as const) {
    const browser = browserFetch(true);
    const error = await failure(client(browser.fetch, addinOrigin, baseUrl).request(Ok, { path: '/v1/x' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(CorsRefusedError);
    expect(browser.requests.map((r) => r.mode)).toEqual([undefined, undefined]);
  }
});

test('a request the caller cancels while the probe runs is cancelled, not a CORS refusal', async () => {
  const controller = new AbortController();
  const fetch = async (_url: string, init: RequestInit) => {
    if (init.mode !== 'no-cors') throw new TypeError('Failed to fetch');
    controller.abort();
    throw new DOMException('aborted', 'AbortError');
  };
  const error = await failure(client(fetch, ADDIN).request(Ok, { path: '/x', signal: controller.signal }));
  expect(error).toBeInstanceOf(RequestCancelledError);
});
