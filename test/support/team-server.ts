import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startPlatform, type PlatformOptions, type RunningPlatform } from '../../server/app';
import { jsonLog } from '../../server/log';
import { loadTeamConfig } from '../../server/team/config';
import { teamPlatformOptions } from '../../server/team/platform-options';
import type { PlatformClient } from '../../src/client';
import { OAuthClient } from '../../src/client/oauth-client';
import { Browser, type CompanyAccount, type CompanyIdp } from './company-idp';
import { freePort } from './launched-command';
import { platformClient } from './local-platform';
import { CLIENT_ID } from './oauth-login';

/** A team's secrets, as its server reads them from the environment (the file names them `${…}`). */
export function teamSecrets() {
  return {
    CUBEJS_API_SECRET: randomBytes(32).toString('hex'),
    SCIM_TOKEN: randomBytes(32).toString('hex'),
    OIDC_CLIENT_SECRET: randomBytes(16).toString('hex'),
    CHAT_API_KEY: randomBytes(32).toString('hex'),
  };
}

export const TEAM_OIDC_CLIENT_ID = 'report-sync-server';

/** The rights of a group that reads every deployment's data and every report (api.yaml `Policy`). */
const READERS = `
      - { resourceType: Deployment, actions: [SchemaRead, DownloadData], resources: ['*'] }
      - { resourceType: Folder, actions: [FolderRead, ReportRead], resources: ['*'] }
      - { resourceType: Report, actions: [ReportRead], resources: ['*'] }`;

/**
 * A team's file, as docs/server.md shows one: a Cube deployment with signed tokens (and, when given, one that verifies
 * the company's sign-in itself), groups that read, `admins` administrators, and each group's `regions` attribute for
 * the Cube's row-level security.
 */
export function teamYaml(options: {
  publicUrl: string; issuer: string; cubeApiUrl: string; admins: string[]; regions: Record<string, string[]>;
  /** A second deployment, whose Cube verifies the company's ID tokens itself. */
  passThroughCubeApiUrl?: string;
  /** The chat agent, over this view of the Sales deployment (its key `${CHAT_API_KEY}`). */
  agentView?: string;
}): string {
  const groups = Object.keys(options.regions).map((name) => `  ${name}:\n    policies:${READERS}`).join('\n');
  const attributes = Object.entries(options.regions).map(([name, regions]) => `        ${name}: { regions: [${regions.join(', ')}] }`).join('\n');
  return `server:
  host: 127.0.0.1
  port: ${new URL(options.publicUrl).port || 80}
  publicUrl: ${options.publicUrl}
signIn:
  oidc:
    issuer: ${options.issuer}
    clientId: ${TEAM_OIDC_CLIENT_ID}
    clientSecret: \${OIDC_CLIENT_SECRET}
scim:
  token: \${SCIM_TOKEN}
admins: [${options.admins.join(', ')}]
groups:
${groups}
deployments:
  - name: Sales
    cubeApiUrl: ${options.cubeApiUrl}
    auth:
      mode: signed-token
      apiSecret: \${CUBEJS_API_SECRET}
    securityContext:
      attributes:
${attributes}
${options.passThroughCubeApiUrl ? `  - name: Operations\n    cubeApiUrl: ${options.passThroughCubeApiUrl}\n    auth:\n      mode: oidc-pass-through\n` : ''}${
  options.agentView ? `agent:\n  deployment: Sales\n  view: ${options.agentView}\n  apiKey: \${CHAT_API_KEY}\n` : ''}`;
}

/** Cube's documented row-level security (queryRewrite): the security context's regions filter every query; none, no data. */
export function regionRewrite(query: { filters?: unknown[] }, { securityContext }: { securityContext: Record<string, unknown> }) {
  const regions = securityContext.regions;
  if (!Array.isArray(regions)) throw new Error('No regions in the security context');
  return { ...query, filters: [...(query.filters ?? []), { member: 'sales.region', operator: 'equals', values: regions }] };
}

/** SCIM's `POST`, with the team's token; answers the new resource's id. */
export async function provision(base: string, token: string, resource: 'Users' | 'Groups', body: unknown): Promise<string> {
  const answer = await fetch(`${base}/api/scim/v2/${resource}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' }, body: JSON.stringify(body),
  });
  if (answer.status !== 201) throw new Error(`SCIM ${resource} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { id: string }).id;
}

/** The add-in's sign-in to the team server at `base`, through the company's provider, as a browser follows it. */
export async function signInThroughCompany(base: string, idp: CompanyIdp, account: CompanyAccount): Promise<PlatformClient> {
  idp.signInAs(account);
  const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
  const request = await client.authorizationRequest(`${base}/auth/callback.html`);
  const reached = await new Browser().walk(request.url, (url) => url.pathname === '/auth/callback.html');
  if (reached.response) throw new Error(`sign-in stopped at ${reached.url.href} (${reached.response.status})`);
  return platformClient(base, (await client.exchangeCode(reached.url.searchParams, request)).accessToken);
}

/** A team server in this process, its JSON log kept as objects, and what to remove when done. */
export interface InProcessTeamServer {
  platform: RunningPlatform;
  logged: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * `npm run server -- --config` in this process: the file `yaml` writes for the server's address is loaded, and the
 * platform started, as the command does (secrets from `env`; the database is `databaseUrl`); the company's provider
 * `idp` gets the server's callback, and every JSON log line is kept.
 */
export async function startTeamServer(options: {
  databaseUrl: string; idp: CompanyIdp; env: NodeJS.ProcessEnv; yaml(publicUrl: string): string; platform?: Partial<PlatformOptions>;
}): Promise<InProcessTeamServer> {
  const dir = mkdtempSync(join(tmpdir(), 'team-server-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  options.idp.register(`${publicUrl}/oauth/company/callback`);
  const file = join(dir, 'team.yaml');
  writeFileSync(file, options.yaml(publicUrl));
  const config = loadTeamConfig(file, options.env);
  const logged: Record<string, unknown>[] = [];
  const log = jsonLog(new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  }));
  const platform = await startPlatform({ ...teamPlatformOptions(config), host: '127.0.0.1', port, databaseUrl: options.databaseUrl, log, ...options.platform });
  return {
    platform,
    logged,
    async close() {
      await platform.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
