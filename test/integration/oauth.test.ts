import { request } from 'node:http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { SignInError } from '../../src/client/errors';
import { OAuthClient } from '../../src/client/oauth-client';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin, signInByHand } from '../support/oauth-login';
import { keptState } from '../support/test-state';

/** The local platform as an OAuth 2.0 authorization server, driven as the add-in and its dialog drive it. */
describe('local platform sign-in (OAuth 2.0, authorization code with PKCE)', () => {
  let t: TestPlatform;
  let base: string;
  const ANALYST = 2;
  beforeAll(async () => {
    t = await startTestPlatform();
    base = t.platform.url;
  });
  afterAll(() => t.close());

  const me = (token: string) => platformClient(base, token).getCurrentUser();
  const expired = expect.objectContaining({ name: 'SignInError', reason: 'expired', code: 'invalid_grant' });

  it('publishes RFC 8414 metadata: S256 only, code flow, refresh and revocation', async () => {
    const response = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
    });
  });

  it('publishes OpenID Connect Discovery too: the same issuer, S256, its JWKS; other /.well-known paths are 404', async () => {
    const response = await fetch(`${base}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = await response.json();
    const rfc8414 = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(document).toMatchObject({
      issuer: rfc8414.issuer,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      jwks_uri: `${base}/oauth/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      scopes_supported: expect.arrayContaining(['openid', 'offline_access', 'profile', 'email', 'platform']),
      claims_supported: expect.arrayContaining(['sub', 'name', 'email']),
      id_token_signing_alg_values_supported: expect.arrayContaining(['ES256']),
    });
    expect(document.issuer).toBe(base);
    const jwks = await (await fetch(document.jwks_uri)).json();
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', kid: expect.any(String) })]);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
    for (const path of ['openid-configuration/x', 'oauth-protected-resource', 'openid-credential-issuer', 'webfinger', 'oauth-authorization-server/x']) {
      expect((await fetch(`${base}/.well-known/${path}`)).status).toBe(404);
    }
  });

  it('as an OpenID Connect provider: an ID token for the client naming the user; its access token is no key to the Platform API', async () => {
    const client = await OAuthClient.discoverOpenId(base, { clientId: CLIENT_ID, scope: 'openid offline_access profile email' });
    const page = await openLoginPage(client, base);
    const params = await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST }));
    const tokens = await client.exchangeCode(params, page.request);
    expect(tokens).toMatchObject({ idToken: expect.any(String), refreshToken: expect.any(String) });
    const claims = decodeJwt(tokens.idToken!);
    expect(claims).toMatchObject({ iss: base, aud: CLIENT_ID, sub: String(ANALYST), email: 'analyst@example.com', name: expect.any(String) });
    expect(claims.name).not.toBe('');
    expect(decodeProtectedHeader(tokens.idToken!)).toMatchObject({ alg: 'ES256' });
    // Only the `platform` scope opens the Platform API.
    await expect(me(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
    const renewed = await client.refresh(tokens.refreshToken!);
    expect(decodeJwt(renewed.idToken!)).toMatchObject({ aud: CLIENT_ID, sub: String(ANALYST) });
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    // A deactivated user gets no ID token either: the refresh is refused.
    const analyst = await t.scim.getUser(String(ANALYST));
    await t.scim.replaceUser(String(ANALYST), { ...analyst, active: false });
    try {
      await expect(client.refresh(renewed.refreshToken!)).rejects.toEqual(expired);
    } finally {
      await t.scim.replaceUser(String(ANALYST), { ...analyst, active: true });
    }
  });

  it('gives the ID token only the claims of the scopes asked for', async () => {
    const client = await OAuthClient.discoverOpenId(base, { clientId: CLIENT_ID, scope: 'openid' });
    const page = await openLoginPage(client, base);
    const tokens = await client.exchangeCode(await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST })), page.request);
    const claims = decodeJwt(tokens.idToken!);
    expect(claims).toMatchObject({ aud: CLIENT_ID, sub: String(ANALYST) });
    expect(claims).not.toHaveProperty('email');
    expect(claims).not.toHaveProperty('name');
  });

  it('signs in with code + PKCE: the access token works on the Platform API', async () => {
    const { tokens } = await signInByHand(base, ANALYST);
    expect(tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresAt: expect.any(Number) });
    expect(await me(tokens.accessToken)).toMatchObject({ id: ANALYST, username: 'analyst@example.com' });
  });

  it('refuses the code with a wrong PKCE verifier, a wrong state, or a second time', async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    let page = await openLoginPage(client, base);
    let params = await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST }));
    await expect(client.exchangeCode(params, { ...page.request, codeVerifier: 'x'.repeat(43) })).rejects.toMatchObject({ reason: 'refused', code: 'invalid_grant' });
    page = await openLoginPage(client, base);
    params = await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST }));
    await expect(client.exchangeCode(params, { ...page.request, state: 'another' })).rejects.toMatchObject({ reason: 'state-mismatch' });
    await client.exchangeCode(params, page.request);
    await expect(client.exchangeCode(params, page.request)).rejects.toMatchObject({ reason: 'refused', code: 'invalid_grant' });
  });

  it('refreshes, rotating the refresh token; replaying a used one revokes the whole grant', async () => {
    const { client, tokens } = await signInByHand(base, ANALYST);
    const renewed = await client.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(await me(renewed.accessToken)).toMatchObject({ id: ANALYST });
    await expect(client.refresh(tokens.refreshToken!)).rejects.toEqual(expired);
    await expect(client.refresh(renewed.refreshToken!)).rejects.toEqual(expired);
    await expect(me(renewed.accessToken)).rejects.toMatchObject({ status: 401 });
  });

  it('revokes at sign-out (RFC 7009): the access and refresh tokens stop working', async () => {
    const { client, tokens } = await signInByHand(base, ANALYST);
    await client.revoke(tokens.refreshToken!, 'refresh_token');
    await expect(me(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(client.refresh(tokens.refreshToken!)).rejects.toBeInstanceOf(SignInError);
    // Revoking a token that is already gone is no error (RFC 7009 §2.2).
    await expect(client.revoke(tokens.accessToken, 'access_token')).resolves.toBeUndefined();
  });

  it('a deactivated user cannot sign in, and their tokens stop working for good (deactivation.test.ts has the rest)', async () => {
    const { client, tokens } = await signInByHand(base, ANALYST);
    const analyst = await t.scim.getUser(String(ANALYST));
    await t.scim.replaceUser(String(ANALYST), { ...analyst, active: false });
    try {
      await expect(me(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
      await expect(client.refresh(tokens.refreshToken!)).rejects.toEqual(expired);
      const page = await openLoginPage(client, base);
      expect(page.html).not.toContain('analyst@example.com');
      const posted = await postLogin(base, page, { userId: ANALYST });
      expect(posted.status).toBe(400);
      expect(posted.headers.get('location')).toBeNull();
    } finally {
      await t.scim.replaceUser(String(ANALYST), { ...analyst, active: true });
    }
    await expect(client.refresh(tokens.refreshToken!)).rejects.toEqual(expired);
  });

  it('Cancel sends access_denied back to the add-in', async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const page = await openLoginPage(client, base);
    const params = await callbackParams(base, page, await postLogin(base, page, { step: 'cancel' }));
    expect(params.get('error')).toBe('access_denied');
    await expect(client.exchangeCode(params, page.request)).rejects.toMatchObject({ reason: 'cancelled' });
  });

  it('refuses a login post without the interaction cookie, from another origin, or without the CSRF token', async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const page = await openLoginPage(client, base);
    const refusals = [
      await postLogin(base, page, { userId: ANALYST, cookies: false }),
      await postLogin(base, page, { userId: ANALYST, origin: 'https://evil.example' }),
      await postLogin(base, page, { userId: ANALYST, origin: null }),
      await postLogin(base, page, { userId: ANALYST, origin: 'null', headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      await postLogin(base, page, { userId: ANALYST, csrf: null }),
      await postLogin(base, page, { userId: ANALYST, csrf: 'forged' }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 403, 403, 403, 403, 403]);
    for (const refused of refusals) expect(refused.headers.get('location')).toBeNull();
    // The same post from the page itself goes through (a browser says `Origin: null` under no-referrer).
    const params = await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST, origin: 'null', headers: { 'Sec-Fetch-Site': 'same-origin' } }));
    expect(params.get('code')).toBeTruthy();
  });

  it('answers CORS on the token endpoint only to the registered client origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/oauth/token`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    const post = (origin: string) =>
      fetch(`${base}/oauth/token`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `grant_type=refresh_token&refresh_token=x&client_id=${CLIENT_ID}` });
    for (const response of [await preflight('https://evil.example'), await post('https://evil.example')]) {
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    const devServer = 'https://localhost:3000';
    expect((await preflight(devServer)).headers.get('access-control-allow-origin')).toBe(devServer);
    expect((await post(devServer)).headers.get('access-control-allow-origin')).toBe(devServer);
    const metadata = await fetch(`${base}/.well-known/oauth-authorization-server`, { headers: { Origin: 'https://evil.example' } });
    expect(metadata.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves its pages unframeable, script-free and uncached, with names escaped', async () => {
    const admin = await t.scim.getUser('1');
    await t.scim.replaceUser('1', { ...admin, name: { givenName: 'Ada <script>alert(1)</script>', familyName: 'Admin' } });
    try {
      const page = await openLoginPage(await OAuthClient.discover(base, { clientId: CLIENT_ID }), base);
      expect(page.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt; Admin');
      expect(page.html).toMatch(/<fieldset>\s*<legend>Sign in as<\/legend>/);
    } finally {
      await t.scim.replaceUser('1', admin);
    }
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const { path, jar } = await openLoginPage(client, base);
    const pages = [
      await fetch(`${base}${path}`, { headers: { cookie: jar.header } }),
      await fetch(`${base}${path}`),
      await fetch(`${base}/oauth/authorize?client_id=${CLIENT_ID}&response_type=code&redirect_uri=https://evil.example/cb`),
    ];
    expect(pages.map((p) => p.status)).toEqual([200, 400, 400]);
    for (const page of pages) {
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(page.headers.get('content-security-policy')).not.toMatch(/script-src/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers only its own Host names, as the rest of the platform (DNS rebinding)', async () => {
    const status = (host: string) => new Promise<number>((resolve, reject) => {
      request(`${base}/.well-known/oauth-authorization-server`, { headers: { Host: host } }, (res) => resolve(res.resume().statusCode!)).on('error', reject).end();
    });
    expect(await status('attacker.example')).toBe(421);
    expect(await status(new URL(base).host)).toBe(200);
  });

  it('no longer mints tokens for a name: the old sign-in page is gone', async () => {
    const old = await fetch(`${base}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin@example.com' }) });
    expect(old.status).toBe(404);
    expect((await fetch(`${base}/auth/sign-in`)).status).toBe(404);
  });
});

describe('local platform sign-in: registered redirect URIs', () => {
  it('registers the ones given instead of the dev server, and refuses to start with one that is not https', async () => {
    const addin = 'https://addin.example.com';
    const t = await startTestPlatform({ oauthRedirectUris: [`${addin}/report-sync/auth/callback.html`] });
    try {
      const preflight = (origin: string) => fetch(`${t.platform.url}/oauth/token`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect((await preflight(addin)).headers.get('access-control-allow-origin')).toBe(addin);
      expect((await preflight('https://localhost:3000')).headers.get('access-control-allow-origin')).toBeNull();
      const client = await OAuthClient.discover(t.platform.url, { clientId: CLIENT_ID });
      const request = await client.authorizationRequest(`${addin}/report-sync/auth/callback.html`);
      expect((await fetch(request.url, { redirect: 'manual' })).status).toBe(303);
    } finally {
      await t.close();
    }
    await expect(startTestPlatform({ oauthRedirectUris: ['http://addin.example.com/auth/callback.html'] })).rejects.toThrow(/must be an https/);
  });
});

describe('local platform sign-in across a restart', () => {
  it('keeps grants and tokens in the database: a refresh token issued before a restart still works', async () => {
    const state = await keptState('report-sync-oauth');
    try {
      const first = await startTestPlatform(state.options);
      const { tokens } = await signInByHand(first.platform.url, 2).finally(() => first.close());
      const second = await startTestPlatform(state.options);
      try {
        const client = await OAuthClient.discover(second.platform.url, { clientId: CLIENT_ID });
        const renewed = await client.refresh(tokens.refreshToken!);
        expect(await platformClient(second.platform.url, renewed.accessToken).getCurrentUser()).toMatchObject({ id: 2 });
      } finally {
        await second.close();
      }
    } finally {
      await state.remove();
    }
  });
});
