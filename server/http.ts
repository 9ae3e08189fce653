import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonTextWithinDepth, MAX_JSON_DEPTH } from '../src/core/json-depth';

export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  remoteAddress: string;
}

export interface ApiResponse {
  status: number;
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
  /** Instead of a body: writes the body as it comes (the Agent chat API's lines), resolving when it is done. */
  stream?: (out: ResponseStream) => Promise<void>;
}

/** A response body written piece by piece, each piece sent at once. */
export interface ResponseStream {
  /** Does nothing once the caller has gone. */
  write(text: string): void;
  readonly closed: boolean;
  /** `listener` runs when the response ends or the caller hangs up. */
  onClose(listener: () => void): void;
  end(): void;
  /** Breaks the connection without ending the body (fault injection). */
  destroy(): void;
}

export type Handler = (request: ApiRequest) => Promise<ApiResponse>;

/** An error that becomes a response as it is, e.g. `400 {"error": "..."}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = { error: message },
    readonly contentType = 'application/json',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

interface Route {
  method: string;
  /** As registered, e.g. `/api/v1/deployments/:deploymentId`. */
  path: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** Paths like `/api/v1/deployments/:deploymentId/reports`; a trailing slash is optional on every route. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: Handler): this {
    const names: string[] = [];
    const source = path
      .replace(/\/$/, '')
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, path, pattern: new RegExp(`^${source}/?$`), names, handler });
    return this;
  }

  /** Every route's method and path as registered, in order (what the API description must cover). */
  registered(): { method: string; path: string }[] {
    return this.routes.map(({ method, path }) => ({ method, path }));
  }

  /** The handler for a request, `null` for an unknown path, or the allowed methods for a known path. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { allowed: string[] } | null {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodePathSegment(found[i + 1]!);
      });
      return { handler: route.handler, params };
    }
    return allowed.length ? { allowed } : null;
  }
}

/** A malformed `%` escape (`%E0%A4%A`) is the caller's mistake, not a server failure. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the path');
  }
}

export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  // Checked on the text, before anything (the parser, zod, JSON.stringify) can recurse into it.
  if (!jsonTextWithinDepth(text)) throw new HttpError(400, `Request body is nested more than ${MAX_JSON_DEPTH} levels deep (the limit is ${MAX_JSON_DEPTH})`);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

export function send(response: ServerResponse, result: ApiResponse): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...result.headers };
  if (result.body === undefined) {
    response.writeHead(result.status, headers).end();
    return;
  }
  const text = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
  headers['Content-Type'] = `${result.contentType ?? 'application/json'}; charset=utf-8`;
  response.writeHead(result.status, headers).end(text);
}

/**
 * Sends a streamed answer. `no-transform` keeps the dev server's compression (which honours it) from buffering
 * the body; every piece goes to the socket as it is written. A caller who hangs up ends it without an error.
 */
export async function sendStream(response: ServerResponse, result: ApiResponse & Required<Pick<ApiResponse, 'stream'>>): Promise<void> {
  response.writeHead(result.status, {
    'Cache-Control': 'no-store, no-transform',
    'Content-Type': `${result.contentType ?? 'application/json'}; charset=utf-8`,
    ...result.headers,
  });
  response.flushHeaders();
  const closed = () => response.destroyed || response.writableEnded;
  await result.stream({
    write: (text) => {
      if (!closed()) response.write(text);
    },
    get closed() {
      return closed();
    },
    onClose: (listener) => {
      if (closed()) listener();
      else response.once('close', listener);
    },
    end: () => {
      if (!closed()) response.end();
    },
    destroy: () => response.destroy(),
  });
  if (!closed()) response.end();
}

export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** The names a local platform listening on `listenHost:port` is reached by, as `Host` headers carry them. */
export function loopbackHosts(listenHost: string, port: number): string[] {
  const bracketed = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  return [...new Set(['127.0.0.1', 'localhost', '[::1]', bracketed.toLowerCase()])].map((name) => `${name}:${port}`);
}

/** Development-only routes (fault injection, the sign-in stand-in) answer `403` to anyone not on this computer. */
export function requireLoopback(request: ApiRequest, what: string): void {
  if (!isLoopbackAddress(request.remoteAddress)) throw new HttpError(403, `${what} is only available on loopback`);
}
