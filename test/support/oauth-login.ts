import { OAuthClient, type AuthorizationRequest, type OAuthTokens } from '../../src/client/oauth-client';

export const CLIENT_ID = 'report-sync-excel';

/** Cookies carried by hand, as a browser would for one site (paths ignored: every cookie goes everywhere). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    return response;
  }

  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Where one authorization request stands once the platform has sent the browser to its login page. */
export interface LoginPage {
  request: AuthorizationRequest;
  jar: CookieJar;
  /** The interaction's path, e.g. `/oauth/interaction/abc`. */
  path: string;
  html: string;
  csrf: string;
}

/**
 * Starts an authorization request as the browser in the dialog would and opens the login page it leads to;
 * `resources` adds RFC 8707 `resource` parameters (a sign-in for a Cube deployment's JWT access tokens).
 */
export async function openLoginPage(client: OAuthClient, baseUrl: string, resources: string[] = []): Promise<LoginPage> {
  const request = await client.authorizationRequest(`${baseUrl}/auth/callback.html`);
  if (resources.length) {
    const url = new URL(request.url);
    for (const resource of resources) url.searchParams.append('resource', resource);
    request.url = url.href;
  }
  const jar = new CookieJar();
  const started = jar.take(await fetch(request.url, { redirect: 'manual' }));
  if (started.status !== 303) throw new Error(`authorization answered ${started.status}: ${await started.text()}`);
  const path = new URL(started.headers.get('location')!, baseUrl).pathname;
  const page = await fetch(`${baseUrl}${path}`, { headers: { cookie: jar.header } });
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return { request, jar, path, html, csrf };
}

export interface PostOptions {
  step?: 'login' | 'cancel';
  userId?: number;
  origin?: string | null;
  csrf?: string | null;
  cookies?: boolean;
  headers?: Record<string, string>;
}

/** Posts the login form; `origin: null` leaves the Origin header out, `csrf: null` the token. */
export function postLogin(baseUrl: string, page: LoginPage, options: PostOptions = {}): Promise<Response> {
  const form = new URLSearchParams();
  if (options.userId !== undefined) form.set('user', String(options.userId));
  const csrf = options.csrf === undefined ? page.csrf : options.csrf;
  if (csrf !== null) form.set('csrf', csrf);
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  return fetch(`${baseUrl}${page.path}/${options.step ?? 'login'}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(origin === null ? {} : { Origin: origin }),
      ...(options.cookies === false ? {} : { cookie: page.jar.header }),
      ...options.headers,
    },
    body: form.toString(),
  });
}

/** Follows the login step's redirect back through the authorization endpoint to the callback's parameters. */
export async function callbackParams(baseUrl: string, page: LoginPage, posted: Response): Promise<URLSearchParams> {
  if (posted.status !== 303) throw new Error(`login step answered ${posted.status}: ${await posted.text()}`);
  const resumed = page.jar.take(await fetch(new URL(posted.headers.get('location')!, baseUrl), { redirect: 'manual', headers: { cookie: page.jar.header } }));
  const callback = new URL(resumed.headers.get('location') ?? 'about:blank');
  if (callback.pathname !== '/auth/callback.html') throw new Error(`expected the callback, got ${resumed.status} ${callback.href}`);
  return callback.searchParams;
}

/** The whole flow for one user, as the add-in and its dialog run it: tokens in the end. */
export async function signInByHand(baseUrl: string, userId: number): Promise<{ client: OAuthClient; tokens: OAuthTokens }> {
  const client = await OAuthClient.discover(baseUrl, { clientId: CLIENT_ID });
  const page = await openLoginPage(client, baseUrl);
  const params = await callbackParams(baseUrl, page, await postLogin(baseUrl, page, { userId }));
  return { client, tokens: await client.exchangeCode(params, page.request) };
}

/** The token endpoint's raw answer to a refresh: its status and OAuth error (none on success). */
export async function refreshRaw(baseUrl: string, refreshToken: string): Promise<{ status: number; error: string | undefined }> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID }).toString(),
  });
  return { status: response.status, error: ((await response.json()) as { error?: string }).error };
}
