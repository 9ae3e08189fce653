// A deep import, not the client barrel: this runs in the pane's small initial script and in the dialog's pages.
import { assertSecureBaseUrl } from '../client/http';

/** The add-in's OAuth client id, registered with the platform (a public client: no secret). */
export const OAUTH_CLIENT_ID = 'report-sync-excel';

/**
 * The dialog's two pages, `auth/start.html` and `auth/callback.html` beside the task pane, so on the add-in's
 * own origin. Office opens only a first page of the add-in's own domain (error 12004 otherwise); that page
 * may then redirect elsewhere: https://learn.microsoft.com/en-us/office/dev/add-ins/develop/dialog-handle-errors-events,
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/dialog-best-practices. `addinBase` is the
 * folder the add-in is served from, ending in `/` (e.g. `https://localhost:3000/`).
 */

const MESSAGE_TYPE = 'report-sync:authorization-response';
/** What the callback passes on (RFC 6749 §4.1.2 and RFC 9207's `iss`); never a token. */
const RESPONSE_PARAMS = ['code', 'state', 'iss', 'error', 'error_description'] as const;

export const callbackUrl = (addinBase: string) => new URL('auth/callback.html', addinBase).href;

/** The dialog's first page, carrying the authorization request it redirects to. */
export function startPageUrl(addinBase: string, authorizationUrl: string): string {
  const url = new URL('auth/start.html', addinBase);
  url.search = new URLSearchParams({ authorize: authorizationUrl }).toString();
  return url.href;
}

/**
 * The authorization request the start page (at `pageUrl`) may redirect to, or null. Only a code request with a
 * client id, PKCE S256 and a state, whose answer comes back to the callback beside this page, over https (http only
 * on loopback): so the page is no open redirect.
 *
 * Any client id goes: the platform's is `OAUTH_CLIENT_ID`, but a company's OpenID Connect provider (a "Sign in" to a
 * Cube API, cube-oidc.ts) registers the add-in under its own. That opens nothing: the page only ever sends the
 * browser on to an authorization endpoint whose answer must come back to this add-in's own callback (`redirect_uri`,
 * checked here, and a provider sends the browser only to a redirect URI registered for that client). Whoever forges
 * a link gets at most a sign-in whose code lands in the add-in's callback, which passes it only to the pane that
 * started a sign-in with that state and PKCE verifier.
 */
export function checkAuthorizationRequest(authorizationUrl: string | null, pageUrl: string): URL | null {
  let url: URL;
  try {
    url = assertSecureBaseUrl(authorizationUrl ?? '');
  } catch {
    return null;
  }
  const param = (name: string) => url.searchParams.get(name);
  const valid = !url.username && !url.password
    && param('response_type') === 'code'
    && Boolean(param('client_id')?.trim())
    && param('code_challenge_method') === 'S256'
    && /^[\w-]{43,128}$/.test(param('code_challenge') ?? '')
    && Boolean(param('state'))
    && param('redirect_uri') === new URL('callback.html', pageUrl).href;
  return valid ? url : null;
}

/** The callback page's message to the pane: the authorization response's parameters from its query. */
export function callbackMessage(search: string): string {
  const query = new URLSearchParams(search);
  const params = Object.fromEntries(RESPONSE_PARAMS.flatMap((name) => (query.has(name) ? [[name, query.get(name)!]] : [])));
  return JSON.stringify({ type: MESSAGE_TYPE, params });
}

/** The authorization response a callback message carries, or null for anything else. */
export function parseCallbackMessage(message: string): URLSearchParams | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  const value = parsed as { type?: unknown; params?: unknown } | null;
  if (value?.type !== MESSAGE_TYPE || typeof value.params !== 'object' || value.params === null) return null;
  const response = new URLSearchParams();
  for (const name of RESPONSE_PARAMS) {
    const item = (value.params as Record<string, unknown>)[name];
    if (typeof item === 'string') response.set(name, item);
  }
  return response.has('state') && (response.has('code') || response.has('error')) ? response : null;
}
