import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the authorization server's signing key is kept in the data dir (readable by its owner only). */
export const SIGNING_KEY_FILE = 'oauth-signing-key.json';

/** The one algorithm the platform signs with (ID tokens, JWT access tokens). */
export const SIGNING_ALG = 'ES256';

/** A private P-256 key as a JWK, with the `kid`, `alg` and `use` the JWKS publishes (without `d`). */
export interface SigningKey {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg: typeof SIGNING_ALG;
  use: 'sig';
}

/** A throwaway (`:memory:`) platform's key: one per process, so every in-memory platform of a test run shares it. */
let processKey: SigningKey | undefined;

export function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d!, kid: randomBytes(8).toString('hex'), alg: SIGNING_ALG, use: 'sig' };
}

/** The key in a kept file, checked: a P-256 private JWK with a `kid`. Anything else stops the start. */
export function parseSigningKey(text: string, file: string): SigningKey {
  let jwk: Partial<SigningKey>;
  try {
    jwk = JSON.parse(text) as Partial<SigningKey>;
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) throw new Error('not a P-256 private key with a kid');
    createPrivateKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d }, format: 'jwk' });
  } catch (error) {
    throw new Error(`${file} does not hold the OAuth signing key (${error instanceof Error ? error.message : String(error)}); remove it to make a new one (tokens signed with the old key stop verifying)`);
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y!, d: jwk.d, kid: jwk.kid, alg: SIGNING_ALG, use: 'sig' };
}

/**
 * The authorization server's signing key: the one kept in `{dataDir}/oauth-signing-key.json`, or a new one written
 * there (mode 0600), so tokens signed with it (ID tokens, JWT access tokens) verify across restarts. Without a data dir
 * (`:memory:`), one key per process. No rotation: the key stays until the file is removed.
 */
export function ensureSigningKey(dataDir: string | null): SigningKey {
  if (!dataDir) return (processKey ??= newSigningKey());
  const file = join(dataDir, SIGNING_KEY_FILE);
  if (existsSync(file)) return parseSigningKey(readFileSync(file, 'utf8'), file);
  // Written whole under another name, then linked into place: a second platform starting on the same data dir
  // at the same moment either links first or finds the file there (EEXIST), and then both use that one.
  const key = newSigningKey();
  const pending = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(pending, `${JSON.stringify(key, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(pending, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSigningKey(readFileSync(file, 'utf8'), file);
  } finally {
    unlinkSync(pending);
  }
}
