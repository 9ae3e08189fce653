import { SignInError } from '../client/errors';
import type { FetchLike } from '../client/fetch-like';
import { OAuthClient, type OAuthTokens } from '../client/oauth-client';
import type { DialogOutcome } from '../ports/dialog';
import type { ConnectionSettings, Credentials, OAuthConnectionSettings } from './connection';
import { callbackUrl, OAUTH_CLIENT_ID, parseCallbackMessage, startPageUrl } from './sign-in';

/** An access token this close to its expiry is renewed before it is sent. */
const RENEW_BEFORE_MS = 60_000;
const RENEWAL_LOCK = 'report-sync.token-renewal';

export interface TokenSessionOptions {
  /** Keeps the settings in the add-in's own storage (null forgets them). Tokens go nowhere else. */
  save(settings: ConnectionSettings | null): void;
  /** What that storage holds now: another pane of the add-in (another workbook) may have renewed meanwhile. */
  load(): ConnectionSettings | null;
  fetch?: FetchLike;
  now?: () => number;
  /** The authorization server's client, when sign-in has just discovered it. */
  oauth?: OAuthClient;
}

/**
 * The pane's tokens: the access token to send (renewed with the refresh token shortly before it expires,
 * and again on a 401), and sign-out, which forgets them and revokes them on the platform (RFC 7009).
 * An API key has nothing to renew or revoke.
 */
export class TokenSession implements Credentials {
  private renewal: Promise<boolean> | null = null;
  private oauth: Promise<OAuthClient> | null;

  constructor(private current: ConnectionSettings, private readonly options: TokenSessionOptions) {
    this.oauth = options.oauth ? Promise.resolve(options.oauth) : null;
  }

  get settings(): ConnectionSettings {
    return this.current;
  }

  async accessToken(): Promise<string> {
    // A failed renewal sends the old token anyway: its 401 then asks for a renewal or a new sign-in.
    if (this.current.kind === 'oauth' && this.expiresSoon(this.current)) await this.renew();
    return this.current.accessToken;
  }

  /**
   * Renews the access token with the refresh token; false when there is none, or the platform refuses it
   * (revoked, expired, user deactivated) or cannot be reached. One renewal at a time, across panes too:
   * a refresh token is used once (rotation), and using a spent one revokes the whole sign-in.
   */
  renew(): Promise<boolean> {
    this.renewal ??= withLock(() => this.renewNow()).finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /** The user signed in again (as the same user): carry on with the new tokens. */
  replace(settings: ConnectionSettings, oauth?: OAuthClient): void {
    if (oauth) this.oauth = Promise.resolve(oauth);
    else if (settings.baseUrl !== this.current.baseUrl) this.oauth = null;
    this.update(settings);
  }

  /**
   * Forgets the tokens, then revokes them: the refresh token (which ends the whole sign-in on servers that
   * revoke its grant) and the access token. Throws, already signed out here, when the platform cannot be
   * reached or refuses: the session then ends there only when it expires.
   */
  async signOut(): Promise<void> {
    const ended = this.current;
    this.options.save(null);
    if (ended.kind !== 'oauth') return;
    const oauth = await this.client();
    if (ended.refreshToken) await oauth.revoke(ended.refreshToken, 'refresh_token');
    await oauth.revoke(ended.accessToken, 'access_token');
  }

  private async renewNow(): Promise<boolean> {
    let settings = this.current;
    if (settings.kind !== 'oauth' || !settings.refreshToken) return false;
    const stored = this.options.load();
    const ours = stored?.kind === 'oauth' && stored.signInId === settings.signInId ? stored : null;
    if (ours && ours.refreshToken !== settings.refreshToken) {
      this.current = settings = ours;
      if (!this.expiresSoon(ours)) return true;
    }
    try {
      const tokens = await (await this.client()).refresh(settings.refreshToken!);
      // The user signed in again while this renewal ran: the newer sign-in's tokens stand.
      if (this.current !== settings) return true;
      const renewed = { ...settings, ...tokens };
      // The storage is the latest sign-in's: renewed tokens of an older one (another pane signed in or
      // out meanwhile) stay in this pane's memory.
      if (ours) this.update(renewed);
      else this.current = renewed;
      return true;
    } catch (error) {
      // Signed in again meanwhile: the new tokens are there to use, and must not be overwritten by the old ones.
      if (this.current !== settings) return true;
      // A refresh token the platform refused is not tried again.
      if (error instanceof SignInError && error.reason === 'expired') this.current = { ...settings, refreshToken: null };
      return false;
    }
  }

  private update(settings: ConnectionSettings): void {
    this.current = settings;
    this.options.save(settings);
  }

  private expiresSoon(settings: OAuthConnectionSettings): boolean {
    return settings.expiresAt !== null && settings.expiresAt - (this.options.now?.() ?? Date.now()) < RENEW_BEFORE_MS;
  }

  private client(): Promise<OAuthClient> {
    const { baseUrl } = this.current;
    this.oauth ??= OAuthClient.discover(baseUrl, { clientId: OAUTH_CLIENT_ID, fetch: this.options.fetch, now: this.options.now }).catch((error: unknown) => {
      this.oauth = null;
      throw error;
    });
    return this.oauth;
  }
}

/** Web Locks keep two panes of the add-in (two workbooks) from renewing at once, where the host has them. */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request(RENEWAL_LOCK, work) : work();
}

export interface SignInDialogOptions {
  /** The folder the add-in is served from (ending in `/`), where the dialog's pages are. */
  addinBase: string;
  openDialog(url: string): Promise<DialogOutcome>;
  fetch?: FetchLike;
  now?: () => number;
}

/**
 * Signs in with an account: discovers the platform's authorization server, opens the dialog at the add-in's
 * start page (which redirects to the authorization endpoint), and redeems the code the callback page sends
 * back with the PKCE verifier kept here. No token ever passes through the dialog.
 */
export async function signInWithDialog(baseUrl: string, options: SignInDialogOptions): Promise<{ settings: OAuthConnectionSettings; oauth: OAuthClient }> {
  const oauth = await OAuthClient.discover(baseUrl, { clientId: OAUTH_CLIENT_ID, fetch: options.fetch, now: options.now });
  const tokens = await authorizeInDialog(oauth, options);
  return { settings: { kind: 'oauth', baseUrl, ...tokens, signInId: crypto.randomUUID() }, oauth };
}

/**
 * The dialog part of a sign-in with `oauth`'s authorization server (the platform's, or a Cube deployment's OpenID
 * Connect provider): a new authorization request, the dialog at the add-in's start page, and the code it brings back
 * redeemed with the PKCE verifier kept here.
 */
export async function authorizeInDialog(oauth: OAuthClient, options: Pick<SignInDialogOptions, 'addinBase' | 'openDialog'>): Promise<OAuthTokens> {
  const request = await oauth.authorizationRequest(callbackUrl(options.addinBase));
  const outcome = await options.openDialog(startPageUrl(options.addinBase, request.url));
  if (outcome.kind === 'closed') throw new SignInError('cancelled', 'Sign-in was cancelled.');
  if (outcome.kind === 'failed') throw new SignInError('dialog-failed', `The sign-in window could not open (${outcome.code ?? 'unknown'}).`, outcome.code ?? undefined);
  const response = parseCallbackMessage(outcome.message);
  if (!response) {
    const words = 'the sign-in window answered something the add-in does not understand';
    throw new SignInError('refused', `The platform refused sign-in: ${words}`, undefined, words);
  }
  return oauth.exchangeCode(response, request);
}
