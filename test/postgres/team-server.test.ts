import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { decodeJwt } from 'jose';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { dataApiBase, type CoreDataClient, type PlatformClient } from '../../src/client';
import { startCompanyIdp, type CompanyAccount, type CompanyIdp } from '../support/company-idp';
import { freePort, launch, type LaunchedCommand } from '../support/launched-command';
import { deploymentDataClient } from '../support/local-platform';
import { freshDatabase } from '../support/postgres-cluster';
import { GROUP_URN, USER_URN } from '../support/scim-schemas';
import { provision, regionRewrite, signInThroughCompany, TEAM_OIDC_CLIENT_ID, teamSecrets, teamYaml } from '../support/team-server';

/**
 * `npm run server -- --config team.yaml`: the platform for a team, its state on PostgreSQL, in front of the team's own
 * Cube (the project's stand-in, with a `queryRewrite` as Cube's documentation writes row-level security), its users
 * provisioned by SCIM and signed in through the company's provider. Expected numbers are SQL over an independent copy
 * of the sample data.
 */
jest.setTimeout(180_000);

const SECRETS = teamSecrets();
const REVENUE_BY_REGION = { measures: ['sales.total_amount'], dimensions: ['sales.region'] };
const REGIONS = { 'EMEA Sales': ['Europe'], 'Americas Sales': ['North America', 'Latin America'] };
const ADA: CompanyAccount = { sub: 'idp-ada', email: 'ada@corp.example', email_verified: true };
const EMMA: CompanyAccount = { sub: 'idp-emma', email: 'emma@corp.example', email_verified: true };
const UMA: CompanyAccount = { sub: 'idp-uma', email: 'uma@corp.example', email_verified: true };

let cube: RunningCubeCore;
/** A Cube that checks the company provider's ID tokens itself (CUBEJS_JWK_URL), with no row-level security. */
let operations: RunningCubeCore;
let reference: Database;
let idp: CompanyIdp;
let database: { url: string; drop(): Promise<void> };
let dir: string;
let server: LaunchedCommand;
let base: string;

beforeAll(async () => {
  cube = await startCubeCore({
    dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {}, jwt: { apiSecret: SECRETS.CUBEJS_API_SECRET }, queryRewrite: regionRewrite,
  });
  reference = await Database.open(':memory:');
  await reference.transaction((tx) => createSampleData(tx));
  idp = await startCompanyIdp({ clientId: TEAM_OIDC_CLIENT_ID, clientSecret: SECRETS.OIDC_CLIENT_SECRET });
  operations = await startCubeCore({
    dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {},
    jwt: { jwkUrl: `${idp.issuer}/jwks`, issuer: [idp.issuer], audience: TEAM_OIDC_CLIENT_ID, algorithms: ['ES256'] },
  });
  database = await freshDatabase(process.env.TEST_POSTGRES_URL!);
  dir = mkdtempSync(join(tmpdir(), 'team-server-'));
  base = `http://127.0.0.1:${await freePort()}`;
  idp.register(`${base}/oauth/company/callback`);
  writeFileSync(join(dir, 'team.yaml'), teamYaml({ publicUrl: base, issuer: idp.issuer, cubeApiUrl: cube.apiUrl, admins: [ADA.email!], regions: REGIONS, passThroughCubeApiUrl: operations.apiUrl }));
  server = launch(`npm run server -- --config ${join(dir, 'team.yaml')}`, { DATABASE_URL: database.url, ...SECRETS });
  await server.waitFor(/listening on/);
});
afterAll(async () => {
  await server?.stop();
  await idp?.close();
  await cube?.close();
  await operations?.close();
  await reference?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** What a user's data client reads: the named deployment's Cube, with the token the platform gives them. */
async function dataClientOf(user: PlatformClient, name = 'Sales'): Promise<{ data: CoreDataClient; apiUrl: string; deploymentId: number }> {
  const deployment = (await user.listDeployments()).find((d) => d.name === name)!;
  const apiUrl = dataApiBase(deployment, await user.listEnvironments(deployment.id));
  return { data: await deploymentDataClient(user, deployment), apiUrl, deploymentId: deployment.id };
}

const revenueIn = async (regions: readonly string[]) => (await reference.read((tx) => tx.all(
  `SELECT region, sum(amount) AS total FROM orders WHERE region IN (${regions.map(() => '?').join(', ')}) GROUP BY region ORDER BY region`, [...regions],
))).map((row) => ({ region: row.region, total: Number(row.total) }));

it('signs people in through the company provider, and gives each the numbers Cube\'s queryRewrite allows their groups', async () => {
  const user = (userName: string, externalId: string) => provision(base, SECRETS.SCIM_TOKEN, 'Users', { schemas: [USER_URN], userName, externalId, active: true });
  const [ada, emma, uma] = [await user('ada@corp.example', 'idp-ada'), await user('emma@corp.example', 'idp-emma'), await user('uma@corp.example', 'idp-uma')];
  await provision(base, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'EMEA Sales', members: [{ value: emma }] });
  await provision(base, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'Americas Sales', members: [{ value: uma }] });

  // The configured admin saves the report.
  const admin = await signInThroughCompany(base, idp, ADA);
  expect(await admin.getCurrentUser()).toMatchObject({ id: Number(ada), isAdmin: true });
  const { deploymentId } = await dataClientOf(admin);
  const report = await admin.createReport(deploymentId, { name: 'Revenue by region', jsonQuery: JSON.stringify(REVENUE_BY_REGION) });

  for (const [account, id, regions] of [[EMMA, emma, REGIONS['EMEA Sales']], [UMA, uma, REGIONS['Americas Sales']]] as const) {
    const reader = await signInThroughCompany(base, idp, account);
    expect(await reader.getCurrentUser()).toMatchObject({ id: Number(id), isAdmin: false });
    const { data, apiUrl } = await dataClientOf(reader);
    expect(apiUrl).toBe(cube.apiUrl.replace(/\/v1$/, ''));
    const saved = await reader.getReport(deploymentId, report.id);
    const result = await data.load(JSON.parse(saved.jsonQuery!));
    const rows = result.data.map((row) => ({ region: row['sales.region'], total: Number(row['sales.total_amount']) }))
      .sort((a, b) => String(a.region).localeCompare(String(b.region)));
    expect(rows).toEqual(await revenueIn(regions));
    await reader.connectWorkbook(deploymentId, report.id, { externalWorkbookId: `wb-${account.sub}`, resultLocation: 'Sheet1!A1:B4' });
  }
  const placed = await admin.getReport(deploymentId, report.id);
  expect(placed.externalWorkbookPlacements!.map((p) => p.workbookId).sort()).toEqual(['wb-idp-emma', 'wb-idp-uma']);
});

