import { OAuthClient } from '../../src/client/oauth-client';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin, signInByHand } from '../support/oauth-login';

/**
 * One-time use under real concurrency: a code (RFC 6749 §4.1.2) or a rotated refresh token (OAuth 2.0 Security
 * BCP §4.14.2) redeemed by many requests at once. Exactly one may win; the others are replays, so they get
 * invalid_grant and the grant is revoked, the winner's new tokens with it, as a sequential replay is.
 */
describe('local platform sign-in: concurrent redemption of one code or refresh token', () => {
  let t: TestPlatform;
  let base: string;
  const ANALYST = 2;
  const AT_ONCE = 8;
  const ROUNDS = 5;
  beforeAll(async () => {
    t = await startTestPlatform();
    base = t.platform.url;
  });
  afterAll(() => t.close());

  interface Answer {
    status: number;
    body: { access_token?: string; refresh_token?: string; error?: string };
  }

  /** The same token request sent `AT_ONCE` times without waiting for any answer (raw fetches: no client serializes them). */
  async function race(params: Record<string, string>): Promise<Answer[]> {
    const send = () => fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, ...params }).toString(),
    }).then(async (response) => ({ status: response.status, body: await response.json() as Answer['body'] }));
    return Promise.all(Array.from({ length: AT_ONCE }, send));
  }

  function oneWinner(answers: Answer[]): Answer {
    const winners = answers.filter((a) => a.status === 200);
    const losers = answers.filter((a) => a.status !== 200);
    expect(winners).toHaveLength(1);
    expect(losers.map((a) => [a.status, a.body.error])).toEqual(Array(AT_ONCE - 1).fill([400, 'invalid_grant']));
    return winners[0]!;
  }

  const status = async (accessToken: string) => platformClient(base, accessToken).getCurrentUser().then(() => 200, (e: { status?: number }) => e.status);

  it(`redeems one authorization code once: ${AT_ONCE} at once, ${ROUNDS} rounds`, async () => {
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    for (let round = 0; round < ROUNDS; round++) {
      const page = await openLoginPage(client, base);
      const code = (await callbackParams(base, page, await postLogin(base, page, { userId: ANALYST }))).get('code')!;
      const winner = oneWinner(await race({
        grant_type: 'authorization_code', code, redirect_uri: page.request.redirectUri, code_verifier: page.request.codeVerifier,
      }));
      // The replays revoked the grant: what the winner got works no more.
      expect(await status(winner.body.access_token!)).toBe(401);
      const renewed = await race({ grant_type: 'refresh_token', refresh_token: winner.body.refresh_token! });
      expect(renewed.map((a) => a.body.error)).toEqual(Array(AT_ONCE).fill('invalid_grant'));
    }
  });

  it(`rotates one refresh token once: ${AT_ONCE} at once, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { tokens } = await signInByHand(base, ANALYST);
      expect(await status(tokens.accessToken)).toBe(200);
      const winner = oneWinner(await race({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken! }));
      // Replay detection fired: the whole grant is gone, the sign-in's first access token and the winner's pair included.
      expect(await status(tokens.accessToken)).toBe(401);
      expect(await status(winner.body.access_token!)).toBe(401);
      const next = await race({ grant_type: 'refresh_token', refresh_token: winner.body.refresh_token! });
      expect(next.map((a) => a.body.error)).toEqual(Array(AT_ONCE).fill('invalid_grant'));
    }
  });

  it('still lets one sign-in refresh again and again when nothing races it', async () => {
    let { tokens } = await signInByHand(base, ANALYST);
    const client = await OAuthClient.discover(base, { clientId: CLIENT_ID });
    for (let i = 0; i < 3; i++) tokens = await client.refresh(tokens.refreshToken!);
    expect(await status(tokens.accessToken)).toBe(200);
  });
});
