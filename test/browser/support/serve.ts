import { createReadStream, existsSync, statSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { generate } from 'selfsigned';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.png': 'image/png',
  '.json': 'application/json', '.xml': 'application/xml', '.map': 'application/json',
};
const PROXIED = /^\/(api|cubejs-api|oauth|\.well-known)\//;
/**
 * Headers of one HTTP/1.1 connection, which HTTP/2 forbids (RFC 9113 §8.2.2), and HTTP/2's pseudo-headers, which
 * HTTP/1.1 has no place for: dropped when a request or an answer crosses from one to the other.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

export interface StaticServer {
  url: string;
  /** Where `/api`, `/cubejs-api`, `/oauth` and `/.well-known` go; set once the platform is up. */
  platformUrl: string;
  /** The self-signed certificate (PEM) when served over HTTPS, for a Node client to trust (`http2.connect`'s `ca`). */
  certificate: { cert: string } | null;
  close(): Promise<void>;
}

export interface ServeOptions {
  /**
   * HTTPS with HTTP/2 (and HTTP/1.1 for clients that offer only it), as a hosted platform is reached, on a
   * self-signed certificate for localhost: a browser must be told to accept it (`launchBrowser({ acceptCertificate })`).
   * Plain http/1.1 on loopback otherwise, as the local platform is.
   */
  http2?: boolean;
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/**
 * What the dev server does, without webpack's watcher: serves a built add-in, Office.js from the
 * @microsoft/office-js package, and proxies the platform under the same origin.
 */
export async function serveBuild(root: string, officeJsDir: string, { http2 = false }: ServeOptions = {}): Promise<StaticServer> {
  const state = { platformUrl: '' };
  // Kept-alive connections to the platform, as a reverse proxy keeps them: a request in front is not a handshake behind.
  const upstreamAgent = new Agent({ keepAlive: true, maxSockets: 256 });
  const handle = (req: Request, res: Response) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (PROXIED.test(url.pathname)) {
      const target = new URL(url.pathname + url.search, state.platformUrl);
      const headers = withoutHopByHop(req.headers);
      const upstream = httpRequest(target, { method: req.method, headers: { ...headers, host: target.host }, agent: upstreamAgent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res as NodeJS.WritableStream);
      });
      upstream.on('error', () => res.writeHead(502).end());
      (req as NodeJS.ReadableStream).pipe(upstream);
      return;
    }
    const base = url.pathname.startsWith('/office-js/') ? officeJsDir : root;
    const relative = url.pathname.startsWith('/office-js/') ? url.pathname.slice('/office-js'.length) : url.pathname;
    const file = normalize(join(base, decodeURIComponent(relative)));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res as NodeJS.WritableStream);
  };
  let certificate: StaticServer['certificate'] = null;
  let server: Server | ReturnType<typeof createSecureServer>;
  if (http2) {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec', curve: 'P-256', notAfterDate: new Date(Date.now() + 2 * 86_400_000), extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
    });
    certificate = { cert: pems.cert };
    server = createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true }, handle);
  } else {
    server = createServer(handle);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sessions = new Set<{ destroy(): void }>();
  server.on('session', (session: { destroy(): void; on(event: 'close', listener: () => void): void }) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  return {
    url: `${http2 ? 'https' : 'http'}://localhost:${port}`,
    certificate,
    get platformUrl() {
      return state.platformUrl;
    },
    set platformUrl(value: string) {
      state.platformUrl = value;
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const session of sessions) session.destroy();
      if ('closeAllConnections' in server) server.closeAllConnections();
      upstreamAgent.destroy();
    }),
  };
}

function withoutHopByHop(headers: Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  }
  return kept;
}
