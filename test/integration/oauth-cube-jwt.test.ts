import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startPlatform, type RunningPlatform } from '../../server/app';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { SIGNING_KEY_FILE } from '../../server/oauth/signing-key';
import { OAuthClient, type OAuthTokens } from '../../src/client/oauth-client';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin } from '../support/oauth-login';
import { raw } from '../support/raw-http';
import { keptState, type TestState } from '../support/test-state';

/**
 * The local platform's OAuth server as the identity provider of a self-hosted Cube: a sign-in that asks for a Cube
 * resource (RFC 8707 `resource`) gets JWT access tokens for it, signed with the key the platform's JWKS publishes,
 * which the Cube Core stand-in verifies as Cube does with CUBEJS_JWK_URL, CUBEJS_JWT_ISSUER and CUBEJS_JWT_AUDIENCE.
 */

const ANALYST = 2;

/** A loopback port nobody listens on, so Cube's URL (the resource) is known before either server starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The whole flow for one user, asking for `resource`s (none: a Platform API sign-in, as the add-in's). */
async function signInFor(baseUrl: string, userId: number, resources: string[]): Promise<{ client: OAuthClient; tokens: OAuthTokens }> {
  const client = await OAuthClient.discover(baseUrl, { clientId: CLIENT_ID });
  const page = await openLoginPage(client, baseUrl, resources);
  const params = await callbackParams(baseUrl, page, await postLogin(baseUrl, page, { userId }));
  return { client, tokens: await client.exchangeCode(params, page.request) };
}

/** A token request by hand (the add-in's client sends no `resource`). */
async function tokenRequest(baseUrl: string, params: Record<string, string>) {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const jwksKids = async (baseUrl: string) => ((await (await fetch(`${baseUrl}/oauth/jwks`)).json()) as { keys: { kid: string; alg: string; d?: string }[] }).keys;

describe('JWT access tokens for a self-hosted Cube (CUBEJS_JWK_URL)', () => {
  let state: TestState;
  let platformPort: number;
  let cubePort: number;
  let cubeResource: string;
  let platform: RunningPlatform;
  let cube: RunningCubeCore;

  const startThePlatform = () => startPlatform({ ...state.options, port: platformPort, cubeResources: [cubeResource] });
  const startTheCube = (port: number) => startCubeCore({
    dataDir: ':memory:', port, corsOrigins: [], log: () => {},
    jwt: { jwkUrl: `${platform.url}/oauth/jwks`, issuer: [platform.url], audience: cubeResource, algorithms: ['ES256'] },
  });
  const meta = (token: string, base = cube.url) => raw(`${base}/cubejs-api/v1/meta`, { headers: { Authorization: `Bearer ${token}` } });
  const me = (token: string) => raw(`${platform.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    state = await keptState('oauth-cube-jwt');
    [platformPort, cubePort] = [await freePort(), await freePort()];
    cubeResource = `http://127.0.0.1:${cubePort}/cubejs-api/v1`;
    platform = await startThePlatform();
    cube = await startTheCube(cubePort);
  });
  afterAll(async () => {
    await cube?.close();
    await platform?.close();
    await state.remove();
  });

  it('issues a JWT for the Cube resource: ES256 under the published key, aud the resource, the user as sub', async () => {
    const { tokens } = await signInFor(platform.url, ANALYST, [cubeResource]);
    expect(tokens.accessToken.split('.')).toHaveLength(3);
    const [published] = await jwksKids(platform.url);
    expect(published).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    expect(published).not.toHaveProperty('d');
    expect(decodeProtectedHeader(tokens.accessToken)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: published!.kid });
    expect(decodeJwt(tokens.accessToken)).toEqual({
      jti: expect.any(String), sub: String(ANALYST), email: 'analyst@example.com', scope: 'platform', client_id: CLIENT_ID,
      iss: platform.url, aud: cubeResource, iat: expect.any(Number), exp: expect.any(Number),
    });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(tokens.refreshToken).toEqual(expect.any(String));
  });

  it('the Cube takes it (/v1/meta 200), and a refreshed one; the Platform API refuses it (401)', async () => {
    const { client, tokens } = await signInFor(platform.url, ANALYST, [cubeResource]);
    const answer = await meta(tokens.accessToken);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { cubes: { name: string }[] }).cubes.map((c) => c.name)).toEqual(expect.arrayContaining(['orders']));

    // The refresh token carries the resource: a refresh without `resource` gives a JWT for the same Cube.
    const renewed = await client.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(decodeJwt(renewed.accessToken)).toMatchObject({ aud: cubeResource, iss: platform.url, sub: String(ANALYST) });
    expect((await meta(renewed.accessToken)).status).toBe(200);

    // A Cube-audience token is no Platform API token.
    for (const token of [tokens.accessToken, renewed.accessToken]) expect((await me(token)).status).toBe(401);
  });

  it('a sign-in without resource is as before: an opaque Platform API token, which the Cube refuses (403)', async () => {
    const { client, tokens } = await signInFor(platform.url, ANALYST, []);
    expect(tokens.accessToken).not.toContain('.');
    expect((await me(tokens.accessToken)).status).toBe(200);
    const refused = await meta(tokens.accessToken);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ error: 'Invalid token' });
    const renewed = await client.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toContain('.');
    expect((await me(renewed.accessToken)).status).toBe(200);
  });

  it('refuses a resource not listed (invalid_target), at the authorization and the token endpoint', async () => {
    const client = await OAuthClient.discover(platform.url, { clientId: CLIENT_ID });
    const request = await client.authorizationRequest(`${platform.url}/auth/callback.html`);
    const url = new URL(request.url);
    url.searchParams.set('resource', 'https://elsewhere.example/cubejs-api/v1');
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.pathname).toBe('/auth/callback.html');
    expect(callback.searchParams.get('error')).toBe('invalid_target');

    // Nor can a Platform API sign-in's refresh token be turned into a Cube token, or a Cube one into another.
    const { tokens: platformTokens } = await signInFor(platform.url, ANALYST, []);
    const turned = await tokenRequest(platform.url, { grant_type: 'refresh_token', refresh_token: platformTokens.refreshToken!, resource: cubeResource });
    expect(turned).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    const { tokens: cubeTokens } = await signInFor(platform.url, ANALYST, [cubeResource]);
    const elsewhere = await tokenRequest(platform.url, { grant_type: 'refresh_token', refresh_token: cubeTokens.refreshToken!, resource: 'https://elsewhere.example/cubejs-api/v1' });
    expect(elsewhere).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
  });

  it('keeps its signing key with its state: after a restart the JWKS is the same and earlier tokens still verify', async () => {
    // On DuckDB in the data dir, readable by its owner only; on PostgreSQL in the database, which every process shares.
    const keyFile = join(state.options.dataDir, SIGNING_KEY_FILE);
    if (state.options.databaseUrl) expect(existsSync(keyFile)).toBe(false);
    else expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const before = await jwksKids(platform.url);
    const { tokens } = await signInFor(platform.url, ANALYST, [cubeResource]);

    await platform.close();
    platform = await startThePlatform();
    expect(await jwksKids(platform.url)).toEqual(before);

    // A Cube that never saw the key set before fetches it from the restarted platform.
    const fresh = await startTheCube(0);
    try {
      expect((await meta(tokens.accessToken, fresh.url)).status).toBe(200);
      const { tokens: after } = await signInFor(platform.url, ANALYST, [cubeResource]);
      expect((await meta(after.accessToken, fresh.url)).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
