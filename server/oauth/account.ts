import type { PlatformContext } from '../context';
import { primaryEmail, userRecord, type UserRecord } from '../store/rows';

/** The name the login page shows and the ID token's `name` claim (`profile` scope) gives. */
export const displayName = (user: Pick<UserRecord, 'givenName' | 'familyName' | 'userName'>) =>
  [user.givenName, user.familyName].filter(Boolean).join(' ') || user.userName;

/**
 * The OpenID Connect claims of a user, by scope (provider.ts `claims`): `sub` is the user id, `name` and `email`
 * as the users table has them. oidc-provider keeps only those of the granted scopes.
 */
export function accountClaims(user: UserRecord): { sub: string; name: string; email: string } {
  return { sub: String(user.id), name: displayName(user), email: primaryEmail(user) };
}

/** The active user with this account id (the user id as text), or null: unknown and deactivated users alike. */
export async function activeUser(ctx: PlatformContext, accountId: string): Promise<UserRecord | null> {
  if (!/^\d+$/.test(accountId)) return null;
  const row = await ctx.db.read((tx) => tx.one(`SELECT * FROM users WHERE id = ? AND active`, [Number(accountId)]));
  return row ? userRecord(row) : null;
}
