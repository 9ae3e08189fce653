import type { Folder, ResourceOwner } from '../../src/contract';
import { canReadFolder, isAdmin } from '../access';
import type { PlatformContext } from '../context';
import { notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { StateConnection } from '../store/database';
import { folderChain, folderResponse, ownerOf, type FolderRow, type UserRecord } from '../store/rows';
import { authenticate } from './auth';
import { integerPathParam, pageOf, parseIntegerParam } from './cursor';
import { visibleDeployment } from './platform';
import { accessOf, foldersOf, selectReports } from './report-store';

/**
 * The folders a user sees: those they may read, and the ancestors of anything they may read (folders and
 * reports), which are "surfaced as navigation" so the way down is there.
 */
async function visibleFolders(tx: StateConnection, user: UserRecord, folders: Map<number, FolderRow>, deploymentId: number): Promise<Set<number>> {
  if (isAdmin(user)) return new Set(folders.keys());
  const visible = new Set<number>();
  const reveal = (folderId: number | null) => folderChain(folderId, folders).forEach((f) => visible.add(f.id));
  for (const folder of folders.values()) if (canReadFolder(user, folderChain(folder.id, folders))) reveal(folder.id);
  for (const row of await selectReports(tx, 'r.deployment_id = ? AND r.folder_id IS NOT NULL', [deploymentId])) {
    if (accessOf(user, row, folders).read) reveal(Number(row.folder_id));
  }
  return visible;
}

/** The folders' owners (api.yaml `ResourceOwner`), by user id. */
async function ownersOf(tx: StateConnection, folders: FolderRow[]): Promise<Map<number, ResourceOwner>> {
  const ids = [...new Set(folders.map((f) => f.createdBy))];
  if (!ids.length) return new Map();
  const rows = await tx.all(`SELECT id AS owner_id, coalesce(json_extract_string(emails, '$[0].value'), '') AS owner_email, given_name AS owner_first_name
    FROM users WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  return new Map(rows.map((row) => [Number(row.owner_id), ownerOf(row, 'owner_')]));
}

/** A folder route: the deployment's folders, and which of them the caller sees, read in one go. */
function folderRoute(ctx: PlatformContext, work: (tree: FolderTree, request: ApiRequest) => Promise<ApiResponse>) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const user = await authenticate(ctx, request);
    const deploymentId = integerPathParam(request, 'deploymentId');
    return ctx.db.read(async (tx) => {
      await visibleDeployment(tx, user, deploymentId);
      const folders = await foldersOf(tx, deploymentId);
      const visible = await visibleFolders(tx, user, folders, deploymentId);
      const respond = async (list: FolderRow[]) => {
        const owners = await ownersOf(tx, list);
        return list.map((f): Folder => folderResponse(f, folders, owners.get(f.createdBy) ?? null));
      };
      return work({ folders, visible, respond }, request);
    });
  };
}

interface FolderTree {
  folders: Map<number, FolderRow>;
  visible: Set<number>;
  /** The folders as api.yaml `Folder`s, with their owners and paths. */
  respond(list: FolderRow[]): Promise<Folder[]>;
}

/** `GET …/folders`: one level at a time, the workspace root or `parentId`'s children, in their order. */
const listFolders = (ctx: PlatformContext) => folderRoute(ctx, async ({ folders, visible, respond }, request) => {
  const parentId = parseIntegerParam(request, 'parentId');
  if (parentId !== null && !visible.has(parentId)) throw notFound(`Folder ${parentId} not found`);
  const children = [...folders.values()]
    .filter((f) => f.parentId === parentId && visible.has(f.id))
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);
  return { status: 200, body: pageOf(await respond(children), request, `folders:${parentId ?? 'root'}`) };
});

/** `GET …/folders/{folderId}/ancestors`: from the root down to and including the folder, for a breadcrumb. */
const ancestors = (ctx: PlatformContext) => folderRoute(ctx, async ({ folders, visible, respond }, request) => {
  const folderId = integerPathParam(request, 'folderId');
  if (!folders.has(folderId) || !visible.has(folderId)) throw notFound(`Folder ${folderId} not found`);
  return { status: 200, body: await respond(folderChain(folderId, folders)) };
});

export function folderRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/v1/deployments/:deploymentId/folders', listFolders(ctx))
    .add('GET', '/api/v1/deployments/:deploymentId/folders/:folderId/ancestors', ancestors(ctx));
}
