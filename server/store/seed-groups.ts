import type { Policy } from '../../src/contract';
import type { StateConnection } from './database';
import { ANALYST_GRANTS, SEED_DEPLOYMENTS, SEED_FOLDERS, SEED_REPORTS } from './seed-content';

/** Seeded ids follow the seed lists' order, counted from 1 (seed.ts); as policies name them, strings. */
export const deploymentId = (key: string) => String(SEED_DEPLOYMENTS.findIndex((d) => d.key === key) + 1);
export const folderId = (key: string) => String(Object.keys(SEED_FOLDERS).indexOf(key) + 1);
export const reportId = (publicId: string) => String(SEED_REPORTS.findIndex((r) => r.publicId === publicId) + 1);

/**
 * The sample tenant's groups, in id order, and what each grants: together, exactly the analyst's rights (she is in
 * all three), split as an identity provider's groups would be. Analysts read both deployments' data and the shared
 * folders; Finance reads the Finance folder; Report authors manage the analyst's own folder.
 */
export function seedGroups(): { displayName: string; policies: Policy[] }[] {
  const sharedFolders = ANALYST_GRANTS.folders.filter((key) => key !== 'finance');
  return [
    {
      displayName: 'Analysts',
      policies: [
        { resourceType: 'Deployment', actions: ['SchemaRead', 'DownloadData'], resources: ANALYST_GRANTS.deployments.map(deploymentId) },
        { resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: sharedFolders.map(folderId) },
        { resourceType: 'Report', actions: ['ReportRead'], resources: ANALYST_GRANTS.reports.map(reportId) },
      ],
    },
    {
      displayName: 'Report authors',
      policies: [{
        resourceType: 'Folder',
        actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'],
        resources: [folderId(ANALYST_GRANTS.ownFolder)],
      }],
    },
    { displayName: 'Finance', policies: [{ resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: [folderId('finance')] }] },
  ];
}

/** Inserts the seeded groups (ids 1…3) with these users in every one of them. */
export async function insertSeedGroups(tx: StateConnection, memberIds: number[], at: string): Promise<void> {
  for (const [index, group] of seedGroups().entries()) {
    await tx.run(`INSERT INTO groups VALUES (?, ?, NULL, ?, ?, ?)`, [index + 1, group.displayName, JSON.stringify(group.policies), at, at]);
    for (const userId of memberIds) await tx.run(`INSERT INTO group_members VALUES (?, ?)`, [index + 1, userId]);
  }
}
