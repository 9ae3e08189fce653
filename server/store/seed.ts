import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withPivotDefaults } from '../../src/contract';
import { queryChecksum } from '../../src/core/checksum';
import { newSecret, tokenHash } from '../auth';
import type { Database, StateConnection } from './database';
import { createSampleData } from './sample-data';
import { createStateTables } from './schema';
import { SEED_APP_CONFIG, SEED_DEPLOYMENTS, SEED_FOLDERS, SEED_REPORTS, SEED_USERS } from './seed-content';

export interface DevTokens {
  admin: string;
  analyst: string;
  scim: string;
}

const SEED_TIME = '2026-01-01T00:00:00.000Z';

/** Creates the tables, and on a new database the sample data and the seeded tenant. Idempotent. */
export async function prepareDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await createStateTables(tx);
    if (await tx.one(`SELECT value FROM meta WHERE key = 'seeded'`)) return;
    await createSampleData(tx);
    await seedTenant(tx);
    await tx.run(`INSERT INTO meta VALUES ('seeded', ?)`, [new Date().toISOString()]);
  });
}

async function seedTenant(tx: StateConnection): Promise<void> {
  const userIds = new Map<string, string>();
  for (const user of SEED_USERS) {
    const id = randomUUID();
    userIds.set(user.key, id);
    await tx.run(`INSERT INTO users VALUES (?, ?, ?, ?, ?, TRUE, NULL, ?, ?, ?, ?)`, [
      id, user.userName, user.givenName, user.familyName,
      JSON.stringify([{ value: user.userName, primary: true, type: 'work' }]),
      JSON.stringify(user.policies), JSON.stringify({ sheets: {} }), SEED_TIME, SEED_TIME,
    ]);
  }
  const deploymentIds = new Map<string, string>();
  for (const [position, deployment] of SEED_DEPLOYMENTS.entries()) {
    const id = randomUUID();
    deploymentIds.set(deployment.key, id);
    await tx.run(`INSERT INTO deployments VALUES (?, ?, ?, ?)`, [id, deployment.name, newSecret(), position]);
  }
  const folderIds = new Map<string, string>();
  for (const key of Object.keys(SEED_FOLDERS)) folderIds.set(key, randomUUID());
  for (const [key, [deployment, parent, name]] of Object.entries(SEED_FOLDERS)) {
    await tx.run(`INSERT INTO folders VALUES (?, ?, ?, ?)`, [
      folderIds.get(key)!, deploymentIds.get(deployment)!, parent ? folderIds.get(parent)! : null, name,
    ]);
  }
  for (const report of SEED_REPORTS) {
    const pivot = withPivotDefaults(report.pivot, report.query);
    await tx.run(`INSERT INTO reports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      randomUUID(), deploymentIds.get(report.deployment)!, report.publicId, report.name, report.title ?? report.name,
      report.folder ? folderIds.get(report.folder)! : null, JSON.stringify(report.query), JSON.stringify(pivot),
      await queryChecksum({ pivot, query: report.query }), report.createdAt, report.updatedAt, report.lastViewedAt,
    ]);
  }
  await tx.run(`INSERT INTO app_config VALUES (1, ?)`, [JSON.stringify(SEED_APP_CONFIG)]);
}

/**
 * The seeded users' tokens. Only hashes live in the database, so the raw tokens are kept in
 * `<data dir>/dev-tokens.json`; while that file still matches the database the same tokens are reused,
 * otherwise new ones are issued and the file is rewritten (before the server answers any request).
 */
export async function ensureDevTokens(db: Database, dataDir: string | null): Promise<DevTokens> {
  const file = dataDir ? join(dataDir, 'dev-tokens.json') : null;
  return db.transaction(async (tx) => {
    if (file && existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevTokens>;
      const labels = ['admin', 'analyst', 'scim'] as const;
      let valid = true;
      for (const label of labels) {
        const token = saved[label];
        const row = token ? await tx.one(`SELECT label FROM access_tokens WHERE token_hash = ?`, [tokenHash(token)]) : undefined;
        if (row?.label !== `dev-${label}`) valid = false;
      }
      if (valid) return saved as DevTokens;
    }
    const tokens: DevTokens = { admin: `plt_${newSecret()}`, analyst: `plt_${newSecret()}`, scim: `scim_${newSecret()}` };
    await tx.run(`DELETE FROM access_tokens WHERE label IN ('dev-admin', 'dev-analyst', 'dev-scim')`);
    for (const user of SEED_USERS) {
      const row = await tx.one(`SELECT id FROM users WHERE user_name = ?`, [user.userName]);
      if (!row) continue;
      await tx.run(`INSERT INTO access_tokens VALUES (?, 'platform', ?, ?)`, [tokenHash(tokens[user.key]), String(row.id), `dev-${user.key}`]);
    }
    await tx.run(`INSERT INTO access_tokens VALUES (?, 'scim', NULL, 'dev-scim')`, [tokenHash(tokens.scim)]);
    if (file) writeFileSync(file, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
    return tokens;
  });
}
