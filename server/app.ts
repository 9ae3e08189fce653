import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AppConfigResponse, Policy } from '../src/contract';
import { ChatAgent, type AgentOptions } from './agent/agent';
import { chatApiUrl, localAgentHost } from './agent/host';
import { signCubeToken } from './agent/identity';
import { createOAuthServer, type CompanySignIn } from './oauth';
import { QueryRunner } from './cube/query-runner';
import { engineContext } from './engine-context';
import { FaultInjector, faultRoutes, type FaultRule } from './faults';
import { loopbackHosts, Router } from './http';
import { failureReporter, type ServerLog } from './log';
import type { ReadinessCheck } from './probes';
import { requestListener } from './request-listener';
import { chatRoutes } from './routes/chat';
import { dataRoutes } from './routes/data';
import { externalDocumentRoutes } from './routes/external-documents';
import { folderRoutes } from './routes/folders';
import { placementRoutes } from './routes/placements';
import { platformRoutes, writeAppConfig } from './routes/platform';
import { reportRoutes } from './routes/reports';
import { scimRoutes } from './routes/scim';
import { specRoutes } from './routes/spec';
import { openStores } from './store/open-stores';
import type { TeamConfig } from './team/config';
import { teamAgentHost } from './team/team-agent';
import { cubeReadiness, prepareTeam } from './team/team-context';
import { nextPlacementKey } from './store/schema';
import { ensureDevTokens, type DevTokens } from './store/seed';
import { addSampleOrders, type AddedOrder } from './store/sample-data';

// The listener lives apart (one idea per file); tests build a server around it alone.
export { requestListener } from './request-listener';

export interface PlatformOptions {
  /** Folder for the database file and dev-tokens.json, or `:memory:` for a throwaway platform. */
  dataDir: string;
  /** PostgreSQL's URL (`DATABASE_URL`): the state lives there, shared by every process given it, instead of in the data dir. */
  databaseUrl?: string;
  /** A team server's configuration (`npm run server -- --config`): its deployments are the team's Cubes; no sample tenant. */
  team?: TeamConfig;
  /** Structured logs (a team server's JSON lines): each request, notices and internal errors. Without, notices go to stderr. */
  log?: ServerLog;
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
  /** Cube API URLs (RFC 8707 resource indicators) the OAuth server issues JWT access tokens for (default none). */
  cubeResources?: string[];
  /** Sign users in through the company's OpenID Connect provider instead of the seeded-user picker (a team server). */
  companySignIn?: CompanySignIn;
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
  /** Stops the server; `graceMs` lets requests in flight finish first (SIGTERM's graceful shutdown), default none. */
  close(options?: { graceMs?: number }): Promise<void>;
}

export interface PlatformTestHooks {
  /** Changes the admin's app config (the real platform sets it in its console; here also `PUT /api/v1/app-config`). */
  setAppConfig(patch: Partial<AppConfigResponse>): Promise<void>;
  /** Replaces a group's policies (SCIM carries none: the real platform's admin grants them in its console); answers the ones replaced. */
  setGroupPolicies(displayName: string, policies: Policy[]): Promise<Policy[]>;
  /** Records a placement as one made before placements had ids: only the workbook and the range. */
  addLegacyPlacement(reportId: number, workbookId: string, resultLocation: string): Promise<void>;
  /** Every route the server answers (method and path pattern), to check the API description against. */
  routes(): { method: string; path: string }[];
  /**
   * A Cube token for the local agent's deployment with these claims (e.g. `{externalId, scope: ['chat']}`), signed
   * with its secret as a customer's backend signs one: what the Chat API's `X-Cube-Auth-Token` takes.
   */
  signAgentCubeToken(claims: Record<string, unknown>): Promise<string>;
  /** Adds orders to the sample data: the data changing upstream between refreshes. */
  addOrders(orders: readonly AddedOrder[]): Promise<void>;
}

export const MODEL_PATH = join(__dirname, 'model', 'sales.yml');

