import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import type { PlatformOptions } from '../../server/app';
import type { RunningCubeCore } from '../../server/cube-core';
import type { CubeQuery } from '../../src/contract';
import { OAuthClient } from '../../src/client/oauth-client';
import { freshWorkbench, readCells, signInThroughDialog } from './support/actions';
import { addMember, newExplorationAt } from './support/builder';
import { closedPort, cubeShot, gridWithToken, notCubeOAuthNorStatic, recordRequests, startJwksCubeStandIn, type SentRequest } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { useWorkbench } from './support/workbench';
import { rangeOf, untilCells } from './support/cube-cells';

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

/**
 * The pane connected straight to a Cube deployment that verifies tokens through a JWKS (issue 26), signing in with
 * the company's OpenID Connect provider: here the local platform's OAuth server, reached at the workbench's origin
 * (its public URL), whose discovery, token endpoint and JWKS a self-hosted Cube would be configured with
 * (CUBEJS_JWK_URL, CUBEJS_JWT_ISSUER, CUBEJS_JWT_AUDIENCE).
 */

const CLIENT_ID = 'report-sync-excel';
const REVENUE = 'sales.total_amount';
const REGION = 'sales.region';
const QUERY: CubeQuery = { measures: [REVENUE], dimensions: [REGION] };

// The access-token deployment's address must be a resource the platform lists before the platform starts: its port is
// chosen first (this beforeAll runs before useWorkbench's).
const platformOptions: Partial<PlatformOptions> = {};
let accessPort: number;
let cubeResource: string;
beforeAll(async () => {
  accessPort = await closedPort();
  cubeResource = `http://127.0.0.1:${accessPort}/cubejs-api/v1`;
  platformOptions.cubeResources = [cubeResource];
});
const bench = useWorkbench(platformOptions);
const page = (): Page => bench.page;
/** Takes the ID token (CUBEJS_JWT_AUDIENCE is the client id). */
let cubeId: RunningCubeCore;
/** Takes access tokens issued for it as a resource (CUBEJS_JWT_AUDIENCE is its address). */
let cubeAccess: RunningCubeCore;
let issuer: string;

beforeAll(async () => {
  const origin = bench.workbench.server.url;
  const discovery = (await (await fetch(`${origin}/.well-known/openid-configuration`)).json()) as { issuer: string; jwks_uri: string };
  issuer = discovery.issuer;
  const jwkUrl = `${bench.platform.platform.url}/oauth/jwks`;
  cubeId = await startJwksCubeStandIn([origin], { jwkUrl, issuer: [issuer], audience: CLIENT_ID });
  cubeAccess = await startJwksCubeStandIn([origin], { jwkUrl, issuer: [issuer], audience: cubeResource, port: accessPort });
});
afterAll(async () => {
  await cubeId?.close();
  await cubeAccess?.close();
});

const form = () => page().getByRole('form', { name: 'Connect to a Cube API' });
const builder = () => page().getByTestId('builder');
/** Fills the sign-in variant of the form as a user does (from the start screen or the form). */
async function fillSignInForm(cube: RunningCubeCore, tokenKind: 'Access token' | 'ID token', resource = '') {
  const link = page().getByRole('button', { name: 'Connect straight to a Cube API instead' });
  await Promise.race([link.waitFor(), form().waitFor()]);
  if (await link.isVisible()) await link.click();
  await form().getByRole('button', { name: 'Sign in with your company account instead' }).click();
  await form().getByRole('textbox', { name: /Cube REST API address/ }).fill(`${cube.url}/cubejs-api`);
  await form().getByRole('textbox', { name: /Identity provider \(issuer\)/ }).fill(issuer);
  await form().getByRole('textbox', { name: /Client ID/ }).fill(CLIENT_ID);
  await form().getByRole('radio', { name: tokenKind }).check();
  if (resource) await form().getByRole('textbox', { name: /Resource \(optional\)/ }).fill(resource);
}

const connected = (cube: RunningCubeCore) => page().getByTestId('cube-connected').filter({ hasText: `Connected to the Cube API at ${new URL(cube.url).host}` });

/** Builds an exploration of QUERY at `cell` through the builder (auto-run writes its cells), then closes it. */
async function explorationAt(cell: string, expected: unknown[][]) {
  await newExplorationAt(page(), cell, 'sales');
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await untilCells(page(), rangeOf(cell, expected), expected);
}

