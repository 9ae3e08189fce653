import * as oauth from 'oauth4webapi';
import { unansweredRequestError } from './cors-probe';
import { InsecureTransportError, SignInError } from './errors';
import type { FetchLike } from './fetch-like';
import { assertSecureBaseUrl } from './http';

/** What the add-in keeps after signing in: the Bearer token, the token that renews it, and when it ends. */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token expires, in ms since the epoch; null when the server does not say. */
  expiresAt: number | null;
  /**
   * The ID token, when the answer has one (an OpenID Connect sign-in that asked for `openid`), validated by
   * oauth4webapi (issuer, audience, expiry, nonce); absent otherwise, so a platform sign-in's tokens are as before.
   */
  idToken?: string;
  /** The ID token's `exp`, in ms since the epoch (with `idToken`). */
  idTokenExpiresAt?: number;
}

/** One authorization request: where to send the user, and what the answer is checked and redeemed with. */
export interface AuthorizationRequest {
  url: string;
  redirectUri: string;
  state: string;
  codeVerifier: string;
  /** The OpenID Connect `nonce` the ID token must carry back (when `openid` is asked for). */
  nonce?: string;
}

export interface OAuthClientOptions {
  clientId: string;
  /** The `scope` of the authorization request (space-separated), e.g. `openid offline_access profile email`; none: the server's default. */
  scope?: string;
  /** An RFC 8707 resource indicator sent with the authorization request and every token request (the API the access token is for). */
  resource?: string | null;
  fetch?: FetchLike;
  now?: () => number;
}

/** A request to the authorization server that takes longer than this is abandoned. */
const TIMEOUT_MS = 30_000;

/**
 * A public OAuth 2.0 client (RFC 6749, no secret) of one authorization server, built on oauth4webapi:
 * metadata discovery (RFC 8414), authorization code with PKCE S256 (RFC 7636) and `state`, code exchange,
 * refresh and revocation (RFC 7009). Every failure is a `SignInError`, `NetworkError` or `InsecureTransportError`.
 */
export class OAuthClient {
  private readonly client: oauth.Client;

  private constructor(
    private readonly as: oauth.AuthorizationServer,
    private readonly options: OAuthClientOptions,
    private readonly insecure: boolean,
    /** Discovered as an OpenID Connect provider: an `openid` request gets a nonce and must answer an ID token. */
    private readonly oidc = false,
  ) {
    this.client = { client_id: options.clientId };
  }

