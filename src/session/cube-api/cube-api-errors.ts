/**
 * The typed errors of a Cube API connection (issue 26), in a file of their own that imports nothing, so the pane's
 * small initial script (`src/taskpane/errors.ts`) can put them into words without pulling in the HTTP client, the
 * contract or jose. Each is re-exported from the file that throws it.
 */

/**
 * Why a typed Cube API address was refused, before any request: `empty`; `not-a-url` (not a web address even with
 * https:// in front, which is put before an address typed without a scheme); `scheme` (a scheme other than http or
 * https); `insecure` (plain http to a host other than this computer); `credentials` (`user:password@` in the address, which browsers refuse to
 * fetch); `query` (a `?…` or `#…` part, which has no place in an API base).
 */
export type CubeApiAddressProblem = 'empty' | 'not-a-url' | 'scheme' | 'insecure' | 'credentials' | 'query';

/** The address typed for a Cube API could not be used; nothing was sent. `address` is what was typed, trimmed. */
export class CubeApiAddressError extends Error {
  override readonly name = 'CubeApiAddressError';
  constructor(readonly problem: CubeApiAddressProblem, message: string, readonly address: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * Why a pasted token was refused before anything was sent: `empty`; `malformed` (not three base64url parts, or a
 * header or claims that are not JSON objects, or a header without `alg`); `encrypted` (a JWE: Cube takes signed
 * tokens); `unsigned` (`alg: none`, which Cube refuses as "Invalid token"); `bad-exp` (an `exp` that is not a
 * number, which Cube refuses as "invalid exp value"); `expired`; `not-yet-valid` (an `nbf` in the future, which Cube
 * also refuses). A token without `exp` is taken, as Cube takes it: it has no known end.
 */
export type CubeTokenProblem = 'empty' | 'malformed' | 'encrypted' | 'unsigned' | 'bad-exp' | 'expired' | 'not-yet-valid';

export class CubeTokenError extends Error {
  override readonly name = 'CubeTokenError';
  constructor(
    readonly problem: CubeTokenProblem,
    message: string,
    /** For `expired`, when it expired; for `not-yet-valid`, from when it is valid (ms since the epoch). */
    readonly at?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Why the Cube API did not answer as one, each with what the person can do:
 * `unreachable` — nothing answered (no such host, nothing listening, connection cut): check the address;
 * `cors` — the deployment answered, but sends no CORS headers for the add-in's origin, so the browser withheld its
 * answer: its CORS setting must list the add-in (`details.addinOrigin`);
 * `timeout` — no answer in time;
 * `not-found` — a server answered 404 at `<apiUrl>/v1/meta`: not a Cube REST API at that path;
 * `html` — a web page (a site, a sign-in page of a proxy) answered instead of the API;
 * `not-cube` — an answer that is not Cube's (not JSON, or JSON without its `cubes`);
 * `token-refused` — Cube's `403 {"error": "Invalid token"}` (another secret, expired, wrong audience…);
 * `token-not-received` — Cube's `403 {"error": "Authorization header isn't set"}`: the token was sent, so something
 * between (a proxy) took the header off;
 * `refused` — another 401 or 403 (something in front of Cube that wants its own sign-in);
 * `server-error` — a 5xx, or another status Cube does not answer `/v1/meta` with.
 */
export type CubeApiProblem =
  | 'unreachable' | 'cors' | 'timeout' | 'not-found' | 'html' | 'not-cube' | 'token-refused' | 'token-not-received' | 'refused' | 'server-error';

export class CubeApiConnectError extends Error {
  override readonly name = 'CubeApiConnectError';
  constructor(
    readonly problem: CubeApiProblem,
    message: string,
    /** The API base that was tried (without `/v1`). */
    readonly apiUrl: string,
    readonly details: { status?: number; addinOrigin?: string } = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Why a new token is asked for: the current one has expired (or is about to), or the deployment refused it. */
export type CubeTokenRequestReason = 'expired' | 'refused';

/** A new token was needed and the user gave none (they cancelled); the request that needed it was not sent. */
export class CubeTokenNeededError extends Error {
  override readonly name = 'CubeTokenNeededError';
  constructor(readonly reason: CubeTokenRequestReason) {
    super(
      reason === 'expired'
        ? 'The Cube API token has expired and no new one was given: paste a new token to carry on.'
        : 'The Cube deployment refused the token and no new one was given: paste a new token to carry on.',
    );
  }
}

/**
 * Why a sign-in to a Cube deployment through OpenID Connect did not give a token Cube takes, each with what to do:
 * `issuer-address` — the issuer is not a whole https:// address (plain http only on this computer);
 * `no-discovery` — the issuer has no OpenID Connect discovery document (or no PKCE S256);
 * `no-id-token` — the ID token is to be sent, but the provider answered none (no `openid` scope granted);
 * `token-not-jwt` — the chosen token is not a JWT (an opaque access token), which Cube cannot verify;
 * `token-refused` — the deployment refused the token (its JWKS, issuer or audience settings do not match).
 */
export type CubeOidcProblem = 'issuer-address' | 'no-discovery' | 'no-id-token' | 'token-not-jwt' | 'token-refused';

export class CubeOidcError extends Error {
  override readonly name = 'CubeOidcError';
  constructor(readonly problem: CubeOidcProblem, message: string, readonly issuer: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * Why the user must sign in again: the sign-in has no refresh token (`no-refresh-token`), or the provider refused to
 * renew it (`renewal-refused`: expired, revoked, the user deactivated, or no usable token in its answer).
 */
export type CubeSignInReason = 'no-refresh-token' | 'renewal-refused';

/** A new sign-in was needed and the user made none (they closed the dialog); the request that needed it was not sent. */
export class CubeSignInNeededError extends Error {
  override readonly name = 'CubeSignInNeededError';
  constructor(readonly reason: CubeSignInReason, options?: ErrorOptions) {
    super('The sign-in to the Cube deployment has ended and you did not sign in again: sign in to carry on.', options);
  }
}
