import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS as a self-hosted Cube answers it. cubejs-server puts `app.use(cors(this.config.http.cors))` before every route,
 * with `http.cors` defaulting to `{allowedHeaders: 'authorization,content-type,x-request-id', ...config.http?.cors}`
 * (packages/cubejs-server/src/server.ts, cube-js/cube); the rest are the `cors` package's defaults (expressjs/cors
 * 2.8 `lib/index.js`: `methods: 'GET,HEAD,PUT,PATCH,POST,DELETE'`, preflight answered `204` with `Content-Length: 0`).
 * Cube's own default origin is `*`. Here the origins are a list, as `http: {cors: {origin: ['https://addin.example']}}`
 * configures it, and the `cors` package then answers:
 *
 * - every request: `Vary: Origin`, and `Access-Control-Allow-Origin: <the request's Origin>` when it is listed;
 * - every `OPTIONS` (whatever the path, before any route or token check): also `Access-Control-Allow-Methods` and
 *   `Access-Control-Allow-Headers`, then `204` with no body. An unlisted origin gets no `Access-Control-Allow-Origin`,
 *   which is what makes a browser refuse it (the package still names the methods and headers).
 */
export const CORS_ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';
export const CORS_ALLOWED_HEADERS = 'authorization,content-type,x-request-id';

/** Adds the CORS headers to `res`; true when the request was a preflight, now answered. */
export function answerCors(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin && allowedOrigins.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  if ((req.method ?? '').toUpperCase() !== 'OPTIONS') return false;
  res.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
  res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS);
  res.statusCode = 204;
  res.setHeader('Content-Length', '0');
  res.end();
  return true;
}

/** CORS origins as `CUBE_CORS_ORIGIN` gives them (comma-separated), each checked to be a bare origin. */
export function parseCorsOrigins(value: string): string[] {
  return value.split(',').map((item) => item.trim()).filter(Boolean).map((item) => {
    const url = URL.parse(item);
    // A browser's Origin header is scheme://host[:port], nothing more; anything else would never match.
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new Error(`CUBE_CORS_ORIGIN: "${item}" is not an origin like https://localhost:3000`);
    }
    return url.origin;
  });
}