  /** Reads `{base}/.well-known/oauth-authorization-server`; the platform's base URL is the issuer. */
  static async discover(baseUrl: string, options: OAuthClientOptions): Promise<OAuthClient> {
    const issuer = assertSecureBaseUrl(baseUrl);
    const insecure = issuer.protocol === 'http:';
    const where = { method: 'GET', url: `${issuer.origin}/.well-known/oauth-authorization-server` };
    const as = await call(where, options, async () => {
      const response = await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...requestOptions(options, insecure) });
      const named = await namedIssuer(response);
      // No metadata document, or not one for this issuer: no OAuth sign-in here; one for another issuer (the platform's
      // own port, whose issuer is the add-in server's address it is reached through): sign in there.
      return oauth.processDiscoveryResponse(issuer, response).catch((error: unknown) => {
        if (named && named !== issuer.href && named !== issuer.origin) throw otherIssuer(issuer.origin, named, error);
        throw unsupported(issuer.origin, error);
      });
    });
    return OAuthClient.checked(as, options, insecure, false, () => unsupported(issuer.origin));
  }

  /**
   * Reads the OpenID Connect provider's `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0;
   * an issuer with a path keeps it, as Keycloak's `…/realms/x` or Entra ID's `…/v2.0`), whose `issuer` must be the
   * one given. A provider without that document, or whose document lists PKCE methods without S256, is
   * `SignInError('unsupported')`.
   */
  static async discoverOpenId(issuerUrl: string, options: OAuthClientOptions): Promise<OAuthClient> {
    const issuer = assertSecureBaseUrl(issuerUrl);
    const insecure = issuer.protocol === 'http:';
    const where = { method: 'GET', url: `${issuer.href.replace(/\/+$/, '')}/.well-known/openid-configuration` };
    const as = await call(where, options, async () => {
      const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...requestOptions(options, insecure) });
      return oauth.processDiscoveryResponse(issuer, response).catch((error: unknown) => {
        throw unsupportedOidc(issuerUrl, error);
      });
    });
    return OAuthClient.checked(as, options, insecure, true, () => unsupportedOidc(issuerUrl));
  }

  private static checked(as: oauth.AuthorizationServer, options: OAuthClientOptions, insecure: boolean, oidc: boolean, unsupportedError: () => SignInError): OAuthClient {
    // OpenID Connect Discovery makes the PKCE list optional and some providers that take S256 leave it out (Entra
    // ID): there only a list without S256 refuses. RFC 8414 metadata (the platform's) must list it.
    const methods = as.code_challenge_methods_supported;
    const pkce = oidc && methods === undefined ? true : Boolean(methods?.includes('S256'));
    if (!as.authorization_endpoint || !as.token_endpoint || !pkce) throw unsupportedError();
    for (const endpoint of [as.authorization_endpoint, as.token_endpoint, as.revocation_endpoint]) if (endpoint) assertSecureBaseUrl(endpoint);
    return new OAuthClient(as, options, insecure, oidc);
  }

  /** Whether the server offers revocation (RFC 7009), so `revoke` can end a sign-in there. */
  get canRevoke(): boolean {
    return Boolean(this.as.revocation_endpoint);
  }

  /** An OpenID Connect sign-in asking for `openid`: a nonce goes out, and the code's answer must carry an ID token. */
  private get asksForIdToken(): boolean {
    return this.oidc && (this.options.scope ?? '').split(' ').includes('openid');
  }

  /** A new authorization request (fresh PKCE verifier and state) for the user's browser to open. */
  async authorizationRequest(redirectUri: string): Promise<AuthorizationRequest> {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = this.asksForIdToken ? oauth.generateRandomNonce() : undefined;
    const url = new URL(this.as.authorization_endpoint!);
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: this.client.client_id,
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
    });
    if (this.options.scope) params.set('scope', this.options.scope);
    if (nonce) params.set('nonce', nonce);
    if (this.options.resource) params.set('resource', this.options.resource);
    url.search = params.toString();
    return { url: url.href, redirectUri, state, codeVerifier, ...(nonce ? { nonce } : {}) };
  }

  /**
   * Checks the authorization response against its request (state first, then the server's own checks such
   * as `iss`) and redeems the code with the PKCE verifier.
   */
  async exchangeCode(response: URLSearchParams, request: AuthorizationRequest): Promise<OAuthTokens> {
    if (response.get('state') !== request.state) {
      throw new SignInError('state-mismatch', 'The sign-in answer does not belong to this sign-in; nothing was accepted. Sign in again.');
    }
    return this.tokenCall(async (opts) => {
      const params = oauth.validateAuthResponse(this.as, this.client, response, request.state);
      const answer = await oauth.authorizationCodeGrantRequest(this.as, this.client, oauth.None(), params, request.redirectUri, request.codeVerifier, opts);
      if (!this.asksForIdToken) return oauth.processAuthorizationCodeResponse(this.as, this.client, answer);
      return oauth.processAuthorizationCodeResponse(this.as, this.client, answer, { expectedNonce: request.nonce ?? oauth.expectNoNonce, requireIdToken: true });
    });
  }

  /** New tokens for a refresh token; the server may rotate it, so the answer's refresh token replaces it. */
  async refresh(refreshToken: string): Promise<OAuthTokens> {
    try {
      const tokens = await this.tokenCall(async (opts) => {
        const answer = await oauth.refreshTokenGrantRequest(this.as, this.client, oauth.None(), refreshToken, opts);
        return oauth.processRefreshTokenResponse(this.as, this.client, answer);
      });
      return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    } catch (error) {
      // The refresh token expired, was revoked, or its user was deactivated: only signing in again helps.
      if (error instanceof SignInError && error.code === 'invalid_grant') throw new SignInError('expired', 'The sign-in has ended or was revoked. Sign in again.', error.code);
      throw error;
    }
  }

  /** Revokes a token (RFC 7009). Refused when the platform offers no revocation endpoint. */
  async revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void> {
    if (!this.as.revocation_endpoint) throw new SignInError('unsupported', 'The platform offers no way to revoke a sign-in.');
    await call({ method: 'POST', url: this.as.revocation_endpoint }, this.options, async () => {
      const opts = { ...requestOptions(this.options, this.insecure), additionalParameters: { token_type_hint: hint } };
      await oauth.processRevocationResponse(await oauth.revocationRequest(this.as, this.client, oauth.None(), token, opts));
    });
  }

  private async tokenCall(work: (opts: oauth.TokenEndpointRequestOptions) => Promise<oauth.TokenEndpointResponse>): Promise<OAuthTokens> {
    // RFC 8707: the resource goes with the code and with every refresh, so each access token is for that API. The
    // scope goes only with the authorization request: a refresh without one keeps what was granted (RFC 6749 §6),
    // whereas repeating it could ask for a scope the server dropped (offline_access without consent).
    const resource = this.options.resource ? { additionalParameters: { resource: this.options.resource } } : {};
    const answer = await call({ method: 'POST', url: this.as.token_endpoint! }, this.options, () => work({ ...requestOptions(this.options, this.insecure), ...resource }));
    const now = this.options.now?.() ?? Date.now();
    const idClaims = answer.id_token ? oauth.getValidatedIdTokenClaims(answer) : undefined;
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: typeof answer.expires_in === 'number' ? now + answer.expires_in * 1000 : null,
      ...(answer.id_token && idClaims ? { idToken: answer.id_token, idTokenExpiresAt: idClaims.exp * 1000 } : {}),
    };
  }
}

