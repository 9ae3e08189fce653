import Provider, { errors, interactionPolicy } from 'oidc-provider';
import type { PlatformContext } from '../context';
import { primaryEmail, userRecord } from '../store/rows';
import { accountClaims, activeUser } from './account';
import { stateAdapter } from './adapter';
import { errorPage, pageHeaders } from './pages';
import type { OAuthKeys } from './keys';
import { SIGNING_ALG } from './signing-key';

/** The add-in's registration: a public client (no secret), authorization code with PKCE S256 only. */
export const OAUTH_CLIENT_ID = 'report-sync-excel';
/** The Platform API's scope; requests that name no scope get it (RFC 6749 §3.3's default scope). */
export const PLATFORM_SCOPE = 'platform';
/**
 * The OpenID Connect scopes the server grants when asked, as a company's identity provider would for "Sign in" to a
 * Cube API: `openid` (an ID token whose `aud` is the client id), `offline_access` (oidc-provider keeps it only with
 * prompt=consent; the refresh token comes anyway, `issueRefreshToken`), `profile` (`name`) and `email` (`email`).
 */
export const OIDC_SCOPES = ['openid', 'offline_access', 'profile', 'email'] as const;
export const METADATA_PATH = '/.well-known/oauth-authorization-server';
/** OpenID Connect Discovery's document: oidc-provider's, the same as RFC 8414's (`METADATA_PATH`). */
export const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration';

/** Lifetimes in seconds. The refresh token's is counted from sign-in: rotating it does not extend it. */
const LIFETIMES = {
  accessToken: 15 * 60,
  /** An ID token (OpenID Connect sign-in for a Cube API) lives as long as an access token. */
  idToken: 15 * 60,
  authorizationCode: 60,
  refreshToken: 14 * 24 * 60 * 60,
  interaction: 10 * 60,
  session: 24 * 60 * 60,
} as const;

const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

const interactionPath = (uid: string) => `/oauth/interaction/${uid}`;

export interface ProviderOptions {
  issuer: string;
  redirectUris: string[];
  /** The key the JWKS publishes and ID tokens and JWT access tokens are signed with, and the cookies' keys (keys.ts). */
  keys: OAuthKeys;
  /**
   * Resource indicators (RFC 8707) of Cube deployments that take the platform's sign-in: a request naming one as
   * `resource` gets a JWT access token for it. Any other resource is refused (`invalid_target`).
   */
  cubeResources: readonly string[];
}

/** The origins the add-in's pages live at: the only ones CORS and form posts may answer to. */
export const clientOrigins = (redirectUris: string[]) => [...new Set(redirectUris.map((uri) => new URL(uri).origin))];

/**
 * The local platform's authorization server: oidc-provider with one public client, for the Platform API (scope
 * `platform`, opaque access tokens) and as the OpenID Connect provider a Cube deployment may trust (`OIDC_SCOPES`,
 * ID tokens and JWT access tokens for the listed Cube resources, all signed with the key its JWKS publishes).
 */
