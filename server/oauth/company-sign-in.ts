import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as oauth from 'oauth4webapi';
import type Provider from 'oidc-provider';
import type { InteractionResult } from 'oidc-provider';
import type { PlatformContext } from '../context';
import { primaryEmail } from '../store/rows';
import { bindingCookie, bindingCookieName, requestCookie, savePending, takePending } from './company-pending';
import { failureWords, type CompanyProvider } from './company-provider';
import { keepCompanyTokens } from './company-tokens';
import { grantConfiguredAdmin, matchCompanyUser, verifiedEmail, type CompanyClaims } from './company-users';
import { saveImplicitGrant } from './grant';
import { errorPage, pageHeaders, sendPage } from './pages';

/** The company's OpenID Connect provider the platform signs users in with, as a relying party registered there. */
export interface CompanySignIn {
  /** The provider's issuer; its discovery document is `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** For a confidential client (`client_secret_basic`); none for a public one. */
  clientSecret?: string;
  /**
   * Asks for a refresh token too (`offline_access`, with `prompt=consent` as OpenID Connect Core §11 requires), so the
   * ID token a pass-through Cube checks is renewed when it ends instead of sending the user to sign in again.
   */
  offlineAccess?: boolean;
}

/** Where the company's provider sends the browser back to (the redirect URI to register there, under the public URL). */
export const COMPANY_CALLBACK_PATH = '/oauth/company/callback';
const SCOPE = 'openid email profile';
/** The provider's errors the add-in is told as they are; any other means the set-up is wrong (`server_error`). */
const PASSED_ON = new Set(['access_denied', 'temporarily_unavailable']);

export interface CompanySignInFlow {
  /** Sends the browser of login step `uid` to the company's provider. */
  start(res: ServerResponse, uid: string): Promise<void>;
  /** The provider's answer (`COMPANY_CALLBACK_PATH`): finishes the login step it belongs to. */
  callback(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** oidc-provider's Interaction model (what its `interactionResult` uses; oidc-provider.d.ts declares only the rest). */
interface StoredInteraction {
  params: Record<string, unknown>;
  returnTo: string;
  result?: InteractionResult;
  persist(): Promise<unknown>;
}
const interactions = (provider: Provider) =>
  (provider as unknown as { Interaction: { find(uid: string): Promise<StoredInteraction | undefined> } }).Interaction;

/** Checked when the platform starts, so a mistyped setting stops it rather than the first sign-in. */
export function assertCompanySignIn(config: CompanySignIn): void {
  const url = URL.parse(config.issuer);
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!url || !secure || url.search || url.hash) throw new Error(`Company sign-in issuer "${config.issuer}" must be an https:// address (http:// only on this computer) without ?query or #fragment`);
  if (!config.clientId) throw new Error('Company sign-in needs the client id the platform is registered with at the company\'s provider');
  if (config.clientSecret === '') throw new Error('Company sign-in client secret is empty: give the secret, or none for a public client');
}

const isLoopbackHost = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host);

/**
 * Sign-in through the company's provider (authorization code with PKCE S256, state and nonce), with oauth4webapi as
 * the relying party. `base` is the platform's public URL (its issuer), without a trailing slash.
 */
