import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { signCubeToken } from '../agent/identity';
import { QueryRunner } from '../cube/query-runner';
import { engineContext } from '../engine-context';
import { FaultInjector } from '../faults';
import { loopbackHosts, Router } from '../http';
import { dataRoutes } from '../routes/data';
import { Database } from '../store/database';
import { createSampleData } from '../store/sample-data';
import type { NormalizedQuery } from '../cube/normalize';
import { cubeTokenChecker, type CubeJwtOptions, type CubeSecurityContext } from './auth';
import { cubeCoreListener } from './listener';
import { ensureApiSecret } from './secret';

/**
 * A Cube Core stand-in: the local platform's embedded engine (DuckDB with the sample data) and semantic model behind a
 * Cube REST API only, as a self-hosted Cube deployment serves it: `/cubejs-api/v1/load`, `/meta`, `/sql`, `/dry-run`
 * (the platform's own data routes) and the `/livez` and `/readyz` probes. No Platform API, SCIM, OAuth or agent.
 * Tokens are checked as Cube checks them (auth.ts), CORS answered as Cube's `http.cors` does (cors.ts).
 */
export interface CubeCoreOptions {
  /** Folder for the database file and the generated API secret, or `:memory:` for a throwaway stand-in. */
  dataDir: string;
  port?: number;
  /** Loopback unless the caller insists. */
  host?: string;
  /** The URL clients use, when it differs from where the server listens; its host is answered to as well. */
  publicUrl?: string;
  /** Token checking; `apiSecret` defaults to the one kept in the data dir (secret.ts). */
  jwt?: Partial<CubeJwtOptions>;
  /** The origins CORS answers (Cube's `http.cors.origin` as a list). */
  corsOrigins: string[];
  continueWaitMs?: number;
  queryDelayMs?: number;
  maxRowLimit?: number;
  now?: () => Date;
  /** The instant relative date ranges resolve against (defaults to `now`). */
  queryClock?: () => Date;
  /** Hears tokens refused for reasons other than the token (a JWKS that cannot be fetched); default stderr. */
  log?: (message: string) => void;
  /** The semantic model (Cube's YAML) to serve; the platform's sample model without. */
  modelPath?: string;
  /**
   * Cube's `queryRewrite` configuration option: each query, normalized, with the caller's security context, answers the
   * query to run (row-level security adds filters). https://cube.dev/docs/product/configuration/reference/config#queryrewrite
   */
  queryRewrite?: (query: NormalizedQuery, context: { securityContext: CubeSecurityContext }) => unknown;
}

export interface RunningCubeCore {
  /** Where the server listens, e.g. `http://127.0.0.1:4100`. */
  url: string;
  /** The REST API's base, `{url}/cubejs-api/v1`, as a Cube client takes it. */
  apiUrl: string;
  /** The HS256 secret tokens are signed with (`CUBEJS_API_SECRET`, or the generated one). */
  apiSecret: string;
  /** In-process fault rules (e.g. Continue wait), as the platform's tests use them. */
  faults: FaultInjector;
  /**
   * A token signed with the API secret, as a customer's backend signs one: the claims are the security context. It
   * verifies only while the secret is the key (no `CUBEJS_JWT_KEY`, no `CUBEJS_JWK_URL`).
   */
  signToken(claims: Record<string, unknown>, expiresInSeconds?: number): Promise<string>;
  close(): Promise<void>;
}

/** The platform's semantic model (app.ts `MODEL_PATH`), named here so the stand-in loads none of the platform. */
const MODEL_PATH = join(__dirname, '..', 'model', 'sales.yml');

/** Cube's single-tenant default: every caller shares one app, and so one query cache. */
const CUBE_APP_SCOPE = 'CUBEJS_APP';

export async function startCubeCore(options: CubeCoreOptions): Promise<RunningCubeCore> {
  const inMemory = options.dataDir === ':memory:';
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const apiSecret = options.jwt?.apiSecret || ensureApiSecret(options.dataDir);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => process.stderr.write(`cube core: ${message}\n`));
  // Checked before anything opens, so a bad key stops the start.
  const checkToken = cubeTokenChecker({ ...options.jwt, apiSecret }, now, log);

  const db = await Database.open(inMemory ? ':memory:' : join(options.dataDir, 'cube.duckdb'));
  try {
    await db.transaction(async (tx) => {
      if (!(await tx.one(`SELECT table_name FROM information_schema.tables WHERE table_name = 'orders'`))) await createSampleData(tx);
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  let publicUrl = options.publicUrl ?? '';
  const faults = new FaultInjector();
  const ctx = engineContext(db, options.modelPath ?? MODEL_PATH, faults, () => publicUrl, now, options);
  const queries = new QueryRunner(db, ctx.model, {
    maxRowLimit: ctx.maxRowLimit, queryDelayMs: ctx.queryDelayMs, now, queryClock: options.queryClock ?? now,
  });
  const router = new Router();
  const { queryRewrite } = options;
  dataRoutes(router, ctx, queries, async (request) => {
    const securityContext = await checkToken(request);
    return { scope: CUBE_APP_SCOPE, rewrite: queryRewrite && (async (query) => queryRewrite(query, { securityContext })) };
  });
  // Cube's probes, outside the base path and without a token (gateway.ts `readiness`, `liveness`).
  const health = async () => ({ status: 200, body: { health: 'HEALTH' } });
  router.add('GET', '/readyz', health).add('GET', '/livez', health);

  const hosts = new Set<string>();
  const server = createServer(cubeCoreListener(router, faults, hosts, options.corsOrigins));
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!publicUrl) publicUrl = url;
  for (const name of loopbackHosts(host, port)) hosts.add(name);
  hosts.add(new URL(publicUrl).host);

  return {
    url,
    apiUrl: `${publicUrl.replace(/\/+$/, '')}/cubejs-api/v1`,
    apiSecret,
    faults,
    signToken: (claims, expiresInSeconds) => signCubeToken(claims, apiSecret, now(), expiresInSeconds),
    close: () => closeServer(server).then(() => db.close()),
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