export function createProvider(ctx: PlatformContext, { issuer, redirectUris, keys, cubeResources }: ProviderOptions): Provider {
  const { signingKey } = keys;
  const origins = clientOrigins(redirectUris);
  const policy = interactionPolicy.base();
  // A stand-in for a real identity provider: it asks who signs in on every authorization, with no silent
  // single sign-on, so signing out and in again can pick another seeded user.
  policy.get('login')!.checks.push(new interactionPolicy.Check('choose_user', 'the local platform asks who signs in', (c) => !c.oidc.result?.login));

  const provider = new Provider(issuer, {
    adapter: stateAdapter(ctx.db),
    clients: [{
      client_id: OAUTH_CLIENT_ID,
      token_endpoint_auth_method: 'none',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: SIGNING_ALG,
    }],
    // oidc-provider's default claims, plus the two scopes that name the user in the ID token.
    claims: { acr: null, sid: null, auth_time: null, iss: null, openid: ['sub'], profile: ['name'], email: ['email'] },
    clientAuthMethods: ['none'],
    clientBasedCORS: (_c, origin, client) => client.clientId === OAUTH_CLIENT_ID && origins.includes(origin),
    cookies: { keys: [...keys.cookieKeys] },
    // Tokens live by their own lifetimes, not the browser session's: the add-in signs in once per computer.
    expiresWithSession: async () => false,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: async (_c, client, token) => token.clientId === client.clientId },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      // RFC 8707. A request without `resource` is as before: an opaque token for the Platform API (the code and
      // refresh token then carry no resource, so resolve_resource.js resolves none). With a listed Cube resource,
      // the code and refresh token carry it and every access token they give is a JWT for that Cube (the default
      // `useGrantedResource` is moot: with the userinfo endpoint off, a single granted resource is used).
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: async (_c, indicator) => {
          if (!cubeResources.includes(indicator)) throw new errors.InvalidTarget();
          return {
            scope: PLATFORM_SCOPE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: LIFETIMES.accessToken,
            jwt: { sign: { alg: SIGNING_ALG, kid: signingKey.kid } },
          };
        },
      },
    },
    // JWT access tokens (Cube's) carry the user's e-mail beside `sub` (the user id), for Cube's security context.
    // Opaque tokens get nothing: their stored payload stays what it was.
    extraTokenClaims: async (_c, token) => {
      if (!token.resourceServer || !/^\d+$/.test(token.accountId ?? '')) return undefined;
      const row = await ctx.db.read((tx) => tx.one(`SELECT * FROM users WHERE id = ?`, [Number(token.accountId)]));
      return row ? { email: primaryEmail(userRecord(row)) } : undefined;
    },
    findAccount: async (_c, accountId) => {
      const user = await activeUser(ctx, accountId);
      // Unknown or deactivated: no sign-in, no refresh, so no ID token either (oidc-provider answers invalid_grant).
      // The claims are the user's as of this request; oidc-provider gives the ID token those of the granted scopes.
      return user ? { accountId, claims: async () => accountClaims(user) } : undefined;
    },
    interactions: { policy, url: async (_c, interaction) => interactionPath(interaction.uid) },
    issueRefreshToken: async (_c, client) => client.grantTypeAllowed('refresh_token'),
    jwks: { keys: [{ ...signingKey }] },
    pkce: { required: () => true },
    renderError: async (c, out) => {
      const page = errorPage(out.error_description ?? out.error, origins);
      c.set(page.headers);
      c.type = 'html';
      c.body = page.body;
    },
    responseTypes: ['code'],
    rotateRefreshToken: true,
    routes: { ...OAUTH_ROUTES },
    // Advertised in discovery: `profile` and `email` come from `claims`, `openid` is oidc-provider's own, and
    // `offline_access` is named here so the document lists it (a refresh token comes with or without it).
    scopes: [PLATFORM_SCOPE, 'offline_access'],
    ttl: {
      AccessToken: LIFETIMES.accessToken,
      AuthorizationCode: LIFETIMES.authorizationCode,
      IdToken: LIFETIMES.idToken,
      RefreshToken: (c) => c?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? LIFETIMES.refreshToken,
      Grant: LIFETIMES.refreshToken,
      Interaction: LIFETIMES.interaction,
      Session: LIFETIMES.session,
    },
  });
  // Koa's `proxy`: the handler states the public origin in X-Forwarded-* so every URL the provider builds
  // (metadata, redirects, cookie paths) is under the issuer, however the request reached the platform.
  provider.proxy = true;
  provider.use(async (c, next) => {
    c.set(pageHeaders(origins));
    if (c.path === OAUTH_ROUTES.authorization && c.method === 'GET' && !c.query.scope) c.query = { ...c.query, scope: PLATFORM_SCOPE };
    await next();
    // oidc-provider answers CORS preflights, discovery and JWKS to any origin; only the add-in's may have it.
    if (!origins.includes(c.get('Origin'))) {
      for (const header of Object.keys(c.response.headers)) if (header.toLowerCase().startsWith('access-control-')) c.remove(header);
    }
  });
  return provider;
}
