import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeJwt, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { MAX_INPUT_ID } from '../src/contract';

export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Whether two secrets (a CSRF token, a cookie's hash) are the same, in time that does not tell how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Tokens are stored only as SHA-256 hashes; the raw value exists in the caller's hands and dev-tokens.json. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a deployment's Cube token says: who it was issued to and for which deployment. */
export interface DeploymentClaims {
  sub: string;
  deploymentId: number;
  iat: number;
  exp: number;
  /** How often the user's sessions had ended when it was issued (oauth/sessions.ts); absent is 0. */
  sessionEpoch?: number;
}

const secretKey = (secret: string) => new TextEncoder().encode(secret);

/** A deployment's Cube token: an HS256 JWT signed with that deployment's own secret (as Cube's API secret is). */
export function signDeploymentToken(claims: DeploymentClaims, secret: string): Promise<string> {
  return new SignJWT({ deploymentId: claims.deploymentId, ...(claims.sessionEpoch ? { sessionEpoch: claims.sessionEpoch } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(secretKey(secret));
}

/**
 * The deployment and user a token claims, unverified: which deployment's secret must verify it, and whose
 * standing counts. Null for a token that names neither as the platform issues them.
 */
export function claimedIssue(token: string): { deploymentId: number; userId: number } | null {
  try {
    const { deploymentId, sub } = decodeJwt(token);
    if (typeof deploymentId !== 'number' || !Number.isInteger(deploymentId) || !sub || !/^\d+$/.test(sub)) return null;
    // Unverified claims reach the database as parameters: beyond the id columns (int32) they name nobody.
    if (deploymentId < 0 || deploymentId > MAX_INPUT_ID || sub.length > 10 || Number(sub) > MAX_INPUT_ID) return null;
    return { deploymentId, userId: Number(sub) };
  } catch {
    return null;
  }
}

/**
 * Tokens whose signature was already checked, by secret and token. A signature stays valid, so only the
 * expiry is checked again: WebCrypto's HMAC runs on the thread pool that analytical queries keep busy, and
 * waiting for it cost every data request about 2 ms.
 */
const verifiedTokens = new Map<string, DeploymentClaims>();
const MAX_VERIFIED_TOKENS = 1_000;

/** The verified claims, or null for a token that is forged, expired, of another algorithm or malformed. */
export async function verifyDeploymentToken(token: string, secret: string, now: Date): Promise<DeploymentClaims | null> {
  const key = `${secret}\n${token}`;
  const known = verifiedTokens.get(key);
  if (known) return known.exp * 1000 > now.getTime() ? known : null;
  const claims = await verifySignature(token, secret, now);
  if (claims) {
    if (verifiedTokens.size >= MAX_VERIFIED_TOKENS) verifiedTokens.delete(verifiedTokens.keys().next().value!);
    verifiedTokens.set(key, claims);
  }
  return claims;
}

async function verifySignature(token: string, secret: string, now: Date): Promise<DeploymentClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'], currentDate: now, requiredClaims: ['exp', 'sub'] });
    if (typeof payload.deploymentId !== 'number') return null;
    const sessionEpoch = payload.sessionEpoch ?? 0;
    if (typeof sessionEpoch !== 'number') return null;
    return { sub: payload.sub!, deploymentId: payload.deploymentId, iat: payload.iat ?? 0, exp: payload.exp!, sessionEpoch };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
