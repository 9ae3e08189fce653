import { InsecureTransportError, NetworkError, SignInError } from '../../src/client/errors';
import { OAuthClient, type OAuthTokens } from '../../src/client/oauth-client';
import type { DialogOutcome } from '../../src/ports/dialog';
import type { ConnectionSettings, OAuthConnectionSettings } from '../../src/session/connection';
import { callbackMessage } from '../../src/session/sign-in';
import { signInWithDialog, TokenSession } from '../../src/session/token-session';

const NOW = 1_800_000_000_000;
const BASE = 'https://tenant.example.com';

const oauthSettings = (overrides: Partial<OAuthConnectionSettings> = {}): OAuthConnectionSettings => ({
  kind: 'oauth', baseUrl: BASE, accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: NOW + 10 * 60_000, signInId: 'sign-in-1', ...overrides,
});

/** The add-in's storage and an authorization server that rotates refresh tokens, both in memory. */
function setUp(settings: ConnectionSettings, refresh?: (token: string) => Promise<OAuthTokens>) {
  let stored: ConnectionSettings | null = settings;
  const events: string[] = [];
  let issued = 1;
  const oauth = {
    refresh: jest.fn(refresh ?? (async (token: string) => {
      events.push(`refresh ${token}`);
      issued += 1;
      return { accessToken: `at-${issued}`, refreshToken: `rt-${issued}`, expiresAt: NOW + 15 * 60_000 };
    })),
    revoke: jest.fn(async (token: string, hint: string) => {
      events.push(`revoke ${hint} ${token}`);
    }),
  };
  const session = new TokenSession(settings, {
    save: (next) => {
      events.push(next ? `save ${next.accessToken}` : 'save null');
      stored = next;
    },
    load: () => stored,
    now: () => NOW,
    oauth: oauth as unknown as OAuthClient,
  });
  return { session, oauth, events, stored: () => stored, store: (next: ConnectionSettings | null) => (stored = next) };
}

describe('TokenSession', () => {
  it('sends the access token while it is fresh, and renews it first when it expires within a minute', async () => {
    const fresh = setUp(oauthSettings());
    expect(await fresh.session.accessToken()).toBe('at-1');
    expect(fresh.oauth.refresh).not.toHaveBeenCalled();
    const expiring = setUp(oauthSettings({ expiresAt: NOW + 30_000 }));
    expect(await expiring.session.accessToken()).toBe('at-2');
    expect(expiring.stored()).toMatchObject({ accessToken: 'at-2', refreshToken: 'rt-2', signInId: 'sign-in-1' });
  });

  it('renews once for many callers at a time (a rotated refresh token is spent after one use)', async () => {
    const { session, oauth, events } = setUp(oauthSettings());
    expect(await Promise.all([session.renew(), session.renew(), session.renew()])).toEqual([true, true, true]);
    expect(oauth.refresh).toHaveBeenCalledTimes(1);
    expect(await session.renew()).toBe(true);
    expect(events).toEqual(['refresh rt-1', 'save at-2', 'refresh rt-2', 'save at-3']);
  });

  it('keeps the tokens of a sign-in made while a renewal of the old, revoked one was still under way', async () => {
    let refuse: (error: Error) => void = () => {};
    const { session } = setUp(oauthSettings(), () => new Promise<OAuthTokens>((_, reject) => (refuse = reject)));
    const renewal = session.renew();
    await Promise.resolve();
    session.replace(oauthSettings({ accessToken: 'at-new', refreshToken: 'rt-new', signInId: 'sign-in-2' }));
    refuse(new SignInError('expired', 'The refresh token was revoked.'));
    expect(await renewal).toBe(true);
    expect(session.settings).toMatchObject({ accessToken: 'at-new', refreshToken: 'rt-new' });
    expect(await session.accessToken()).toBe('at-new');
  });

  it("takes the tokens another pane of the same sign-in renewed, instead of spending the old refresh token", async () => {
    const t = setUp(oauthSettings());
    t.store(oauthSettings({ accessToken: 'at-other', refreshToken: 'rt-other', expiresAt: NOW + 15 * 60_000 }));
    expect(await t.session.renew()).toBe(true);
    expect(await t.session.accessToken()).toBe('at-other');
    expect(t.oauth.refresh).not.toHaveBeenCalled();
    // Another sign-in's tokens (perhaps another user's) are never taken.
    const other = setUp(oauthSettings());
    other.store(oauthSettings({ accessToken: 'at-bob', refreshToken: 'rt-bob', signInId: 'sign-in-2' }));
    expect(await other.session.renew()).toBe(true);
    expect(await other.session.accessToken()).toBe('at-2');
    // Nor is the storage taken from the later sign-in: this pane's renewed tokens stay in its memory.
    expect(other.stored()).toMatchObject({ accessToken: 'at-bob', signInId: 'sign-in-2' });
  });

  it('reports a refused or unreachable renewal as false, and has nothing to renew for an API key', async () => {
    const refused = setUp(oauthSettings(), async () => {
      throw new SignInError('expired', 'ended', 'invalid_grant');
    });
    expect(await refused.session.renew()).toBe(false);
    expect(await refused.session.accessToken()).toBe('at-1');
    // A refused refresh token is not sent again.
    expect(await refused.session.renew()).toBe(false);
    expect(refused.oauth.refresh).toHaveBeenCalledTimes(1);
    const offline = setUp(oauthSettings({ expiresAt: NOW - 1 }), async () => {
      throw new NetworkError('offline', { method: 'POST', url: `${BASE}/oauth/token` });
    });
    expect(await offline.session.accessToken()).toBe('at-1');
    expect(await setUp(oauthSettings({ refreshToken: null })).session.renew()).toBe(false);
    const apiKey = setUp({ kind: 'api-key', baseUrl: BASE, accessToken: 'plt_key' });
    expect(await apiKey.session.renew()).toBe(false);
    expect(await apiKey.session.accessToken()).toBe('plt_key');
  });

  it('signs out by forgetting the tokens first, then revoking the refresh and the access token', async () => {
    const { session, events } = setUp(oauthSettings());
    await session.signOut();
    expect(events).toEqual(['save null', 'revoke refresh_token rt-1', 'revoke access_token at-1']);
    const apiKey = setUp({ kind: 'api-key', baseUrl: BASE, accessToken: 'plt_key' });
    await apiKey.session.signOut();
    expect(apiKey.events).toEqual(['save null']);
  });

  it('stays signed out when the platform cannot be reached to revoke, and says so', async () => {
    const t = setUp(oauthSettings());
    t.oauth.revoke.mockRejectedValueOnce(new NetworkError('offline', { method: 'POST', url: `${BASE}/oauth/revoke` }));
    await expect(t.session.signOut()).rejects.toBeInstanceOf(NetworkError);
    expect(t.stored()).toBeNull();
  });
});

