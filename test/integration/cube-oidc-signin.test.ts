import { createServer } from 'node:net';
import { decodeJwt } from 'jose';
import { startPlatform, type RunningPlatform } from '../../server/app';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { CoreDataClient, type FetchLike } from '../../src/client';
import type { AuthorizationRequest, OAuthClient } from '../../src/client/oauth-client';
import type { DialogOutcome } from '../../src/ports/dialog';
import { OidcCubeTokens } from '../../src/session/cube-api/cube-oidc-tokens';
import { signInToCube, type CubeOidcConnectionSettings } from '../../src/session/cube-api/cube-oidc';
import { callbackMessage } from '../../src/session/sign-in';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin } from '../support/oauth-login';
import { keptState, type TestState } from '../support/test-state';
import { startTestOidcProvider, type TestOidcProvider } from '../support/test-oidc-provider';

/**
 * Sign-in to a Cube deployment that verifies tokens through a JWKS (CUBEJS_JWK_URL, CUBEJS_JWT_ISSUER,
 * CUBEJS_JWT_AUDIENCE), end to end: the add-in's `signInToCube` with the Office dialog replaced by a function that
 * follows the authorization URL through the provider's login form and returns the callback as the dialog's message,
 * then `CoreDataClient` over `OidcCubeTokens` against the Cube Core stand-in configured with the provider's JWKS. Every
 * request the add-in sends to the Cube deployment is recorded: only `/cubejs-api/v1/...`, the token the whole
 * Authorization header.
 *
 * Two providers, each for both token kinds (the ID token checked by a Cube whose CUBEJS_JWT_AUDIENCE is the client id):
 * the local platform's OAuth server (an OpenID Connect provider too: discovery at `/.well-known/openid-configuration`,
 * the `openid offline_access profile email` scopes, JWT access tokens for its listed Cube resources), and a standard
 * OpenID Connect provider (oidc-provider with its defaults, test/support/test-oidc-provider.ts).
 */

const ANALYST = 2;
const COUNT = { measures: ['orders.count'] };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A fetch that records every request to the Cube deployment (`origin`) before sending it; `refuseNext()` has the next
 * one answered as Cube answers a token it refuses (`403 {"error": "Invalid token"}`), without sending it.
 */
function recordingFetch(origin: () => string, inner: FetchLike = (url, init) => globalThis.fetch(url, init)) {
  const toCube: string[] = [];
  /** The Authorization header of each, in the same order. */
  const authorizations: (string | null)[] = [];
  let refuse = false;
  const fetch: FetchLike = async (url, init) => {
    if (!url.startsWith(origin())) return inner(url, init);
    toCube.push(`${init.method ?? 'GET'} ${new URL(url).pathname}`);
    authorizations.push(new Headers(init.headers).get('authorization'));
    if (!refuse) return inner(url, init);
    refuse = false;
    return Response.json({ error: 'Invalid token' }, { status: 403 });
  };
  return { toCube, authorizations, fetch, refuseNext: () => (refuse = true) };
}

const expectOnlyCubeApi = (requests: string[]) => {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) expect(request).toMatch(/^(GET|POST) \/cubejs-api\/v1\//);
};

