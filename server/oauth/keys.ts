import { randomBytes } from 'node:crypto';
import type { StateStore } from '../store/state-store';
import { ensureSigningKey, newSigningKey, parseSigningKey, type SigningKey } from './signing-key';

/** What the authorization server signs with: its token signing key, and the keys of its cookies (an interaction's). */
export interface OAuthKeys {
  signingKey: SigningKey;
  cookieKeys: readonly string[];
}

/**
 * A one-process platform's keys: the signing key kept in the data dir (one per process without one), and a cookie key
 * of its own (a sign-in half done when it restarts starts again).
 */
export function processOAuthKeys(dataDir: string | null): OAuthKeys {
  // Read (or made) now: a damaged key file stops the start, not the first sign-in.
  return { signingKey: ensureSigningKey(dataDir), cookieKeys: [randomBytes(32).toString('base64url')] };
}

/**
 * A team server's keys, kept in its database (`server_secrets`) so every process signs and verifies alike: a token one
 * process issued verifies on the other, and a sign-in started on one finishes on the other. The first process to start
 * makes them; the rest read them.
 */
export async function sharedOAuthKeys(store: StateStore): Promise<OAuthKeys> {
  const signing = await sharedSecret(store, 'oauth-signing-key', () => JSON.stringify(newSigningKey()));
  const cookie = await sharedSecret(store, 'oauth-cookie-key', () => randomBytes(32).toString('base64url'));
  return { signingKey: parseSigningKey(signing, 'The database'), cookieKeys: [cookie] };
}

function sharedSecret(store: StateStore, name: string, make: () => string): Promise<string> {
  return store.transaction(async (tx) => {
    await tx.run(`INSERT INTO server_secrets VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, [name, make()]);
    return String((await tx.one(`SELECT value FROM server_secrets WHERE name = ?`, [name]))!.value);
  });
}
