import { InsecureTransportError, SignInError } from '../../client/errors';
import type { FetchLike } from '../../client/fetch-like';
import { OAuthClient, type OAuthTokens } from '../../client/oauth-client';
import type { DialogOutcome } from '../../ports/dialog';
import { withHttpsScheme } from '../../core/typed-address';
import { authorizeInDialog } from '../token-session';
import { connectCubeApi, CubeApiConnectError } from './connect-cube-api';
import { normalizeCubeApiAddress } from './cube-api-address';
import { CubeOidcError } from './cube-api-errors';
import { CubeTokenError, readCubeToken } from './cube-token';

/**
 * A connection to a Cube deployment that verifies tokens through a JWKS (`CUBEJS_JWK_URL`, `CUBEJS_JWT_ISSUER`,
 * `CUBEJS_JWT_AUDIENCE`), signed in with the company's OpenID Connect provider. Kept in the add-in's own storage per
 * user, never in the workbook. `apiUrl` is the Cube REST API base without `/v1` (`CoreDataClient`'s).
 */
export interface CubeOidcConnectionSettings {
  kind: 'cube-oidc';
  apiUrl: string;
  /** The provider's issuer, as its discovery document names it. */
  issuer: string;
  clientId: string;
  /** Which token Cube gets as its Authorization header: the access token, or the ID token (the admin's choice). */
  tokenKind: 'access' | 'id';
  /** The RFC 8707 resource indicator asked for (the Cube API, when the provider issues JWT access tokens for it). */
  resource: string | null;
  accessToken: string;
  idToken: string | null;
  refreshToken: string | null;
  /** When the token sent expires (its `exp`; for `id`, the ID token's), in ms since the epoch. */
  expiresAt: number | null;
}

/** What the administrator configured for the deployment's sign-in. */
export interface CubeOidcSignInInput {
  /** The Cube REST API address as typed (`normalizeCubeApiAddress`). */
  apiUrl: string;
  issuer: string;
  clientId: string;
  tokenKind: 'access' | 'id';
  resource?: string | null;
  /** The scopes asked for; default `CUBE_OIDC_DEFAULT_SCOPE`. */
  scope?: string;
}

export interface CubeOidcSignInDeps {
  /** The folder the add-in is served from (ending in `/`), where the dialog's pages are. */
  addinBase: string;
  openDialog(url: string): Promise<DialogOutcome>;
  fetch?: FetchLike;
  now?: () => number;
  /** The add-in's origin, for the CORS advice of the check against the deployment (`connectCubeApi`). */
  addinOrigin?: string;
}

export const CUBE_OIDC_DEFAULT_SCOPE = 'openid offline_access profile email';

export { CubeOidcError, type CubeOidcProblem } from './cube-api-errors';

/**
 * Signs the user in with the deployment's OpenID Connect provider and checks the token with the deployment:
 * discovery (`{issuer}/.well-known/openid-configuration`), authorization code with PKCE in the add-in's sign-in
 * dialog (the platform's dialog flow, `authorizeInDialog`), the code redeemed, then one `GET <apiUrl>/v1/meta` with
 * the chosen token (`connectCubeApi`). Nothing is sent to the Cube deployment before the address is read and a token
 * is in hand. Failures: `CubeApiAddressError` (the address), `CubeOidcError` (above), `SignInError` (the dialog:
 * cancelled, refused…), `NetworkError`, and `CubeApiConnectError` for the deployment's other answers.
 */
export async function signInToCube(input: CubeOidcSignInInput, deps: CubeOidcSignInDeps): Promise<{ settings: CubeOidcConnectionSettings; oauth: OAuthClient }> {
  const apiUrl = normalizeCubeApiAddress(input.apiUrl);
  const resource = input.resource?.trim() || null;
  // Typed without a scheme, as the Cube API address may be: read as https.
  const issuer = withHttpsScheme(input.issuer);
  const oauth = await discoverProvider(issuer, { clientId: input.clientId.trim(), scope: input.scope ?? CUBE_OIDC_DEFAULT_SCOPE, resource, fetch: deps.fetch, now: deps.now });
  const tokens = await authorizeInDialog(oauth, deps);
  const settings = cubeOidcSettings(
    { kind: 'cube-oidc', apiUrl, issuer, clientId: input.clientId.trim(), tokenKind: input.tokenKind, resource },
    tokens,
    null,
    deps.now?.() ?? Date.now(),
  );
  try {
    await connectCubeApi({ address: apiUrl, token: cubeTokenOf(settings) }, { fetch: deps.fetch, now: deps.now, addinOrigin: deps.addinOrigin });
  } catch (error) {
    if (!(error instanceof CubeApiConnectError && error.problem === 'token-refused')) throw error;
    const which = settings.tokenKind === 'id' ? 'ID token' : 'access token';
    throw new CubeOidcError(
      'token-refused',
      `The Cube deployment at ${apiUrl} refused the ${which} of ${settings.issuer}: its CUBEJS_JWK_URL must be this provider's key set, CUBEJS_JWT_ISSUER ${settings.issuer}, and CUBEJS_JWT_AUDIENCE the token's audience (${audienceOf(cubeTokenOf(settings))}). Ask your administrator.`,
      settings.issuer,
      { cause: error },
    );
  }
  return { settings, oauth };
}