/** Loads /v1/meta and a /v1/load, then has Cube's refusal renew the token through the refresh token. */
async function useTheConnection(settings: CubeOidcConnectionSettings, oauth: OAuthClient, recorded: ReturnType<typeof recordingFetch>) {
  const { fetch } = recorded;
  const saved: CubeOidcConnectionSettings[] = [];
  const asked: string[] = [];
  const tokens = new OidcCubeTokens(settings, { oauth, fetch, onToken: (next) => saved.push(next), signInAgain: async (reason) => (asked.push(reason), null) });
  const data = new CoreDataClient({ apiUrl: settings.apiUrl, tokens, fetch });
  const meta = await data.meta();
  expect(meta.cubes.map((cube) => cube.name)).toEqual(expect.arrayContaining(['orders']));
  expect((await data.load(COUNT)).data).toEqual([{ 'orders.count': '120000' }]);

  // Cube refuses the token (403): CoreDataClient invalidates it, the next one comes through the refresh token, and the
  // load is sent again with it.
  recorded.refuseNext();
  const before = recorded.toCube.length;
  expect((await data.load(COUNT)).data).toEqual([{ 'orders.count': '120000' }]);
  expect(recorded.toCube.slice(before)).toEqual(['POST /cubejs-api/v1/load', 'POST /cubejs-api/v1/load']);
  // And an invalidate from elsewhere renews once more.
  tokens.invalidate(await tokens.getToken());
  await data.meta();
  expect(saved).toHaveLength(2);
  const [renewed, again] = saved as [CubeOidcConnectionSettings, CubeOidcConnectionSettings];
  expect(renewed.refreshToken).not.toBe(settings.refreshToken);
  expect(again.refreshToken).not.toBe(renewed.refreshToken);
  const tokenOf = (s: CubeOidcConnectionSettings) => (s.tokenKind === 'id' ? s.idToken! : s.accessToken);
  expect(renewed.expiresAt).toBe(decodeJwt(tokenOf(renewed)).exp! * 1000);
  // The token is the whole Authorization header (no "Bearer"): the first until Cube refused it, then the renewed
  // one for the load sent again, then the one renewed after invalidate.
  expect(recorded.authorizations.slice(before)).toEqual([tokenOf(settings), tokenOf(renewed), tokenOf(again)]);
  expect(new Set([tokenOf(settings), tokenOf(renewed), tokenOf(again)]).size).toBe(3);
  expect(asked).toEqual([]);
}

describe("sign-in with the local platform's OAuth server for a Cube that checks its JWKS", () => {
  let state: TestState;
  let platform: RunningPlatform;
  let cube: RunningCubeCore;
  /** A second deployment, as an admin would configure one for ID tokens: CUBEJS_JWT_AUDIENCE is the client id. */
  let cubeId: RunningCubeCore;
  let cubeResource: string;

  beforeAll(async () => {
    state = await keptState('cube-oidc-signin');
    const cubePort = await freePort();
    cubeResource = `http://127.0.0.1:${cubePort}/cubejs-api/v1`;
    platform = await startPlatform({ ...state.options, port: 0, cubeResources: [cubeResource] });
    // CUBEJS_JWK_URL, CUBEJS_JWT_ISSUER, CUBEJS_JWT_AUDIENCE as docs/sign-in.md has them for the local platform.
    const jwt = (audience: string) => ({ jwkUrl: `${platform.url}/oauth/jwks`, issuer: [platform.url], audience, algorithms: ['ES256'] });
    cube = await startCubeCore({ dataDir: ':memory:', port: cubePort, corsOrigins: [], log: () => {}, jwt: jwt(cubeResource) });
    cubeId = await startCubeCore({ dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {}, jwt: jwt(CLIENT_ID) });
  });
  afterAll(async () => {
    await cube?.close();
    await cubeId?.close();
    await platform?.close();
    await state.remove();
  });

  /** The dialog: follows the authorization URL through the login form as the analyst; the callback is its message. */
  const dialog = async (startUrl: string): Promise<DialogOutcome> => {
    const authorize = new URL(startUrl).searchParams.get('authorize')!;
    const client = { authorizationRequest: async () => ({ url: authorize }) as AuthorizationRequest } as unknown as OAuthClient;
    const page = await openLoginPage(client, platform.url);
    const params = await callbackParams(platform.url, page, await postLogin(platform.url, page, { userId: ANALYST }));
    return { kind: 'message', origin: platform.url, message: callbackMessage(`?${params}`) };
  };

  it("tokenKind 'access': the JWT access token for the Cube resource loads /v1/meta and /v1/load, and is renewed after Cube's 403", async () => {
    const recorded = recordingFetch(() => cube.url);
    // Discovery at the issuer's /.well-known/openid-configuration and the default scope, as with a company's provider.
    const { settings, oauth } = await signInToCube(
      { apiUrl: `${cube.url}/cubejs-api/v1`, issuer: platform.url, clientId: CLIENT_ID, tokenKind: 'access', resource: cubeResource },
      { addinBase: `${platform.url}/`, openDialog: dialog, fetch: recorded.fetch },
    );
    expect(settings).toMatchObject({ kind: 'cube-oidc', apiUrl: `${cube.url}/cubejs-api`, issuer: platform.url, tokenKind: 'access', resource: cubeResource, idToken: expect.any(String) });
    expect(decodeJwt(settings.accessToken)).toMatchObject({ aud: cubeResource, iss: platform.url, sub: String(ANALYST), email: 'analyst@example.com' });
    expect(decodeJwt(settings.idToken!)).toMatchObject({ aud: CLIENT_ID, iss: platform.url, sub: String(ANALYST), email: 'analyst@example.com' });
    expect(settings.expiresAt).toBe(decodeJwt(settings.accessToken).exp! * 1000);
    await useTheConnection(settings, oauth, recorded);
    expectOnlyCubeApi(recorded.toCube);
    expect(recorded.toCube[0]).toBe('GET /cubejs-api/v1/meta');
  });

  it("tokenKind 'id': the ID token (aud = the client id) loads from a Cube whose audience is the client id, and is renewed after Cube's 403", async () => {
    const recorded = recordingFetch(() => cubeId.url);
    const { settings, oauth } = await signInToCube(
      { apiUrl: `${cubeId.url}/cubejs-api`, issuer: platform.url, clientId: CLIENT_ID, tokenKind: 'id', resource: null },
      { addinBase: `${platform.url}/`, openDialog: dialog, fetch: recorded.fetch },
    );
    expect(settings).toMatchObject({ kind: 'cube-oidc', issuer: platform.url, clientId: CLIENT_ID, tokenKind: 'id', resource: null, idToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = decodeJwt(settings.idToken!);
    expect(claims).toMatchObject({ iss: platform.url, aud: CLIENT_ID, sub: String(ANALYST), email: 'analyst@example.com', name: expect.any(String) });
    expect(settings.expiresAt).toBe(claims.exp! * 1000);
    // The access token that came with it is no key to the Cube (its audience is the client id, not an access token's)
    // nor to the Platform API (no `platform` scope).
    expect((await fetch(`${platform.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${settings.accessToken}` } })).status).toBe(401);
    await useTheConnection(settings, oauth, recorded);
    expectOnlyCubeApi(recorded.toCube);
    expect(recorded.authorizations.every((header) => header !== settings.accessToken)).toBe(true);
  });
});

