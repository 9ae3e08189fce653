import type { Policy } from '../../src/contract';
import { userOwner } from '../agent/identity';
import type { StateConnection } from './database';
import { createGroupTables } from './group-tables';
import { ANALYST_GRANTS } from './seed-content';
import { deploymentId, folderId, insertSeedGroups, reportId } from './seed-groups';

/**
 * Steps that bring a data dir of an earlier schema version up to date in place, by the version each starts from.
 * A data dir at a version with a chain of steps to the current one keeps what its users made; any other is
 * dropped and seeded anew (see `dropOutdatedState`).
 */
export interface Migration {
  to: string;
  run(tx: StateConnection): Promise<void>;
}

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '4': { to: '5', run: chatOwnersById },
  '5': { to: '6', run: rightsFromGroups },
};

/**
 * 4 → 5: chat threads were owned by `internal:<user name>`, so whoever held a name held its threads. Each becomes
 * `user:<id>` of the user who holds that name now: the one the old code would have let in. A name no user holds
 * any more stays as it was, reached by no request (none names an owner `internal:` now): kept, but given to no
 * one, since who held it cannot be known. `external:` owners are the caller's own ids and stay.
 */
async function chatOwnersById(tx: StateConnection): Promise<void> {
  const owners = await tx.all(`SELECT DISTINCT owner FROM chat_threads WHERE owner LIKE 'internal:%'`);
  for (const { owner } of owners) {
    const userName = String(owner).slice('internal:'.length);
    const user = await tx.one(`SELECT id FROM users WHERE lower(user_name) = ?`, [userName]);
    if (user) await tx.run(`UPDATE chat_threads SET owner = ? WHERE owner = ?`, [userOwner(Number(user.id)), String(owner)]);
  }
}

/**
 * 5 → 6: groups, and former users. The seeded groups are added; a user whose own policies are exactly what the
 * analyst was seeded with (what the groups grant together, in the order version 5 seeded them) gets them from the
 * groups instead, and none of their own: the same rights, now given by group. Anyone else keeps their own policies
 * and joins no group, so no one's rights change.
 */
async function rightsFromGroups(tx: StateConnection): Promise<void> {
  await tx.run(`ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at VARCHAR`);
  await createGroupTables(tx);
  const version5: Policy[] = [
    { resourceType: 'Deployment', actions: ['SchemaRead', 'DownloadData'], resources: ANALYST_GRANTS.deployments.map(deploymentId) },
    { resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: ANALYST_GRANTS.folders.map(folderId) },
    { resourceType: 'Report', actions: ['ReportRead'], resources: ANALYST_GRANTS.reports.map(reportId) },
    {
      resourceType: 'Folder',
      actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'],
      resources: [folderId(ANALYST_GRANTS.ownFolder)],
    },
  ];
  const members: number[] = [];
  for (const row of await tx.all(`SELECT id, policies FROM users ORDER BY id`)) {
    if (JSON.stringify(JSON.parse(String(row.policies))) === JSON.stringify(version5)) members.push(Number(row.id));
  }
  for (const id of members) await tx.run(`UPDATE users SET policies = '[]' WHERE id = ?`, [id]);
  await insertSeedGroups(tx, members, new Date().toISOString());
}

/** Runs the steps from `version` on; answers the version reached (the current one, or where the chain stops). */
export async function migrateState(tx: StateConnection, version: string, current: string): Promise<string> {
  let reached = version;
  for (let step = MIGRATIONS[reached]; step && reached !== current; step = MIGRATIONS[reached]) {
    await step.run(tx);
    reached = step.to;
  }
  if (reached !== version) await tx.run(`UPDATE meta SET value = ? WHERE key = 'schema'`, [reached]);
  return reached;
}
