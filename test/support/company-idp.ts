import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { memoryAdapter } from './oidc-memory-adapter';

/** A person at the company's provider: the ID token's claims (`thin`: the e-mail only from userinfo, as Okta's code flow). */
export interface CompanyAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  thin?: boolean;
}

/**
 * A company's OpenID Connect provider (oidc-provider) with one confidential client (`client_secret_basic`), for the
 * platform's company sign-in. Whoever `signInAs` names is signed in at once when the platform sends a browser there
 * (no form: the provider's own login page is not under test); `null` declines with `access_denied`.
 */
export interface CompanyIdp {
  issuer: string;
  /** Makes the provider, with the platform's callback registered (known only once the platform listens). */
  register(redirectUri: string): void;
  signInAs(account: CompanyAccount | null): void;
  /** Every refresh token it issued stops working, as when an administrator revokes a person's sessions. */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

export async function startCompanyIdp(options: {
  clientId: string; clientSecret: string;
  /** How long its ID tokens live (default 600 s). */
  idTokenSeconds?: number;
}): Promise<CompanyIdp> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'company-idp-key', alg: 'ES256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, CompanyAccount>();
  let current: CompanyAccount | null = null;
  let provider: Provider | undefined;
  const adapter = memoryAdapter();

  function register(redirectUri: string): void {
    const configuration = {
      clients: [{
        client_id: options.clientId,
        client_secret: options.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [redirectUri],
        // Refresh tokens only for `offline_access` with `prompt=consent` (OpenID Connect Core §11), as oidc-provider does.
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // The scopes' claims in the ID token of a code flow too, as most providers do (`thin` accounts aside).
      conformIdTokenClaims: false,
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      features: { devInteractions: { enabled: false }, userinfo: { enabled: true }, revocation: { enabled: true } },
      findAccount: async (_c: unknown, sub: string) => {
        const account = accounts.get(sub);
        return account && {
          accountId: sub,
          claims: async (use: string) => {
            const { thin, ...claims } = account;
            return thin && use === 'id_token' ? { sub } : claims;
          },
        };
      },
      interactions: { url: async (_c: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      jwks: { keys: [key] },
      adapter,
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: options.idTokenSeconds ?? 600, RefreshToken: 3600, Interaction: 600, Grant: 3600, Session: 3600 },
    } as unknown as Configuration;
    provider = new Provider(issuer, configuration);
  }

  server.on('request', (req, res) => {
    // A request handler cannot be awaited: a failure is answered with a 500 (the catch below).
    void (async () => {
      if (!provider) throw new Error('the company provider has no client registered yet');
      if (!req.url?.startsWith('/interaction/')) return provider.callback()(req, res);
      const details = await provider.interactionDetails(req, res);
      if (!current) {
        await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user is not assigned to this app.' }, { mergeWithLastSubmission: false });
        return;
      }
      accounts.set(current.sub, current);
      const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      await provider.interactionFinished(req, res, { login: { accountId: current.sub }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    register,
    signInAs(account) {
      current = account;
    },
    revokeRefreshTokens: () => adapter.forget('RefreshToken'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser as far as sign-in needs one: cookies kept per host and path (`Path`, `Max-Age=0`), redirects followed by
 * hand. Paths matter here: oidc-provider's interaction cookie is scoped to the login step's path, so a callback on
 * another path must work without it, as it must in a real browser.
 */
export class Browser {
  private readonly cookies = new Map<string, { host: string; path: string; name: string; value: string }>();

  /** A second browser holding this one's cookies as they are now (a replay with them). */
  copy(): Browser {
    const other = new Browser();
    for (const [key, cookie] of this.cookies) other.cookies.set(key, { ...cookie });
    return other;
  }

  async get(url: URL): Promise<Response> {
    const header = [...this.cookies.values()]
      .filter((c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: header ? { cookie: header } : {} });
    for (const line of response.headers.getSetCookie()) this.keep(url, line);
    return response;
  }

  /**
   * Follows redirects from `start` until `stop` says to (answered `{ url }` without requesting it) or an answer is no
   * redirect (answered with it).
   */
  async walk(start: string | URL, stop: (url: URL) => boolean): Promise<{ url: URL; response?: Response }> {
    let url = new URL(start);
    for (let hops = 0; hops < 20; hops += 1) {
      if (stop(url)) return { url };
      const response = await this.get(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      url = new URL(location, url);
    }
    throw new Error('the sign-in went round in circles');
  }

  private keep(url: URL, line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
    const path = attribute('path') ?? url.pathname.replace(/\/[^/]*$/, '') ?? '/';
    const key = `${url.host} ${path} ${name}`;
    if (attribute('max-age') === '0' || /expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(key);
    else this.cookies.set(key, { host: url.host, path: path || '/', name, value: pair!.slice(at + 1) });
  }
}
