import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { HttpError, type ApiRequest } from '../http';

/**
 * How a self-hosted Cube (Cube Core) checks the token of a REST API request: its api-gateway's default
 * `checkAuth` (`createDefaultCheckAuth` in packages/cubejs-api-gateway/src/gateway.ts, cube-js/cube), with the
 * options cubejs-server-core fills from the environment (`jwt: {key: CUBEJS_JWT_KEY, algorithms: CUBEJS_JWT_ALGS,
 * issuer: CUBEJS_JWT_ISSUER, audience: CUBEJS_JWT_AUDIENCE, subject: CUBEJS_JWT_SUBJECT, jwkUrl: CUBEJS_JWK_URL,
 * claimsNamespace: CUBEJS_JWT_CLAIMS_NAMESPACE}`, server-core `server.ts`; the variables' shapes in
 * packages/cubejs-backend-shared/src/env.ts). Cube verifies with `jsonwebtoken`; here `jose` checks the same claims:
 *
 * - The token is `x-cube-authorization`, else `Authorization`, split on the first space: one word is the token, two
 *   take the second (so `Bearer <jwt>` and a bare `<jwt>` both work; `extractAuthorizationHeaderWithSchema`).
 * - No token: `403 {"error": "Authorization header isn't set"}`. Any failure to verify (bad signature, expired, wrong
 *   audience or issuer, unknown `kid`, JWKS unreachable): `403 {"error": "Invalid token"}`; Cube catches every error
 *   of the verifier and answers that (`throw new CubejsHandlerError(403, 'Forbidden', 'Invalid token', e)`).
 * - `exp` is not required: `jsonwebtoken` checks it only when present (a token without one never expires).
 * - With `CUBEJS_JWK_URL`, tokens are checked against that key set only, the secret no longer: the JWKS verifier
 *   replaces the secret one. A token must name its key (`kid`; "JWT without kid inside headers").
 * - Otherwise the key is `CUBEJS_JWT_KEY`, else `CUBEJS_API_SECRET` (`options?.key || this.apiSecret`): a secret
 *   (HS256/384/512), or a PEM public key as `jsonwebtoken` takes one.
 * - The security context is the claims, or with a claims namespace the claims under it (SecurityContextExtractor.ts).
 *
 * Not modelled: development mode (CUBEJS_DEV_MODE, where no token is required), the playground secret, a custom
 * `checkAuth`, API scopes (all of `meta`, `data`, `sql` are allowed, Cube's default).
 */
export interface CubeJwtOptions {
  /** `CUBEJS_API_SECRET`. */
  apiSecret: string;
  /** `CUBEJS_JWT_KEY`: verifies instead of the API secret (a secret, or a PEM public key). */
  key?: string;
  /** `CUBEJS_JWK_URL`: a JSON Web Key Set; when set, the only way a token verifies. */
  jwkUrl?: string;
  /** `CUBEJS_JWT_AUDIENCE`: one audience the token's `aud` must name. */
  audience?: string;
  /** `CUBEJS_JWT_ISSUER` (comma-separated in the variable): the token's `iss` must be one of them. */
  issuer?: string[];
  /** `CUBEJS_JWT_SUBJECT`. */
  subject?: string;
  /** `CUBEJS_JWT_ALGS` (comma-separated); by default whatever the key allows (HS* for a secret). */
  algorithms?: string[];
  /** `CUBEJS_JWT_CLAIMS_NAMESPACE`: the security context is the object under this claim. */
  claimsNamespace?: string;
}

export type CubeSecurityContext = Record<string, unknown>;

export const AUTH_HEADER_NOT_SET = `Authorization header isn't set`;
export const INVALID_TOKEN = 'Invalid token';

/** Cube's `extractAuthorizationHeaderWithSchema`: the token a request carries, or undefined. */
export function requestToken(request: Pick<ApiRequest, 'headers'>): string | undefined {
  const header = request.headers['x-cube-authorization'] || request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const parts = header.split(' ', 2);
  return parts.length === 1 ? parts[0] : parts[1];
}

/** The key a token is checked against: the JWKS's, else CUBEJS_JWT_KEY's or the secret's. */
function verificationKey(options: CubeJwtOptions): Uint8Array | KeyObject | JWTVerifyGetKey {
  if (options.jwkUrl) {
    // Cube keeps a key set for its Cache-Control max-age or 5 minutes, and fetches it again for an unknown kid at most
    // once a minute (jwk.ts: `extractCacheLifetime`, `jwkRefetchWindow`).
    const jwks = createRemoteJWKSet(new URL(options.jwkUrl), { cacheMaxAge: 5 * 60_000, cooldownDuration: 60_000 });
    return (header, token) => {
      if (!header.kid) throw new joseErrors.JWTInvalid('JWT without kid inside headers');
      return jwks(header, token);
    };
  }
  const key = options.key || options.apiSecret;
  // jsonwebtoken reads a PEM as a public key, anything else as a secret.
  return key.trimStart().startsWith('-----BEGIN') ? createPublicKey(key) : new TextEncoder().encode(key);
}

/** Cube's `SecurityContextExtractor`: the claims (a deprecated `u` object merged in), or the namespace's object. */
function securityContextOf(payload: JWTPayload, claimsNamespace: string | undefined): CubeSecurityContext {
  if (claimsNamespace) {
    const nested = payload[claimsNamespace];
    return nested && typeof nested === 'object' ? (nested as CubeSecurityContext) : {};
  }
  if (payload.u && typeof payload.u === 'object') {
    const { u, ...rest } = payload;
    return { ...rest, ...(u as CubeSecurityContext) };
  }
  return payload;
}

/**
 * A checker for requests: resolves to the security context, or throws Cube's 403. `now` is the clock `exp` and
 * `nbf` are checked against; `log` hears why a token was refused when the reason is not the token (JWKS unreachable).
 */
export function cubeTokenChecker(options: CubeJwtOptions, now: () => Date = () => new Date(), log: (message: string) => void = () => {}) {
  if (!options.jwkUrl && !(options.key || options.apiSecret)) throw new Error('Cube Core needs CUBEJS_API_SECRET, CUBEJS_JWT_KEY or CUBEJS_JWK_URL');
  const key = verificationKey(options);
  return async (request: Pick<ApiRequest, 'headers'>): Promise<CubeSecurityContext> => {
    const token = requestToken(request);
    if (!token) throw new HttpError(403, AUTH_HEADER_NOT_SET);
    try {
      const verifyOptions = {
        algorithms: options.algorithms, audience: options.audience, issuer: options.issuer, subject: options.subject, currentDate: now(),
      };
      const { payload } = typeof key === 'function' ? await jwtVerify(token, key, verifyOptions) : await jwtVerify(token, key, verifyOptions);
      return securityContextOf(payload, options.claimsNamespace);
    } catch (error) {
      const aboutTheToken = error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout) && !(error instanceof joseErrors.JWKSInvalid);
      if (!aboutTheToken) log(`Cube token refused: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpError(403, INVALID_TOKEN);
    }
  };
}
