import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SCIM_ERROR_SCHEMA, type AppConfigResponse } from '../src/contract';
import { ChatAgent, chatApiUrl, type AgentOptions } from './agent/agent';
import { signCubeToken } from './agent/identity';
import type { PlatformContext } from './context';
import { QueryError } from './cube/errors';
import { loadSemanticModel } from './cube/model';
import { createOAuthServer, type OAuthServer } from './oauth';
import { QueryRunner } from './cube/query-runner';
import { FaultInjector, faultRoutes, type FaultRule } from './faults';
import { HttpError, loopbackHosts, readBody, Router, send, sendStream, type ApiRequest, type ApiResponse } from './http';
import { chatRoutes } from './routes/chat';
import { dataRoutes } from './routes/data';
import { externalDocumentRoutes } from './routes/external-documents';
import { folderRoutes } from './routes/folders';
import { placementRoutes } from './routes/placements';
import { platformRoutes, readAppConfig } from './routes/platform';
import { reportRoutes } from './routes/reports';
import { scimRoutes } from './routes/scim';
import { specRoutes } from './routes/spec';
import { Database } from './store/database';
import { nextPlacementKey } from './store/schema';
import { ensureDevTokens, prepareDatabase, type DevTokens } from './store/seed';

export interface PlatformOptions {
  /** Folder for the database file and dev-tokens.json, or `:memory:` for a throwaway platform. */
  dataDir: string;
  port?: number;
  /** Always loopback unless the caller insists; the local platform is a development stand-in. */
  host?: string;
  /** The URL clients use, when it differs from where the server listens (e.g. behind a proxy). */
  publicUrl?: string;
  continueWaitMs?: number;
  queryDelayMs?: number;
  maxRowLimit?: number;
  /** How long a finished data API result nobody collected is kept (default 60 s). */
  resultRetentionMs?: number;
  /** How many uncollected results are kept at most, the oldest released first (default 100)… */
  maxRetainedResults?: number;
  /** …and how many rows they may hold together (default 500,000). */
  maxRetainedRows?: number;
  /** `/__platform/faults` over HTTP (`PLATFORM_FAULT_INJECTION=1`); off by default. `faults` are in-process. */
  faultInjection?: boolean;
  faults?: FaultRule[];
  now?: () => Date;
  /**
   * The instant relative date ranges in data API queries ("last 12 months") resolve against. Cube reads the
   * server's clock; tests fix it so relative ranges land inside the sample data. Defaults to `now`.
   */
  queryClock?: () => Date;
  /** OAuth redirect URIs registered besides `{publicUrl}/auth/callback.html` (default: the dev server's). */
  oauthRedirectUris?: string[];
  /** How the local agent paces its answers (Agent chat API). */
  agent?: AgentOptions;
}

export interface RunningPlatform {
  url: string;
  tokens: DevTokens;
  faults: FaultInjector;
  /** Finished data API results no caller has collected yet. */
  readonly retainedResults: number;
  /** In-process hooks for tests and the workbench: what the real API offers no call for. */
  testing: PlatformTestHooks;
  close(): Promise<void>;
}

export interface PlatformTestHooks {
  /** Changes the admin's app config (the real platform sets it in its console). */
  setAppConfig(patch: Partial<AppConfigResponse>): Promise<void>;
  /** Records a placement as one made before placements had ids: only the workbook and the range. */
  addLegacyPlacement(reportId: number, workbookId: string, resultLocation: string): Promise<void>;
  /** Every route the server answers (method and path pattern), to check the API description against. */
  routes(): { method: string; path: string }[];
  /**
   * A Cube token for the local agent's deployment with these claims (e.g. `{externalId, scope: ['chat']}`), signed
   * with its secret as a customer's backend signs one: what the Chat API's `X-Cube-Auth-Token` takes.
   */
  signAgentCubeToken(claims: Record<string, unknown>): Promise<string>;
}

