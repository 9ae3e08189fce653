import { OAuthClient, type OAuthTokens } from '../../src/client/oauth-client';
import type { ScimUser } from '../../src/contract';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin, refreshRaw, signInByHand } from '../support/oauth-login';

/**
 * Deactivation through SCIM ends a user's sessions (OWASP ASVS V7.4.2): what was issued before stops working
 * and stays stopped after re-activation. Only a new sign-in brings the user back. API keys are credentials, not
 * sessions: refused while the user is inactive, valid again after (docs/sign-in.md).
 */
describe('local platform: deactivation ends sessions', () => {
  let t: TestPlatform;
  let base: string;
  let analyst: ScimUser;
  const ANALYST = 2;
  beforeAll(async () => {
    t = await startTestPlatform();
    base = t.platform.url;
    analyst = await t.scim.getUser(String(ANALYST));
  });
  afterAll(() => t.close());

  const setActive = (active: boolean) => t.scim.replaceUser(String(ANALYST), { ...analyst, active });
  const apiStatus = (token: string) => platformClient(base, token).getCurrentUser().then(() => 200, (e: { status?: number }) => e.status);
  const dataStatus = async (cubeApiToken: string) => (await fetch(`${base}/cubejs-api/v1/meta`, { headers: { Authorization: cubeApiToken } })).status;
  /** The token endpoint's answer to a refresh, raw: its status and OAuth error. */
  const refresh = (refreshToken: string) => refreshRaw(base, refreshToken);
  const dataToken = async (accessToken: string) => (await platformClient(base, accessToken).issueDeploymentToken(t.salesDeploymentId, 600)).cubeApiToken;

  /** A signed-in analyst: OAuth tokens (one spare refresh token, rotated once) and data tokens from the OAuth token and the API key. */
  async function signedIn(): Promise<{ tokens: OAuthTokens; spare: OAuthTokens; dataByOAuth: string; dataByKey: string }> {
    const { client, tokens } = await signInByHand(base, ANALYST);
    const spare = await client.refresh((await signInByHand(base, ANALYST)).tokens.refreshToken!);
    const session = { tokens, spare, dataByOAuth: await dataToken(tokens.accessToken), dataByKey: await dataToken(t.platform.tokens.analyst) };
    expect(await apiStatus(tokens.accessToken)).toBe(200);
    expect(await apiStatus(spare.accessToken)).toBe(200);
    expect(await dataStatus(session.dataByOAuth)).toBe(200);
    expect(await dataStatus(session.dataByKey)).toBe(200);
    return session;
  }

  it("refuses everything issued before a deactivation, during it and after re-activation, and only that user's", async () => {
    const before = await signedIn();
    const admin = await signInByHand(base, 1);
    await setActive(false);
    try {
      expect(await apiStatus(before.tokens.accessToken)).toBe(401);
      expect(await refresh(before.tokens.refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
      expect(await dataStatus(before.dataByOAuth)).toBe(403);
      expect(await dataStatus(before.dataByKey)).toBe(403);
      expect(await apiStatus(t.platform.tokens.analyst)).toBe(401);
    } finally {
      await setActive(true);
    }
    // Re-activated: nothing of the old sessions comes back.
    expect(await apiStatus(before.tokens.accessToken)).toBe(401);
    expect(await apiStatus(before.spare.accessToken)).toBe(401);
    expect(await refresh(before.tokens.refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await refresh(before.spare.refreshToken!)).toEqual({ status: 400, error: 'invalid_grant' });
    expect(await dataStatus(before.dataByOAuth)).toBe(403);
    expect(await dataStatus(before.dataByKey)).toBe(403);
    // The API key is a credential, not a session: it works again.
    expect(await apiStatus(t.platform.tokens.analyst)).toBe(200);
    // Another user's sign-in was not touched.
    expect(await apiStatus(admin.tokens.accessToken)).toBe(200);
    expect(await refresh(admin.tokens.refreshToken!)).toMatchObject({ status: 200 });
  });

  it('lets the user sign in afresh after re-activation, at once, with tokens that renew and data tokens that work', async () => {
    await setActive(false);
    await setActive(true);
    // In the same second as the deactivation: a fresh data token must still work (a count, not a time, tells them apart).
    const fresh = await signedIn();
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    expect(await apiStatus((await client.refresh(fresh.tokens.refreshToken!)).accessToken)).toBe(200);
    await setActive(false);
    await setActive(true);
    expect(await dataStatus(fresh.dataByOAuth)).toBe(403);
    expect(await dataStatus(await dataToken(t.platform.tokens.analyst))).toBe(200);
  });

  it('does not finish a sign-in whose login step came before the deactivation', async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    const page = await openLoginPage(client, base);
    const posted = await postLogin(base, page, { userId: ANALYST });
    await setActive(false);
    await setActive(true);
    await expect(callbackParams(base, page, posted)).rejects.toThrow(/expected the callback/);
  });
});
