import type { Report } from '../../src/contract';
import { canOnReport } from '../access';
import { HttpError, notFound } from '../http';
import type { Row, SqlParam, StateConnection } from '../store/database';
import { folderChain, folderRow, reportResponse, type FolderRow, type UserRecord } from '../store/rows';

/** A report owner's columns (`owner_*`), as `reportResponse` reads them. */
const OWNER_COLUMNS = `u.id AS owner_id, coalesce(json_extract_string(u.emails, '$[0].value'), '') AS owner_email,
  u.given_name AS owner_first_name, u.family_name AS owner_family_name`;

/** Report rows with their owner's columns. */
export const REPORT_SELECT = `SELECT r.*, ${OWNER_COLUMNS} FROM reports r JOIN users u ON u.id = r.user_id`;

/**
 * A report's row (`reports.*`) with its owner's columns, as `REPORT_SELECT` gives it; undefined when the owner is
 * gone. Its owner is kept until users change: a burst of placement records reads the same report again and again,
 * and the join took half of each read.
 */
async function withOwner(tx: StateConnection, row: Row): Promise<Row | undefined> {
  const ownerId = Number(row.user_id);
  const owner = await tx.cached(['users'], `owner ${ownerId}`, () => tx.one(`SELECT ${OWNER_COLUMNS} FROM users u WHERE u.id = ?`, [ownerId]));
  return owner && { ...row, ...owner };
}

/**
 * Ids written into a statement as a list: a statement without parameters skips the binding's prepare step, which
 * cost as much as a small read itself. Only integers get in.
 */
function idList(ids: number[]): string {
  if (!ids.every(Number.isSafeInteger)) throw new Error(`Ids must be integers: ${ids.join(', ')}`);
  return ids.join(', ');
}

/** Reports' rows (`reports.*`, without their owners' columns) by id, in one read: a batch of refresh records checks them all. */
export async function reportRowsById(tx: StateConnection, reportIds: number[]): Promise<Map<number, Row>> {
  const rows = await tx.all(`SELECT * FROM reports WHERE id IN (${idList(reportIds)})`);
  return new Map(rows.map((row) => [Number(row.id), row]));
}

export async function foldersOf(tx: StateConnection, deploymentId: number): Promise<Map<number, FolderRow>> {
  const rows = await tx.cached(['folders'], `folders of ${deploymentId}`, () => tx.all(`SELECT * FROM folders WHERE deployment_id = ?`, [deploymentId]));
  return new Map(rows.map((r) => [Number(r.id), folderRow(r)]));
}

export interface ReportRef {
  id: number;
  deploymentId: number;
  ownerId: number;
  folderId: number | null;
}

export const reportRef = (row: Row): ReportRef => ({
  id: Number(row.id),
  deploymentId: Number(row.deployment_id),
  ownerId: Number(row.user_id),
  folderId: row.folder_id === null ? null : Number(row.folder_id),
});

/** Whether `user` may read, edit or manage the report of `row`. */
export function accessOf(user: UserRecord, row: Row, folders: Map<number, FolderRow>) {
  const ref = reportRef(row);
  const chain = folderChain(ref.folderId, folders);
  return {
    read: canOnReport(user, 'ReportRead', ref, chain),
    edit: canOnReport(user, 'ReportEdit', ref, chain),
    manage: canOnReport(user, 'ReportManage', ref, chain),
  };
}

/** Report rows as api.yaml `Report`s with their placements, keeping only those `user` may read. */
export async function readableReports(tx: StateConnection, user: UserRecord, rows: Row[], folders: Map<number, FolderRow>): Promise<Report[]> {
  const readable = rows.map((row) => ({ row, access: accessOf(user, row, folders) })).filter(({ access }) => access.read);
  if (readable.length === 0) return [];
  const placements = await placementRows(tx, readable.map(({ row }) => Number(row.id)));
  const byReport = new Map<number, Row[]>();
  for (const placement of placements) {
    const reportId = Number(placement.report_id);
    byReport.set(reportId, [...(byReport.get(reportId) ?? []), placement]);
  }
  return readable.map(({ row, access }) =>
    reportResponse(row, byReport.get(Number(row.id)) ?? [], folders, { canEdit: access.edit, canManage: access.manage }));
}

