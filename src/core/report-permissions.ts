import type { Policy, Report, User } from '../contract';

/**
 * What the signed-in user may do with reports, as far as the add-in can tell before asking: `users/me` lists
 * their policies (api.yaml `Policy`), and a report read from the platform says `canEdit` and `canManage` for
 * the reader. The platform decides in the end (a refused save is a 403 told in words); these only keep the
 * pane from offering what would be refused, and say why.
 */

const EDIT_ACTIONS = ['ReportEdit', 'ReportManage', 'All'];

function grants(policy: Policy, resourceType: string, resourceId: string, actions: readonly string[]): boolean {
  return policy.resourceType === resourceType
    && policy.actions.some((a) => actions.includes(a))
    && (policy.resources.includes(resourceId) || policy.resources.includes('*'));
}

function isAllPowerful(user: User): boolean {
  return user.isAdmin || (user.userPolicies ?? []).some((p) => p.resourceType === 'Global' && p.actions.includes('All'));
}

/**
 * Whether the user may create reports in a deployment: edit rights on the deployment, or on a folder of it
 * (`folderId` narrows the question to one folder; a grant on an ancestor folder the caller must pass in `folderIds`).
 */
export function canCreateReports(user: User, deploymentId: number, folderIds: readonly number[] = []): boolean {
  if (isAllPowerful(user)) return true;
  const policies = user.userPolicies ?? [];
  if (policies.some((p) => grants(p, 'Deployment', String(deploymentId), EDIT_ACTIONS))) return true;
  return folderIds.some((id) => policies.some((p) => grants(p, 'Folder', String(id), EDIT_ACTIONS) || grants(p, 'ReportFolder', String(id), EDIT_ACTIONS)));
}

/** The folders (by id) the user holds edit grants on: where they may save when the deployment is not theirs to edit. */
export function editableFolderIds(user: User): Set<number> {
  const ids = new Set<number>();
  for (const policy of user.userPolicies ?? []) {
    if (policy.resourceType !== 'Folder' && policy.resourceType !== 'ReportFolder') continue;
    if (!policy.actions.some((a) => EDIT_ACTIONS.includes(a))) continue;
    for (const resource of policy.resources) if (/^\d+$/.test(resource)) ids.add(Number(resource));
  }
  return ids;
}

/** Whether the user may save into, rename or move a report they read: the platform's `canEdit` for them. */
export function canEditReport(report: Pick<Report, 'canEdit'>): boolean {
  return report.canEdit === true;
}

/** Whether the user may delete a report: the platform's `canManage` for them. */
export function canDeleteReport(report: Pick<Report, 'canManage'>): boolean {
  return report.canManage === true;
}
