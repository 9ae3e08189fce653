import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Policy } from '../../src/contract';
import { queryChecksum } from '../../src/core/checksum';
import { CHAT_API_KEY_KIND } from '../agent/identity';
import { newSecret, tokenHash } from '../auth';
import type { Database, StateConnection, StateStore } from './database';
import { createSampleData } from './sample-data';
import { insertSeedGroups } from './seed-groups';
import { createStateTables, dropOutdatedState, markUserIdsIssued, STATE_SCHEMA_VERSION } from './schema';
import { SEED_APP_CONFIG, SEED_DEPLOYMENTS, SEED_FOLDERS, SEED_REPORTS, SEED_USERS, type SeedUserKey } from './seed-content';

export interface DevTokens {
  admin: string;
  analyst: string;
  scim: string;
  /** The local agent's "Chat API URL" (`…/agents/1/chat/stream-chat-state`), and its key (`Authorization: Api-Key`). */
  chatApiUrl: string;
  chatApiKey: string;
}

const SEED_TIME = '2026-01-01T00:00:00.000Z';

/**
 * Creates the tables, and on a new database the sample data and the seeded tenant. Idempotent. A data dir of
 * an earlier version (other ids and shapes) is re-seeded, with a notice: it only ever held sample content.
 */
export async function prepareDatabase(db: Database, notice: (message: string) => void = () => {}): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.run(`CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)`);
    if (await dropOutdatedState(tx)) notice('The data dir was written by an earlier version: its tenant was seeded again.');
    await createStateTables(tx);
    if (!(await tx.one(`SELECT value FROM meta WHERE key = 'seeded'`))) {
      if (!(await tx.one(`SELECT table_name FROM information_schema.tables WHERE table_name = 'orders'`))) await createSampleData(tx);
      await seedTenant(tx);
      await tx.run(`INSERT INTO meta VALUES ('seeded', ?), ('schema', ?)`, [new Date().toISOString(), STATE_SCHEMA_VERSION]);
    }
    await markUserIdsIssued(tx);
  });
}

/**
 * The seeded tenant on a database its migrations made (PostgreSQL): seeded by whichever process gets there first, in
 * one transaction, so processes starting together seed it once. The sample data lives in each process's own engine.
 */
export async function seedTenantOnce(db: StateStore): Promise<void> {
  await db.transaction(async (tx) => {
    if (await tx.run(`INSERT INTO meta VALUES ('seeded', ?) ON CONFLICT (key) DO NOTHING`, [new Date().toISOString()]) === 1) await seedTenant(tx);
    await markUserIdsIssued(tx);
  });
}

/** A seeded user's id: their place in `SEED_USERS`, counted from 1. */
const seedUserId = (key: SeedUserKey): number => SEED_USERS.findIndex((user) => user.key === key) + 1;

