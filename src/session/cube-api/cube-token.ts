import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { CubeTokenError } from './cube-api-errors';

/** A pasted Cube API token, read (not verified): the token as Cube takes it, when it expires, and its claims. */
export interface CubeToken {
  token: string;
  /** The `exp` claim, in ms since the epoch; null for a token without one, whose end cannot be known. */
  expiresAt: number | null;
  /** The claims: Cube's security context. */
  claims: JWTPayload;
}

export { CubeTokenError, type CubeTokenProblem } from './cube-api-errors';

/** Allowance for the clock of this computer against the deployment's when reading `nbf`. */
const CLOCK_SKEW_MS = 60_000;
const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;

/** An instant in words for the messages (the pane may word it again from `at`): `2025-01-31 14:05 UTC`. */
export const utcWords = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Reads a pasted Cube API token without verifying it: the add-in has no key (the deployment's
 * `CUBEJS_API_SECRET` signs it, on the company's backend), and the deployment verifies every request anyway. What
 * is read is what the add-in needs to know: that it is a signed JWT, and when it expires.
 *
 * A token without `exp` is taken, as Cube takes it (`jsonwebtoken` checks `exp` only when present; `cubejs token -e 0`
 * mints one, and so do many self-hosted services): its `expiresAt` is null, the pane says it cannot tell when it
 * ends, and the deployment's refusal (403) is what asks for the next one. An `exp` that is not a number is refused,
 * as Cube refuses it. A leading `Bearer ` (as in an Authorization header) is taken off; Cube takes the bare token.
 */
export function readCubeToken(pasted: string, now: number = Date.now()): CubeToken {
  const token = pasted.trim().replace(/^Bearer\s+/i, '').trim();
  if (!token) throw new CubeTokenError('empty', 'Paste the Cube API token.');
  const parts = token.split('.');
  if (parts.length === 5) {
    throw new CubeTokenError('encrypted', 'This is an encrypted token (JWE); Cube takes a signed token (JWT): ask for one signed with the API secret.');
  }
  const malformed = (detail: string, cause?: unknown) =>
    new CubeTokenError('malformed', `This is not a Cube API token (a JWT, three parts separated by dots): ${detail}. Paste the whole token.`, undefined, { cause });
  if (parts.length !== 3) throw malformed(`it has ${parts.length} part${parts.length === 1 ? '' : 's'}`);
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL_PART.test(header) || !BASE64URL_PART.test(payload) || (signature && !BASE64URL_PART.test(signature))) {
    throw malformed('it has characters a token cannot have (it may have been cut or wrapped)');
  }
  let alg: unknown;
  try {
    ({ alg } = decodeProtectedHeader(token));
  } catch (error) {
    throw malformed('its header is unreadable', error);
  }
  if (typeof alg !== 'string' || !alg) throw malformed('its header names no algorithm (alg)');
  if (alg.toLowerCase() === 'none' || !signature) {
    throw new CubeTokenError('unsigned', 'This token is not signed; Cube refuses unsigned tokens: ask for one signed with the API secret.');
  }
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch (error) {
    throw malformed('its claims are unreadable', error);
  }
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))) {
    throw new CubeTokenError('bad-exp', 'This token’s expiry (exp) is not a number, and Cube refuses such a token: ask for a new one.');
  }
  const expiresAt = claims.exp === undefined ? null : claims.exp * 1000;
  if (expiresAt !== null && expiresAt <= now) {
    throw new CubeTokenError('expired', `This token expired on ${utcWords(expiresAt)}; ask for a new one.`, expiresAt);
  }
  if (typeof claims.nbf === 'number' && claims.nbf * 1000 > now + CLOCK_SKEW_MS) {
    const from = claims.nbf * 1000;
    throw new CubeTokenError('not-yet-valid', `This token is valid only from ${utcWords(from)}; use it then, or ask for one valid now.`, from);
  }
  return { token, expiresAt, claims };
}

/** A token's claims, read without any check (only the user's name is wanted of them); none when it cannot be read. */
export function cubeTokenClaims(token: string): JWTPayload {
  try {
    return decodeJwt(token);
  } catch {
    return {};
  }
}
