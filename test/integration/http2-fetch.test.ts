import { constants, createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { http2Fetch, type Http2Fetch } from '../../bench/http2-fetch';

/** A local HTTPS + HTTP/2 server on a self-signed certificate, its sessions counted, answering with `handler`. */
async function h2Server(handler: (req: Http2ServerRequest, res: Http2ServerResponse, body: string) => void) {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec', extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const sessions: ServerHttp2Session[] = [];
  const server: Http2SecureServer = createSecureServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => handler(req, res, body));
  });
  server.on('session', (session: ServerHttp2Session) => sessions.push(session));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://localhost:${(server.address() as AddressInfo).port}`,
    cert: pems.cert,
    sessions,
    close: () => new Promise<void>((resolve) => {
      for (const session of sessions) session.destroy();
      server.close(() => resolve());
    }),
  };
}

type Server = Awaited<ReturnType<typeof h2Server>>;
let server: Server;
let client: Http2Fetch;
let onRequest: (req: Http2ServerRequest, res: Http2ServerResponse, body: string) => void;

beforeAll(async () => {
  server = await h2Server((req, res, body) => onRequest(req, res, body));
});
afterAll(() => server.close());
beforeEach(() => {
  client = http2Fetch({ ca: server.cert });
});
afterEach(() => client.close());

test('sends the method, headers and string body, and answers status, headers, text and json', async () => {
  onRequest = (req, res, body) => {
    res.writeHead(201, { 'content-type': 'application/json', 'x-echo': 'yes' });
    res.end(JSON.stringify({ method: req.method, path: req.url, authorization: req.headers.authorization, contentType: req.headers['content-type'], body, version: req.httpVersion }));
  };
  const response = await client.fetch(`${server.url}/api/v1/things?first=2`, {
    method: 'POST', headers: { Authorization: 'Bearer abc', 'Content-Type': 'application/json' }, body: '{"a":1}',
  });
  expect(response.status).toBe(201);
  expect(response.ok).toBe(true);
  expect(response.headers.get('x-echo')).toBe('yes');
  expect(await response.json()).toEqual({
    method: 'POST', path: '/api/v1/things?first=2', authorization: 'Bearer abc', contentType: 'application/json', body: '{"a":1}', version: '2.0',
  });

  onRequest = (_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing');
  const missing = await client.fetch(`${server.url}/missing`, { method: 'GET' });
  expect(missing.status).toBe(404);
  expect(missing.ok).toBe(false);
  expect(await missing.text()).toBe('no such thing');

  onRequest = (_req, res) => res.writeHead(204).end();
  expect(await (await client.fetch(`${server.url}/empty`, { method: 'DELETE' })).text()).toBe('');
});

test('sends requests in flight at once as streams of one session', async () => {
  const count = 20;
  const held: Http2ServerResponse[] = [];
  // Nothing is answered until every request has arrived: they can only all arrive if they are in flight together.
  onRequest = (_req, res) => {
    held.push(res);
    if (held.length === count) for (const [i, one] of held.entries()) one.end(String(i));
  };
  const sessionsBefore = server.sessions.length;
  const answers = await Promise.all(Array.from({ length: count }, () => client.fetch(`${server.url}/wave`, { method: 'GET' }).then((r) => r.text())));
  expect(answers.sort()).toEqual(Array.from({ length: count }, (_, i) => String(i)).sort());
  expect(server.sessions.length - sessionsBefore).toBe(1);
});

test('an abort ends the request with the signal\'s reason and cancels its stream', async () => {
  let cancelled: () => void = () => undefined;
  const streamClosed = new Promise<void>((resolve) => {
    cancelled = resolve;
  });
  onRequest = (req) => req.stream.on('close', cancelled);
  const controller = new AbortController();
  const request = client.fetch(`${server.url}/slow`, { method: 'GET', signal: controller.signal });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const reason = new Error('user cancelled');
  controller.abort(reason);
  await expect(request).rejects.toBe(reason);
  await streamClosed;

  const already = new AbortController();
  already.abort(reason);
  await expect(client.fetch(`${server.url}/slow`, { method: 'GET', signal: already.signal })).rejects.toBe(reason);
});

test('connects again once the server closed the session', async () => {
  onRequest = (_req, res) => res.end('ok');
  const sessionsBefore = server.sessions.length;
  expect(await (await client.fetch(`${server.url}/one`, { method: 'GET' })).text()).toBe('ok');
  const closing = server.sessions.at(-1)!;
  await new Promise<void>((resolve) => closing.close(resolve));
  expect(await (await client.fetch(`${server.url}/two`, { method: 'GET' })).text()).toBe('ok');
  expect(server.sessions.length - sessionsBefore).toBe(2);
});

test('a server it cannot reach or does not trust, or a stream it resets, fails as fetch fails, with a TypeError', async () => {
  const untrusting = http2Fetch();
  try {
    await expect(untrusting.fetch(`${server.url}/x`, { method: 'GET' })).rejects.toBeInstanceOf(TypeError);
  } finally {
    await untrusting.close();
  }
  // A stream the server resets ends with neither an answer nor an error of its own.
  onRequest = (req) => req.stream.close(constants.NGHTTP2_CANCEL);
  await expect(client.fetch(`${server.url}/reset`, { method: 'GET' })).rejects.toBeInstanceOf(TypeError);
  const stopped = await h2Server(() => undefined);
  await stopped.close();
  await expect(client.fetch(`${stopped.url}/x`, { method: 'GET' })).rejects.toBeInstanceOf(TypeError);
});
