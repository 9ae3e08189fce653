import { ApiError, HttpClient, NetworkError, RequestCancelledError, ResponseFormatError, type FetchLike } from '../../client';
import { CorsRefusedError } from '../../client/cors-errors';
import { CubeMeta } from '../../contract';
import { normalizeCubeApiAddress } from './cube-api-address';
import { CubeApiConnectError } from './cube-api-errors';
import { readCubeToken } from './cube-token';

/**
 * A connection to a Cube deployment's REST API with a pasted token, kept in the add-in's own storage per user (never
 * the workbook), as the platform's connections are. `apiUrl` is the base without `/v1` (`CoreDataClient`'s).
 */
export interface CubeApiConnectionSettings {
  kind: 'cube-api';
  apiUrl: string;
  token: string;
  /** The token's `exp`, in ms since the epoch; null for a token without one (its end cannot be known). */
  expiresAt: number | null;
}

/** A checked Cube API connection: its settings, and how many cubes and views the token lets the user see. */
export interface CubeApiConnected extends CubeApiConnectionSettings {
  cubes: number;
}

export { CubeApiConnectError, type CubeApiProblem } from './cube-api-errors';

export interface ConnectCubeApiDeps {
  fetch?: FetchLike;
  now?: () => number;
  /** How long to wait for the deployment's answer (default 20 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The origin the add-in runs at, named in the CORS advice; default `location.origin`. Without one (Node, tests
   * that do not play a browser) a failed request is never taken for a CORS refusal: only browsers enforce CORS
   * (`HttpClient` tells one apart, `CorsRefusedError`).
   */
  addinOrigin?: string;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * Checks a typed Cube API address and a pasted token, and answers the connection to keep. The address and token are
 * read first (`CubeApiAddressError`, `CubeTokenError`): a bad one sends nothing. Then one request, Cube's own
 * `GET <apiUrl>/v1/meta` with the token as the whole Authorization header (as `CoreDataClient` sends it), tells
 * whether this is a Cube REST API that takes the token; any other outcome is a `CubeApiConnectError` in words.
 * Only Cube REST API requests are sent (`<apiUrl>/v1/...`), never a Platform API one.
 */
export async function connectCubeApi(
  input: { address: string; token: string },
  deps: ConnectCubeApiDeps = {},
): Promise<CubeApiConnected> {
  const apiUrl = normalizeCubeApiAddress(input.address);
  const { token, expiresAt } = readCubeToken(input.token, (deps.now ?? Date.now)());
  const fetchImpl: FetchLike = deps.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  let seen: SeenAnswer | undefined;
  const observingFetch: FetchLike = async (url, init) => {
    const response = await fetchImpl(url, init);
    seen = await observe(response);
    return response;
  };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = deps.signal ? AbortSignal.any([deps.signal, timeout.signal]) : timeout.signal;
  // No retries: a wrong address should be told at once. The client's own timeout is later than ours, so ours tells.
  const http = new HttpClient({
    baseUrl: apiUrl, authorization: () => token, fetch: observingFetch, retry: { retries: 0 }, timeoutMs: timeoutMs * 2, addinOrigin: deps.addinOrigin,
  });
  try {
    const meta = await http.request(CubeMeta, { path: '/v1/meta', signal });
    return { kind: 'cube-api', apiUrl, token, expiresAt, cubes: meta.cubes.length };
  } catch (error) {
    if (error instanceof RequestCancelledError) {
      if (deps.signal?.aborted || !timeout.signal.aborted) throw error;
      throw new CubeApiConnectError(
        'timeout',
        `The Cube deployment at ${originOf(apiUrl)} did not answer within ${Math.ceil(timeoutMs / 1000)} s: check the address, or try again later.`,
        apiUrl,
      );
    }
    if (error instanceof CorsRefusedError) {
      const { addinOrigin } = error;
      throw new CubeApiConnectError(
        'cors',
        `${originOf(apiUrl)} answered, but does not allow requests from this add-in (no CORS headers for ${addinOrigin}): add ${addinOrigin} to the Cube deployment's CORS setting (http.cors in cube.js).`,
        apiUrl,
        { addinOrigin },
        { cause: error },
      );
    }
    if (error instanceof NetworkError) {
      throw new CubeApiConnectError(
        'unreachable',
        `Nothing answered at ${originOf(apiUrl)}${networkReason(error)}: check the address, and that the Cube deployment is running.`,
        apiUrl,
        {},
        { cause: error },
      );
    }
    throw classifyAnswer(error, apiUrl, seen) ?? error;
  } finally {
    clearTimeout(timer);
  }
}

/** What the answer was, beyond what `HttpClient` keeps: its type, and the start of a body that is not JSON. */
interface SeenAnswer {
  status: number;
  contentType: string;
  bodyStart?: string;
}

async function observe(response: Response): Promise<SeenAnswer> {
  const contentType = response.headers.get('content-type') ?? '';
  const seen: SeenAnswer = { status: response.status, contentType };
  if (!/json/i.test(contentType) && response.body) {
    try {
      seen.bodyStart = (await response.clone().text()).slice(0, 512);
    } catch {
      // The client reads the body itself and tells a broken one.
    }
  }
  return seen;
}

const isHtml = (seen: SeenAnswer | undefined): boolean =>
  !!seen && (/^text\/html|^application\/xhtml\+xml/i.test(seen.contentType.trim()) || /^\s*</.test(seen.bodyStart ?? ''));

/** An answer that was not Cube's meta, in words; undefined for an error of another kind. */
function classifyAnswer(error: unknown, apiUrl: string, seen: SeenAnswer | undefined): CubeApiConnectError | undefined {
  const origin = originOf(apiUrl);
  const where = `${apiUrl}/v1/meta`;
  const usually = new URL(apiUrl).pathname.endsWith('/cubejs-api') ? '' : ` (a Cube REST API is usually at ${origin}/cubejs-api)`;
  if (error instanceof ApiError && error.status === 404) {
    return new CubeApiConnectError('not-found', `There is no Cube REST API at ${apiUrl}: ${where} answered 404 Not Found. Check the address${usually}.`, apiUrl, { status: 404 }, { cause: error });
  }
  if ((error instanceof ApiError || error instanceof ResponseFormatError) && isHtml(seen)) {
    return new CubeApiConnectError(
      'html',
      `${origin} answered with a web page, not the Cube REST API: check the address${usually}.`,
      apiUrl,
      { status: seen!.status },
      { cause: error },
    );
  }
  if (error instanceof ApiError && error.status === 403) {
    const said = (error.body as { error?: unknown } | null)?.error;
    if (said === 'Invalid token') {
      return new CubeApiConnectError(
        'token-refused',
        'The Cube deployment refused this token: it may be signed with another secret or be expired; ask for a new one.',
        apiUrl,
        { status: 403 },
        { cause: error },
      );
    }
    if (said === `Authorization header isn't set`) {
      return new CubeApiConnectError(
        'token-not-received',
        `The Cube deployment at ${origin} did not receive the token: something in between (a proxy or gateway) removes the Authorization header; ask its administrator to let it through.`,
        apiUrl,
        { status: 403 },
        { cause: error },
      );
    }
  }
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return new CubeApiConnectError(
      'refused',
      `${origin} refused the request (${error.status}: ${error.message}); it may not be the Cube REST API, or something in front of it asks for its own sign-in. Check the address.`,
      apiUrl,
      { status: error.status },
      { cause: error },
    );
  }
  if (error instanceof ApiError) {
    const trouble = error.status >= 500 ? 'failed to answer' : 'answered in a way Cube does not';
    return new CubeApiConnectError(
      'server-error',
      `The Cube deployment at ${origin} ${trouble} (${error.status}: ${error.message}); try again later, or tell its administrator.`,
      apiUrl,
      { status: error.status },
      { cause: error },
    );
  }
  if (error instanceof ResponseFormatError) {
    return new CubeApiConnectError(
      'not-cube',
      `${where} answered, but not as a Cube REST API does: check the address${usually}.`,
      apiUrl,
      { status: error.status },
      { cause: error },
    );
  }
  return undefined;
}

function originOf(apiUrl: string): string {
  return new URL(apiUrl).origin;
}

/** The cause in words, when Node names it (a browser never does). */
function networkReason(error: NetworkError): string {
  for (let cause: unknown = error.cause; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return ' (no such host name)';
    if (code === 'ECONNREFUSED') return ' (nothing listens at that port)';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return ' (the connection was cut)';
    if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return ' (its certificate is not trusted)';
  }
  return '';
}
