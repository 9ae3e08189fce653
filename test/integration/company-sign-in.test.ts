import { startPlatform, type RunningPlatform } from '../../server/app';
import { SignInError } from '../../src/client/errors';
import { OAuthClient } from '../../src/client/oauth-client';
import { Browser, startCompanyIdp, type CompanyAccount, type CompanyIdp } from '../support/company-idp';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { switchableFront } from '../support/process-front';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin } from '../support/oauth-login';
import { USER_URN } from '../support/scim-schemas';
import { provision } from '../support/team-server';
import { onPostgres, throwawayState, type TestState } from '../support/test-state';

/**
 * Company sign-in: the platform's authorization server signs users in through the company's OpenID Connect provider
 * (a relying party: code + PKCE, state, nonce) and matches them to SCIM-provisioned users. Driven over HTTP as the
 * add-in and a browser drive it, across both origins.
 */
describe('company sign-in (the platform as a relying party of the company provider)', () => {
  let idp: CompanyIdp;
  let t: TestPlatform;
  let base: string;
  const CALLBACK = '/oauth/company/callback';

  const SAM: CompanyAccount = { sub: 'idp-sam', email: 'sam.alias@corp.example', email_verified: true, name: 'Sam' };
  const EVE: CompanyAccount = { sub: 'idp-eve', email: 'EVE@corp.example', email_verified: true };
  const TOM: CompanyAccount = { sub: 'idp-tom', email: 'tom@corp.example', thin: true };
  const ANA: CompanyAccount = { sub: 'idp-ana', email: 'ana@example.com', email_verified: true };
  const INA: CompanyAccount = { sub: 'idp-ina', email: 'ina@corp.example' };
  const ids: Record<string, number> = {};

  const provisionUser = async (userName: string, extra: Record<string, unknown>): Promise<number> => Number(await provision(base, t.platform.tokens.scim, 'Users', {
    schemas: [USER_URN], userName, active: true, emails: [{ value: userName, primary: true }], ...extra,
  }));

  beforeAll(async () => {
    idp = await startCompanyIdp({ clientId: 'report-sync-platform', clientSecret: 'company-secret' });
    t = await startTestPlatform({ companySignIn: { issuer: idp.issuer, clientId: 'report-sync-platform', clientSecret: 'company-secret' } });
    base = t.platform.url;
    idp.register(`${base}${CALLBACK}`);
    ids.sam = await provisionUser('sam@corp.example', { externalId: 'idp-sam' });
    ids.eve = await provisionUser('eve.user', { externalId: 'scim-eve', emails: [{ value: 'old@corp.example' }, { value: 'eve@corp.example', primary: true }] });
    ids.tom = await provisionUser('tom@corp.example', {});
    ids.ina = await provisionUser('ina@corp.example', { externalId: 'idp-ina', active: false });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** The add-in's authorization request, followed in a browser up to the platform's callback from the provider. */
  async function toCallback(account: CompanyAccount | null, browser = new Browser()) {
    idp.signInAs(account);
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const request = await client.authorizationRequest(`${base}/auth/callback.html`);
    const reached = await browser.walk(request.url, (url) => url.pathname === CALLBACK);
    expect(reached.response).toBeUndefined();
    return { client, request, browser, callback: reached.url };
  }

  /** From the platform's callback on: the add-in's callback parameters, or the page the browser stopped at. */
  async function fromCallback(callback: URL, browser: Browser) {
    const reached = await browser.walk(callback, (url) => url.pathname === '/auth/callback.html');
    if (!reached.response) return { params: reached.url.searchParams };
    return { page: { status: reached.response.status, html: await reached.response.text() } };
  }

  async function signIn(account: CompanyAccount | null) {
    const started = await toCallback(account);
    const ended = await fromCallback(started.callback, started.browser);
    return { ...started, ...ended };
  }

  async function signedInUser(account: CompanyAccount) {
    const { client, request, params } = await signIn(account);
    expect(params).toBeDefined();
    const tokens = await client.exchangeCode(params!, request);
    return platformClient(base, tokens.accessToken).getCurrentUser();
  }

  it('sends the login step to the provider: code with PKCE S256, state, nonce, a cookie for the callback alone', async () => {
    idp.signInAs(SAM);
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const request = await client.authorizationRequest(`${base}/auth/callback.html`);
    const browser = new Browser();
    const step = await browser.walk(request.url, (url) => url.origin === new URL(idp.issuer).origin);
    expect(step.url.pathname).toBe('/auth');
    expect(Object.fromEntries(step.url.searchParams)).toMatchObject({
      response_type: 'code', client_id: 'report-sync-platform', redirect_uri: `${base}${CALLBACK}`, scope: 'openid email profile',
      code_challenge_method: 'S256', code_challenge: expect.stringMatching(/^[\w-]{43}$/), state: expect.any(String), nonce: expect.any(String),
    });
    const interaction = await browser.walk(request.url, (url) => url.pathname.startsWith('/oauth/interaction/'));
    const redirect = await browser.get(interaction.url);
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get('set-cookie')).toMatch(new RegExp(`^rs_company_[\\w-]+=[\\w-]+; Path=${CALLBACK}; Max-Age=600; HttpOnly; SameSite=Lax$`));
  });

  it('signs in the user whose SCIM externalId is the ID token sub', async () => {
    expect(await signedInUser(SAM)).toMatchObject({ id: ids.sam, email: 'sam@corp.example' });
  });

  it('signs in by a verified e-mail: the primary one, in any case', async () => {
    expect(await signedInUser(EVE)).toMatchObject({ id: ids.eve, username: 'eve.user' });
  });

  it('reads the e-mail from userinfo when the ID token has none, and matches it against the user name', async () => {
    expect(await signedInUser(TOM)).toMatchObject({ id: ids.tom });
  });

  it('refuses an account no user matches, in words, with 403', async () => {
    const { page } = await signIn(ANA);
    expect(page?.status).toBe(403);
    expect(page?.html).toContain(`Your account ana@example.com is not set up in Report Sync: ask your administrator to assign you the app in ${new URL(idp.issuer).host}.`);
  });

  it('does not match by an e-mail the provider says is unverified', async () => {
    const { page } = await signIn({ sub: 'idp-mallory', email: 'eve@corp.example', email_verified: false });
    expect(page?.status).toBe(403);
    expect(page?.html).toContain('is not set up in Report Sync');
  });

  it('refuses an inactive user, and a deleted one', async () => {
    const inactive = await signIn(INA);
    expect(inactive.page?.status).toBe(403);
    expect(inactive.page?.html).toContain('Your Report Sync user ina@corp.example is deactivated: ask your administrator to reactivate it.');

    const goneId = await provisionUser('gone@corp.example', { externalId: 'idp-gone' });
    const deleted = await fetch(`${base}/api/scim/v2/Users/${goneId}`, { method: 'DELETE', headers: { authorization: `Bearer ${t.platform.tokens.scim}` } });
    expect(deleted.status).toBe(204);
    const gone = await signIn({ sub: 'idp-gone', email: 'gone@corp.example', email_verified: true });
    expect(gone.page?.status).toBe(403);
    expect(gone.page?.html).toContain('not set up in Report Sync');
  });

  it('takes a callback once: a replay, with or without the browser cookie, is a 400 page', async () => {
    const started = await toCallback(SAM);
    const withCookies = started.browser.copy();
    const first = await fromCallback(started.callback, started.browser);
    expect(first.params?.get('code')).toEqual(expect.any(String));
    for (const browser of [started.browser, withCookies]) {
      const again = await browser.get(started.callback);
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('This sign-in has expired, was already used, or was started in another browser.');
    }
    // The first one's code still works.
    await expect(started.client.exchangeCode(first.params!, started.request)).resolves.toMatchObject({ accessToken: expect.any(String) });
  });

  it('finishes only in the browser that began it; a stranger opening the answer does not spoil it', async () => {
    const started = await toCallback(SAM);
    const stranger = await new Browser().get(started.callback);
    expect(stranger.status).toBe(400);
    const own = await fromCallback(started.callback, started.browser);
    const tokens = await started.client.exchangeCode(own.params!, started.request);
    expect(await platformClient(base, tokens.accessToken).getCurrentUser()).toMatchObject({ id: ids.sam });
  });

  it('passes the provider refusing (access_denied) on to the add-in', async () => {
    const { client, request, params } = await signIn(null);
    expect(params?.get('error')).toBe('access_denied');
    await expect(client.exchangeCode(params!, request)).rejects.toEqual(expect.objectContaining({ reason: 'cancelled' }));
    await expect(client.exchangeCode(params!, request)).rejects.toBeInstanceOf(SignInError);
  });

  it('offers no seeded-user picker: its posts are 404', async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const request = await client.authorizationRequest(`${base}/auth/callback.html`);
    const browser = new Browser();
    const step = await browser.walk(request.url, (url) => url.pathname.startsWith('/oauth/interaction/'));
    for (const action of ['login', 'cancel']) {
      const posted = await fetch(`${step.url.href}/${action}`, {
        method: 'POST', redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin },
        body: new URLSearchParams({ user: String(ids.sam), csrf: 'x' }).toString(),
      });
      expect(posted.status).toBe(404);
    }
    const page = await browser.get(step.url);
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
  });

  it('answers a callback without state, or with an unknown one, with a 400 page', async () => {
    expect((await fetch(`${base}${CALLBACK}?code=x`)).status).toBe(400);
    const unknown = await fetch(`${base}${CALLBACK}?code=x&state=nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Start again from the add-in.');
  });
});

/**
 * A team's server: two processes on one PostgreSQL database behind one address. What one process began, the other
 * finishes: the pending company sign-in and the picker's CSRF key come from the database, not a process's memory.
 */
(onPostgres() ? describe : describe.skip)('company sign-in across the processes of a team server', () => {
  let state: TestState;
  let front: Awaited<ReturnType<typeof switchableFront>>;
  const started: { close(): Promise<void> }[] = [];
  beforeEach(async () => {
    state = await throwawayState();
    front = await switchableFront();
  });
  afterEach(async () => {
    for (const one of started.splice(0).reverse()) await one.close();
    await front.close();
    await state.remove();
  });

  /** Two processes (the first one seeds the database), both answering for the front's address. */
  async function twoProcesses(companySignIn?: { issuer: string; clientId: string; clientSecret: string }): Promise<[RunningPlatform, RunningPlatform]> {
    const one = async () => {
      const platform = await startPlatform({ ...state.options, port: 0, publicUrl: front.url, companySignIn });
      started.push(platform);
      return platform;
    };
    const first = await one();
    return [first, await one()];
  }
  const portOf = (platform: RunningPlatform) => Number(new URL(platform.url).port);

  it('a sign-in sent to the provider by one process is finished by the other', async () => {
    const idp = await startCompanyIdp({ clientId: 'team', clientSecret: 'team-secret' });
    started.push(idp);
    const [a, b] = await twoProcesses({ issuer: idp.issuer, clientId: 'team', clientSecret: 'team-secret' });
    idp.register(`${front.url}/oauth/company/callback`);
    // The seeded analyst, by e-mail.
    idp.signInAs({ sub: 'idp-analyst', email: 'analyst@example.com', email_verified: true });
    front.target = portOf(a);
    const client = await OAuthClient.discover(front.url, { clientId: CLIENT_ID });
    const request = await client.authorizationRequest(`${front.url}/auth/callback.html`);
    const browser = new Browser();
    const atCallback = await browser.walk(request.url, (url) => url.pathname === '/oauth/company/callback');
    front.target = portOf(b);
    const back = await browser.walk(atCallback.url, (url) => url.pathname === '/auth/callback.html');
    expect(back.response).toBeUndefined();
    const tokens = await client.exchangeCode(back.url.searchParams, request);
    expect(await platformClient(front.url, tokens.accessToken).getCurrentUser()).toMatchObject({ id: 2 });
  });

  it('without company sign-in, the picker page one process served may be posted to the other (a shared CSRF key)', async () => {
    const [a, b] = await twoProcesses();
    front.target = portOf(a);
    const client = await OAuthClient.discover(front.url, { clientId: CLIENT_ID });
    const page = await openLoginPage(client, front.url);
    front.target = portOf(b);
    const params = await callbackParams(front.url, page, await postLogin(front.url, page, { userId: 2 }));
    const tokens = await client.exchangeCode(params, page.request);
    expect(await platformClient(front.url, tokens.accessToken).getCurrentUser()).toMatchObject({ id: 2 });
  });
});
