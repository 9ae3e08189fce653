import { ApiError } from '../client/errors';
import type { Folder, User } from '../contract';
import { editableFolderIds } from '../core/report-permissions';
import type { ReportStore } from '../ports/report-store';

/**
 * The folders the builder offers for Save as and Move: the deployment's top level as listed to the user, and any
 * folder deeper down that the user's grants let them save into (`editableFolderIds`), found by its ancestors
 * (which give its path). Grants name folders of every deployment: one of another deployment is not found in this
 * one (404), and is left out.
 */
export async function grantedFolders(reports: Pick<ReportStore, 'allFolders' | 'folderAncestors'>, deploymentId: number, user: User): Promise<Folder[]> {
  const top = await reports.allFolders(deploymentId);
  const listed = new Set(top.map((folder) => folder.id));
  const deeper = await Promise.all([...editableFolderIds(user)].filter((id) => !listed.has(id)).map(async (id) => {
    try {
      const chain = await reports.folderAncestors(deploymentId, id);
      const folder = chain[chain.length - 1];
      return folder?.id === id ? [{ ...folder, folderPath: folder.folderPath ?? chain.map(({ id: entry, name }) => ({ id: entry, name })) }] : [];
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
      throw error;
    }
  }));
  return [...top, ...deeper.flat()];
}
