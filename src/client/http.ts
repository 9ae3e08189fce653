import type { z } from 'zod';
import {
  ApiError, InsecureTransportError, RequestCancelledError, ResponseFormatError, type RequestInfo,
} from './errors';
import { unansweredRequestError } from './cors-probe';
import type { FetchLike } from './fetch-like';

export interface RetryPolicy {
  /** Extra attempts after the first, for idempotent GETs only. */
  retries: number;
  /** First backoff delay; each next one doubles, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 4_000 };
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const DEFAULT_TIMEOUT_MS = 60_000;

export interface HttpClientOptions {
  baseUrl: string;
  /** The whole Authorization header value, asked for on every attempt (tokens can change between attempts). */
  authorization: () => string | Promise<string>;
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  /** Abandons an attempt that takes longer than this. */
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /**
   * Asked once when a request is refused with 401 (session ended): resolves true once the user has a new
   * token, and the request is sent again with it. A 401 means nothing was done, so writes are safe to resend.
   */
  reauthenticate?: () => Promise<boolean>;
  /**
   * The origin the add-in runs at, to tell a server that sends no CORS headers for it from one out of reach
   * (`CorsRefusedError`); default the page's, none outside a browser (there nothing enforces CORS).
   */
  addinOrigin?: string;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Safe to send again after a failure; GETs are, and reads sent by POST may say so. */
  idempotent?: boolean;
  /** This request's Authorization header, instead of the client's. */
  authorization?: string;
  /** Error bodies in another shape than `{error}` (SCIM), to find the message. */
  errorMessage?: (body: unknown) => string | undefined;
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** HTTPS everywhere; plain HTTP only to loopback, where the local platform and dev server live. */
export function assertSecureBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InsecureTransportError(`"${baseUrl}" is not a valid address.`, baseUrl, 'invalid');
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname)) return url;
  throw new InsecureTransportError(
    `Refusing to send credentials to ${url.origin}: use https:// (plain http:// is allowed only for this computer).`,
    url.origin,
    'insecure',
  );
}

export const abortableSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RequestCancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestCancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function defaultErrorMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const { error, detail, message } = body as { error?: unknown; detail?: unknown; message?: unknown };
    for (const candidate of [error, detail, message]) if (typeof candidate === 'string' && candidate) return candidate;
  }
  return undefined;
}

/**
 * JSON over fetch for one API family: builds URLs under a checked base, sets the family's Authorization
 * header, retries idempotent requests on 502/503/504 and network failures with backoff (never a write), and
 * turns every outcome into parsed data or one of the typed errors.
 */
export class HttpClient {
  private readonly base: URL;
  private readonly fetchImpl: FetchLike;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: HttpClientOptions) {
    this.base = assertSecureBaseUrl(options.baseUrl.replace(/\/+$/, ''));
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  get baseUrl(): string {
    return this.base.href.replace(/\/+$/, '');
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.href;
  }

  /** Sends a request and parses the answer with `schema`. */
  async request<T extends z.ZodType>(schema: T, options: RequestOptions): Promise<z.infer<T>> {
    const { status, json, info } = await this.send(options);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? ` at '${issue.path.join('.')}'` : '';
      throw new ResponseFormatError(`The server's answer is not in the expected form${where}: ${issue.message}`, info, status);
    }
    return parsed.data;
  }

  private async send(options: RequestOptions): Promise<{ status: number; json: unknown; info: RequestInfo }> {
    const method = options.method ?? 'GET';
    const url = this.url(options.path, options.query);
    const info: RequestInfo = { method, url: url.split('?')[0]! };
    const attempts = (options.idempotent ?? method === 'GET') ? this.retry.retries + 1 : 1;
    let reauthenticated = false;
    for (let attempt = 1; ; attempt += 1) {
      if (options.signal?.aborted) throw new RequestCancelledError();
      let response: Response;
      let text: string;
      try {
        ({ response, text } = await this.attempt(url, method, options));
      } catch (error) {
        if (error instanceof RequestCancelledError || options.signal?.aborted) throw new RequestCancelledError();
        if (attempt < attempts) {
          await this.backoff(attempt, options.signal, null);
          continue;
        }
        throw await unansweredRequestError({
          request: info, error, fetch: this.fetchImpl, addinOrigin: this.options.addinOrigin, timeoutMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: options.signal,
        });
      }
      if (RETRYABLE_STATUSES.has(response.status) && attempt < attempts) {
        await this.backoff(attempt, options.signal, response.headers.get('retry-after'));
        continue;
      }
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        if (!response.ok) throw new ApiError(response.status, `The server answered ${response.status} ${response.statusText}`.trim(), info, text);
        throw new ResponseFormatError('The server sent an answer that is not valid JSON (it may have been cut off).', info, response.status);
      }
      if (response.status === 401 && !reauthenticated && !options.authorization && this.options.reauthenticate) {
        reauthenticated = true;
        if (await this.options.reauthenticate()) {
          attempt -= 1;
          continue;
        }
      }
      if (!response.ok) {
        const message = (options.errorMessage ?? defaultErrorMessage)(json) ?? `The server answered ${response.status}`;
        throw new ApiError(response.status, message, info, json);
      }
      return { status: response.status, json, info };
    }
  }

  private async attempt(url: string, method: string, options: RequestOptions): Promise<{ response: Response; text: string }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
    try {
      const headers: Record<string, string> = { Accept: 'application/json', Authorization: options.authorization ?? (await this.options.authorization()) };
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await this.fetchImpl(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        credentials: 'omit',
      });
      // Reading the body is part of the attempt: a connection cut mid-body is a network failure.
      const text = await response.text();
      return { response, text };
    } catch (error) {
      if (options.signal?.aborted) throw new RequestCancelledError();
      if (timeout.signal.aborted) throw new Error('timed out', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private backoff(attempt: number, signal: AbortSignal | undefined, retryAfter: string | null): Promise<void> {
    const exponential = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
    const hinted = retryAfter && /^\d+$/.test(retryAfter) ? Math.min(this.retry.maxDelayMs, Number(retryAfter) * 1000) : 0;
    const delay = Math.max(hinted, exponential * (0.5 + this.random() / 2));
    return this.sleep(delay, signal);
  }
}
