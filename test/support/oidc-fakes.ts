import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { FetchLike } from '../../src/client/fetch-like';
import type { DialogOutcome } from '../../src/ports/dialog';
import { callbackMessage } from '../../src/session/sign-in';

/**
 * An OpenID Connect provider and a Cube deployment that verifies its tokens, both as one in-memory `fetch`, with the
 * answers shaped by the specifications (not by the local platform): discovery per OpenID Connect Discovery 1.0 §3–4,
 * token responses per RFC 6749 §5.1/§5.2 and OpenID Connect Core §3.1.3.3 (`id_token`), revocation per RFC 7009,
 * and Cube's `403 {"error": "Invalid token"}`.
 */
export interface FakeOidcOptions {
  issuer?: string;
  clientId?: string;
  /** What the provider's discovery document says, merged over the defaults (null: no document, 404). */
  metadata?: Record<string, unknown> | null;
  /** Access tokens: JWTs for the resource asked for (default), or opaque strings. */
  accessTokens?: 'jwt' | 'opaque';
  /** Whether a code or refresh answer carries an ID token (default: when `openid` was asked for). */
  idTokens?: 'openid' | 'never' | 'not-on-refresh';
  /** Whether a refresh token is issued (default yes), rotated on each refresh. */
  refreshTokens?: boolean;
  /** Seconds a token lives (default 15 minutes). */
  lifetime?: number;
  /** The audience the Cube checks (CUBEJS_JWT_AUDIENCE); default the resource. */
  cubeAudience?: string;
  cubeApi?: string;
}

export interface Sent {
  method: string;
  url: string;
  authorization: string | null;
  body: URLSearchParams | null;
}

export async function fakeOidc(options: FakeOidcOptions = {}) {
  const issuer = options.issuer ?? 'https://login.example.com/tenant-1';
  const clientId = options.clientId ?? 'cube-excel';
  const cubeApi = options.cubeApi ?? 'https://cube.example.com/cubejs-api';
  const resource = `${cubeApi}/v1`;
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' };
  const sent: Sent[] = [];
  const codes = new Map<string, { nonce?: string; scope: string; resource?: string }>();
  const refreshTokens = new Map<string, { scope: string; resource?: string }>();
  const revoked: string[] = [];
  let serial = 0;
  let failRefresh: 'invalid_grant' | 'offline' | null = null;
  /** How far the provider's clock is ahead of the real one (tests move the add-in's clock with it). */
  let clockOffsetMs = 0;

  const metadata = options.metadata === null ? null : {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    revocation_endpoint: `${issuer}/revoke`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'offline_access', 'profile', 'email'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    ...options.metadata,
  };

  const lifetime = options.lifetime ?? 15 * 60;
  const sign = (claims: JWTPayload, typ: string) => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: jwk.kid, typ })
    .setIssuer(issuer).setSubject('user-7').setIssuedAt(seconds()).setExpirationTime(seconds() + lifetime).sign(privateKey);
  const seconds = () => Math.floor((Date.now() + clockOffsetMs) / 1000);

  async function tokens(grant: { nonce?: string; scope: string; resource?: string }, refresh: boolean) {
    serial += 1;
    const openid = grant.scope.split(' ').includes('openid');
    const withId = openid && (options.idTokens ?? 'openid') !== 'never' && !(refresh && options.idTokens === 'not-on-refresh');
    const accessToken = options.accessTokens === 'opaque'
      ? `opaque-access-${serial}`
      : await sign({ aud: grant.resource ?? clientId, client_id: clientId, scope: grant.scope, jti: `at-${serial}` }, 'at+jwt');
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: lifetime, scope: grant.scope };
    if (withId) body.id_token = await sign({ aud: clientId, email: 'anna@example.com', ...(grant.nonce && !refresh ? { nonce: grant.nonce } : {}) }, 'JWT');
    if (options.refreshTokens ?? true) {
      const refreshToken = `rt-${serial}`;
      refreshTokens.set(refreshToken, grant);
      body.refresh_token = refreshToken;
    }
    return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
  }

  const tokenError = (error: string) => Response.json({ error, error_description: `${error} (fake)` }, { status: 400 });

  async function cube(authorization: string | null, path: string): Promise<Response> {
    if (!authorization) return Response.json({ error: "Authorization header isn't set" }, { status: 403 });
    try {
      await jwtVerify(authorization, publicKey, { issuer, audience: options.cubeAudience ?? resource, currentDate: new Date(Date.now() + clockOffsetMs) });
    } catch {
      return Response.json({ error: 'Invalid token' }, { status: 403 });
    }
    if (path.endsWith('/v1/meta')) return Response.json({ cubes: [] });
    return Response.json({ error: 'not here' }, { status: 404 });
  }

  const fetch: FetchLike = async (url, init) => {
    const body = init.body ? new URLSearchParams(String(init.body)) : null;
    const authorization = new Headers(init.headers).get('authorization');
    sent.push({ method: init.method ?? 'GET', url, authorization, body });
    const { pathname } = new URL(url);
    if (url.startsWith(cubeApi)) return cube(authorization, pathname);
    if (url === `${issuer}/.well-known/openid-configuration`) return metadata ? Response.json(metadata) : new Response('Not Found', { status: 404 });
    if (url === `${issuer}/revoke`) {
      revoked.push(body!.get('token')!);
      return new Response(null, { status: 200 });
    }
    if (url === `${issuer}/token`) {
      if (body!.get('client_id') !== clientId) return tokenError('invalid_client');
      if (body!.get('grant_type') === 'authorization_code') {
        const grant = codes.get(body!.get('code')!);
        codes.delete(body!.get('code')!);
        return grant ? tokens(grant, false) : tokenError('invalid_grant');
      }
      if (failRefresh === 'offline') throw new TypeError('fetch failed');
      const grant = refreshTokens.get(body!.get('refresh_token')!);
      refreshTokens.delete(body!.get('refresh_token')!);
      if (!grant || failRefresh === 'invalid_grant') return tokenError('invalid_grant');
      return tokens(grant, true);
    }
    throw new Error(`unexpected request ${url}`);
  };

  /** The dialog: the start page's authorization request is checked and answered with a code, as the provider would. */
  let lastAuthorization: URL | null = null;
  const openDialog = async (startUrl: string): Promise<DialogOutcome> => {
    const authorize = new URL(new URL(startUrl).searchParams.get('authorize')!);
    lastAuthorization = authorize;
    const p = authorize.searchParams;
    const code = `code-${codes.size + 1}-${Math.random().toString(36).slice(2)}`;
    codes.set(code, { nonce: p.get('nonce') ?? undefined, scope: p.get('scope') ?? '', resource: p.get('resource') ?? undefined });
    const answer = new URLSearchParams({ code, state: p.get('state')!, iss: issuer });
    return { kind: 'message', origin: 'https://localhost:3000', message: callbackMessage(`?${answer}`) };
  };

  return {
    issuer, clientId, cubeApi, resource, fetch, openDialog, sent, revoked,
    lastAuthorization: () => lastAuthorization,
    failRefresh: (how: 'invalid_grant' | 'offline' | null) => (failRefresh = how),
    advanceClock: (ms: number) => (clockOffsetMs += ms),
  };
}
