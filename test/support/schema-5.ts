import type { Policy } from '../../src/contract';
import type { StateConnection } from '../../server/store/database';

/**
 * The analyst's own policies as schema 5 seeded them, written out by hand from that version's seed (deployments 1
 * and 2; the Sales, Finance and Experiments folders 1, 3 and 7; the top-level report 8; her own folder 8).
 */
export const SCHEMA_5_ANALYST_POLICIES: Policy[] = [
  { resourceType: 'Deployment', actions: ['SchemaRead', 'DownloadData'], resources: ['1', '2'] },
  { resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: ['1', '3', '7'] },
  { resourceType: 'Report', actions: ['ReportRead'], resources: ['8'] },
  { resourceType: 'Folder', actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'], resources: ['8'] },
];

/**
 * Turns a data dir of today's schema into one as schema 5 wrote it: no groups, no `deleted_at`, the analyst's rights
 * her own. What a migration test starts from.
 */
export async function rewindToSchema5(tx: StateConnection): Promise<void> {
  await tx.run(`DROP TABLE group_members`);
  await tx.run(`DROP TABLE groups`);
  await tx.run(`ALTER TABLE users DROP COLUMN deleted_at`);
  await tx.run(`UPDATE users SET policies = ? WHERE user_name = 'analyst@example.com'`, [JSON.stringify(SCHEMA_5_ANALYST_POLICIES)]);
  await tx.run(`UPDATE meta SET value = '5' WHERE key = 'schema'`);
}
