import { z } from 'zod';
import { ApiError, HttpClient, NetworkError, RequestCancelledError, assertSecureBaseUrl, InsecureTransportError } from '../../src/client';

type Reply = { status: number; body?: string; headers?: Record<string, string> } | Error;

function scripted(replies: Reply[]) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    requests.push({ url, init });
    const reply = replies.shift();
    if (!reply) throw new Error('no more scripted replies');
    if (reply instanceof Error) throw reply;
    return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers });
  };
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
  };
  return { fetch, requests, delays, sleep };
}

const Ok = z.object({ ok: z.boolean() });

describe('HttpClient', () => {
  it('sends the Authorization header it is given and JSON bodies', async () => {
    const s = scripted([{ status: 200, body: '{"ok":true}' }]);
    const client = new HttpClient({ baseUrl: 'https://tenant.example.com/', authorization: () => 'Bearer abc', fetch: s.fetch, sleep: s.sleep });
    await client.request(Ok, { method: 'PATCH', path: '/api/v1/x', query: { a: 1, b: undefined }, body: { k: 'v' } });
    const { url, init } = s.requests[0]!;
    expect(url).toBe('https://tenant.example.com/api/v1/x?a=1');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer abc', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"k":"v"}');
    expect(init.credentials).toBe('omit');
  });

  it('retries GET on 502/503/504 and network errors with doubling backoff, honouring Retry-After', async () => {
    const s = scripted([{ status: 502 }, new TypeError('fetch failed'), { status: 503, headers: { 'Retry-After': '2' } }, { status: 200, body: '{"ok":true}' }]);
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep, random: () => 1 });
    await expect(client.request(Ok, { path: '/x' })).resolves.toEqual({ ok: true });
    expect(s.requests).toHaveLength(4);
    expect(s.delays).toEqual([250, 500, 2000]);
  });

  it('does not retry writes or other statuses', async () => {
    for (const [method, status] of [['PUT', 503], ['POST', 502], ['GET', 500], ['GET', 429]] as const) {
      const s = scripted([{ status, body: '{"error":"nope"}' }, { status: 200, body: '{"ok":true}' }]);
      const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep });
      const error = await client.request(Ok, { method, path: '/x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, message: 'nope' });
      expect(s.requests).toHaveLength(1);
    }
  });

  it('on 401 asks to sign in again once and resends the request, a write included, with the new token', async () => {
    const s = scripted([{ status: 401, body: '{"error":"expired"}' }, { status: 200, body: '{"ok":true}' }]);
    let token = 'old';
    let asked = 0;
    const reauthenticate = async () => {
      asked += 1;
      token = 'new';
      return true;
    };
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => `Bearer ${token}`, fetch: s.fetch, sleep: s.sleep, reauthenticate });
    await expect(client.request(Ok, { method: 'POST', path: '/x', body: {} })).resolves.toEqual({ ok: true });
    expect(asked).toBe(1);
    expect(s.requests.map((r) => (r.init.headers as Record<string, string>).Authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('gives up with the 401 when the user does not sign in again, or the new token is refused too', async () => {
    for (const [signsIn, replies] of [[false, 1], [true, 2]] as const) {
      const s = scripted([{ status: 401, body: '{"error":"expired"}' }, { status: 401, body: '{"error":"still expired"}' }]);
      const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep, reauthenticate: async () => signsIn });
      await expect(client.request(Ok, { path: '/x' })).rejects.toMatchObject({ status: 401 });
      expect(s.requests).toHaveLength(replies);
    }
  });

  it('retries a POST marked idempotent', async () => {
    const s = scripted([{ status: 504 }, { status: 200, body: '{"ok":false}' }]);
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep });
    await expect(client.request(Ok, { method: 'POST', path: '/load', idempotent: true })).resolves.toEqual({ ok: false });
  });

  it('ends in NetworkError when every attempt fails to connect', async () => {
    const s = scripted(Array.from({ length: 4 }, () => new TypeError('fetch failed')));
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep });
    await expect(client.request(Ok, { path: '/x' })).rejects.toBeInstanceOf(NetworkError);
    expect(s.requests).toHaveLength(4);
  });

  it('stops at once when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const s = scripted([{ status: 200, body: '{"ok":true}' }]);
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep });
    await expect(client.request(Ok, { path: '/x', signal: controller.signal })).rejects.toBeInstanceOf(RequestCancelledError);
    expect(s.requests).toHaveLength(0);
  });

  it('uses an error body that is not JSON as a status line, not a parse failure', async () => {
    const s = scripted([{ status: 401, body: '<html>login</html>' }]);
    const client = new HttpClient({ baseUrl: 'https://h.example', authorization: () => '', fetch: s.fetch, sleep: s.sleep });
    await expect(client.request(Ok, { path: '/x' })).rejects.toMatchObject({ status: 401 });
  });
});

describe('assertSecureBaseUrl', () => {
  it.each(['https://tenant.example.com', 'http://127.0.0.1:4000', 'http://127.8.9.10', 'http://localhost:3000', 'http://[::1]:4000'])('allows %s', (url) => {
    expect(() => assertSecureBaseUrl(url)).not.toThrow();
  });
  it.each(['http://tenant.example.com', 'http://192.168.1.10', 'http://localhost.example.com', 'ftp://127.0.0.1', 'not a url'])('refuses %s', (url) => {
    expect(() => assertSecureBaseUrl(url)).toThrow(InsecureTransportError);
  });
});
