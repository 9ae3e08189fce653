import type { PlatformContext } from '../context';
import { primaryEmail, userRecord, type UserRecord } from '../store/rows';

/** The ID token claims a user is matched by. */
export interface CompanyClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

export type CompanyUserMatch =
  | { kind: 'found'; user: UserRecord }
  | { kind: 'inactive'; user: UserRecord }
  /** Several users have this e-mail and none has it as user name: signing in as any one could be the wrong one. */
  | { kind: 'ambiguous' }
  | { kind: 'unknown' };

/**
 * The SCIM-provisioned user the company's provider vouched for: the one whose `externalId` is the ID token's `sub`,
 * else the one whose user name or primary e-mail is its `email` (unless the provider says the e-mail is unverified:
 * anyone may type one). Deleted users are no one; inactive ones are found, to be refused in words.
 */
export function matchCompanyUser(ctx: PlatformContext, claims: CompanyClaims): Promise<CompanyUserMatch> {
  return ctx.db.read(async (tx) => {
    const bySub = await tx.one(`SELECT * FROM users WHERE external_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1`, [claims.sub]);
    if (bySub) return verdict(userRecord(bySub));
    const email = verifiedEmail(claims);
    if (!email) return { kind: 'unknown' };
    // `emails` is JSON text: the SQL narrows down, the primary e-mail is told apart below.
    const rows = await tx.all(`SELECT * FROM users WHERE deleted_at IS NULL AND (lower(user_name) = ? OR strpos(lower(emails), ?) > 0) ORDER BY id`, [email, email]);
    const users = rows.map(userRecord);
    const byName = users.find((user) => user.userName.toLowerCase() === email);
    if (byName) return verdict(byName);
    const byEmail = users.filter((user) => primaryEmail(user).toLowerCase() === email);
    if (byEmail.length > 1) return { kind: 'ambiguous' };
    return byEmail[0] ? verdict(byEmail[0]) : { kind: 'unknown' };
  });
}

/** The `email` claim in lower case, or '' when there is none or the provider says it is not verified. */
export function verifiedEmail(claims: CompanyClaims): string {
  if (typeof claims.email !== 'string' || claims.email_verified === false) return '';
  return claims.email.trim().toLowerCase();
}

const verdict = (user: UserRecord): CompanyUserMatch => (user.active ? { kind: 'found', user } : { kind: 'inactive', user });

/** A team server's configured administrator becomes one on signing in (`admins` in its configuration). */
export async function grantConfiguredAdmin(ctx: PlatformContext, user: UserRecord): Promise<void> {
  if (user.isAdmin || !ctx.team?.admins.has(user.userName.toLowerCase())) return;
  await ctx.db.transaction((tx) => tx.run(`UPDATE users SET is_admin = TRUE, updated_at = ? WHERE id = ?`, [ctx.now().toISOString(), user.id]));
}
