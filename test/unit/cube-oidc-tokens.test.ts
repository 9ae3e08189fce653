import { NetworkError } from '../../src/client/errors';
import { CubeSignInNeededError, OidcCubeTokens, type CubeSignInReason } from '../../src/session/cube-api/cube-oidc-tokens';
import { cubeTokenOf, signInToCube, type CubeOidcConnectionSettings } from '../../src/session/cube-api/cube-oidc';
import { fakeOidc, type FakeOidcOptions } from '../support/oidc-fakes';

const ADDIN = 'https://localhost:3000/';

/** A signed-in connection, and its token source with the clock at `offsetMs` from now. */
async function setUp(options: FakeOidcOptions = {}, tokenKind: 'access' | 'id' = 'access', again: CubeOidcConnectionSettings | null = null) {
  const idp = await fakeOidc({ cubeAudience: tokenKind === 'id' ? 'cube-excel' : undefined, ...options });
  const signIn = async () => (await signInToCube(
    { apiUrl: idp.cubeApi, issuer: idp.issuer, clientId: idp.clientId, tokenKind, resource: tokenKind === 'id' ? null : idp.resource },
    { addinBase: ADDIN, openDialog: idp.openDialog, fetch: idp.fetch },
  )).settings;
  const settings = await signIn();
  let clock = Date.now();
  const saved: CubeOidcConnectionSettings[] = [];
  const asked: CubeSignInReason[] = [];
  const tokens = new OidcCubeTokens(settings, {
    fetch: idp.fetch,
    now: () => clock,
    onToken: (next) => saved.push(next),
    signInAgain: async (reason) => {
      asked.push(reason);
      return again;
    },
  });
  idp.sent.length = 0;
  const tokenRequests = () => idp.sent.filter((r) => r.url === `${idp.issuer}/token`);
  return { idp, settings, tokens, saved, asked, tokenRequests, signIn, advance: (ms: number) => {
    clock += ms;
    idp.advanceClock(ms);
  } };
}

describe('OidcCubeTokens', () => {
  it('gives the chosen token while it is fresh, with no request to the provider', async () => {
    const access = await setUp();
    expect(await access.tokens.getToken()).toBe(access.settings.accessToken);
    const id = await setUp({}, 'id');
    expect(await id.tokens.getToken()).toBe(id.settings.idToken);
    expect([...access.idp.sent, ...id.idp.sent]).toEqual([]);
  });

  it('renews with the refresh token a minute before exp: one refresh for every caller, the rotated token kept and heard', async () => {
    const t = await setUp();
    t.advance(14 * 60_000 + 1);
    const [a, b, c] = await Promise.all([t.tokens.getToken(), t.tokens.getToken(), t.tokens.getToken()]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(a).not.toBe(t.settings.accessToken);
    // Discovered for the renewal (no client given), then one refresh with the resource.
    expect(t.idp.sent.map((r) => r.url)).toEqual([`${t.idp.issuer}/.well-known/openid-configuration`, `${t.idp.issuer}/token`]);
    expect(Object.fromEntries(t.tokenRequests()[0]!.body!)).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-1', resource: t.idp.resource });
    expect(t.saved).toEqual([expect.objectContaining({ accessToken: a, refreshToken: 'rt-2' })]);
    expect(t.tokens.settings.expiresAt).toBeGreaterThan(t.settings.expiresAt!);
    expect(await t.tokens.getToken()).toBe(a);
  });

  it("renews the ID token for tokenKind 'id'", async () => {
    const t = await setUp({}, 'id');
    t.advance(15 * 60_000);
    const renewed = await t.tokens.getToken();
    expect(renewed).toBe(t.tokens.settings.idToken);
    expect(renewed).not.toBe(t.settings.idToken);
    expect(t.asked).toEqual([]);
  });

  it('renews after invalidate of the token in use (Cube refused it); another token is no reason', async () => {
    const t = await setUp();
    t.tokens.invalidate('some-older-token');
    expect(await t.tokens.getToken()).toBe(t.settings.accessToken);
    t.tokens.invalidate(t.settings.accessToken);
    const next = await t.tokens.getToken();
    expect(next).not.toBe(t.settings.accessToken);
    expect(next).toBe(cubeTokenOf(t.tokens.settings));
    expect(t.tokenRequests()).toHaveLength(1);
  });

  it('asks to sign in again without a refresh token, and fails in words when the user does not', async () => {
    const t = await setUp({ refreshTokens: false });
    t.tokens.invalidate(t.settings.accessToken);
    const error = await t.tokens.getToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CubeSignInNeededError);
    expect(error).toMatchObject({ reason: 'no-refresh-token', message: expect.stringContaining('sign in') });
    expect(t.asked).toEqual(['no-refresh-token']);
    expect(t.tokenRequests()).toEqual([]);
  });

  it('asks to sign in again when the provider refuses the refresh token, and carries on with the new sign-in', async () => {
    const first = await setUp();
    const fresh = await first.signIn();
    const t = await setUp({}, 'access', fresh);
    t.idp.failRefresh('invalid_grant');
    t.advance(15 * 60_000);
    expect(await t.tokens.getToken()).toBe(fresh.accessToken);
    expect(t.asked).toEqual(['renewal-refused']);
    expect(t.saved).toEqual([fresh]);
    // The refused refresh token is not sent again.
    expect(t.tokenRequests()).toHaveLength(1);
  });

  it('asks again when a renewal answers no ID token for an ID-token connection', async () => {
    const t = await setUp({ idTokens: 'not-on-refresh' }, 'id');
    t.advance(15 * 60_000);
    await expect(t.tokens.getToken()).rejects.toMatchObject({ name: 'CubeSignInNeededError', reason: 'renewal-refused' });
    expect(t.asked).toEqual(['renewal-refused']);
  });

  it('fails with the NetworkError when the provider cannot be reached, without asking, and tries again next time', async () => {
    const t = await setUp();
    t.idp.failRefresh('offline');
    t.advance(15 * 60_000);
    await expect(t.tokens.getToken()).rejects.toBeInstanceOf(NetworkError);
    expect(t.asked).toEqual([]);
    t.idp.failRefresh(null);
    expect(await t.tokens.getToken()).not.toBe(t.settings.accessToken);
  });

  it('a cancelled caller leaves the shared renewal to the others', async () => {
    const t = await setUp();
    t.advance(15 * 60_000);
    const controller = new AbortController();
    const cancelled = t.tokens.getToken(controller.signal);
    const other = t.tokens.getToken();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'RequestCancelledError' });
    expect(await other).toBe(t.tokens.settings.accessToken);
    expect(t.tokenRequests()).toHaveLength(1);
  });

  it('signs out by revoking the refresh token where the provider offers revocation', async () => {
    const t = await setUp();
    await t.tokens.signOut();
    expect(t.idp.revoked).toEqual(['rt-1']);
    const none = await setUp({ metadata: { revocation_endpoint: undefined } });
    await none.tokens.signOut();
    expect(none.idp.revoked).toEqual([]);
    expect(none.idp.sent.map((r) => r.url)).toEqual([`${none.idp.issuer}/.well-known/openid-configuration`]);
  });
});
