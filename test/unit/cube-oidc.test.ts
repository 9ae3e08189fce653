import { decodeJwt } from 'jose';
import { SignInError } from '../../src/client/errors';
import { OAuthClient } from '../../src/client/oauth-client';
import { CubeApiAddressError } from '../../src/session/cube-api/cube-api-address';
import { CUBE_OIDC_DEFAULT_SCOPE, CubeOidcError, signInToCube, type CubeOidcSignInInput } from '../../src/session/cube-api/cube-oidc';
import { fakeOidc, type FakeOidcOptions } from '../support/oidc-fakes';

const ADDIN = 'https://localhost:3000/';

async function setUp(options: FakeOidcOptions = {}, input: Partial<CubeOidcSignInInput> = {}) {
  const idp = await fakeOidc(options);
  const signIn = () => signInToCube(
    { apiUrl: `${idp.cubeApi}/v1/`, issuer: idp.issuer, clientId: idp.clientId, tokenKind: 'access', resource: idp.resource, ...input },
    { addinBase: ADDIN, openDialog: idp.openDialog, fetch: idp.fetch },
  );
  return { idp, signIn };
}

describe('OAuthClient.discoverOpenId', () => {
  it("reads the issuer's /.well-known/openid-configuration (a path kept), and asks for scope, nonce, resource and PKCE S256", async () => {
    const idp = await fakeOidc();
    const client = await OAuthClient.discoverOpenId(idp.issuer, { clientId: idp.clientId, scope: CUBE_OIDC_DEFAULT_SCOPE, resource: idp.resource, fetch: idp.fetch });
    expect(idp.sent.map((r) => r.url)).toEqual(['https://login.example.com/tenant-1/.well-known/openid-configuration']);
    expect(client.canRevoke).toBe(true);
    const request = await client.authorizationRequest(`${ADDIN}auth/callback.html`);
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code', client_id: 'cube-excel', redirect_uri: `${ADDIN}auth/callback.html`, code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256', state: request.state, scope: 'openid offline_access profile email', nonce: request.nonce, resource: idp.resource,
    });
    expect(request.nonce).toEqual(expect.any(String));
  });

  it('a platform client (RFC 8414) is as before: no scope, nonce or resource', async () => {
    const idp = await fakeOidc({ issuer: 'https://tenant.example.com' });
    const fetch: typeof idp.fetch = (url, init) =>
      url === 'https://tenant.example.com/.well-known/oauth-authorization-server' ? idp.fetch('https://tenant.example.com/.well-known/openid-configuration', init) : idp.fetch(url, init);
    const client = await OAuthClient.discover('https://tenant.example.com', { clientId: idp.clientId, fetch });
    const request = await client.authorizationRequest(`${ADDIN}auth/callback.html`);
    expect([...new URL(request.url).searchParams.keys()].sort()).toEqual(['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'response_type', 'state']);
    expect(request).not.toHaveProperty('nonce');
  });
});