/** Closes the builder's unsaved exploration, keeping its cells as plain values. */
async function closeKeepingCells() {
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await page().getByRole('button', { name: 'Discard, keep the cells' }).click();
  await builder().waitFor({ state: 'detached' });
}

const cubeCalls = (requests: SentRequest[], cube: RunningCubeCore) => requests.filter((r) => r.url.startsWith(`${cube.url}/cubejs-api/v1/`));
const oauthCalls = (requests: SentRequest[]) => {
  const origin = bench.workbench.server.url;
  return [...new Set(requests.filter((r) => r.url.startsWith(`${origin}/oauth/`) || r.url.startsWith(`${origin}/.well-known/`)).map((r) => `${r.method} ${new URL(r.url).pathname}`))].sort();
};

test('connect with sign-in through JWKS (ID token): signed in as Anna Analyst, the cells match the stand-in\'s own load, only the OAuth server and the Cube API are called', async () => {
  const origin = bench.workbench.server.url;
  expect(issuer).toBe(origin);
  const requests = recordRequests(page());
  await freshWorkbench(page(), `${origin}/workbench.html`);
  await fillSignInForm(cubeId, 'ID token');
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await cubeShot(page(), 'cube-sign-in');
  // Nothing is sent to the Cube deployment before the sign-in.
  expect(cubeCalls(requests.all, cubeId)).toEqual([]);

  await signInThroughDialog(page(), () => form().getByRole('button', { name: 'Sign in', exact: true }).click());
  await connected(cubeId).waitFor();
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);

  // The tokens stay in the add-in's storage, the ID token the one Cube gets.
  const stored = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: Record<string, unknown>[] });
  const connection = stored.connections.find((c) => c.kind === 'cube-oidc')!;
  expect(connection).toMatchObject({ apiUrl: `${cubeId.url}/cubejs-api`, issuer, clientId: CLIENT_ID, tokenKind: 'id', resource: null });
  const idToken = connection.idToken as string;
  const claims = decodeJwt(idToken);
  expect(claims).toMatchObject({ aud: CLIENT_ID, iss: issuer });

  // The stand-in's own load with that token: what the cells must show.
  const expected = await gridWithToken(cubeId, QUERY, idToken);
  expect(expected[0]).toEqual(['Region', 'Revenue']);
  expect(expected.length).toBeGreaterThan(2);
  await explorationAt('B2', expected);
  expect((await readCells(page(), rangeOf('B2', expected))).values).toEqual(expected);
  await closeKeepingCells();

  requests.stop();
  const toCube = cubeCalls(requests.all, cubeId);
  const kinds = [...new Set(toCube.map((r) => `${r.method} ${new URL(r.url).pathname}`))].sort();
  expect(kinds).toEqual(expect.arrayContaining(['GET /cubejs-api/v1/meta']));
  expect(kinds.some((k) => k.endsWith('/cubejs-api/v1/load'))).toBe(true);
  // Every Cube request carried the ID token, bare (no "Bearer"), aud = the client id.
  for (const r of toCube.filter((r) => r.method !== 'OPTIONS')) {
    expect(r.authorization).toBe(idToken);
    expect(decodeJwt(r.authorization!).aud).toBe(CLIENT_ID);
  }
  // Besides the workbench's own files: the OAuth server (discovery, token) and the Cube API, no Platform API.
  expect(notCubeOAuthNorStatic(requests.all, origin)).toEqual([]);
  expect(requests.all.filter((r) => r.url.startsWith(`${origin}/api/`))).toEqual([]);
  expect(oauthCalls(requests.all)).toEqual(['GET /.well-known/openid-configuration', 'POST /oauth/token']);
  console.log(`ID token: ${toCube.length} Cube requests (${kinds.join(', ')}); OAuth: ${oauthCalls(requests.all).join(', ')}`);
});

