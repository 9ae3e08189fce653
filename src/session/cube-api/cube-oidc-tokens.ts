import { NetworkError, RequestCancelledError } from '../../client/errors';
import type { FetchLike } from '../../client/fetch-like';
import { untilAborted } from '../../client/until-aborted';
import type { OAuthClient } from '../../client/oauth-client';
import type { DeploymentTokenSource } from '../../client/token-manager';
import { CubeSignInNeededError, type CubeSignInReason } from './cube-api-errors';
import { cubeOidcSettings, cubeTokenOf, discoverCubeOidc, type CubeOidcConnectionSettings } from './cube-oidc';

export { CubeSignInNeededError, type CubeSignInReason } from './cube-api-errors';

export interface OidcCubeTokensOptions {
  /** The provider's client from sign-in; otherwise discovered from the settings on first need. */
  oauth?: OAuthClient;
  /**
   * Opens the sign-in dialog again (`signInToCube`), saying why; resolves to the new settings, or null when the user
   * cancels (then the request fails with `CubeSignInNeededError`).
   */
  signInAgain(reason: CubeSignInReason): Promise<CubeOidcConnectionSettings | null>;
  /** Hears every new connection (renewed, or signed in again), to keep it in the user's storage. */
  onToken?(settings: CubeOidcConnectionSettings): void;
  /** Renew this long before the token's `exp` (default a minute), so no request leaves with a token that ends on the way. */
  renewBeforeMs?: number;
  fetch?: FetchLike;
  now?: () => number;
}

/**
 * The tokens of a Cube connection signed in through OpenID Connect, for `CoreDataClient`: the chosen token (access or
 * ID) while it is fresh; renewed with the refresh token shortly before its `exp`, and after `invalidate` (Cube's 403
 * on a refused token, after which the client sends the request once more with the next `getToken`). One renewal at a
 * time, shared by every caller waiting at that moment (a rotated refresh token is good for one use). When there is
 * no refresh token, or the provider refuses it, the user is asked to sign in again (`signInAgain`). A provider that
 * cannot be reached fails the request with the `NetworkError`; the next request tries again.
 */
export class OidcCubeTokens implements DeploymentTokenSource {
  private refused = false;
  private pending: Promise<string> | null = null;
  private oauth: Promise<OAuthClient> | null;
  private readonly renewBeforeMs: number;
  private readonly now: () => number;

  constructor(private current: CubeOidcConnectionSettings, private readonly options: OidcCubeTokensOptions) {
    this.oauth = options.oauth ? Promise.resolve(options.oauth) : null;
    this.renewBeforeMs = options.renewBeforeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  get settings(): CubeOidcConnectionSettings {
    return this.current;
  }

  getToken(signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(new RequestCancelledError());
    if (!this.refused && !this.expiresSoon()) return Promise.resolve(cubeTokenOf(this.current));
    this.pending ??= this.renew().finally(() => {
      this.pending = null;
    });
    return signal ? untilAborted(this.pending, signal) : this.pending;
  }

  invalidate(token: string): void {
    if (cubeTokenOf(this.current) === token) this.refused = true;
  }

  /**
   * Ends the sign-in: revokes the refresh token where the provider offers revocation (RFC 7009), which ends the whole
   * sign-in on providers that revoke its grant. Forgetting the settings is the caller's (its storage). Throws when
   * the provider cannot be reached or refuses; the sign-in then ends there only when it expires.
   */
  async signOut(): Promise<void> {
    const { refreshToken } = this.current;
    this.current = { ...this.current, refreshToken: null };
    if (!refreshToken) return;
    const oauth = await this.client();
    if (oauth.canRevoke) await oauth.revoke(refreshToken, 'refresh_token');
  }

  private expiresSoon(): boolean {
    return this.current.expiresAt !== null && this.current.expiresAt - this.renewBeforeMs <= this.now();
  }

  private async renew(): Promise<string> {
    const settings = this.current;
    if (!settings.refreshToken) return this.signInAgain('no-refresh-token');
    try {
      const tokens = await (await this.client()).refresh(settings.refreshToken);
      return this.take(cubeOidcSettings(settings, tokens, settings, this.now()));
    } catch (error) {
      // Offline, or the provider did not answer: signing in again would fail the same way.
      if (error instanceof NetworkError || error instanceof RequestCancelledError) throw error;
      // Refused (expired, revoked, user deactivated) or unusable: that refresh token is not sent again.
      this.current = { ...settings, refreshToken: null };
      return this.signInAgain('renewal-refused', error);
    }
  }

  private async signInAgain(reason: CubeSignInReason, cause?: unknown): Promise<string> {
    const next = await this.options.signInAgain(reason);
    if (!next) throw new CubeSignInNeededError(reason, cause === undefined ? undefined : { cause });
    // Another provider or client: the client discovered for the old one does not fit.
    if (next.issuer !== this.current.issuer || next.clientId !== this.current.clientId || next.resource !== this.current.resource) this.oauth = null;
    return this.take(next);
  }

  private take(next: CubeOidcConnectionSettings): string {
    this.current = next;
    this.refused = false;
    this.options.onToken?.(next);
    return cubeTokenOf(next);
  }

  private client(): Promise<OAuthClient> {
    this.oauth ??= discoverCubeOidc(this.current, { fetch: this.options.fetch, now: this.options.now }).catch((error: unknown) => {
      this.oauth = null;
      throw error;
    });
    return this.oauth;
  }
}