/**
 * The placements' rows of the given reports, in the order a report lists them: by `placed_at` (ISO 8601 text, so
 * compared as text; none first), then `row_key`. Sorted here: DuckDB's sort took as long as the rest of the read.
 */
export async function placementRows(tx: StateConnection, reportIds: number[]): Promise<Row[]> {
  const rows = await tx.all(`SELECT * FROM placements WHERE report_id IN (${idList(reportIds)})`);
  return rows.sort(listedFirst);
}

function listedFirst(a: Row, b: Row): number {
  if (a.placed_at !== b.placed_at) {
    if (a.placed_at === null) return -1;
    if (b.placed_at === null) return 1;
    return String(a.placed_at) < String(b.placed_at) ? -1 : 1;
  }
  return Number(a.row_key) - Number(b.row_key);
}

/** A report the caller may act on: its row, its deployment's folders and what the caller may do with it. */
export interface CheckedReport {
  row: Row;
  folders: Map<number, FolderRow>;
  access: ReturnType<typeof accessOf>;
}

/**
 * One report of a deployment, if it exists (`404`) and the user may act on it as asked (`403` naming the
 * missing action); without its placements.
 */
export async function checkReport(
  tx: StateConnection,
  user: UserRecord,
  deploymentId: number,
  reportId: number,
  need: 'read' | 'edit' | 'manage' = 'read',
): Promise<CheckedReport> {
  return checkReportRow(tx, user, deploymentId, reportId, (await reportRowsById(tx, [reportId])).get(reportId), need);
}

/** `checkReport` of a report whose row (`reports.*`, undefined when there is none) was read already. */
export async function checkReportRow(
  tx: StateConnection,
  user: UserRecord,
  deploymentId: number,
  reportId: number,
  read: Row | undefined,
  need: 'read' | 'edit' | 'manage' = 'read',
): Promise<CheckedReport> {
  const row = read && Number(read.deployment_id) === deploymentId ? await withOwner(tx, read) : undefined;
  if (!row) throw notFound(`Report ${reportId} not found`);
  const folders = await foldersOf(tx, deploymentId);
  const access = accessOf(user, row, folders);
  if (!access.read) throw new HttpError(403, `You lack the ReportRead permission on report ${reportId}`);
  if (need === 'edit' && !access.edit) throw new HttpError(403, `You lack the ReportEdit permission on report ${reportId}`);
  if (need === 'manage' && !access.manage) throw new HttpError(403, `You lack the ReportManage permission on report ${reportId}`);
  return { row, folders, access };
}

/** api.yaml `Report` of a checked report with its placements' rows. */
export function checkedReportResponse({ row, folders, access }: CheckedReport, placements: Row[]): Report {
  return reportResponse(row, placements, folders, { canEdit: access.edit, canManage: access.manage });
}

/** One report of a deployment with its placements, if it exists and the user may act on it as asked (`checkReport`). */
export async function loadReport(
  tx: StateConnection,
  user: UserRecord,
  deploymentId: number,
  reportId: number,
  need: 'read' | 'edit' | 'manage' = 'read',
): Promise<{ report: Report; row: Row; folders: Map<number, FolderRow> }> {
  const checked = await checkReport(tx, user, deploymentId, reportId, need);
  return { report: checkedReportResponse(checked, await placementRows(tx, [reportId])), row: checked.row, folders: checked.folders };
}

export async function selectReports(tx: StateConnection, where: string, params: SqlParam[], tail = ''): Promise<Row[]> {
  return tx.all(`${REPORT_SELECT} WHERE ${where} ${tail}`, params);
}