describe('signInToCube', () => {
  it("tokenKind 'access': the JWT access token for the Cube resource goes as the whole Authorization header of /v1/meta", async () => {
    const { idp, signIn } = await setUp();
    const { settings } = await signIn();
    expect(settings).toEqual({
      kind: 'cube-oidc', apiUrl: idp.cubeApi, issuer: idp.issuer, clientId: 'cube-excel', tokenKind: 'access', resource: idp.resource,
      accessToken: expect.any(String), idToken: expect.any(String), refreshToken: 'rt-1', expiresAt: decodeJwt(settings.accessToken).exp! * 1000,
    });
    // The code was redeemed with the PKCE verifier and the resource; the scope went with the authorization request only.
    const exchange = idp.sent.find((r) => r.url === `${idp.issuer}/token`)!;
    expect(Object.fromEntries(exchange.body!)).toMatchObject({ grant_type: 'authorization_code', client_id: 'cube-excel', resource: idp.resource, code_verifier: expect.any(String) });
    expect(exchange.body!.has('scope')).toBe(false);
    const toCube = idp.sent.filter((r) => r.url.startsWith('https://cube.example.com'));
    expect(toCube).toEqual([{ method: 'GET', url: `${idp.cubeApi}/v1/meta`, authorization: settings.accessToken, body: null }]);
  });

  it("tokenKind 'id': the ID token (its nonce checked) goes to Cube, and its exp is the connection's", async () => {
    const { idp, signIn } = await setUp({ cubeAudience: 'cube-excel' }, { tokenKind: 'id', resource: null });
    const { settings } = await signIn();
    expect(idp.lastAuthorization()!.searchParams.has('resource')).toBe(false);
    const claims = decodeJwt(settings.idToken!);
    expect(claims).toMatchObject({ aud: 'cube-excel', iss: idp.issuer, nonce: idp.lastAuthorization()!.searchParams.get('nonce') });
    expect(settings).toMatchObject({ tokenKind: 'id', resource: null, expiresAt: claims.exp! * 1000 });
    expect(idp.sent.filter((r) => r.url.startsWith(idp.cubeApi)).map((r) => r.authorization)).toEqual([settings.idToken]);
  });

  it('refuses an ID token whose nonce is not this sign-in’s, and sends nothing to Cube', async () => {
    const idp = await fakeOidc();
    // The code brought back was issued for another nonce (a replayed or injected sign-in).
    const openDialog = (url: string) => {
      const start = new URL(url);
      const authorize = new URL(start.searchParams.get('authorize')!);
      authorize.searchParams.set('nonce', 'someone-elses');
      start.searchParams.set('authorize', authorize.href);
      return idp.openDialog(start.href);
    };
    const signIn = signInToCube(
      { apiUrl: idp.cubeApi, issuer: idp.issuer, clientId: idp.clientId, tokenKind: 'access', resource: idp.resource },
      { addinBase: ADDIN, openDialog, fetch: idp.fetch },
    );
    await expect(signIn).rejects.toMatchObject({ name: 'SignInError', reason: 'refused', message: expect.stringContaining('nonce') });
    expect(idp.sent.some((r) => r.url.startsWith(idp.cubeApi))).toBe(false);
  });

  it('says which setting is wrong: an issuer without discovery, an issuer address, no ID token, an opaque access token', async () => {
    const noDiscovery = await setUp({ metadata: null });
    await expect(noDiscovery.signIn()).rejects.toMatchObject({ name: 'CubeOidcError', problem: 'no-discovery', message: expect.stringContaining('/.well-known/openid-configuration') });
    const otherIssuer = await setUp({ metadata: { issuer: 'https://login.example.com/tenant-2' } });
    await expect(otherIssuer.signIn()).rejects.toMatchObject({ problem: 'no-discovery' });
    const noPkce = await setUp({ metadata: { code_challenge_methods_supported: ['plain'] } });
    await expect(noPkce.signIn()).rejects.toMatchObject({ problem: 'no-discovery' });
    // The list is optional in OpenID Connect Discovery (Entra ID leaves it out): PKCE S256 is sent all the same.
    const unlisted = await setUp({ metadata: { code_challenge_methods_supported: undefined } });
    await expect(unlisted.signIn()).resolves.toMatchObject({ settings: { kind: 'cube-oidc' } });
    expect(unlisted.idp.lastAuthorization()!.searchParams.get('code_challenge_method')).toBe('S256');

    const plain = await setUp({}, { issuer: 'http://login.example.com' });
    await expect(plain.signIn()).rejects.toMatchObject({ problem: 'issuer-address', message: expect.stringContaining('https://') });
    // Not an address even with https:// in front (which is put before an issuer typed without a scheme).
    const garbled = await setUp({}, { issuer: 'login example com' });
    await expect(garbled.signIn()).rejects.toMatchObject({ problem: 'issuer-address' });
    expect([...plain.idp.sent, ...garbled.idp.sent]).toEqual([]);

    // The ID token is to be sent, but the scope configured leaves out openid: the provider gives none.
    const noId = await setUp({}, { tokenKind: 'id', scope: 'cube.read offline_access' });
    await expect(noId.signIn()).rejects.toMatchObject({ problem: 'no-id-token' });
    expect(noId.idp.sent.some((r) => r.url.startsWith(noId.idp.cubeApi))).toBe(false);

    const opaque = await setUp({ accessTokens: 'opaque' });
    await expect(opaque.signIn()).rejects.toMatchObject({ problem: 'token-not-jwt', message: expect.stringContaining('JWT access tokens') });
    expect(opaque.idp.sent.some((r) => r.url.startsWith(opaque.idp.cubeApi))).toBe(false);
  });

  it("tells a token the deployment refuses (its JWKS, issuer or audience settings differ), naming the token's audience", async () => {
    const { signIn, idp } = await setUp({ cubeAudience: 'https://other.example.com' });
    const error = await signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CubeOidcError);
    expect(error).toMatchObject({ problem: 'token-refused', message: expect.stringContaining(`CUBEJS_JWT_AUDIENCE the token's audience (${idp.resource})`) });
  });

  it('reads the issuer and the Cube address typed without a scheme as https (issue 42)', async () => {
    const idp = await fakeOidc();
    const bare = (address: string) => address.replace(/^https:\/\//, '');
    const { settings } = await signInToCube(
      { apiUrl: `${bare(idp.cubeApi)}/v1`, issuer: bare(idp.issuer), clientId: idp.clientId, tokenKind: 'access', resource: idp.resource },
      { addinBase: ADDIN, openDialog: idp.openDialog, fetch: idp.fetch },
    );
    expect(settings).toMatchObject({ apiUrl: idp.cubeApi, issuer: idp.issuer });
  });

  it('reads the Cube address first: a bad one sends nothing; a cancelled dialog is a SignInError', async () => {
    const { idp } = await setUp();
    const bad = signInToCube({ apiUrl: 'cube example com', issuer: idp.issuer, clientId: idp.clientId, tokenKind: 'access' }, { addinBase: ADDIN, openDialog: idp.openDialog, fetch: idp.fetch });
    await expect(bad).rejects.toBeInstanceOf(CubeApiAddressError);
    expect(idp.sent).toEqual([]);
    const closed = signInToCube({ apiUrl: idp.cubeApi, issuer: idp.issuer, clientId: idp.clientId, tokenKind: 'access' }, { addinBase: ADDIN, openDialog: async () => ({ kind: 'closed' }), fetch: idp.fetch });
    await expect(closed).rejects.toEqual(expect.objectContaining({ reason: 'cancelled' }));
    await expect(closed).rejects.toBeInstanceOf(SignInError);
  });
});
