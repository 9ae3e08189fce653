import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import type { AdapterPayload } from 'oidc-provider';
import { HttpError } from '../http';
import type { FailureReporter } from '../log';
import type { StateStore } from '../store/state-store';
import { stateAdapter } from './adapter';
import { failureWords, type CompanyProvider } from './company-provider';

/** The `oauth_store` model a user's company tokens are kept under (one per user: the latest sign-in's). */
const MODEL = 'CompanyIdToken';
/** A token this close to its end is not handed out: the add-in's requests with it would fail on the way. */
const MARGIN_MS = 60_000;
/** With a refresh token, the record is kept as long as the platform's own refresh token lives: no session outlives it. */
const KEPT_WITH_REFRESH_SECONDS = 14 * 24 * 60 * 60;

/** What a sign-in through the company's provider leaves for pass-through deployments. */
export interface CompanyTokens {
  idToken: string;
  /** Present when the provider gave one (`offline_access`): the ID token is then renewed when it ends. */
  refreshToken?: string;
  /** The ID token's subject: a renewed one must name the same person (OpenID Connect Core §12.2). */
  sub: string;
}

type Kept = CompanyTokens & AdapterPayload;

const store = (db: StateStore) => new (stateAdapter(db))(MODEL);

/**
 * Keeps the tokens the company's provider issued at sign-in, for deployments whose Cube verifies the ID token itself
 * (`oidc-pass-through`, CUBEJS_JWK_URL): the add-in's data requests carry it. In the database, as every OAuth grant:
 * the processes of a team share them. Without a refresh token, it expires with the ID token.
 */
export async function keepCompanyTokens(db: StateStore, userId: number, tokens: CompanyTokens, now: Date): Promise<void> {
  const exp = decodeJwt(tokens.idToken).exp;
  const seconds = tokens.refreshToken ? KEPT_WITH_REFRESH_SECONDS : exp ? exp - Math.floor(now.getTime() / 1000) : 0;
  if (seconds <= 0) return;
  await store(db).upsert(String(userId), { accountId: String(userId), ...tokens } satisfies Kept, seconds);
}

const signInAgain = () => new HttpError(409, 'Your company sign-in, which this deployment\'s Cube checks itself, has ended: sign out and sign in again');

/**
 * A user's company ID token for a pass-through Cube: the kept one while it has more than a minute to live; else one
 * renewed with the kept refresh token (the provider's refresh grant; a rotated refresh token is kept in its place).
 * Concurrent asks for one user in this process share one answer; another process that renewed first is noticed
 * by reading the record again when the provider refuses a refresh token it already rotated.
 */
export class CompanyIdTokens {
  /** Per user, the answer being worked out now: concurrent asks share one read and at most one renewal. */
  private readonly resolving = new Map<number, Promise<string>>();

  constructor(
    private readonly db: StateStore,
    private readonly provider: CompanyProvider | null,
    private readonly now: () => Date,
    private readonly reportFailure: FailureReporter,
  ) {}

  /** The ID token to send, or an HttpError: 409 (sign in again) or 503 (the provider cannot renew it now). */
  current(userId: number): Promise<string> {
    let answer = this.resolving.get(userId);
    if (!answer) {
      answer = this.resolve(userId).finally(() => this.resolving.delete(userId));
      this.resolving.set(userId, answer);
    }
    return answer;
  }

  private async resolve(userId: number): Promise<string> {
    const kept = await this.kept(userId);
    if (kept && this.fresh(kept.idToken)) return kept.idToken;
    if (!kept?.refreshToken || !this.provider) throw signInAgain();
    return this.renew(userId, kept);
  }

  private async renew(userId: number, kept: Kept): Promise<string> {
    const provider = this.provider!;
    let renewed: CompanyTokens;
    try {
      const as = await provider.metadata();
      const response = await oauth.refreshTokenGrantRequest(as, provider.client, provider.clientAuth, kept.refreshToken!, provider.requestOptions());
      const tokens = await oauth.processRefreshTokenResponse(as, provider.client, response);
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      if (!tokens.id_token || !claims) throw new RenewalRefused('the provider renewed the sign-in without an ID token');
      if (claims.sub !== kept.sub) throw new RenewalRefused('the renewed ID token names another person');
      renewed = { idToken: tokens.id_token, refreshToken: tokens.refresh_token ?? kept.refreshToken, sub: kept.sub };
    } catch (error) {
      // Another process may have renewed it first (the provider then refuses the refresh token it rotated).
      const again = await this.kept(userId);
      if (again && again.refreshToken !== kept.refreshToken && this.fresh(again.idToken)) return again.idToken;
      if (error instanceof RenewalRefused || error instanceof oauth.ResponseBodyError) {
        await store(this.db).destroy(String(userId));
        throw signInAgain();
      }
      this.reportFailure('Renewing a company sign-in failed', failureWords(error));
      throw new HttpError(503, `Your company sign-in (${provider.name}) cannot be renewed right now: try again in a moment`);
    }
    await keepCompanyTokens(this.db, userId, renewed, this.now());
    return renewed.idToken;
  }

  private async kept(userId: number): Promise<Kept | undefined> {
    return (await store(this.db).find(String(userId))) as Kept | undefined;
  }

  private fresh(idToken: string): boolean {
    const exp = decodeJwt(idToken).exp;
    return exp !== undefined && exp * 1000 - this.now().getTime() > MARGIN_MS;
  }
}

/** The provider answered, but not with a renewal this platform may use. */
class RenewalRefused extends Error {
  override readonly name = 'RenewalRefused';
}
