import type { StateConnection } from '../store/database';

/**
 * Ending a user's sessions, for deactivation (and later deletion): OWASP ASVS V7.4.2 asks that they end, not
 * pause, so re-activation must not bring back anything issued before.
 *
 * - OAuth: every grant of the user goes, with its access and refresh tokens and codes, as oidc-provider's own
 *   revocation removes them; also the user's browser sessions and any sign-in half done (an interaction whose
 *   login step named them), so none completes later.
 * - Deployment data tokens are JWTs, which cannot be taken back once handed out. The platform counts how often a
 *   user's sessions ended (`sessions_ended`) and writes that count into the tokens it issues afterwards
 *   (`sessionEpoch`, left out while it is 0 so a token looks as a real tenant's); the Core data API honours a
 *   token only with the user's current count. A count, not a time: `iat` has whole seconds, and a token issued
 *   after re-activation in the same second as the deactivation must still work.
 * - API keys are not sessions but credentials an administrator made: they stay, refused while the user is
 *   inactive (`routes/auth.ts`), and work again on re-activation. Revoking them is `DELETE /api-keys/{id}`'s
 *   job on a real tenant, and dev-tokens.json's keys must stay valid across restarts.
 *
 * Runs inside the caller's transaction, so the user's new state and the ended sessions land together.
 */
export async function endSessions(tx: StateConnection, userId: number, now: Date): Promise<void> {
  const account = String(userId);
  const accountOf = (path: string) => `json_extract_string(payload, '${path}') = ?`;
  await tx.run(
    `DELETE FROM oauth_store
      WHERE grant_id IN (SELECT id FROM oauth_store WHERE model = 'Grant' AND ${accountOf('$.accountId')})
         OR (model IN ('Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'Session') AND ${accountOf('$.accountId')})
         OR (model = 'Interaction' AND ${accountOf('$.result.login.accountId')})`,
    [account, account, account],
  );
  await tx.run(`INSERT INTO sessions_ended VALUES (?, ?)`, [userId, now.toISOString()]);
}

/** How often a user's sessions have ended, as a subquery (a data token must carry that count); its one parameter is the user id. */
export const SESSION_EPOCH_SQL = `(SELECT count(*) FROM sessions_ended WHERE user_id = ?)`;

/**
 * How often an active user's sessions have ended: what their data tokens must carry as `sessionEpoch` (0:
 * absent). Null while the user is inactive: read in one statement, so a token never gets the epoch of a
 * deactivation that happened after its request was authenticated.
 */
export async function sessionEpoch(tx: StateConnection, userId: number): Promise<number | null> {
  const row = await tx.one(`SELECT active, ${SESSION_EPOCH_SQL} AS epoch FROM users WHERE id = ?`, [userId, userId]);
  return row?.active === true ? Number(row.epoch) : null;
}
