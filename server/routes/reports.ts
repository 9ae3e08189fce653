import { randomUUID } from 'node:crypto';
import {
  ConnectWorkbook, MAX_NAME_LENGTH, REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX, RefreshPlacement, ReportSortBy, ReportUpsert,
  withPivotDefaults, type Report,
} from '../../src/contract';
import { queryChecksum } from '../../src/core/checksum';
import type { PlatformContext } from '../context';
import { badRequest, notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { Row, SqlParam, StateConnection } from '../store/database';
import { reportResponse, type FolderRow, type UserRecord } from '../store/rows';
import { authenticate, requirePolicy } from './auth';
import { decodeCursor, encodeCursor, parseFirst } from './cursor';
import { parseBody } from './validation';

/** Sort column and direction per `sortBy`; every sort ends with `id` so cursors are exact. */
const SORTS: Record<ReportSortBy, { column: string; descending: boolean }> = {
  name: { column: 'lower(name)', descending: false },
  createdAt: { column: 'created_at', descending: true },
  updatedAt: { column: 'updated_at', descending: true },
  lastViewedAt: { column: 'last_viewed_at', descending: true },
};

async function requireDeployment(tx: StateConnection, deploymentId: string): Promise<void> {
  if (!(await tx.one(`SELECT id FROM deployments WHERE id = ?`, [deploymentId]))) {
    throw notFound(`Deployment ${deploymentId} not found`);
  }
}

async function foldersOf(tx: StateConnection, deploymentId: string): Promise<Map<string, FolderRow>> {
  const rows = await tx.all(`SELECT id, parent_id, name FROM folders WHERE deployment_id = ?`, [deploymentId]);
  return new Map(rows.map((r) => [String(r.id), { id: String(r.id), parentId: r.parent_id === null ? null : String(r.parent_id), name: String(r.name) }]));
}

async function reportsWithPlacements(tx: StateConnection, deploymentId: string, rows: Row[], user: UserRecord): Promise<Report[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => String(r.id));
  const placements = await tx.all(
    `SELECT * FROM placements WHERE report_id IN (${ids.map(() => '?').join(', ')}) ORDER BY placed_at, id`,
    ids,
  );
  const folders = await foldersOf(tx, deploymentId);
  const canEdit = user.policies.includes('WorkbookEdit');
  return rows.map((row) =>
    reportResponse(row, placements.filter((p) => p.report_id === row.id), folders, { canEdit, canManage: canEdit }),
  );
}

async function loadReport(tx: StateConnection, deploymentId: string, reportId: string, user: UserRecord): Promise<Report> {
  await requireDeployment(tx, deploymentId);
  const row = await tx.one(`SELECT * FROM reports WHERE id = ? AND deployment_id = ?`, [reportId, deploymentId]);
  if (!row) throw notFound(`Report ${reportId} not found`);
  return (await reportsWithPlacements(tx, deploymentId, [row], user))[0]!;
}

async function listReports(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const { deploymentId } = request.params as { deploymentId: string };
  const q = request.query;
  const first = parseFirst(q.get('first'), REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX);
  const sortParsed = ReportSortBy.safeParse(q.get('sortBy') ?? 'updatedAt');
  if (!sortParsed.success) throw badRequest(`'sortBy' must be one of ${ReportSortBy.options.join(', ')}`);
  const sortBy = sortParsed.data;
  const after = q.get('after');
  if (sortBy === 'lastViewedAt' && after !== null) {
    throw badRequest(`Cursor pagination ('after') is not available when sorting by lastViewedAt`);
  }
  const sort = SORTS[sortBy];
  const where = ['deployment_id = ?'];
  const params: SqlParam[] = [deploymentId];
  const search = q.get('search');
  if (search) {
    where.push(`(contains(lower(name), lower(?)) OR contains(lower(title), lower(?)))`);
    params.push(search, search);
  }
  const folderId = q.get('folderId');
  if (folderId) {
    where.push('folder_id = ?');
    params.push(folderId);
  }
  const workbookId = q.get('externalWorkbookId');
  if (workbookId) {
    where.push('id IN (SELECT report_id FROM placements WHERE workbook_id = ?)');
    params.push(workbookId);
  }
  if (after !== null) {
    const cursor = decodeCursor(after, sortBy);
    const op = sort.descending ? '<' : '>';
    where.push(`(${sort.column} ${op} ? OR (${sort.column} = ? AND id ${op} ?))`);
    params.push(cursor.key, cursor.key, cursor.id);
  }
  const direction = sort.descending ? 'DESC' : 'ASC';
  const sql = `SELECT *, ${sort.column} AS sort_key FROM reports WHERE ${where.join(' AND ')}
    ORDER BY ${sort.column} ${direction} NULLS LAST, id ${direction} LIMIT ${first + 1}`;

  return ctx.db.read(async (tx) => {
    await requireDeployment(tx, deploymentId);
    const rows = await tx.all(sql, params);
    const pageRows = rows.slice(0, first);
    const items = await reportsWithPlacements(tx, deploymentId, pageRows, user);
    const last = pageRows.at(-1);
    const hasNextPage = rows.length > first;
    const endCursor = last && sortBy !== 'lastViewedAt'
      ? encodeCursor({ sortBy, key: last.sort_key === null ? null : String(last.sort_key), id: String(last.id) })
      : null;
    return { status: 200, body: { items, pageInfo: { hasNextPage, endCursor } } };
  });
}

