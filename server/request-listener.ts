import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCIM_ERROR_SCHEMA } from '../src/contract';
import { JsonTooDeepError } from '../src/core/json-depth';
import { QueryError } from './cube/errors';
import type { FaultInjector } from './faults';
import { HttpError, readBody, send, sendStream, type ApiRequest, type ApiResponse, type Router } from './http';
import type { OAuthServer } from './oauth';
import type { ServerLog } from './log';
import { answerProbe, PROBE_PATHS, type ReadinessCheck } from './probes';
import { withCaller } from './store/abandoned';

/** Waits `ms`, or less if the caller hangs up first. */
const sleepUnlessClosed = (ms: number, res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    res.once('close', done);
    function done() {
      clearTimeout(timer);
      res.off('close', done);
      resolve();
    }
  });

/**
 * The server's request listener. Every request gets an answer, an internal failure included (`500`, its
 * cause on stderr), unless the caller has gone. `hosts` are the `Host` values the platform answers to; the
 * authorization server, when given, answers its own paths after that check. With `probes`, `/livez` and `/readyz`
 * answer whatever the `Host` (probes.ts).
 */
export function requestListener(
  router: Router, faults: FaultInjector, hosts: ReadonlySet<string>, oauth?: Pick<OAuthServer, 'handles' | 'handle'>, probes?: readonly ReadinessCheck[],
  log?: ServerLog,
) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (log) logRequest(log, req, res);
    // Queued state work of a caller that hung up is skipped (store/abandoned.ts).
    const gone = () => res.destroyed;
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const answering = probes && (PROBE_PATHS as readonly string[]).includes(path)
      ? answerProbe(req, res, probes)
      : withCaller(gone, () => handle(router, faults, hosts, oauth, req, res, log));
    answering.catch((error: unknown) => {
      // Only a failure while answering gets here; the answer may be half sent.
      if (res.destroyed || res.writableEnded) return;
      logInternalError(error, log);
      if (!res.headersSent) send(res, { status: 500, body: { error: 'Internal error' } });
      else res.destroy();
    });
  };
}

async function handle(
  router: Router, faults: FaultInjector, hosts: ReadonlySet<string>, oauth: Pick<OAuthServer, 'handles' | 'handle'> | undefined,
  req: IncomingMessage, res: ServerResponse, log?: ServerLog,
): Promise<void> {
  // DNS rebinding: a hostile page that re-points its own name at 127.0.0.1 still sends that name as Host.
  if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
    send(res, { status: 421, body: { error: 'Misdirected request: the local platform does not answer for this Host' } });
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (oauth?.handles(url.pathname)) return oauth.handle(req, res);
  const method = (req.method ?? 'GET').toUpperCase();
  const isScim = url.pathname.startsWith('/api/scim/');
  const fault = url.pathname.startsWith('/__platform/') ? undefined : faults.take(method, url.pathname, 'http');
  if (fault?.latencyMs) await sleepUnlessClosed(fault.latencyMs, res);
  if (res.destroyed) return;

  let result: ApiResponse;
  try {
    if (fault?.status) throw new HttpError(fault.status, `Injected fault: status ${fault.status}`);
    const matched = router.match(method, url.pathname);
    if (!matched) throw new HttpError(404, `No route for ${method} ${url.pathname}`);
    if ('allowed' in matched) {
      throw new HttpError(405, `${method} is not allowed on ${url.pathname}`, undefined, undefined, { Allow: matched.allowed.join(', ') });
    }
    const request: ApiRequest = {
      method,
      path: url.pathname,
      params: matched.params,
      query: url.searchParams,
      headers: req.headers,
      body: await readBody(req),
      remoteAddress: req.socket.remoteAddress ?? '',
    };
    result = await matched.handler(request);
  } catch (error) {
    // A caller that hung up (a client timeout, say) is no server failure and wants no answer.
    if (res.destroyed) return;
    result = errorResponse(error, isScim, log);
  }
  // No CORS: the add-in reaches the platform through its own origin's proxy. Headers a handler sets
  // itself (an OAuth endpoint's own CORS for registered clients, say) pass through untouched.
  if (result.stream) {
    await sendStream(res, { ...result, stream: result.stream });
    return;
  }
  if (fault?.body) {
    const text = JSON.stringify(result.body ?? {});
    const broken = { malformed: `${text.slice(0, 1)}<html>not json`, truncated: text.slice(0, Math.floor(text.length / 2)), empty: '' }[fault.body];
    send(res, { ...result, body: broken });
    return;
  }
  send(res, result);
}

function errorResponse(thrown: unknown, isScim: boolean, log?: ServerLog): ApiResponse {
  if (thrown instanceof QueryError) return { status: 400, body: { error: thrown.message } };
  // Deep JSON found after the body's own check (canonical JSON of a nested text field) is still the caller's.
  const error = thrown instanceof HttpError ? thrown : thrown instanceof JsonTooDeepError ? new HttpError(400, thrown.message) : internalError(thrown, log);
  if (isScim && !(error.body && typeof error.body === 'object' && 'schemas' in error.body)) {
    return {
      status: error.status,
      contentType: 'application/scim+json',
      body: { schemas: [SCIM_ERROR_SCHEMA], status: String(error.status), detail: error.message },
      headers: error.headers,
    };
  }
  return { status: error.status, body: error.body ?? { error: error.message }, contentType: error.contentType, headers: error.headers };
}

/** Anything but an `HttpError`, `QueryError` or `JsonTooDeepError` is the platform's own failure: logged, answered `500`. */
function internalError(error: unknown, log?: ServerLog): HttpError {
  logInternalError(error, log);
  return new HttpError(500, 'Internal error');
}

function logInternalError(error: unknown, log?: ServerLog): void {
  if (log) log.error({ err: error }, 'internal error');
  else process.stderr.write(`local platform: ${error instanceof Error ? error.stack : String(error)}\n`);
}

/**
 * One line per answered request: method, path, status and time. The path only: a query string may carry what must not
 * be logged (an OAuth code or state); no header either (a token).
 */
function logRequest(log: ServerLog, req: IncomingMessage, res: ServerResponse): void {
  const started = performance.now();
  res.once('close', () => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    log.info({ method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started), finished: res.writableFinished }, 'request');
  });
}
