import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.png': 'image/png',
  '.json': 'application/json', '.xml': 'application/xml', '.map': 'application/json',
};
const PROXIED = /^\/(api|cubejs-api|oauth|\.well-known)\//;

export interface StaticServer {
  url: string;
  /** Where `/api`, `/cubejs-api`, `/oauth` and `/.well-known` go; set once the platform is up. */
  platformUrl: string;
  close(): Promise<void>;
}

/**
 * What the dev server does, without webpack's watcher: serves a built add-in, Office.js from the
 * @microsoft/office-js package, and proxies the platform under the same origin. Plain http on loopback.
 */
export async function serveBuild(root: string, officeJsDir: string): Promise<StaticServer> {
  const state = { platformUrl: '' };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (PROXIED.test(url.pathname)) {
      const target = new URL(url.pathname + url.search, state.platformUrl);
      const upstream = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
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
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    get platformUrl() {
      return state.platformUrl;
    },
    set platformUrl(value: string) {
      state.platformUrl = value;
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