test('a refused token is renewed through the refresh token without asking; once the sign-in is revoked, "Sign in again" carries on', async () => {
  const requests = recordRequests(page());
  const before = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: Record<string, unknown>[] });
  const first = before.connections.find((c) => c.kind === 'cube-oidc')! as { idToken: string; refreshToken: string };
  // The deployment refuses the next load once, as Cube answers a token it no longer takes.
  let refused = 0;
  await page().route(`${cubeId.url}/cubejs-api/v1/load**`, async (route) => {
    if (route.request().method() !== 'OPTIONS' && refused === 0) {
      refused += 1;
      await route.fulfill({ status: 403, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': bench.workbench.server.url }, body: JSON.stringify({ error: 'Invalid token' }) });
      return;
    }
    await route.fallback();
  });
  // The next load: a new exploration at H2.
  const expected = await gridWithToken(cubeId, QUERY, first.idToken);
  await explorationAt('H2', expected);
  expect(refused).toBe(1);
  const after = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: Record<string, unknown>[] });
  const renewed = after.connections.find((c) => c.kind === 'cube-oidc')! as { idToken: string; refreshToken: string };
  expect(renewed.idToken).not.toBe(first.idToken);
  expect(renewed.refreshToken).not.toBe(first.refreshToken);
  expect(await page().getByTestId('cube-sign-in-request').count()).toBe(0);
  const loads = cubeCalls(requests.all, cubeId).filter((r) => r.url.includes('/v1/load') && r.method !== 'OPTIONS');
  expect(loads.map((r) => r.authorization)).toContain(first.idToken);
  expect(loads.at(-1)!.authorization).toBe(renewed.idToken);
  await closeKeepingCells();

  // The provider ends the sign-in (its refresh token revoked), then Cube refuses once more: the pane asks.
  const client = await OAuthClient.discover(bench.workbench.server.url, { clientId: CLIENT_ID });
  await client.revoke(renewed.refreshToken, 'refresh_token');
  refused = 0;
  await newExplorationAt(page(), 'N2', 'sales');
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  const ask = page().getByTestId('cube-sign-in-request');
  await ask.getByText('The sign-in to the Cube deployment has ended').waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await signInThroughDialog(page(), () => ask.getByRole('button', { name: 'Sign in again' }).click());
  await ask.waitFor({ state: 'detached' });
  await untilCells(page(), rangeOf('N2', expected), expected);
  await page().unroute(`${cubeId.url}/cubejs-api/v1/load**`);
  requests.stop();
  // The new sign-in's ID token, kept, and the one the waiting load went with.
  const again = (await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: Record<string, unknown>[] }))
    .connections.find((c) => c.kind === 'cube-oidc')! as { idToken: string; refreshToken: string };
  expect(new Set([first.idToken, renewed.idToken, again.idToken]).size).toBe(3);
  const lastLoad = cubeCalls(requests.all, cubeId).filter((r) => r.url.includes('/v1/load') && r.method !== 'OPTIONS').at(-1)!;
  expect(lastLoad.authorization).toBe(again.idToken);
  expect(refused).toBe(1);
  await closeKeepingCells();
});

test('connect with sign-in through JWKS (access token for the Cube resource): Cube gets the access token, aud = its address', async () => {
  const origin = bench.workbench.server.url;
  const requests = recordRequests(page());
  await page().getByRole('group', { name: 'Cube API' }).getByRole('button', { name: 'Disconnect' }).click();
  await fillSignInForm(cubeAccess, 'Access token', cubeResource);
  await signInThroughDialog(page(), () => form().getByRole('button', { name: 'Sign in', exact: true }).click());
  await connected(cubeAccess).waitFor();
  const stored = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { active: string; connections: Record<string, unknown>[] });
  const connection = stored.connections.find((c) => c.apiUrl === `${cubeAccess.url}/cubejs-api`)!;
  expect(connection).toMatchObject({ kind: 'cube-oidc', tokenKind: 'access', resource: cubeResource });
  const accessToken = connection.accessToken as string;
  expect(decodeJwt(accessToken)).toMatchObject({ aud: cubeResource, iss: issuer });

  const expected = await gridWithToken(cubeAccess, QUERY, accessToken);
  await explorationAt('B30', expected);
  await closeKeepingCells();
  requests.stop();
  const toCube = cubeCalls(requests.all, cubeAccess).filter((r) => r.method !== 'OPTIONS');
  expect(toCube.length).toBeGreaterThanOrEqual(2);
  for (const r of toCube) expect(r.authorization).toBe(accessToken);
  expect(notCubeOAuthNorStatic(requests.all, origin)).toEqual([]);
  expect(requests.all.filter((r) => r.url.startsWith(`${origin}/api/`))).toEqual([]);
});
