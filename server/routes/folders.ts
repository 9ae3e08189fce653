import type { Folder } from '../../src/contract';
import { canReadFolder, isAdmin } from '../access';
import type { PlatformContext } from '../context';
import { notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { StateConnection } from '../store/database';
import { folderChain, folderResponse, type FolderRow, type UserRecord } from '../store/rows';
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

async function ownersOf(tx: StateConnection, folders: FolderRow[]) {
  const ids = [...new Set(folders.map((f) => f.createdBy))];
  if (!ids.length) return new Map<number, { id: number; email: string; firstName: string | null; picture: null }>();
  const rows = await tx.all(`SELECT id, given_name, json_extract_string(emails, '$[0].value') AS email FROM users WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), email: String(r.email), firstName: (r.given_name as string | null) ?? null, picture: null }]));
}

/** `GET …/folders`: one level at a time, the workspace root or `parentId`'s children, in their order. */
async function listFolders(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const parentId = parseIntegerParam(request, 'parentId');
  return ctx.db.read(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const folders = await foldersOf(tx, deploymentId);
    const visible = await visibleFolders(tx, user, folders, deploymentId);
    if (parentId !== null && !visible.has(parentId)) throw notFound(`Folder ${parentId} not found`);
    const children = [...folders.values()]
      .filter((f) => f.parentId === parentId && visible.has(f.id))
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id);
    const owners = await ownersOf(tx, children);
    const all: Folder[] = children.map((f) => folderResponse(f, folders, owners.get(f.createdBy) ?? null));
    return { status: 200, body: pageOf(all, request, `folders:${parentId ?? 'root'}`) };
  });
}

/** `GET …/folders/{folderId}/ancestors`: from the root down to and including the folder, for a breadcrumb. */
async function ancestors(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const folderId = integerPathParam(request, 'folderId');
  return ctx.db.read(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const folders = await foldersOf(tx, deploymentId);
    const visible = await visibleFolders(tx, user, folders, deploymentId);
    if (!folders.has(folderId) || !visible.has(folderId)) throw notFound(`Folder ${folderId} not found`);
    const chain = folderChain(folderId, folders);
    const owners = await ownersOf(tx, chain);
    return { status: 200, body: chain.map((f) => folderResponse(f, folders, owners.get(f.createdBy) ?? null)) };
  });
}

export function folderRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', '/api/v1/deployments/:deploymentId/folders', (r) => listFolders(ctx, r))
    .add('GET', '/api/v1/deployments/:deploymentId/folders/:folderId/ancestors', (r) => ancestors(ctx, r));
}