describe('sign-in with an OpenID Connect provider (oidc-provider, discovery at openid-configuration) for a Cube that checks its JWKS', () => {
  let idp: TestOidcProvider;
  let cubeAccess: RunningCubeCore;
  let cubeId: RunningCubeCore;
  let accessResource: string;

  beforeAll(async () => {
    const accessPort = await freePort();
    accessResource = `http://127.0.0.1:${accessPort}/cubejs-api/v1`;
    idp = await startTestOidcProvider({ clientId: 'cube-excel', redirectUri: 'https://localhost:3000/auth/callback.html', resources: [accessResource] });
    // Two deployments as an admin would configure them: one takes access tokens for its resource, one ID tokens.
    const jwt = (audience: string) => ({ jwkUrl: idp.jwksUri, issuer: [idp.issuer], audience, algorithms: ['ES256'] });
    cubeAccess = await startCubeCore({ dataDir: ':memory:', port: accessPort, corsOrigins: [], log: () => {}, jwt: jwt(accessResource) });
    cubeId = await startCubeCore({ dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {}, jwt: jwt('cube-excel') });
  });
  afterAll(async () => {
    await cubeAccess?.close();
    await cubeId?.close();
    await idp?.close();
  });

  it.each(['access', 'id'] as const)("tokenKind '%s': signs in, loads /v1/meta and /v1/load, renews after Cube's 403", async (tokenKind) => {
    const cube = tokenKind === 'access' ? cubeAccess : cubeId;
    const recorded = recordingFetch(() => cube.url);
    const { settings, oauth } = await signInToCube(
      { apiUrl: `${cube.url}/cubejs-api`, issuer: idp.issuer, clientId: 'cube-excel', tokenKind, resource: tokenKind === 'access' ? accessResource : null },
      { addinBase: 'https://localhost:3000/', openDialog: (url) => idp.dialog(url), fetch: recorded.fetch },
    );
    expect(settings).toMatchObject({ kind: 'cube-oidc', issuer: idp.issuer, clientId: 'cube-excel', tokenKind, idToken: expect.any(String), refreshToken: expect.any(String) });
    const sent = tokenKind === 'id' ? settings.idToken! : settings.accessToken;
    expect(decodeJwt(sent)).toMatchObject({ iss: idp.issuer, aud: tokenKind === 'id' ? 'cube-excel' : accessResource, sub: 'analyst' });
    await useTheConnection(settings, oauth, recorded);
    expectOnlyCubeApi(recorded.toCube);
  });
});
