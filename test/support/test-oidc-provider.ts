import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { memoryAdapter } from './oidc-memory-adapter';
import type { DialogOutcome } from '../../src/ports/dialog';
import { callbackMessage } from '../../src/session/sign-in';
import { CookieJar } from './oauth-login';

/**
 * A company's OpenID Connect provider, as a Cube deployment with CUBEJS_JWK_URL would trust: oidc-provider with its
 * defaults for discovery (`/.well-known/openid-configuration`), the `openid`, `offline_access`, `profile` and `email`
 * scopes, ES256 ID tokens, and JWT access tokens for the listed resource indicators (RFC 8707); one public client
 * with PKCE; refresh tokens rotated. The user ("analyst") is signed in at the provider already, so its interaction
 * step grants what was asked for at once (no login form: the local platform's own server has that one).
 */
export interface TestOidcProvider {
  issuer: string;
  jwksUri: string;
  /** The Office dialog's stand-in: follows the start page's authorization request to the callback, as a browser would. */
  dialog(startUrl: string): Promise<DialogOutcome>;
  close(): Promise<void>;
}

export async function startTestOidcProvider(options: { clientId: string; redirectUri: string; resources: string[] }): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), kid: 'test-idp-key', alg: 'ES256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration = {
    clients: [{
      client_id: options.clientId,
      token_endpoint_auth_method: 'none',
      redirect_uris: [options.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'ES256',
    }],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        getResourceServerInfo: async (_c: unknown, indicator: string) => {
          if (!options.resources.includes(indicator)) throw new Error(`unknown resource ${indicator}`);
          return { scope: 'openid profile email', accessTokenFormat: 'jwt', accessTokenTTL: 15 * 60, jwt: { sign: { alg: 'ES256', kid: key.kid } } };
        },
      },
    },
    findAccount: async (_c: unknown, accountId: string) => ({ accountId, claims: async () => ({ sub: accountId, email: `${accountId}@example.com`, name: 'Anna Analyst' }) }),
    interactions: { url: async (_c: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // A refresh token for this client whatever the prompt (offline_access is honoured only with prompt=consent).
    issueRefreshToken: async (_c: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    jwks: { keys: [key] },
    rotateRefreshToken: true,
    adapter: memoryAdapter(),
    ttl: { AccessToken: 15 * 60, AuthorizationCode: 60, IdToken: 15 * 60, RefreshToken: 24 * 3600, Interaction: 600, Grant: 24 * 3600, Session: 24 * 3600 },
  } as unknown as Configuration;
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', (req, res) => {
    // A request handler cannot be awaited: a failure is answered with a 500 (the catch below).
    void (async () => {
      if (!req.url?.startsWith('/interaction/')) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: 'analyst', clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const resource = details.params.resource;
      if (typeof resource === 'string') grant.addResourceScope(resource, 'openid profile email');
      await provider.interactionFinished(req, res, { login: { accountId: 'analyst' }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  async function dialog(startUrl: string): Promise<DialogOutcome> {
    const jar = new CookieJar();
    let next = new URL(new URL(startUrl).searchParams.get('authorize')!);
    for (let hops = 0; hops < 10; hops += 1) {
      if (next.href.startsWith(options.redirectUri)) return { kind: 'message', origin: next.origin, message: callbackMessage(next.search) };
      const answer = jar.take(await fetch(next, { redirect: 'manual', headers: { cookie: jar.header } }));
      const location = answer.headers.get('location');
      if (!location) throw new Error(`the provider answered ${answer.status} at ${next.pathname}: ${await answer.text()}`);
      next = new URL(location, next);
    }
    throw new Error('the sign-in went round in circles');
  }

  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    dialog,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
