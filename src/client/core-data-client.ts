import {
  CONTINUE_WAIT, CubeLoadResponse, type CubeLoadResults, CubeMeta, CubeSqlResponse, type CubeLoadResult, type CubeMeta as CubeMetaType, type CubeQuery,
} from '../contract';
import { ApiError, QueryTimeoutError, RequestCancelledError } from './errors';
import { abortableSleep, HttpClient, type HttpClientOptions } from './http';
import type { DeploymentTokenSource } from './token-manager';

export type CoreDataClientOptions = Omit<HttpClientOptions, 'authorization' | 'baseUrl'> & {
  /** The deployment's data API base without `/v1` (see `dataApiBase`). */
  apiUrl: string;
  tokens: DeploymentTokenSource;
  /** Total time to keep re-sending a query that answers "Continue wait". */
  maxWaitMs?: number;
  /** Pause between "Continue wait" and the next try (the server already waited its own window). */
  continueWaitPauseMs?: number;
  now?: () => number;
};

export interface LoadProgress {
  /** How many "Continue wait" answers so far. */
  attempts: number;
  waitedMs: number;
}

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

/**
 * The Core data API (Cube's REST API): the deployment JWT is the whole Authorization header, an answer in the
 * `{results: [...]}` form is read as its (single) result, a query that
 * is still running is sent again until it answers (bounded, cancellable, with progress), and a 403 is
 * retried once with a fresh token. Results are returned as the server sent them: nothing is converted here.
 */
export class CoreDataClient {
  private readonly http: HttpClient;
  private readonly maxWaitMs: number;
  private readonly pauseMs: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: CoreDataClientOptions) {
    const { apiUrl, tokens: _tokens, maxWaitMs, continueWaitPauseMs, now, ...rest } = options;
    // Each call passes its own token (see withToken); this default is never sent.
    this.http = new HttpClient({ ...rest, baseUrl: apiUrl, authorization: () => '' });
    this.maxWaitMs = maxWaitMs ?? 10 * 60_000;
    this.pauseMs = continueWaitPauseMs ?? 250;
    this.now = now ?? Date.now;
    this.sleep = options.sleep ?? abortableSleep;
  }

  async load(query: CubeQuery, options: LoadOptions = {}): Promise<CubeLoadResult> {
    const started = this.now();
    for (let attempts = 0; ; ) {
      const answer = await this.withToken(options.signal, (authorization) =>
        this.http.request(CubeLoadResponse, { method: 'POST', path: '/v1/load', body: { query }, signal: options.signal, authorization, idempotent: true }),
      );
      if (isResults(answer)) return answer.results[0]!;
      if (!('error' in answer && answer.error === CONTINUE_WAIT)) return answer as CubeLoadResult;
      attempts += 1;
      const waitedMs = this.now() - started;
      options.onProgress?.({ attempts, waitedMs });
      if (waitedMs >= this.maxWaitMs) throw new QueryTimeoutError(waitedMs, attempts);
      await this.sleep(this.pauseMs, options.signal);
    }
  }

  /** The SQL a query compiles to (`/v1/sql`), for "Explain": the statement text and its parameters. */
  async sql(query: CubeQuery, signal?: AbortSignal): Promise<{ text: string; params: unknown[] }> {
    const answer = await this.withToken(signal, (authorization) =>
      this.http.request(CubeSqlResponse, { method: 'POST', path: '/v1/sql', body: { query }, signal, authorization, idempotent: true }),
    );
    const [text, params] = answer.sql.sql;
    return { text, params };
  }

  meta(signal?: AbortSignal): Promise<CubeMetaType> {
    return this.withToken(signal, (authorization) => this.http.request(CubeMeta, { path: '/v1/meta', signal, authorization }));
  }

  /**
   * Runs `call` with a token; on 403 (Cube's answer to a bad or expired token) or 401 (a proxy's in front of it) once
   * more with a newly issued one.
   */
  private async withToken<T>(signal: AbortSignal | undefined, call: (token: string) => Promise<T>): Promise<T> {
    const token = await this.options.tokens.getToken(signal);
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 403 || error.status === 401))) throw error;
      if (signal?.aborted) throw new RequestCancelledError();
      this.options.tokens.invalidate(token);
      return call(await this.options.tokens.getToken(signal));
    }
  }
}

const isResults = (answer: unknown): answer is CubeLoadResults => Array.isArray((answer as { results?: unknown }).results);
