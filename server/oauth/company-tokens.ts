import { decodeJwt } from 'jose';
import type { AdapterPayload } from 'oidc-provider';
import type { StateStore } from '../store/state-store';
import { stateAdapter } from './adapter';

/** The `oauth_store` model a user's company ID token is kept under (one per user: the latest sign-in's). */
const MODEL = 'CompanyIdToken';
/** A token this close to its end is not handed out: the add-in's requests with it would fail on the way. */
const MARGIN_MS = 60_000;

interface KeptIdToken extends AdapterPayload {
  idToken: string;
}

/**
 * Keeps the ID token the company's provider issued at sign-in, for deployments whose Cube verifies it itself
 * (`oidc-pass-through`, CUBEJS_JWK_URL): the add-in's data requests carry it. In the database, as every OAuth grant:
 * the processes of a team share it. Expires with the token.
 */
export async function keepCompanyIdToken(db: StateStore, userId: number, idToken: string): Promise<void> {
  const exp = decodeJwt(idToken).exp;
  const seconds = exp ? exp - Math.floor(Date.now() / 1000) : 0;
  if (seconds <= 0) return;
  const kept: KeptIdToken = { accountId: String(userId), idToken };
  await new (stateAdapter(db))(MODEL).upsert(String(userId), kept, seconds);
}

/** The user's company ID token while it has more than a minute to live; null otherwise (they must sign in again). */
export async function companyIdToken(db: StateStore, userId: number, now: Date): Promise<string | null> {
  const kept = (await new (stateAdapter(db))(MODEL).find(String(userId))) as KeptIdToken | undefined;
  const exp = kept && decodeJwt(kept.idToken).exp;
  return kept && exp && exp * 1000 - now.getTime() > MARGIN_MS ? kept.idToken : null;
}