describe('signInWithDialog', () => {
  const metadata = {
    issuer: BASE, authorization_endpoint: `${BASE}/oauth/authorize`, token_endpoint: `${BASE}/oauth/token`,
    revocation_endpoint: `${BASE}/oauth/revoke`, code_challenge_methods_supported: ['S256'], response_types_supported: ['code'],
  };
  /** The platform answers discovery only: any token request would be a failure of the test. */
  const fetch = jest.fn(async (url: string) => {
    if (url === `${BASE}/.well-known/oauth-authorization-server`) return Response.json(metadata);
    throw new Error(`unexpected request to ${url}`);
  });
  const signIn = (answer: (startUrl: URL) => DialogOutcome) =>
    signInWithDialog(BASE, { addinBase: 'https://localhost:3000/', fetch, now: () => NOW, openDialog: async (url) => answer(new URL(url)) });

  it("opens the add-in's start page with an authorization request of this client, PKCE S256", async () => {
    let opened: URL | undefined;
    // eslint-disable-next-line no-restricted-syntax -- a closed dialog rejects as cancelled; this test checks only what was opened.
    await signIn((url) => ((opened = url), { kind: 'closed' })).catch(() => undefined);
    expect(opened!.origin + opened!.pathname).toBe('https://localhost:3000/auth/start.html');
    const request = new URL(opened!.searchParams.get('authorize')!);
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'report-sync-excel', redirect_uri: 'https://localhost:3000/auth/callback.html', code_challenge_method: 'S256',
    });
    expect(request.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses an answer for another state without redeeming its code', async () => {
    fetch.mockClear();
    const answer = { kind: 'message' as const, origin: 'https://localhost:3000', message: callbackMessage('?code=stolen&state=not-ours') };
    await expect(signIn(() => answer)).rejects.toMatchObject({ name: 'SignInError', reason: 'state-mismatch' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells a closed dialog, a dialog that could not open and a foreign answer apart', async () => {
    await expect(signIn(() => ({ kind: 'closed' }))).rejects.toMatchObject({ reason: 'cancelled' });
    await expect(signIn(() => ({ kind: 'failed', code: 12009 }))).rejects.toMatchObject({ reason: 'dialog-failed', code: 12009 });
    await expect(signIn(() => ({ kind: 'message', origin: null, message: 'hello' }))).rejects.toMatchObject({ reason: 'refused' });
  });
});

describe('OAuthClient.discover', () => {
  const discover = (baseUrl: string, answer: () => Response) => OAuthClient.discover(baseUrl, { clientId: 'report-sync-excel', fetch: async () => answer() });

  it('says a platform without OAuth metadata, or without PKCE S256, offers no sign-in with an account', async () => {
    const unsupported = { name: 'SignInError', reason: 'unsupported', detail: 'https://plain.example.com' };
    await expect(discover('https://plain.example.com', () => new Response('not found', { status: 404 }))).rejects.toMatchObject(unsupported);
    await expect(discover('https://plain.example.com', () => new Response('<html>', { headers: { 'content-type': 'text/html' } }))).rejects.toMatchObject(unsupported);
    const noPkce = { issuer: 'https://plain.example.com', authorization_endpoint: 'https://plain.example.com/a', token_endpoint: 'https://plain.example.com/t' };
    await expect(discover('https://plain.example.com', () => Response.json(noPkce))).rejects.toMatchObject(unsupported);
  });

  it('refuses plain http to anything but this computer, before any request', async () => {
    const fetch = jest.fn();
    await expect(OAuthClient.discover('http://tenant.example.com', { clientId: 'x', fetch })).rejects.toBeInstanceOf(InsecureTransportError);
    expect(fetch).not.toHaveBeenCalled();
  });
});
