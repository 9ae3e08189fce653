import type { Placement, Report, User, UserSettings } from '../../src/contract';
import { syncStatusOf } from '../../src/core/sync-status';
import type { Row } from './database';

const str = (value: unknown): string => String(value);
const strOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

export interface UserRecord {
  id: string;
  userName: string;
  givenName: string | null;
  familyName: string | null;
  emails: { value: string; primary?: boolean; type?: string }[];
  active: boolean;
  externalId: string | null;
  policies: string[];
  settings: UserSettings;
  createdAt: string;
  updatedAt: string;
}

export function userRecord(row: Row): UserRecord {
  return {
    id: str(row.id),
    userName: str(row.user_name),
    givenName: strOrNull(row.given_name),
    familyName: strOrNull(row.family_name),
    emails: JSON.parse(str(row.emails)),
    active: row.active === true,
    externalId: strOrNull(row.external_id),
    policies: JSON.parse(str(row.policies)),
    settings: JSON.parse(str(row.settings)),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
  };
}

export function primaryEmail(user: UserRecord): string | null {
  return (user.emails.find((e) => e.primary) ?? user.emails[0])?.value ?? null;
}

export function userResponse(user: UserRecord): User {
  return {
    id: user.id,
    username: user.userName,
    email: primaryEmail(user),
    firstName: user.givenName,
    lastName: user.familyName,
    settings: user.settings,
    userPolicies: user.policies.map((action) => ({ action, source: 'direct' })),
  };
}

export function placementResponse(row: Row, reportChecksum: string | null): Placement {
  const queryChecksum = strOrNull(row.query_checksum);
  return {
    id: str(row.id),
    workbookId: str(row.workbook_id),
    host: str(row.host) as Placement['host'],
    sheetId: str(row.sheet_id),
    sheetName: str(row.sheet_name),
    anchorCell: str(row.anchor_cell),
    workbookName: str(row.workbook_name),
    resultLocation: str(row.result_location),
    endResultCell: str(row.end_result_cell),
    placedAt: str(row.placed_at),
    placedByUserId: str(row.placed_by_user_id),
    refreshedAt: strOrNull(row.refreshed_at),
    refreshedByUserId: strOrNull(row.refreshed_by_user_id),
    queryChecksum,
    syncStatus: syncStatusOf(queryChecksum, reportChecksum),
    resultChecksum: strOrNull(row.result_checksum),
  };
}

export interface FolderRow {
  id: string;
  parentId: string | null;
  name: string;
}

/** The ancestor chain of a folder, root first, ending with the folder itself. */
export function folderPath(folderId: string | null, folders: Map<string, FolderRow>): { id: string; name: string }[] {
  const path: { id: string; name: string }[] = [];
  let current = folderId ? folders.get(folderId) : undefined;
  while (current) {
    path.unshift({ id: current.id, name: current.name });
    current = current.parentId ? folders.get(current.parentId) : undefined;
  }
  return path;
}

export function reportResponse(
  row: Row,
  placements: Row[],
  folders: Map<string, FolderRow>,
  access: { canEdit: boolean; canManage: boolean },
): Report {
  const checksum = strOrNull(row.query_checksum);
  return {
    id: str(row.id),
    name: str(row.name),
    title: str(row.title),
    publicId: strOrNull(row.public_id),
    folderPath: folderPath(strOrNull(row.folder_id), folders),
    canEdit: access.canEdit,
    canManage: access.canManage,
    query: JSON.parse(str(row.query_json)),
    pivot: JSON.parse(str(row.pivot_json)),
    currentQueryChecksum: checksum,
    externalWorkbookPlacements: placements.map((p) => placementResponse(p, checksum)),
    createdAt: str(row.created_at),
    updatedAt: str(row.updated_at),
    lastViewedAt: strOrNull(row.last_viewed_at),
  };
}
