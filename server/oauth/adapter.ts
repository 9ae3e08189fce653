import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { StateStore, StateConnection } from '../store/state-store';

/** oidc-provider's own words for a replayed code or refresh token (its error_detail). */
const REPLAYED: Partial<Record<string, string>> = {
  AuthorizationCode: 'authorization code already consumed',
  RefreshToken: 'refresh token already used',
};

/** The models oidc-provider's `revoke` clears by grant id, for this platform's grant types. */
const GRANT_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'];

/** What oidc-provider's `revoke(ctx, grantId)` does: the grant's tokens and codes, and the grant itself. */
async function revokeGrant(tx: StateConnection, grantId: string): Promise<void> {
  await tx.run(`DELETE FROM oauth_store WHERE (model IN (${GRANT_MODELS.map(() => '?').join(', ')}) AND grant_id = ?) OR (model = 'Grant' AND id = ?)`, [...GRANT_MODELS, grantId, grantId]);
}

/**
 * oidc-provider's storage in the platform's state (table `oauth_store`, on DuckDB or PostgreSQL), so grants, tokens,
 * sessions and interactions survive a restart and are shared by a team server's processes like the rest of its state.
 * One adapter per model. Expiry uses the wall clock, as oidc-provider itself does; expired rows are never returned and
 * are purged on write. Company sign-in keeps its own rows here too (company-pending.ts, company-tokens.ts).
 */
export function stateAdapter(db: StateStore): new (model: string) => Adapter {
  const now = () => new Date().toISOString();
  const live = `(expires_at IS NULL OR expires_at > ?)`;

  // ISO times compare as text, as `live` compares them in SQL.
  const isLive = (row: Record<string, unknown>) => row.expires_at === null || row.expires_at === undefined || String(row.expires_at) > now();

  const fromRow = (row: Record<string, unknown> | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(String(row.payload)) as AdapterPayload;
    // A consumed authorization code or refresh token must read as consumed: oidc-provider revokes the
    // whole grant when one is presented again (replay detection).
    if (row.consumed_at !== null && row.consumed_at !== undefined) payload.consumed = Math.floor(Date.parse(String(row.consumed_at)) / 1000);
    return payload;
  };

  return class StateAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
      await db.transaction(async (tx) => {
        await tx.run(`DELETE FROM oauth_store WHERE expires_at <= ?`, [now()]);
        await tx.run(`INSERT INTO oauth_store VALUES (?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload,
          expires_at = excluded.expires_at, grant_id = excluded.grant_id, uid = excluded.uid, consumed_at = NULL`, [
          this.model, id, JSON.stringify(payload), expiresAt, payload.grantId ?? null, payload.uid ?? null,
        ]);
      });
    }

    /**
     * Every Platform API request looks its Bearer token up here (and its grant), so the row is kept until the
     * store is written; expiry is checked on each use, as the statement would.
     */
    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await db.cachedRead(['oauth_store'], `oauth ${this.model} id ${id}`, (tx) =>
        tx.one(`SELECT payload, consumed_at, expires_at FROM oauth_store WHERE model = ? AND id = ?`, [this.model, id]));
      return fromRow(row && isLive(row) ? row : undefined);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return db.read(async (tx) => fromRow(await tx.one(`SELECT payload, consumed_at FROM oauth_store WHERE model = ? AND uid = ? AND ${live}`, [this.model, uid, now()])));
    }

    /** Device flow only, which the local platform does not offer. */
    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined;
    }

    /**
     * One-time use, atomically. oidc-provider checks `consumed` on the token it read before calling this, so
     * concurrent redemptions of one code or refresh token all pass that check; only the write can tell them
     * apart. The write is conditional and serialized with every other (one state connection), so one request
     * changes the row and the rest change none. Those then do what oidc-provider does for a sequential replay
     * (grant_source.js `consumeGrantSource`, refresh_token.js): revoke the grant with all its tokens, the
     * winner's included, and answer invalid_grant — thrown from here, since oidc-provider maps its own
     * InvalidGrant to that answer wherever it is raised.
     */
    async consume(id: string): Promise<void> {
      const lost = await db.transaction(async (tx) => {
        if (await tx.run(`UPDATE oauth_store SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL`, [now(), this.model, id]) === 1) return false;
        const grantId = (await tx.one(`SELECT grant_id FROM oauth_store WHERE model = ? AND id = ?`, [this.model, id]))?.grant_id;
        if (typeof grantId === 'string') await revokeGrant(tx, grantId);
        return true;
      });
      if (lost) throw new errors.InvalidGrant(REPLAYED[this.model] ?? `${this.model} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await db.transaction((tx) => tx.run(`DELETE FROM oauth_store WHERE model = ? AND id = ?`, [this.model, id]));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.transaction((tx) => tx.run(`DELETE FROM oauth_store WHERE model = ? AND grant_id = ?`, [this.model, grantId]));
    }
  };
}
