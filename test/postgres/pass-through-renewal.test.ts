import { decodeJwt } from 'jose';
import type { RunningPlatform } from '../../server/app';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { ApiError, CoreDataClient, type PlatformClient } from '../../src/client';
import { startCompanyIdp, type CompanyAccount, type CompanyIdp } from '../support/company-idp';
import { freshDatabase } from '../support/postgres-cluster';
import { GROUP_URN, USER_URN } from '../support/scim-schemas';
import {
  provision, signInThroughCompany, startTeamServer, TEAM_OIDC_CLIENT_ID, teamSecrets, teamYaml, type InProcessTeamServer,
} from '../support/team-server';

/**
 * A Cube that verifies the company's own ID tokens (`oidc-pass-through`, CUBEJS_JWK_URL) gets the one the company's
 * provider issued at sign-in; it lives two minutes here. The server asks for `offline_access` (with `prompt=consent`,
 * which OpenID Connect Core §11 requires and oidc-provider enforces) and renews the ID token with the refresh token
 * when it ends, so the add-in's data requests go on without another sign-in. The platform's clock is moved; the
 * provider's and the Cube's are real.
 */
jest.setTimeout(120_000);

const SECRETS = teamSecrets();
const EMMA: CompanyAccount = { sub: 'idp-emma', email: 'emma@corp.example', email_verified: true };
const ID_TOKEN_SECONDS = 120;

let idp: CompanyIdp;
let sales: RunningCubeCore;
let operations: RunningCubeCore;
let database: { url: string; drop(): Promise<void> };
let team: InProcessTeamServer;
let platform: RunningPlatform;
let clockAheadMs = 0;

beforeAll(async () => {
  idp = await startCompanyIdp({ clientId: TEAM_OIDC_CLIENT_ID, clientSecret: SECRETS.OIDC_CLIENT_SECRET, idTokenSeconds: ID_TOKEN_SECONDS });
  sales = await startCubeCore({ dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {}, jwt: { apiSecret: SECRETS.CUBEJS_API_SECRET } });
  operations = await startCubeCore({
    dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {},
    jwt: { jwkUrl: `${idp.issuer}/jwks`, issuer: [idp.issuer], audience: TEAM_OIDC_CLIENT_ID, algorithms: ['ES256'] },
  });
  database = await freshDatabase(process.env.TEST_POSTGRES_URL!);
  team = await startTeamServer({
    databaseUrl: database.url, idp, env: SECRETS,
    yaml: (publicUrl) => teamYaml({ publicUrl, issuer: idp.issuer, cubeApiUrl: sales.apiUrl, admins: [], regions: { 'EMEA Sales': ['Europe'] }, passThroughCubeApiUrl: operations.apiUrl }),
    platform: { now: () => new Date(Date.now() + clockAheadMs) },
  });
  platform = team.platform;
  const emma = await provision(platform.url, SECRETS.SCIM_TOKEN, 'Users', { schemas: [USER_URN], userName: EMMA.email, externalId: EMMA.sub, active: true });
  // The group the file gives the rights to read every deployment.
  await provision(platform.url, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'EMEA Sales', members: [{ value: emma }] });
});
afterAll(async () => {
  await team?.close();
  await idp?.close();
  await sales?.close();
  await operations?.close();
  await database?.drop();
});

const tokenOf = async (user: PlatformClient, deploymentId: number) => (await user.issueDeploymentToken(deploymentId)).cubeApiToken;
/** What the Cube says to a query with `token`: its rows, or the status it refused with. */
const loadWith = async (token: string) => {
  const data = new CoreDataClient({ apiUrl: operations.apiUrl.replace(/\/v1$/, ''), tokens: { getToken: async () => token, invalidate: () => {} } });
  return (await data.load({ measures: ['sales.count'] })).data.length;
};

/**
 * Moves the platform's clock so that `token` has 59 s left (inside the minute before its end, when it is renewed),
 * once it is over 2 s old, so a token issued now has over a minute left on that clock.
 */
async function makeDue(token: string): Promise<void> {
  const exp = decodeJwt(token).exp! * 1000;
  const oldEnough = exp - ID_TOKEN_SECONDS * 1000 + 2_200;
  if (Date.now() < oldEnough) await new Promise((resolve) => setTimeout(resolve, oldEnough - Date.now()));
  clockAheadMs = exp - 59_000 - Date.now();
}

it('renews the company ID token a pass-through Cube checks when it ends, with the refresh token, once for concurrent asks', async () => {
  const emma = await signInThroughCompany(platform.url, idp, EMMA);
  const operationsId = (await emma.listDeployments()).find((d) => d.name === 'Operations')!.id;
  const first = await tokenOf(emma, operationsId);
  expect(decodeJwt(first)).toMatchObject({ iss: idp.issuer, sub: EMMA.sub, aud: TEAM_OIDC_CLIENT_ID });
  expect(await tokenOf(emma, operationsId)).toBe(first);

  // Within a minute of its end: renewed, for the same person, kept (asked again, the same), and the Cube takes it.
  await makeDue(first);
  const renewed = await tokenOf(emma, operationsId);
  expect(renewed).not.toBe(first);
  expect(decodeJwt(renewed)).toMatchObject({ iss: idp.issuer, sub: EMMA.sub, aud: TEAM_OIDC_CLIENT_ID });
  expect(await tokenOf(emma, operationsId)).toBe(renewed);
  expect(await loadWith(renewed)).toBe(1);

  // Three asks at once when it is due again: one renewal (ES256 signatures differ each time, so one token means one).
  await makeDue(renewed);
  const together = await Promise.all([tokenOf(emma, operationsId), tokenOf(emma, operationsId), tokenOf(emma, operationsId)]);
  expect(new Set(together).size).toBe(1);
  expect(together[0]).not.toBe(renewed);
});

it('tells the add-in to sign in again once the provider revokes the refresh token, and the provider being down in words', async () => {
  clockAheadMs = 0;
  const emma = await signInThroughCompany(platform.url, idp, EMMA);
  const operationsId = (await emma.listDeployments()).find((d) => d.name === 'Operations')!.id;
  const kept = await tokenOf(emma, operationsId);
  idp.revokeRefreshTokens();
  await makeDue(kept);
  const refused = await tokenOf(emma, operationsId).then(() => null, (error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect({ status: (refused as ApiError).status, message: (refused as ApiError).message }).toEqual({ status: 409, message: expect.stringContaining('sign out and sign in again') });

  clockAheadMs = 0;
  const again = await signInThroughCompany(platform.url, idp, EMMA);
  const keptAgain = await tokenOf(again, operationsId);
  await idp.close();
  await makeDue(keptAgain);
  const down = await tokenOf(again, operationsId).then(() => null, (error: unknown) => error);
  expect({ status: (down as ApiError).status, message: (down as ApiError).message }).toEqual({ status: 503, message: expect.stringContaining('cannot be renewed right now') });
  expect(team.logged).toContainEqual(expect.objectContaining({ level: 50, msg: 'Renewing a company sign-in failed', failure: expect.any(String) }));
  const text = JSON.stringify(team.logged);
  expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
});
