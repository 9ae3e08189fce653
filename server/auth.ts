import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes; the raw value exists in the caller's hands and dev-tokens.json. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface DeploymentClaims {
  sub: string;
  deploymentId: string;
  iat: number;
  exp: number;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A deployment token: an HS256 JWT signed with that deployment's own secret. */
export function signDeploymentToken(claims: DeploymentClaims, secret: string): string {
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** The claims a token carries, unverified: only to find which deployment's secret must verify it. */
export function peekClaims(token: string): Partial<DeploymentClaims> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Partial<DeploymentClaims>) : null;
  } catch {
    return null;
  }
}

export function verifyDeploymentToken(token: string, secret: string, nowSeconds: number): DeploymentClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (head.alg !== 'HS256') return null;
  } catch {
    return null;
  }
  const claims = peekClaims(token);
  if (!claims || typeof claims.exp !== 'number' || typeof claims.sub !== 'string' || typeof claims.deploymentId !== 'string') {
    return null;
  }
  return claims.exp > nowSeconds ? (claims as DeploymentClaims) : null;
}
