import { CorsRefusedError } from './cors-errors';
import { NetworkError, RequestCancelledError, type RequestInfo } from './errors';
import type { FetchLike } from './fetch-like';

/** The origin the add-in runs at in a browser; none elsewhere (Node, where fetch enforces no CORS). */
export function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : undefined;
}

/**
 * Whether the server at `url` answers at all, asked when a request from a browser page failed without an answer.
 *
 * A browser refuses a cross-origin answer its CORS check fails with the same `TypeError` ("Failed to fetch",
 * "Load failed", "NetworkError when attempting to fetch resource") as an unreachable host, with no status: the Fetch
 * standard turns both into a "network error" so that a page cannot learn which servers exist behind the
 * same-origin policy (whatwg/fetch#605, #526); the reason is only in the developer console. What a page can
 * still learn is whether the server answers a request that needs no CORS: a `mode: 'no-cors'` GET without
 * credentials or custom headers (so no preflight) resolves with an opaque response (`type: 'opaque'`, status 0) as
 * soon as the server answers anything, whatever its status, and rejects with the same `TypeError` when nothing
 * answers. So: the CORS request failed and the no-cors one got an answer ⇒ the server is there and the browser
 * withheld its answer, i.e. CORS (no `Access-Control-Allow-Origin` for the add-in, or a preflight refused, e.g.
 * `http.cors.allowedHeaders` without `authorization`). Both failed ⇒ unreachable.
 *
 * The probe asks the same URL as the failed request (without its query), so a proxy that routes by path is asked the
 * same way. Limits: what blocks both requests alike (mixed content, the pane's CSP `connect-src`, a certificate
 * error, Chrome's Local Network Access refusing a public page's request to this computer) is told as unreachable;
 * the server going down between the two requests (milliseconds) would be told as CORS.
 */
export async function answersWithoutCors(fetchImpl: FetchLike, url: string, timeoutMs: number, outer?: AbortSignal): Promise<boolean> {
  const signal = outer ? AbortSignal.any([outer, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetchImpl(url, { method: 'GET', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal });
    // An opaque answer has no body; any other is not needed: only that an answer came.
    try {
      await response.body?.cancel();
    } catch {
      // Nothing to lose: the answer's content was never wanted.
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a request from `addinOrigin` to `url` could have been refused for CORS at all: only in a browser page, and
 * only across origins (a same-origin request needs no CORS).
 */
function crossOrigin(url: string, addinOrigin: string | undefined): addinOrigin is string {
  return addinOrigin !== undefined && new URL(url).origin !== addinOrigin;
}

export interface UnansweredRequest {
  /** The request that failed (`url` without its query: the probe asks it). */
  request: RequestInfo;
  /** What fetch threw. */
  error: unknown;
  fetch: FetchLike;
  /** The add-in's origin; default the page's (`pageOrigin`). */
  addinOrigin?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The error for a request that got no answer: a `CorsRefusedError` when it went from a browser page to another
 * origin, failed as fetch fails for a network error and a CORS refusal alike (a `TypeError`), and the server answers
 * a request that needs no CORS (`answersWithoutCors`); a `RequestCancelledError` when the caller cancelled
 * meanwhile; else a `NetworkError`. For every client that sends requests itself (`HttpClient`, the OAuth client).
 */
export async function unansweredRequestError({ request, error, fetch, addinOrigin = pageOrigin(), timeoutMs, signal }: UnansweredRequest): Promise<Error> {
  if (error instanceof TypeError && crossOrigin(request.url, addinOrigin) && await answersWithoutCors(fetch, request.url, timeoutMs, signal)) {
    return new CorsRefusedError(request, new URL(request.url).origin, addinOrigin, { cause: error });
  }
  if (signal?.aborted) return new RequestCancelledError();
  return new NetworkError(`Could not reach ${new URL(request.url).host}: ${(error as Error).message}`, request, { cause: error });
}
