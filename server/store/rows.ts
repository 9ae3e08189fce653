import type { Folder, Policy, Report, ReportPlacement, ResourceOwner, ResultChecksum, User, UserSettings } from '../../src/contract';
import { syncStatusOf } from '../../src/core/sync-status';
import type { Row } from './database';

const str = (value: unknown): string => String(value);
const strOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const intOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface UserRecord {
  id: number;
  userName: string;
  givenName: string | null;
  familyName: string | null;
  emails: { value: string; primary?: boolean; type?: string }[];
  active: boolean;
  externalId: string | null;
  isAdmin: boolean;
  policies: Policy[];
  settings: UserSettings;
  createdAt: string;
  updatedAt: string;
  lastLogin: string | null;
}

export function userRecord(row: Row): UserRecord {
  return {
    id: Number(row.id),
    userName: str(row.user_name),
    givenName: strOrNull(row.given_name),
    familyName: strOrNull(row.family_name),
    emails: JSON.parse(str(row.emails)),
    active: row.active === true,
    externalId: strOrNull(row.external_id),
    isAdmin: row.is_admin === true,
    policies: JSON.parse(str(row.policies)),
    settings: JSON.parse(str(row.settings)),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    lastLogin: strOrNull(row.last_login),
  };
}

export function primaryEmail(user: Pick<UserRecord, 'emails' | 'userName'>): string {
  return (user.emails.find((e) => e.primary) ?? user.emails[0])?.value ?? user.userName;
}

/** api.yaml `User`, as `GET /users/me` answers it (with `userPolicies`). */
export function userResponse(user: UserRecord): User {
  return {
    id: user.id,
    email: primaryEmail(user),
    username: user.userName,
    isAdmin: user.isAdmin,
    notifications: {},
    firstName: user.givenName,
    title: null,
    picture: null,
    externalId: user.externalId,
    isDeactivated: !user.active,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    lastLogin: user.lastLogin,
    settings: user.settings,
    userPolicies: user.policies,
  };
}

/** api.yaml `ResourceOwner` of a user row (joined as `owner_*` columns). */
export function ownerOf(row: Row, prefix: string): ResourceOwner {
  return {
    id: Number(row[`${prefix}id`]),
    email: str(row[`${prefix}email`]),
    firstName: strOrNull(row[`${prefix}first_name`]),
    picture: null,
  };
}

/** A placement row as api.yaml `ReportPlacement`; `syncStatus` is computed on every read, never stored. */
export function placementResponse(row: Row, reportChecksum: string | null): ReportPlacement {
  const queryChecksum = strOrNull(row.query_checksum);
  const resultChecksum = row.result_checksum === null || row.result_checksum === undefined
    ? null
    : (JSON.parse(str(row.result_checksum)) as ResultChecksum);
  return {
    id: strOrNull(row.id),
    workbookId: str(row.workbook_id),
    host: strOrNull(row.host) as ReportPlacement['host'],
    sheetId: strOrNull(row.sheet_id),
    sheetName: strOrNull(row.sheet_name),
    anchorCell: strOrNull(row.anchor_cell),
    workbookName: strOrNull(row.workbook_name),
    resultLocation: str(row.result_location),
    endResultCell: strOrNull(row.end_result_cell),
    placedAt: strOrNull(row.placed_at),
    placedByUserId: intOrNull(row.placed_by_user_id),
    refreshedAt: strOrNull(row.refreshed_at),
    refreshedByUserId: intOrNull(row.refreshed_by_user_id),
    queryChecksum,
    syncStatus: syncStatusOf(queryChecksum, reportChecksum),
    resultChecksum,
  };
}

export interface FolderRow {
  id: number;
  deploymentId: number;
  parentId: number | null;
  name: string;
  position: number;
  createdBy: number;
  createdAt: string;
  updatedAt: string;
}

export function folderRow(row: Row): FolderRow {
  return {
    id: Number(row.id),
    deploymentId: Number(row.deployment_id),
    parentId: intOrNull(row.parent_id),
    name: str(row.name),
    position: Number(row.position),
    createdBy: Number(row.created_by),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
  };
}

/** The chain of folders from the root down to and including `folderId`. */
export function folderChain(folderId: number | null, folders: Map<number, FolderRow>): FolderRow[] {
  const chain: FolderRow[] = [];
  for (let current = folderId === null ? undefined : folders.get(folderId); current; current = current.parentId === null ? undefined : folders.get(current.parentId)) {
    chain.unshift(current);
  }
  return chain;
}

/** api.yaml `Folder`; its `folderPath` is the chain of its ancestors (root first, without itself). */
export function folderResponse(folder: FolderRow, folders: Map<number, FolderRow>, owner: ResourceOwner | null): Folder {
  return {
    id: folder.id,
    name: folder.name,
    deploymentId: folder.deploymentId,
    parentId: folder.parentId,
    position: folder.position,
    type: 'FOLDER',
    createdAt: folder.createdAt,
    updatedAt: folder.updatedAt,
    createdBy: folder.createdBy,
    updatedBy: null,
    folderPath: folderChain(folder.parentId, folders).map((f) => ({ id: f.id, name: f.name })),
    user: owner,
  };
}

export interface ReportAccess {
  canEdit: boolean;
  canManage: boolean;
}

/** A report row (joined with its owner as `owner_*`) as api.yaml `Report`. */
export function reportResponse(row: Row, placements: Row[], folders: Map<number, FolderRow>, access: ReportAccess): Report {
  const checksum = strOrNull(row.query_checksum);
  const owner = ownerOf(row, 'owner_');
  const folderId = intOrNull(row.folder_id);
  const items = placements.map((p) => placementResponse(p, checksum));
  const lastRefresh = items.filter((p) => p.refreshedAt).sort((a, b) => b.refreshedAt!.localeCompare(a.refreshedAt!))[0];
  return {
    id: Number(row.id),
    deploymentId: Number(row.deployment_id),
    publicId: str(row.public_id),
    name: str(row.name),
    title: strOrNull(row.title),
    description: strOrNull(row.description),
    type: 'REPORT',
    userId: owner.id,
    user: owner,
    createdBy: owner.id,
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    canEdit: access.canEdit,
    canManage: access.canManage,
    currentQueryChecksum: checksum,
    folderId,
    folderPath: folderChain(folderId, folders).map((f) => ({ id: f.id, name: f.name })),
    jsonQuery: strOrNull(row.json_query),
    pivotItems: row.pivot_items === null || row.pivot_items === undefined ? null : JSON.parse(str(row.pivot_items)),
    sqlQuery: strOrNull(row.sql_query),
    source: strOrNull(row.source) as Report['source'],
    version: Number(row.version),
    meta: null,
    refreshedBy: lastRefresh?.refreshedByUserId ?? null,
    // Required by the schema even before anyone refreshed: the owner stands in then.
    refreshedByUser: owner,
    externalWorkbookId: null,
    resultLocation: null,
    endResultCell: null,
    workbookId: null,
    rolesWithAccess: null,
    externalWorkbookPlacements: items,
  };
}