async function upsertByPublicId(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  requirePolicy(user, 'WorkbookEdit');
  const { deploymentId, publicId } = request.params as { deploymentId: string; publicId: string };
  const body = parseBody(ReportUpsert, request.body, {
    name: `'name' is required and must be at most ${MAX_NAME_LENGTH} characters`,
    title: `'title' must be at most ${MAX_NAME_LENGTH} characters`,
  });
  const pivot = withPivotDefaults(body.pivot, body.query);
  const checksum = await queryChecksum({ pivot, query: body.query });
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    await requireDeployment(tx, deploymentId);
    const folderId = body.folderId ?? null;
    if (folderId && !(await tx.one(`SELECT id FROM folders WHERE id = ? AND deployment_id = ?`, [folderId, deploymentId]))) {
      throw badRequest(`Folder ${folderId} does not exist in this deployment`);
    }
    const existing = await tx.one(`SELECT id FROM reports WHERE deployment_id = ? AND public_id = ?`, [deploymentId, publicId]);
    const values = [body.name, body.title ?? body.name, folderId, JSON.stringify(body.query), JSON.stringify(pivot), checksum];
    let id: string;
    if (existing) {
      id = String(existing.id);
      await tx.run(
        `UPDATE reports SET name = ?, title = ?, folder_id = ?, query_json = ?, pivot_json = ?, query_checksum = ?, updated_at = ? WHERE id = ?`,
        [...values, now, id],
      );
    } else {
      id = randomUUID();
      await tx.run(
        `INSERT INTO reports (id, deployment_id, public_id, name, title, folder_id, query_json, pivot_json, query_checksum, created_at, updated_at, last_viewed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
        [id, deploymentId, publicId, ...values, now, now],
      );
    }
    return { status: existing ? 200 : 201, body: await loadReport(tx, deploymentId, id, user) };
  });
}

async function connectWorkbook(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const { deploymentId, reportId } = request.params as { deploymentId: string; reportId: string };
  const body = parseBody(ConnectWorkbook, request.body);
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    await loadReport(tx, deploymentId, reportId, user);
    const existing = body.placementId
      ? await tx.one(`SELECT id FROM placements WHERE id = ? AND report_id = ?`, [body.placementId, reportId])
      : await tx.one(
        `SELECT id FROM placements WHERE report_id = ? AND workbook_id = ? AND sheet_id = ? AND anchor_cell = ?`,
        [reportId, body.externalWorkbookId, body.sheetId, body.anchorCell],
      );
    if (body.placementId && !existing) throw notFound(`Placement ${body.placementId} not found on report ${reportId}`);
    const fields = [
      body.externalWorkbookId, body.host, body.sheetId, body.sheetName, body.anchorCell, body.workbookName,
      body.resultLocation, body.endResultCell, body.queryChecksum, body.resultChecksum,
    ];
    if (existing) {
      await tx.run(
        `UPDATE placements SET workbook_id = ?, host = ?, sheet_id = ?, sheet_name = ?, anchor_cell = ?, workbook_name = ?,
          result_location = ?, end_result_cell = ?, query_checksum = ?, result_checksum = ? WHERE id = ?`,
        [...fields, String(existing.id)],
      );
    } else {
      await tx.run(
        `INSERT INTO placements (id, report_id, workbook_id, host, sheet_id, sheet_name, anchor_cell, workbook_name,
          result_location, end_result_cell, query_checksum, result_checksum, placed_at, placed_by_user_id, refreshed_at, refreshed_by_user_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
        [randomUUID(), reportId, ...fields, now, user.id],
      );
    }
    await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id = ?`, [now, reportId]);
    return { status: 200, body: await loadReport(tx, deploymentId, reportId, user) };
  });
}

/** Finds a placement by `placementId`, or by workbook id + sheet name + anchor cell as recorded. */
async function findPlacement(
  tx: StateConnection,
  reportId: string,
  address: { placementId?: string | null; externalWorkbookId?: string | null; sheetName?: string | null; anchorCell?: string | null },
): Promise<string> {
  let row: Row | undefined;
  if (address.placementId) {
    row = await tx.one(`SELECT id FROM placements WHERE id = ? AND report_id = ?`, [address.placementId, reportId]);
  } else if (address.externalWorkbookId && address.sheetName && address.anchorCell) {
    row = await tx.one(
      `SELECT id FROM placements WHERE report_id = ? AND workbook_id = ? AND sheet_name = ? AND anchor_cell = ?`,
      [reportId, address.externalWorkbookId, address.sheetName, address.anchorCell],
    );
  } else {
    throw badRequest(`Address a placement by 'placementId', or by 'externalWorkbookId' with 'sheetName' and 'anchorCell'`);
  }
  if (!row) throw notFound(`No such placement on report ${reportId}`);
  return String(row.id);
}

async function disconnectWorkbook(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const { deploymentId, reportId } = request.params as { deploymentId: string; reportId: string };
  const q = request.query;
  return ctx.db.transaction(async (tx) => {
    await loadReport(tx, deploymentId, reportId, user);
    const id = await findPlacement(tx, reportId, {
      placementId: q.get('placementId'), externalWorkbookId: q.get('externalWorkbookId'),
      sheetName: q.get('sheetName'), anchorCell: q.get('anchorCell'),
    });
    await tx.run(`DELETE FROM placements WHERE id = ?`, [id]);
    return { status: 200, body: await loadReport(tx, deploymentId, reportId, user) };
  });
}

async function refreshPlacement(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const { deploymentId, reportId } = request.params as { deploymentId: string; reportId: string };
  const body = parseBody(RefreshPlacement, request.body);
  const now = ctx.now().toISOString();
  return ctx.db.transaction(async (tx) => {
    await loadReport(tx, deploymentId, reportId, user);
    const id = await findPlacement(tx, reportId, body);
    const current = (await tx.one(`SELECT sheet_name, anchor_cell FROM placements WHERE id = ?`, [id]))!;
    // Addressed by id, the body may carry a new sheet name or anchor; addressed by location, those are the address.
    const sheetName = body.placementId ? body.sheetName ?? String(current.sheet_name) : String(current.sheet_name);
    const anchorCell = body.placementId ? body.anchorCell ?? String(current.anchor_cell) : String(current.anchor_cell);
    await tx.run(
      `UPDATE placements SET sheet_name = ?, anchor_cell = ?, result_location = ?, end_result_cell = ?, result_checksum = ?,
        query_checksum = ?, refreshed_at = ?, refreshed_by_user_id = ? WHERE id = ?`,
      [sheetName, anchorCell, body.resultLocation, body.endResultCell, body.resultChecksum, body.queryChecksum, now, user.id, id],
    );
    await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id = ?`, [now, reportId]);
    return { status: 200, body: await loadReport(tx, deploymentId, reportId, user) };
  });
}

export function reportRoutes(router: Router, ctx: PlatformContext): void {
  const base = '/api/v1/deployments/:deploymentId/reports';
  router
    .add('GET', base, (r) => listReports(ctx, r))
    .add('PUT', `${base}/by-public-id/:publicId`, (r) => upsertByPublicId(ctx, r))
    .add('PUT', `${base}/:reportId/connect-workbook`, (r) => connectWorkbook(ctx, r))
    .add('DELETE', `${base}/:reportId/connect-workbook`, (r) => disconnectWorkbook(ctx, r))
    .add('PUT', `${base}/:reportId/refresh`, (r) => refreshPlacement(ctx, r));
}