export const MODEL_PATH = join(__dirname, 'model', 'sales.yml');

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const inMemory = options.dataDir === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const db = await Database.open(inMemory ? ':memory:' : join(options.dataDir, 'platform.duckdb'));
  await prepareDatabase(db, (message) => process.stderr.write(`local platform: ${message}\n`));
  const faults = new FaultInjector();
  faults.set(options.faults ?? []);
  let publicUrl = options.publicUrl ?? '';
  const now = options.now ?? (() => new Date());
  const ctx: PlatformContext = {
    db,
    model: loadSemanticModel(MODEL_PATH),
    faults,
    publicUrl: () => publicUrl,
    now,
    continueWaitMs: options.continueWaitMs ?? 5_000,
    queryDelayMs: options.queryDelayMs ?? 0,
    maxRowLimit: options.maxRowLimit ?? 50_000,
  };
  // Filled in once the port is known, before the first request can arrive.
  const hosts = new Set<string>();
  const ownOrigins = new Set<string>();
  const queries = new QueryRunner(db, ctx.model, {
    maxRowLimit: ctx.maxRowLimit, queryDelayMs: ctx.queryDelayMs, now, queryClock: options.queryClock ?? now,
    resultRetentionMs: options.resultRetentionMs, maxRetainedResults: options.maxRetainedResults, maxRetainedRows: options.maxRetainedRows,
  });
  const router = new Router();
  platformRoutes(router, ctx);
  reportRoutes(router, ctx);
  placementRoutes(router, ctx);
  folderRoutes(router, ctx);
  externalDocumentRoutes(router, ctx);
  specRoutes(router, ctx);
  scimRoutes(router, ctx);
  dataRoutes(router, ctx, queries);
  const agent = new ChatAgent(ctx, queries, options.agent);
  chatRoutes(router, ctx, agent);
  if (options.faultInjection) faultRoutes(router, faults, ownOrigins);
  // The authorization server answers `/oauth/` and `/.well-known/` itself (see docs/sign-in.md).
  const oauth = createOAuthServer(ctx, { redirectUris: options.oauthRedirectUris });
  ctx.oauthUserForAccessToken = oauth.userForAccessToken;

  // Requests wait for dev-tokens.json: its Chat API URL holds the port, which is known only once listening.
  let openDoors!: () => void;
  const doorsOpen = new Promise<void>((resolve) => {
    openDoors = resolve;
  });
  const answer = requestListener(router, faults, hosts, oauth);
  const server = createServer((req, res) => {
    doorsOpen.then(() => answer(req, res));
  });
  // An idle connection is closed by the client, not by us: a server that closes it first (Node's default, 5 s) races
  // a client reusing it, and a POST sent into the closing socket fails with ECONNRESET and cannot be retried
  // (https://nodejs.org/api/http.html#serverkeepalivetimeout). Load balancers in front of hosted APIs keep idle
  // connections for a minute or more.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const listening = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!publicUrl) publicUrl = listening;
  for (const name of loopbackHosts(host, port)) {
    hosts.add(name);
    ownOrigins.add(`http://${name}`);
  }
  hosts.add(new URL(publicUrl).host);
  let tokens: DevTokens;
  try {
    tokens = await ensureDevTokens(db, inMemory ? null : options.dataDir, chatApiUrl(publicUrl));
  } catch (error) {
    await closeServer(server);
    db.close();
    throw error;
  }
  openDoors();

  const testing: PlatformTestHooks = {
    routes: () => router.registered(),
    signAgentCubeToken: async (claims) => signCubeToken(claims, (await agent.deployment()).secret, now()),
    async setAppConfig(patch) {
      const next = { ...(await readAppConfig(ctx)), ...patch };
      await db.transaction((tx) => tx.run(`UPDATE app_config SET value = ? WHERE id = 1`, [JSON.stringify(next)]));
    },
    async addLegacyPlacement(reportId, workbookId, resultLocation) {
      await db.transaction(async (tx) => {
        await tx.run(`INSERT INTO placements (row_key, id, report_id, workbook_id, result_location) VALUES (?, NULL, ?, ?, ?)`, [
          await nextPlacementKey(tx), reportId, workbookId, resultLocation,
        ]);
      });
    },
  };
  return {
    url: listening,
    tokens,
    faults,
    get retainedResults() {
      return queries.retainedResults;
    },
    testing,
    // Answers still streaming are suspended first, as a real server does when it stops: saved, and resumable.
    close: () => agent.suspendAll().then(() => closeServer(server)).then(() => db.close()),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

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
 * authorization server, when given, answers its own paths after that check.
 */
export function requestListener(router: Router, faults: FaultInjector, hosts: ReadonlySet<string>, oauth?: Pick<OAuthServer, 'handles' | 'handle'>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(router, faults, hosts, oauth, req, res).catch((error: unknown) => {
      // Only a failure while answering gets here; the answer may be half sent.
      if (res.destroyed || res.writableEnded) return;
      logInternalError(error);
      if (!res.headersSent) send(res, { status: 500, body: { error: 'Internal error' } });
      else res.destroy();
    });
  };
}

async function handle(
  router: Router, faults: FaultInjector, hosts: ReadonlySet<string>, oauth: Pick<OAuthServer, 'handles' | 'handle'> | undefined,
  req: IncomingMessage, res: ServerResponse,
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
    result = errorResponse(error, isScim);
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

function errorResponse(thrown: unknown, isScim: boolean): ApiResponse {
  if (thrown instanceof QueryError) return { status: 400, body: { error: thrown.message } };
  const error = thrown instanceof HttpError ? thrown : internalError(thrown);
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

/** Anything but an `HttpError` or `QueryError` is the platform's own failure: logged, answered `500`. */
function internalError(error: unknown): HttpError {
  logInternalError(error);
  return new HttpError(500, 'Internal error');
}

function logInternalError(error: unknown): void {
  process.stderr.write(`local platform: ${error instanceof Error ? error.stack : String(error)}\n`);
}