async function seedTenant(tx: StateConnection): Promise<void> {
  const deploymentIds = new Map<string, number>();
  for (const [position, deployment] of SEED_DEPLOYMENTS.entries()) {
    const id = position + 1;
    deploymentIds.set(deployment.key, id);
    await tx.run(`INSERT INTO deployments VALUES (?, ?, ?, ?, ?)`, [id, deployment.name, newSecret(), position, deployment.restUrlStyle]);
  }
  const userIds = new Map<SeedUserKey, number>(SEED_USERS.map((user) => [user.key, seedUserId(user.key)]));
  const folderIds = new Map(Object.keys(SEED_FOLDERS).map((key, index) => [key, index + 1]));
  for (const [key, [deployment, parent, name, creator]] of Object.entries(SEED_FOLDERS)) {
    await tx.run(`INSERT INTO folders VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      folderIds.get(key)!, deploymentIds.get(deployment)!, parent ? folderIds.get(parent)! : null, name, folderIds.get(key)!,
      userIds.get(creator ?? 'admin')!, SEED_TIME, SEED_TIME,
    ]);
  }
  for (const [index, report] of SEED_REPORTS.entries()) {
    const id = index + 1;
    await tx.run(`INSERT INTO reports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'EXCEL', ?, 1, ?, ?, ?)`, [
      id, deploymentIds.get(report.deployment)!, report.publicId, report.name, report.title ?? null, report.description ?? null,
      report.folder ? folderIds.get(report.folder)! : null, report.jsonQuery, report.pivotItems ? JSON.stringify(report.pivotItems) : null,
      report.sqlQuery ?? null, await queryChecksum({ jsonQuery: report.jsonQuery, pivotItems: report.pivotItems }),
      userIds.get(report.owner)!, report.createdAt, report.updatedAt, report.lastViewedAt,
    ]);
  }
  for (const user of SEED_USERS) {
    // The analyst's rights come from her groups; the admin's from being one.
    const policies: Policy[] = user.isAdmin ? [{ resourceType: 'Global', actions: ['All'], resources: ['*'] }] : [];
    await tx.run(`INSERT INTO users VALUES (?, ?, ?, ?, ?, TRUE, NULL, ?, ?, ?, ?, ?, NULL, NULL)`, [
      userIds.get(user.key)!, user.userName, user.givenName, user.familyName,
      JSON.stringify([{ value: user.userName, primary: true, type: 'work' }]),
      user.isAdmin, JSON.stringify(policies), JSON.stringify({ sheets: {} }), SEED_TIME, SEED_TIME,
    ]);
  }
  await insertSeedGroups(tx, SEED_USERS.filter((user) => !user.isAdmin).map((user) => userIds.get(user.key)!), SEED_TIME);
  await tx.run(`INSERT INTO app_config VALUES (1, ?)`, [JSON.stringify(SEED_APP_CONFIG)]);
}

/** The secrets of `dev-tokens.json`: which access token each is, of what kind, and for which seeded user. */
const DEV_SECRETS = [
  { name: 'admin', label: 'dev-admin', kind: 'api-key', prefix: 'plt_', user: 'admin' },
  { name: 'analyst', label: 'dev-analyst', kind: 'api-key', prefix: 'plt_', user: 'analyst' },
  { name: 'scim', label: 'dev-scim', kind: 'scim', prefix: 'scim_' },
  { name: 'chatApiKey', label: 'dev-chat-api-key', kind: CHAT_API_KEY_KIND, prefix: 'chat_' },
] as const satisfies readonly { name: keyof DevTokens; label: string; kind: string; prefix: string; user?: SeedUserKey }[];

/**
 * The development secrets: the seeded users' API tokens (the real API accepts an API key as the Bearer token),
 * the SCIM token and the agent's Chat API key, with the Chat API URL. Only hashes live in the database, so the
 * raw secrets are kept in `<data dir>/dev-tokens.json`; each one the file holds that still matches the database
 * is reused, any other is issued anew, and the file is rewritten when anything changed (before the server
 * answers any request).
 */
export async function ensureDevTokens(db: StateStore, dataDir: string | null, chatApiUrl: string): Promise<DevTokens> {
  const file = dataDir ? join(dataDir, 'dev-tokens.json') : null;
  const saved = (file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Partial<DevTokens>;
  return db.transaction(async (tx) => {
    const secrets: Partial<Record<(typeof DEV_SECRETS)[number]['name'], string>> = {};
    for (const secret of DEV_SECRETS) {
      const token = saved[secret.name];
      const row = token ? await tx.one(`SELECT label FROM access_tokens WHERE token_hash = ?`, [tokenHash(token)]) : undefined;
      if (token && row?.label === secret.label) {
        secrets[secret.name] = token;
        continue;
      }
      const fresh = `${secret.prefix}${newSecret()}`;
      secrets[secret.name] = fresh;
      await tx.run(`DELETE FROM access_tokens WHERE label = ?`, [secret.label]);
      // The seeded user by id, not name: SCIM may have renamed them and given their name to someone else.
      const userId = 'user' in secret ? seedUserId(secret.user) : null;
      const user = userId === null ? null : await tx.one(`SELECT id FROM users WHERE id = ? AND deleted_at IS NULL`, [userId]);
      // A seeded user deleted since (SCIM) gets a token that opens nothing.
      if (userId !== null && !user) continue;
      await tx.run(`INSERT INTO access_tokens VALUES (?, ?, ?, ?)`, [tokenHash(fresh), secret.kind, user ? Number(user.id) : null, secret.label]);
    }
    const tokens: DevTokens = { admin: secrets.admin!, analyst: secrets.analyst!, scim: secrets.scim!, chatApiUrl, chatApiKey: secrets.chatApiKey! };
    if (file && JSON.stringify(saved) !== JSON.stringify(tokens)) writeFileSync(file, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
    return tokens;
  });
}
