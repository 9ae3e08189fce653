import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SCIM_ERROR_SCHEMA } from '../src/contract';
import type { PlatformContext } from './context';
import { QueryError } from './cube/errors';
import { loadSemanticModel } from './cube/model';
import { QueryRunner } from './cube/query-runner';
import { FaultInjector, FaultRules, type FaultRule } from './faults';
import { HttpError, readBody, requireLoopback, Router, send, type ApiRequest, type ApiResponse } from './http';
import type { AppConfigResponse } from '../src/contract';
import { dataRoutes } from './routes/data';
import { externalDocumentRoutes } from './routes/external-documents';
import { folderRoutes } from './routes/folders';
import { placementRoutes } from './routes/placements';
import { platformRoutes, readAppConfig } from './routes/platform';
import { reportRoutes } from './routes/reports';
import { scimRoutes } from './routes/scim';
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
  faults?: FaultRule[];
  now?: () => Date;
}

export interface RunningPlatform {
  url: string;
  tokens: DevTokens;
  faults: FaultInjector;
  /** In-process hooks for tests and the workbench: what the real API offers no call for. */
  testing: PlatformTestHooks;
  close(): Promise<void>;
}

export interface PlatformTestHooks {
  /** Changes the admin's app config (the real platform sets it in its console). */
  setAppConfig(patch: Partial<AppConfigResponse>): Promise<void>;
  /** Records a placement as one made before placements had ids: only the workbook and the range. */
  addLegacyPlacement(reportId: number, workbookId: string, resultLocation: string): Promise<void>;
}

export const MODEL_PATH = join(__dirname, 'model', 'sales.yml');
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Max-Age': '600',
};

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const inMemory = options.dataDir === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const db = await Database.open(inMemory ? ':memory:' : join(options.dataDir, 'platform.duckdb'));
  await prepareDatabase(db, (message) => process.stderr.write(`local platform: ${message}\n`));
  const tokens = await ensureDevTokens(db, inMemory ? null : options.dataDir);

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
  const router = new Router();
  platformRoutes(router, ctx);
  reportRoutes(router, ctx);
  placementRoutes(router, ctx);
  folderRoutes(router, ctx);
  externalDocumentRoutes(router, ctx);
  scimRoutes(router, ctx);
  dataRoutes(router, ctx, new QueryRunner(db, ctx.model, { maxRowLimit: ctx.maxRowLimit, queryDelayMs: ctx.queryDelayMs, now }));
  faultRoutes(router, faults);

  const server = createServer((req, res) => {
    handle(router, faults, req, res).catch((error: unknown) => {
      // A caller that hung up (a client timeout, say) is no server failure.
      if (res.destroyed || req.destroyed) return;
      process.stderr.write(`local platform: ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!res.headersSent) send(res, { status: 500, body: { error: 'Internal error' } });
      else res.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const listening = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!publicUrl) publicUrl = listening;

  const testing: PlatformTestHooks = {
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
    testing,
    close: () => closeServer(server).then(() => db.close()),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function faultRoutes(router: Router, faults: FaultInjector): void {
  const loopbackOnly = (request: ApiRequest) => requireLoopback(request, 'Fault injection');
  router
    .add('GET', '/__platform/faults', async (r) => {
      loopbackOnly(r);
      return { status: 200, body: { rules: faults.list() } };
    })
    .add('PUT', '/__platform/faults', async (r) => {
      loopbackOnly(r);
      const parsed = FaultRules.safeParse((r.body as { rules?: unknown } | undefined)?.rules);
      if (!parsed.success) throw new HttpError(400, `Invalid fault rules: ${parsed.error.issues[0]!.message}`);
      faults.set(parsed.data);
      return { status: 200, body: { rules: faults.list() } };
    })
    .add('DELETE', '/__platform/faults', async (r) => {
      loopbackOnly(r);
      faults.set([]);
      return { status: 200, body: { rules: [] } };
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

async function handle(router: Router, faults: FaultInjector, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'OPTIONS') {
    send(res, { status: 204, headers: CORS_HEADERS });
    return;
  }
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
    result = errorResponse(error, isScim);
  }
  result.headers = { ...CORS_HEADERS, ...result.headers };
  if (fault?.body) {
    const text = JSON.stringify(result.body ?? {});
    const broken = { malformed: `${text.slice(0, 1)}<html>not json`, truncated: text.slice(0, Math.floor(text.length / 2)), empty: '' }[fault.body];
    send(res, { ...result, body: broken });
    return;
  }
  send(res, result);
}

function errorResponse(error: unknown, isScim: boolean): ApiResponse {
  if (error instanceof QueryError) return { status: 400, body: { error: error.message } };
  if (!(error instanceof HttpError)) throw error;
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