export function companySignInFlow(
  ctx: PlatformContext, config: CompanySignIn, company: CompanyProvider, options: { provider: Provider; base: string; clientOrigins: string[] },
): CompanySignInFlow {
  const { client, clientAuth, requestOptions, metadata, name: providerName } = company;
  const redirectUri = `${options.base}${COMPANY_CALLBACK_PATH}`;
  const secureCookie = new URL(options.base).protocol === 'https:';
  const scope = config.offlineAccess ? `${SCOPE} offline_access` : SCOPE;
  const fail = (res: ServerResponse, message: string, status: number, headers: Record<string, string> = {}) => {
    const page = errorPage(message, options.clientOrigins, status);
    sendPage(res, { ...page, headers: { ...page.headers, ...headers } });
  };
  const unreachable = `The company sign-in (${providerName}) cannot be reached or answered in a way the platform cannot use. Try again in a moment; if it keeps happening, tell your administrator.`;

  async function start(res: ServerResponse, uid: string): Promise<void> {
    let as: oauth.AuthorizationServer;
    try {
      as = await metadata();
    } catch (error) {
      ctx.reportFailure('Company sign-in failed at discovery', failureWords(error));
      return fail(res, unreachable, 502);
    }
    const state = oauth.generateRandomState();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const nonce = oauth.generateRandomNonce();
    const binding = randomBytes(32).toString('base64url');
    await savePending(ctx.db, state, binding, { uid, codeVerifier, nonce });
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri, scope, state, nonce,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
      ...(config.offlineAccess ? { prompt: 'consent' } : {}),
    }).toString();
    res.writeHead(303, { ...pageHeaders(options.clientOrigins), Location: url.href, 'Set-Cookie': bindingCookie(state, binding, COMPANY_CALLBACK_PATH, secureCookie) }).end();
  }

  async function callback(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if ((req.method ?? 'GET').toUpperCase() !== 'GET') return fail(res, 'There is no such page.', 404);
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const state = params.get('state');
    if (!state) return fail(res, 'This answer from the company sign-in belongs to no sign-in (it has no state). Start again from the add-in.', 400);
    const pending = await takePending(ctx.db, state, requestCookie(req, bindingCookieName(state)));
    // The cookie has done its work whatever the outcome.
    const cleared = { 'Set-Cookie': bindingCookie(state, null, COMPANY_CALLBACK_PATH, secureCookie) };
    if (!pending) return fail(res, 'This sign-in has expired, was already used, or was started in another browser. Start again from the add-in.', 400, cleared);
    const interaction = await interactions(options.provider).find(pending.uid);
    if (!interaction) return fail(res, 'This sign-in took too long and has expired. Start again from the add-in.', 400, cleared);
    const finish = async (result: InteractionResult) => {
      interaction.result = result;
      await interaction.persist();
      // Back to oidc-provider's resume endpoint, whose own cookie ties the login step to the browser that began it.
      res.writeHead(303, { ...pageHeaders(options.clientOrigins), ...cleared, Location: interaction.returnTo }).end();
    };

    let claims: CompanyClaims;
    let idToken: string;
    let refreshToken: string | undefined;
    try {
      const as = await metadata();
      const answer = oauth.validateAuthResponse(as, client, params, state);
      const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, answer, redirectUri, pending.codeVerifier, requestOptions());
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: pending.nonce, requireIdToken: true });
      await oauth.validateApplicationLevelSignature(as, response, requestOptions());
      claims = oauth.getValidatedIdTokenClaims(tokens)!;
      idToken = tokens.id_token!;
      refreshToken = config.offlineAccess ? tokens.refresh_token : undefined;
      // Some providers (Okta, Entra ID) keep the ID token of a code flow thin: the e-mail is then the userinfo's.
      if (claims.email === undefined && as.userinfo_endpoint) {
        const info = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions()));
        claims = { sub: claims.sub, email: info.email, email_verified: info.email_verified };
      }
    } catch (error) {
      // The provider said no (the user declined, or is not allowed the app): the add-in hears it from its own callback.
      if (error instanceof oauth.AuthorizationResponseError) return finish(providerRefusal(error.error, providerName));
      ctx.reportFailure('Company sign-in failed at the callback', failureWords(error));
      return fail(res, unreachable, 502, cleared);
    }

    const match = await matchCompanyUser(ctx, claims);
    const account = verifiedEmail(claims) || (typeof claims.email === 'string' ? claims.email : claims.sub);
    if (match.kind === 'unknown') return fail(res, `Your account ${account} is not set up in Report Sync: ask your administrator to assign you the app in ${providerName}.`, 403, cleared);
    if (match.kind === 'ambiguous') return fail(res, `More than one Report Sync user has the e-mail ${account}: ask your administrator to give your user the external id your company sign-in (${providerName}) knows you by.`, 403, cleared);
    if (match.kind === 'inactive') return fail(res, `Your Report Sync user ${primaryEmail(match.user)} is deactivated: ask your administrator to reactivate it.`, 403, cleared);
    await grantConfiguredAdmin(ctx, match.user);
    await keepCompanyTokens(ctx.db, match.user.id, { idToken, refreshToken, sub: claims.sub }, ctx.now());
    const accountId = String(match.user.id);
    const grantId = await saveImplicitGrant(options.provider, accountId, interaction.params);
    await finish({ login: { accountId }, consent: { grantId } });
  }

  return { start, callback };
}

/** What the add-in is told when the provider refused: the OAuth error, in the platform's own words. */
function providerRefusal(error: string, providerName: string): InteractionResult {
  if (error === 'access_denied') return { error, error_description: `The company sign-in (${providerName}) declined: it was cancelled, or you are not allowed to use Report Sync.` };
  const code = error.replace(/[^\w.-]/g, '').slice(0, 64);
  if (PASSED_ON.has(code)) return { error: code, error_description: `The company sign-in (${providerName}) is not available right now. Try again in a moment.` };
  return { error: 'server_error', error_description: `The company sign-in (${providerName}) refused the platform (${code}): ask your administrator to check its registration.` };
}
