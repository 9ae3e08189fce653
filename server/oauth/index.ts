import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { PlatformContext } from '../context';
import { isLoopbackAddress } from '../http';
import { companyProvider } from './company-provider';
import { CompanyIdTokens } from './company-tokens';
import { assertCompanySignIn, COMPANY_CALLBACK_PATH, companySignInFlow, type CompanySignIn, type CompanySignInFlow } from './company-sign-in';
import { interactionHandler } from './interaction';
import { errorPage, sendPage, stylesheet, STYLESHEET_PATH } from './pages';
import { clientOrigins, createProvider, METADATA_PATH, OPENID_CONFIGURATION_PATH, PLATFORM_SCOPE } from './provider';
import type { OAuthKeys } from './keys';

export { METADATA_PATH, OAUTH_CLIENT_ID, OPENID_CONFIGURATION_PATH } from './provider';
export { COMPANY_CALLBACK_PATH, type CompanySignIn } from './company-sign-in';

/** The add-in's callback under the dev server (`npm start`), registered unless other redirect URIs are given. */
const DEV_SERVER_CALLBACK = 'https://localhost:3000/auth/callback.html';

export interface OAuthServerOptions {
  /** Redirect URIs besides `{publicUrl}/auth/callback.html`; default the dev server's callback. */
  redirectUris?: string[];
  /** The signing key and cookie keys, the same in every process of one platform (keys.ts). */
  keys: OAuthKeys;
  /** Cube API URLs (resource indicators, RFC 8707) that get JWT access tokens; default none. */
  cubeResources?: string[];
  /** Sign users in through the company's OpenID Connect provider instead of the seeded-user picker (a team server). */
  companySignIn?: CompanySignIn;
}

export interface OAuthServer {
  /** Whether a request path is the authorization server's: `/oauth/…` and `/.well-known/…`. */
  handles(path: string): boolean;
  /** Answers such a request itself, errors included (the platform has checked its `Host` already). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The user an access token was issued to, while it is unexpired, unrevoked and its grant stands; else null. */
  userForAccessToken(token: string): Promise<number | null>;
  /** The users' company ID tokens (for pass-through Cubes), renewed when they end; none without company sign-in. */
  companyIdTokens: CompanyIdTokens | null;
}

const isOAuthPath = (path: string) => path.startsWith('/oauth/') || path.startsWith('/.well-known/');

/**
 * The local platform's authorization server. The issuer is the platform's public URL, known only once the
 * server listens, so the provider is made on first use.
 */
export function createOAuthServer(ctx: PlatformContext, options: OAuthServerOptions): OAuthServer {
  // Checked now, so a mistyped PLATFORM_OAUTH_REDIRECT_URIS stops the start rather than the first sign-in.
  for (const uri of options.redirectUris ?? []) assertRedirectUri(uri);
  const cubeResources = options.cubeResources ?? [];
  for (const uri of cubeResources) assertResourceIndicator(uri);
  if (options.companySignIn) assertCompanySignIn(options.companySignIn);
  const companyRp = options.companySignIn && companyProvider(options.companySignIn);
  let made: {
    provider: Provider; callback: ReturnType<Provider['callback']>; issuer: URL; origins: string[];
    interaction: ReturnType<typeof interactionHandler>; company: CompanySignInFlow | undefined;
  } | undefined;
  const current = () => {
    if (made) return made;
    const issuer = new URL(ctx.publicUrl());
    const base = issuer.href.replace(/\/+$/, '');
    const redirectUris = [...new Set([`${base}/auth/callback.html`, ...(options.redirectUris ?? [DEV_SERVER_CALLBACK])])];
    const provider = createProvider(ctx, { issuer: base, redirectUris, keys: options.keys, cubeResources });
    const origins = clientOrigins(redirectUris);
    const company = options.companySignIn && companyRp && companySignInFlow(ctx, options.companySignIn, companyRp, { provider, base, clientOrigins: origins });
    const interaction = interactionHandler(ctx, { provider, origin: issuer.origin, clientOrigins: origins, keys: options.keys, company });
    made = { provider, callback: provider.callback(), issuer, origins, interaction, company };
    return made;
  };

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { callback, issuer, origins, interaction, company } = current();
    // The default platform is a development stand-in for this computer alone. With company sign-in it is a team's
    // server behind a reverse proxy, so every request arrives from the proxy's address, and the company's provider
    // decides who signs in, not the seeded-user picker that made loopback-only a must.
    if (!company && !isLoopbackAddress(req.socket.remoteAddress ?? '')) return sendPage(res, errorPage('The local platform only answers this computer.', origins, 403));
    // What the provider builds from the request's origin (metadata, redirects, cookies) must be the issuer's,
    // however the request reached the platform (directly, or through the dev server's proxy).
    req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    req.headers['x-forwarded-host'] = issuer.host;
    delete req.headers['x-forwarded-for'];
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === STYLESHEET_PATH) return sendPage(res, stylesheet(origins));
    if (path.startsWith('/oauth/interaction/')) return interaction(req, res, path);
    if (company && path === COMPANY_CALLBACK_PATH) return company.callback(req, res);
    // RFC 8414's metadata and OpenID Connect Discovery's (the same document, for "Sign in" to a Cube API); no other.
    if (path.startsWith('/.well-known/') && path !== METADATA_PATH && path !== OPENID_CONFIGURATION_PATH) return sendPage(res, errorPage('There is no such document.', origins, 404));
    await callback(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await route(req, res);
    } catch (error) {
      // Only a response that is gone goes unanswered (a request is "destroyed" once its body was read).
      if (res.destroyed || res.writableEnded) return;
      process.stderr.write(`local platform (oauth): ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!res.headersSent) sendPage(res, errorPage('Something went wrong on the local platform.', made?.origins ?? [], 500));
      else res.destroy();
    }
  }

  return {
    handles: isOAuthPath,
    handle,
    companyIdTokens: companyRp ? new CompanyIdTokens(ctx.db, companyRp, ctx.now, ctx.reportFailure) : null,
    async userForAccessToken(token) {
      // Only the Platform API's own (opaque) tokens: a JWT access token is for a Cube deployment (its `aud`), and
      // oidc-provider keeps none of those to find anyway.
      if (token.includes('.')) return null;
      const { provider } = current();
      const accessToken = await provider.AccessToken.find(token);
      if (!accessToken || accessToken.isExpired) return null;
      // Only one granted the `platform` scope: an OpenID Connect sign-in (`openid profile email`, for a Cube API)
      // also gets an opaque access token, but it is no key to the Platform API.
      if (!(accessToken.scope ?? '').split(' ').includes(PLATFORM_SCOPE)) return null;
      // An access token counts only while its grant stands (revoked at sign-out, or expired).
      if (!(await provider.Grant.find(accessToken.grantId))) return null;
      return /^\d+$/.test(accessToken.accountId) ? Number(accessToken.accountId) : null;
    },
  };
}

/** An absolute http(s) address without a fragment, as RFC 8707 requires of a resource indicator. */
function assertResourceIndicator(uri: string): void {
  const url = URL.parse(uri);
  if (!url || !['https:', 'http:'].includes(url.protocol) || uri.includes('#')) throw new Error(`Cube resource "${uri}" must be an absolute http(s):// address without a #fragment`);
}

/** An absolute https address (http only on loopback) without a fragment, as OAuth requires of a redirect URI. */
function assertRedirectUri(uri: string): void {
  const url = URL.parse(uri);
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  if (!url || !secure || url.hash) throw new Error(`OAuth redirect URI "${uri}" must be an https:// address (http:// only on this computer) without a #fragment`);
}
