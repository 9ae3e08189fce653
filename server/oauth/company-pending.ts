import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../auth';
import type { StateStore } from '../store/state-store';
import { stateAdapter } from './adapter';

/** The `oauth_store` model of a sign-in sent to the company's provider and not back yet. */
const MODEL = 'CompanySignIn';
/** As long as oidc-provider's login step (provider.ts `LIFETIMES.interaction`): the sign-in cannot outlive it. */
export const PENDING_TTL_SECONDS = 10 * 60;

/** What the callback needs to finish a sign-in: whose interaction it is, and what the answer is checked with. */
export type PendingSignIn = {
  /** The oidc-provider interaction (login step) the sign-in finishes. */
  uid: string;
  codeVerifier: string;
  nonce: string;
};

/** As stored (a type, not an interface: an oidc-provider adapter payload takes any keys). */
type StoredPending = PendingSignIn & {
  /** SHA-256 of the browser cookie's value: only the browser that was sent to the provider may come back with it. */
  binding: string;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Rows are found by the state's hash, so the table holds nothing a callback could be forged from. The row is in the
 * database rather than in memory: a team's server runs several processes behind one port, and the provider's answer
 * may reach another process than the one that sent the browser there.
 */
export async function savePending(db: StateStore, state: string, binding: string, pending: PendingSignIn): Promise<void> {
  const stored: StoredPending = { ...pending, binding: sha256(binding) };
  // The adapter keeps `uid` in its own column, as for oidc-provider's interactions.
  await new (stateAdapter(db))(MODEL).upsert(sha256(state), stored, PENDING_TTL_SECONDS);
}

/**
 * Takes the pending sign-in of a state, once: the conditional delete lets exactly one of several callbacks carrying it
 * (a replay, a double click, two processes) have it. Null when the state is unknown, expired, already taken, or was
 * handed to another browser (that one keeps it: a stranger's request must not spoil it).
 */
export function takePending(db: StateStore, state: string, binding: string | undefined): Promise<PendingSignIn | null> {
  const id = sha256(state);
  return db.transaction(async (tx) => {
    const row = await tx.one(`SELECT payload FROM oauth_store WHERE model = ? AND id = ? AND expires_at > ?`, [MODEL, id, new Date().toISOString()]);
    if (!row) return null;
    const stored = JSON.parse(String(row.payload)) as StoredPending;
    if (binding === undefined || !sameSecret(stored.binding, sha256(binding))) return null;
    if ((await tx.run(`DELETE FROM oauth_store WHERE model = ? AND id = ?`, [MODEL, id])) !== 1) return null;
    return { uid: stored.uid, codeVerifier: stored.codeVerifier, nonce: stored.nonce };
  });
}

/**
 * The cookie that ties a pending sign-in to the browser sent to the provider (RFC 6749 §10.12): without it, a
 * provider's answer for one person's sign-in, opened in another's browser, would finish the first person's login step
 * with the second's account. One cookie per sign-in, so two sign-ins at once in one browser do not clash; `Lax`, as
 * the provider's answer is a top-level navigation from its own site.
 */
export const bindingCookieName = (state: string) => `rs_company_${sha256(state).slice(0, 16)}`;

/** The `Set-Cookie` of a sign-in's binding; `value` null clears it. */
export function bindingCookie(state: string, value: string | null, path: string, secure: boolean): string {
  return `${bindingCookieName(state)}=${value ?? ''}; Path=${path}; Max-Age=${value === null ? 0 : PENDING_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function requestCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