export async function startPlatform(options: PlatformOptions): Promise<RunningPlatform> {
  const inMemory = options.dataDir === ':memory:';
  if (options.team && !options.databaseUrl) throw new Error('A team server keeps its state in PostgreSQL: set database.url in its configuration, or DATABASE_URL');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const stores = await openStores({
    dataDir: inMemory ? null : options.dataDir, databaseUrl: options.databaseUrl, sampleTenant: !options.team,
    notice: (message) => (options.log ? options.log.info(message) : process.stderr.write(`local platform: ${message}\n`)),
  });
  const db = stores.state;
  const faults = new FaultInjector();
  faults.set(options.faults ?? []);
  let publicUrl = options.publicUrl ?? '';
  const now = options.now ?? (() => new Date());
  const ctx = engineContext(db, MODEL_PATH, faults, () => publicUrl, now, { ...options, reportFailure: failureReporter(options.log) });
  if (options.team) ctx.team = await prepareTeam(db, options.team, now);
  // Filled in once the port is known, before the first request can arrive.
  const hosts = new Set<string>();
  const ownOrigins = new Set<string>();
  const queries = new QueryRunner(stores.analytics, ctx.model, {
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
  // A team server's data API is its Cubes'; its agent, when configured, reads the configured Cube as the asking user.
  const agentHost = !ctx.team ? localAgentHost(ctx, queries) : ctx.team.agent ? teamAgentHost(ctx, ctx.team.agent) : null;
  const agent = agentHost && new ChatAgent(ctx, agentHost, options.agent);
  if (!ctx.team) dataRoutes(router, ctx, queries);
  if (agent) chatRoutes(router, ctx, agent, { deploymentAgent: ctx.team !== undefined });
  if (options.faultInjection) faultRoutes(router, faults, ownOrigins);
  // The authorization server answers `/oauth/` and `/.well-known/` itself (see docs/sign-in.md).
  const oauth = createOAuthServer(ctx, { redirectUris: options.oauthRedirectUris, keys: stores.oauthKeys, cubeResources: options.cubeResources, companySignIn: options.companySignIn });
  ctx.oauthUserForAccessToken = oauth.userForAccessToken;
  const { companyIdTokens } = oauth;
  if (companyIdTokens) ctx.companyIdToken = (userId) => companyIdTokens.current(userId);

  // Requests wait for dev-tokens.json: its Chat API URL holds the port, which is known only once listening.
  let openDoors!: () => void;
  const doorsOpen = new Promise<void>((resolve) => {
    openDoors = resolve;
  });
  const probes: ReadinessCheck[] = [{ name: 'database', check: () => db.ping() }, ...cubeReadiness(ctx.team)];
  const answer = requestListener(router, faults, hosts, oauth, probes, options.log);
  let closing = false;
  const server = createServer((req, res) => {
    // A server shutting down answers what it was asked and closes the connection after, so none is reused.
    if (closing) res.setHeader('Connection', 'close');
    // Fire and forget: doorsOpen never rejects, and the listener answers every failure itself (500).
    void doorsOpen.then(() => answer(req, res));
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
  let tokens: DevTokens | null = null;
  try {
    // A team's users sign in through the company's provider, and its SCIM token is its configuration's: no dev tokens.
    if (!options.team) tokens = await ensureDevTokens(db, inMemory ? null : options.dataDir, chatApiUrl(publicUrl));
  } catch (error) {
    await closeServer(server);
    await stores.close();
    throw error;
  }
  openDoors();

  const testing: PlatformTestHooks = {
    routes: () => router.registered(),
    async signAgentCubeToken(claims) {
      const secret = agentHost && (await agentHost.deployment()).secret;
      if (!secret) throw new Error('This server has no agent whose deployment signs Cube tokens');
      return signCubeToken(claims, secret, now());
    },
    async setAppConfig(patch) {
      await writeAppConfig(ctx, patch);
    },
    setGroupPolicies: (displayName, policies) => db.transaction(async (tx) => {
      const row = await tx.one(`SELECT policies FROM groups WHERE display_name = ?`, [displayName]);
      if (!row) throw new Error(`No group named ${displayName}`);
      await tx.run(`UPDATE groups SET policies = ? WHERE display_name = ?`, [JSON.stringify(policies), displayName]);
      return JSON.parse(String(row.policies)) as Policy[];
    }),
    addOrders: (orders) => stores.analytics.transaction((tx) => addSampleOrders(tx, orders)),
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
    get tokens() {
      if (!tokens) throw new Error('A team server has no dev tokens: its users sign in through the company\'s provider');
      return tokens;
    },
    faults,
    get retainedResults() {
      return queries.retainedResults;
    },
    testing,
    // No new connections; answers still streaming are suspended, as a real server does when it stops (saved, and
    // resumable); other requests in flight get `graceMs` to finish before every connection still open is closed.
    async close({ graceMs = 0 } = {}) {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await agent?.suspendAll();
      const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearTimeout(cutOff);
      await stores.close();
    },
  };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
