import type { FolderRow, UserRecord } from './store/rows';

/**
 * Who may do what, from the user's policies (api.yaml `Policy`: actions on resources of one type). An admin may
 * do everything, as may a `Global` policy with `All`. A grant on a deployment, a folder (which covers what is
 * inside it, at any depth) or a report applies to that resource; `*` names every resource of the type.
 */
export type ReportAction = 'ReportRead' | 'ReportEdit' | 'ReportManage';

function grants(user: UserRecord, resourceType: string, resourceId: string, action: string): boolean {
  return user.policies.some((policy) =>
    policy.resourceType === resourceType
    && (policy.actions.includes(action) || policy.actions.includes('All'))
    && (policy.resources.includes(resourceId) || policy.resources.includes('*')));
}

function isAllPowerful(user: UserRecord): boolean {
  return user.isAdmin || user.policies.some((p) => p.resourceType === 'Global' && p.actions.includes('All'));
}

/** Deployments are visible to users with any grant on them (or on everything). */
export function canSeeDeployment(user: UserRecord, deploymentId: number): boolean {
  if (isAllPowerful(user)) return true;
  return user.policies.some((p) => p.resourceType === 'Deployment' && (p.resources.includes(String(deploymentId)) || p.resources.includes('*')));
}

/** An action on a report: granted on the report itself, on a folder holding it, or on its deployment. */
export function canOnReport(
  user: UserRecord,
  action: ReportAction,
  report: { id: number; deploymentId: number; ownerId: number },
  folderChain: FolderRow[],
): boolean {
  if (isAllPowerful(user) || report.ownerId === user.id) return true;
  // Edit and manage imply read; manage implies edit.
  const accepted: string[] = action === 'ReportRead' ? ['ReportRead', 'ReportEdit', 'ReportManage'] : action === 'ReportEdit' ? ['ReportEdit', 'ReportManage'] : ['ReportManage'];
  return accepted.some((a) =>
    grants(user, 'Report', String(report.id), a)
    || grants(user, 'Deployment', String(report.deploymentId), a)
    || folderChain.some((folder) => grants(user, 'Folder', String(folder.id), a) || grants(user, 'ReportFolder', String(folder.id), a)));
}

/**
 * A folder is listed to a user who may read it (a grant on it or an ancestor) or anything inside it: then
 * it is the way there ("ancestor folders are surfaced as navigation").
 */
export function canReadFolder(user: UserRecord, chain: FolderRow[]): boolean {
  if (isAllPowerful(user) || grants(user, 'Deployment', String(chain[0]?.deploymentId), 'FolderRead')) return true;
  return chain.some((folder) => grants(user, 'Folder', String(folder.id), 'FolderRead') || grants(user, 'Folder', String(folder.id), 'ReportRead'));
}

/** The folders a user's grants name directly, by id: what makes their ancestors navigable. */
export function grantedFolderIds(user: UserRecord): Set<number> {
  const ids = new Set<number>();
  for (const policy of user.policies) {
    if (policy.resourceType !== 'Folder' && policy.resourceType !== 'ReportFolder') continue;
    for (const resource of policy.resources) if (/^\d+$/.test(resource)) ids.add(Number(resource));
  }
  return ids;
}

export function isAdmin(user: UserRecord): boolean {
  return isAllPowerful(user);
}