it('gives a Cube that verifies the company sign-in itself the ID token the company gave the user', async () => {
  const emma = await signInThroughCompany(base, idp, EMMA);
  const { data, deploymentId } = await dataClientOf(emma, 'Operations');
  const { cubeApiToken } = await emma.issueDeploymentToken(deploymentId);
  expect(decodeJwt(cubeApiToken)).toMatchObject({ iss: idp.issuer, aud: TEAM_OIDC_CLIENT_ID, sub: EMMA.sub, email: EMMA.email });
  const result = await data.load(REVENUE_BY_REGION);
  const rows = result.data.map((row) => ({ region: row['sales.region'], total: Number(row['sales.total_amount']) }))
    .sort((a, b) => String(a.region).localeCompare(String(b.region)));
  expect(rows).toEqual(await revenueIn(['Asia Pacific', 'Europe', 'Latin America', 'North America']));
});

it('is ready when its database and each Cube are', async () => {
  const ready = await fetch(`${base}/readyz`);
  expect({ status: ready.status, body: await ready.json() }).toEqual({
    status: 200, body: { status: 'ready', checks: { database: 'ok', 'cube Sales (deployment 1)': 'ok', 'cube Operations (deployment 2)': 'ok' } },
  });
});

it('logs one JSON object per line, each request without its query or credentials', () => {
  // npm's own banner (`> report-sync-excel-addin@… server`, and the command) comes first; the server's lines after it.
  const lines = server.stdout().split('\n').filter((line) => line && !line.startsWith('>')).map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.slice(0, 2)).toEqual([
    expect.objectContaining({ level: 30, service: 'report-sync-server', msg: 'The database was migrated: 0001_platform_state.' }),
    expect.objectContaining({ level: 30, msg: expect.stringMatching(/^Report Sync Server listening on /), deployments: [
      { name: 'Sales', cubeApiUrl: cube.apiUrl, auth: 'signed-token' }, { name: 'Operations', cubeApiUrl: operations.apiUrl, auth: 'oidc-pass-through' },
    ] }),
  ]);
  expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', method: 'GET', path: '/api/v1/users/me', status: 200 }));
  expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', method: 'GET', path: '/oauth/company/callback', status: 303 }));
  const text = server.stdout();
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/code=|state=|Bearer /);
});

it('refuses a configuration with mistakes: says what and where, and exits non-zero', async () => {
  writeFileSync(join(dir, 'bad.yaml'), `server:\n  publicUrl: http://reports.example.com\nscim:\n  token: short\ndeployments:\n  - name: Sales\n    cubeApiUrl: ${cube.apiUrl}\n    auth:\n      mode: signed-token\n      apiSecret: \${NOT_SET_ANYWHERE}\n`);
  const bad = launch(`npm run server -- --config ${join(dir, 'bad.yaml')}`, { NOT_SET_ANYWHERE: undefined });
  const { code } = await bad.exited;
  expect(code).not.toBe(0);
  const said = bad.stderr();
  expect(said).toContain('bad.yaml:2:3: server.publicUrl: uses http with host reports.example.com');
  expect(said).toContain('bad.yaml:4:3: scim.token: is too short (5 characters, at least 32)');
  expect(said).toContain('bad.yaml:10:7: deployments[0].auth.apiSecret: environment variable NOT_SET_ANYWHERE is not set');
});