/** oauth4webapi refuses http:// unless told; the base URL check has allowed it only for loopback. */
function requestOptions(options: OAuthClientOptions, insecure: boolean) {
  return {
    [oauth.allowInsecureRequests]: insecure,
    ...(options.fetch ? { [oauth.customFetch]: options.fetch as typeof fetch } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  };
}

const unsupported = (origin: string, cause?: unknown) =>
  new SignInError('unsupported', `${origin} does not offer sign-in with an account (no OAuth 2.0 metadata with PKCE). Use an API token instead.`, undefined, origin, { cause });

const otherIssuer = (origin: string, issuer: string, cause?: unknown) =>
  new SignInError('other-issuer', `${origin} answers for the issuer ${issuer}: sign in with ${issuer} as the address.`, undefined, issuer, { cause });

/** The `issuer` a metadata document names, read from a copy of the answer (null when it names none). */
async function namedIssuer(response: Response): Promise<string | null> {
  try {
    const issuer = ((await response.clone().json()) as { issuer?: unknown } | null)?.issuer;
    return typeof issuer === 'string' ? issuer : null;
  } catch {
    // Not JSON: processDiscoveryResponse says so in its own words.
    return null;
  }
}

const unsupportedOidc = (issuer: string, cause?: unknown) =>
  new SignInError('unsupported', `${issuer} is not an OpenID Connect provider the add-in can sign in with (no OpenID Connect discovery document for this issuer, or no PKCE S256). Check the issuer address.`, undefined, issuer, { cause });

const refused = (words: string, code?: string | number) => new SignInError('refused', `The platform refused sign-in: ${words}`, code, words);

/** Runs one exchange with the authorization server, turning oauth4webapi's and fetch's failures into ours. */
async function call<T>(request: { method: string; url: string }, options: Pick<OAuthClientOptions, 'fetch'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SignInError || error instanceof InsecureTransportError) throw error;
    if (error instanceof oauth.AuthorizationResponseError) {
      if (error.error === 'access_denied') throw new SignInError('cancelled', 'Sign-in was cancelled.', error.error);
      throw refused(error.error_description ?? error.error, error.error);
    }
    if (error instanceof oauth.ResponseBodyError) throw refused(error.error_description ?? error.error, error.error);
    if (error instanceof oauth.WWWAuthenticateChallengeError) throw refused(`the add-in is not registered (${error.status}); ask your administrator`, error.status);
    if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
      throw refused(`its answer could not be used (${error.message})`, error.code);
    }
    // fetch itself failed (offline, refused, timed out, or blocked by CORS): a server that answers a request that
    // needs no CORS is told as refusing this add-in's origin, not as out of reach.
    const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    throw await unansweredRequestError({ request, error, fetch: fetchImpl, timeoutMs: TIMEOUT_MS });
  }
}
