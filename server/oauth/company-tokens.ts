import { decodeJwt } from 'jose';
import type { StateStore } from '../store/state-store';

/** The `oauth_store` model a user's company ID token is kept under (one per user: the latest sign-in's). */
const MODEL = 'CompanyIdToken';
/** A token this close to its end is not handed out: the add-in's requests with it would fail on the way. */
const MARGIN_MS = 60_000;

/**
 * Keeps the ID token the company's provider issued at sign-in, for deployments whose Cube verifies it itself
 * (`oidc-pass-through`, CUBEJS_JWK_URL): the add-in's data requests carry it. In the database, as every OAuth grant:
 * the processes of a team share it. Expires with the token.
 */
export async function keepCompanyIdToken(db: StateStore, userId: number, idToken: string): Promise<void> {
  const exp = decodeJwt(idToken).exp;
  if (!exp) return;
  const payload = JSON.stringify({ accountId: String(userId), idToken });
  await db.transaction((tx) => tx.run(
    `INSERT INTO oauth_store VALUES (?, ?, ?, ?, NULL, NULL, NULL) ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, expires_at = excluded.expires_at`,
    [MODEL, String(userId), payload, new Date(exp * 1000).toISOString()],
  ));
}

/** The user's company ID token while it has more than a minute to live; null otherwise (they must sign in again). */
export async function companyIdToken(db: StateStore, userId: number, now: Date): Promise<string | null> {
  const row = await db.read((tx) => tx.one(
    `SELECT payload FROM oauth_store WHERE model = ? AND id = ? AND expires_at > ?`, [MODEL, String(userId), new Date(now.getTime() + MARGIN_MS).toISOString()],
  ));
  return row ? (JSON.parse(String(row.payload)) as { idToken: string }).idToken : null;
}