/** The provider's client for these settings (for renewal and sign-out when no client from sign-in is at hand). */
export function discoverCubeOidc(settings: Pick<CubeOidcConnectionSettings, 'issuer' | 'clientId' | 'resource'>, deps: { fetch?: FetchLike; now?: () => number } = {}): Promise<OAuthClient> {
  return discoverProvider(settings.issuer, { clientId: settings.clientId, resource: settings.resource, fetch: deps.fetch, now: deps.now });
}

async function discoverProvider(issuer: string, options: Parameters<typeof OAuthClient.discoverOpenId>[1]): Promise<OAuthClient> {
  try {
    return await OAuthClient.discoverOpenId(issuer, options);
  } catch (error) {
    if (error instanceof InsecureTransportError) {
      const words = error.reason === 'insecure'
        ? `The sign-in would go unencrypted to ${error.address}: the issuer must be an https:// address (plain http:// only for this computer).`
        : `"${issuer}" is not a whole address: type the issuer with https:// in front, like https://login.example.com.`;
      throw new CubeOidcError('issuer-address', words, issuer, { cause: error });
    }
    if (error instanceof SignInError && error.reason === 'unsupported') {
      throw new CubeOidcError(
        'no-discovery',
        `${issuer} does not answer as an OpenID Connect provider (no ${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration for this issuer, or no PKCE): check the issuer address with your administrator.`,
        issuer,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * The settings after a token answer (sign-in or refresh): the chosen token read (it must be a JWT, as Cube verifies
 * it; without `exp` its end is not known), the refresh token kept when the answer rotates none. `previous` is the connection being renewed.
 */
export function cubeOidcSettings(
  config: Pick<CubeOidcConnectionSettings, 'kind' | 'apiUrl' | 'issuer' | 'clientId' | 'tokenKind' | 'resource'>,
  tokens: OAuthTokens,
  previous: CubeOidcConnectionSettings | null,
  now: number,
): CubeOidcConnectionSettings {
  const idToken = tokens.idToken ?? null;
  if (config.tokenKind === 'id' && !idToken) {
    throw new CubeOidcError(
      'no-id-token',
      `${config.issuer} gave no ID token${previous ? ' when the sign-in was renewed' : ''}: the deployment takes the ID token, so the sign-in must ask for the openid scope and the provider must answer one. Ask your administrator.`,
      config.issuer,
    );
  }
  const settings: CubeOidcConnectionSettings = {
    ...config,
    accessToken: tokens.accessToken,
    idToken,
    refreshToken: tokens.refreshToken ?? previous?.refreshToken ?? null,
    expiresAt: null,
  };
  try {
    settings.expiresAt = readCubeToken(cubeTokenOf(settings), now).expiresAt;
  } catch (error) {
    if (!(error instanceof CubeTokenError)) throw error;
    const which = config.tokenKind === 'id' ? 'ID token' : 'access token';
    throw new CubeOidcError(
      'token-not-jwt',
      `The ${which} of ${config.issuer} is not one Cube can verify (${error.message}) Ask your administrator to have the provider issue JWT access tokens for the Cube API (its resource or audience), or to send the ID token.`,
      config.issuer,
      { cause: error },
    );
  }
  return settings;
}

/** The token Cube gets as its whole Authorization header. */
export const cubeTokenOf = (settings: CubeOidcConnectionSettings): string =>
  (settings.tokenKind === 'id' ? settings.idToken : settings.accessToken) ?? '';

function audienceOf(token: string): string {
  try {
    const { aud } = readCubeToken(token, 0).claims;
    return Array.isArray(aud) ? aud.join(', ') : (aud ?? 'none');
  } catch {
    return 'unknown';
  }
}
