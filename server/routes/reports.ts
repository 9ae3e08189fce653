import { randomBytes } from 'node:crypto';
import {
  CreateReportInput, MAX_NAME_LENGTH, PUBLIC_ID_PATTERN, REPORT_SORT_BY, REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX, SORT_DIRECTIONS,
  UpdateReportInput, type Report, type ReportSortBy, type SortDirection,
} from '../../src/contract';
import { queryChecksum } from '../../src/core/checksum';
import { canOnReport } from '../access';
import type { PlatformContext } from '../context';
import { badRequest, HttpError, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { Row, SqlParam, StateConnection } from '../store/database';
import { folderChain, type UserRecord } from '../store/rows';
import { nextId } from '../store/schema';
import { authenticate } from './auth';
import { decodeCursor, encodeCursor, integerPathParam, pageInfo, parseFirst, parseIntegerParam } from './cursor';
import { insertPlacement } from './placements';
import { visibleDeployment } from './platform';
import { foldersOf, loadReport, readableReports, selectReports } from './report-store';
import { parseBody } from './validation';

/** Each `sortBy`'s direction when `sortDirection` is not given. */
const DEFAULT_DIRECTION: Record<ReportSortBy, SortDirection> = { name: 'ASC', createdAt: 'DESC', updatedAt: 'DESC', lastViewedAt: 'DESC' };

const sortKeyOf = (row: Row, sortBy: ReportSortBy): string | null => {
  const value = { name: String(row.name).toLowerCase(), createdAt: row.created_at, updatedAt: row.updated_at, lastViewedAt: row.last_viewed_at }[sortBy];
  return value === null || value === undefined ? null : String(value);
};

function enumParam<T extends string>(request: ApiRequest, name: string, values: readonly T[], fallback: T): T {
  const value = request.query.get(name);
  if (value === null || value === '' || value === 'null') return fallback;
  if (!values.includes(value as T)) throw badRequest(`'${name}' must be one of ${values.join(', ')}`);
  return value as T;
}

/**
 * `GET …/reports`: the reports the caller may read, filtered (`search` in name or title, `folderId` directly
 * in that folder, `externalWorkbookId` placed in that workbook), sorted and cursor-paged. Cursors belong to
 * one sort; sorting by `lastViewedAt` has no cursor pagination (as the real API).
 */
async function listReports(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const q = request.query;
  const first = parseFirst(q.get('first'), REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX);
  const sortBy = enumParam(request, 'sortBy', REPORT_SORT_BY, 'updatedAt');
  const direction = enumParam(request, 'sortDirection', SORT_DIRECTIONS, DEFAULT_DIRECTION[sortBy]);
  const after = q.get('after');
  if (sortBy === 'lastViewedAt' && after) throw badRequest(`Cursor pagination ('after') is not available when sorting by lastViewedAt`);
  const cursorKind = `${sortBy}:${direction}`;
  const cursor = after ? decodeCursor(after, cursorKind) : null;

  const where = ['r.deployment_id = ?'];
  const params: SqlParam[] = [deploymentId];
  const search = q.get('search');
  if (search) {
    where.push(`(strpos(lower(r.name), lower(?)) > 0 OR strpos(lower(coalesce(r.title, '')), lower(?)) > 0)`);
    params.push(search, search);
  }
  const folderId = parseIntegerParam(request, 'folderId');
  if (folderId !== null) {
    where.push('r.folder_id = ?');
    params.push(folderId);
  }
  const workbookId = q.get('externalWorkbookId');
  if (workbookId) {
    where.push('r.id IN (SELECT report_id FROM placements WHERE workbook_id = ?)');
    params.push(workbookId);
  }
  return ctx.db.read(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const folders = await foldersOf(tx, deploymentId);
    const rows = await selectReports(tx, where.join(' AND '), params);
    // Access is decided per report (policies on folders and reports), so sorting and paging happen here.
    const keyOf = new Map(rows.map((row) => [Number(row.id), sortKeyOf(row, sortBy)]));
    const order = (a: { key: string | null; id: number }, b: { key: string | null; id: number }) => {
      const sign = direction === 'ASC' ? 1 : -1;
      if (a.key !== b.key) {
        if (a.key === null) return 1;
        if (b.key === null) return -1;
        return (a.key < b.key ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    };
    const keyed = (await readableReports(tx, user, rows, folders))
      .map((report) => ({ report, id: report.id, key: keyOf.get(report.id) ?? null }))
      .sort(order);
    // Exact cursors: the page starts after the cursor's (key, id), even if that report is gone since.
    const start = cursor ? keyed.findIndex((k) => order(k, { key: cursor.key, id: Number(cursor.id) }) > 0) : 0;
    const from = start < 0 ? keyed.length : start;
    const pageItems = keyed.slice(from, from + first);
    const encode = (k: (typeof keyed)[number] | undefined) =>
      k && sortBy !== 'lastViewedAt' ? encodeCursor({ sortBy: cursorKind, key: k.key, id: String(k.id) }) : null;
    const items = pageItems.map((k) => k.report);
    return {
      status: 200,
      body: {
        items,
        pageInfo: pageInfo(from + first < keyed.length, from > 0, encode(pageItems[0]), encode(pageItems.at(-1))),
        data: items,
        count: keyed.length,
      },
    };
  });
}

async function getReport(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  return ctx.db.read(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    return { status: 200, body: (await loadReport(tx, user, deploymentId, reportId)).report };
  });
}

const NAME_MESSAGES = {
  name: `'name' must be at most ${MAX_NAME_LENGTH} characters`,
  title: `'title' must be at most ${MAX_NAME_LENGTH} characters`,
  publicId: `'publicId' must be 12 letters or digits`,
};

function newPublicId(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function requireFolder(tx: StateConnection, deploymentId: number, folderId: number | null | undefined): Promise<void> {
  if (folderId === null || folderId === undefined) return;
  if (!(await tx.one(`SELECT id FROM folders WHERE id = ? AND deployment_id = ?`, [folderId, deploymentId]))) {
    throw badRequest(`Folder ${folderId} does not exist in this deployment`);
  }
}

/**
 * Creating a report in a folder (null: the deployment's top level), or moving one there, needs `ReportEdit` on
 * the deployment or that folder: owning a report does not make every folder the owner's to fill.
 */
async function requireRightToFile(tx: StateConnection, user: UserRecord, deploymentId: number, folderId: number | null, doing: string): Promise<void> {
  const chain = folderChain(folderId, await foldersOf(tx, deploymentId));
  if (canOnReport(user, 'ReportEdit', { id: -1, deploymentId, ownerId: -1 }, chain)) return;
  const where = chain.length ? `in the folder "${chain.at(-1)!.name}"` : `at the top level of this deployment`;
  throw new HttpError(403, `You lack the ReportEdit permission to ${doing} reports ${where}`);
}

/** A new report where the user may create one: `ReportEdit` on the deployment or the target folder. */
async function createReport(ctx: PlatformContext, tx: StateConnection, user: UserRecord, deploymentId: number, body: CreateReportInput, publicId: string): Promise<Report> {
  await requireFolder(tx, deploymentId, body.folderId);
  await requireRightToFile(tx, user, deploymentId, body.folderId ?? null, 'create');
  const taken = await tx.one(`SELECT deployment_id FROM reports WHERE public_id = ?`, [publicId]);
  if (taken) throw new HttpError(409, `The publicId ${publicId} is already used by another report`);
  const id = await nextId(tx, 'reports');
  const now = ctx.now().toISOString();
  const pivotItems = body.pivotItems ?? null;
  await tx.run(`INSERT INTO reports VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, NULL)`, [
    id, deploymentId, publicId, body.name ?? body.title ?? 'Untitled report', body.title ?? null, body.folderId ?? null,
    body.jsonQuery ?? null, pivotItems ? JSON.stringify(pivotItems) : null, body.sqlQuery ?? null,
    await queryChecksum({ jsonQuery: body.jsonQuery, pivotItems }), body.source ?? null, user.id, now, now,
  ]);
  if (body.externalWorkbookId && body.resultLocation) {
    await insertPlacement(tx, ctx, user, id, {
      externalWorkbookId: body.externalWorkbookId, resultLocation: body.resultLocation, host: body.host, sheetId: body.sheetId,
      workbookName: body.workbookName, endResultCell: body.endResultCell, resultChecksum: body.resultChecksum,
    });
  }
  return (await loadReport(tx, user, deploymentId, id)).report;
}

async function postReport(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const body = parseBody(CreateReportInput, request.body, NAME_MESSAGES);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    return { status: 200, body: await createReport(ctx, tx, user, deploymentId, body, body.publicId ?? newPublicId()) };
  });
}

/** Only the fields sent change; a changed query or pivot gives the report a new checksum (placements go CHANGED). */
async function applyUpdate(ctx: PlatformContext, tx: StateConnection, user: UserRecord, deploymentId: number, reportId: number, body: UpdateReportInput): Promise<Report> {
  const { row } = await loadReport(tx, user, deploymentId, reportId, 'edit');
  if (body.expectedVersion !== undefined && body.expectedVersion !== null && body.expectedVersion !== Number(row.version)) {
    throw new HttpError(409, `The report was changed since version ${body.expectedVersion} (it is at version ${row.version})`);
  }
  if (body.publicId && body.publicId !== row.public_id) throw badRequest(`'publicId' is set once and cannot be changed`);
  if (body.folderId !== undefined && (body.folderId ?? null) !== (row.folder_id === null ? null : Number(row.folder_id))) {
    await requireFolder(tx, deploymentId, body.folderId);
    await requireRightToFile(tx, user, deploymentId, body.folderId ?? null, 'move');
  }
  const has = (key: keyof UpdateReportInput) => body[key] !== undefined;
  const jsonQuery = has('jsonQuery') ? body.jsonQuery ?? null : (row.json_query as string | null);
  const pivotItems = has('pivotItems') ? body.pivotItems ?? null : row.pivot_items === null ? null : JSON.parse(String(row.pivot_items));
  const sqlQuery = has('sqlQuery') ? body.sqlQuery ?? null : (row.sql_query as string | null);
  await tx.run(
    `UPDATE reports SET name = ?, title = ?, folder_id = ?, json_query = ?, pivot_items = ?, sql_query = ?, query_checksum = ?,
      version = version + 1, updated_at = ? WHERE id = ?`,
    [
      has('name') && body.name ? body.name : String(row.name), has('title') ? body.title ?? null : (row.title as string | null),
      has('folderId') ? body.folderId ?? null : (row.folder_id as number | null), jsonQuery, pivotItems ? JSON.stringify(pivotItems) : null,
      sqlQuery, await queryChecksum({ jsonQuery, pivotItems }), ctx.now().toISOString(), reportId,
    ],
  );
  return (await loadReport(tx, user, deploymentId, reportId)).report;
}

async function putReport(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  const body = parseBody(UpdateReportInput, request.body, NAME_MESSAGES);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    return { status: 200, body: await applyUpdate(ctx, tx, user, deploymentId, reportId, body) };
  });
}

/**
 * `deleteReport`: the path has no documented answer body, so it answers as `deleteFolder` does, `204 No Content`.
 * Needs the manage right; the report's placements go with it.
 */
async function deleteReport(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    await loadReport(tx, user, deploymentId, reportId, 'manage');
    await tx.run(`DELETE FROM placements WHERE report_id = ?`, [reportId]);
    await tx.run(`DELETE FROM reports WHERE id = ?`, [reportId]);
    return { status: 204 };
  });
}

/** Create or update by the report's stable public id; `409` when another deployment holds that id. */
async function upsertByPublicId(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const publicId = request.params.publicId!;
  if (!PUBLIC_ID_PATTERN.test(publicId)) throw badRequest(NAME_MESSAGES.publicId);
  const body = parseBody(CreateReportInput, request.body, NAME_MESSAGES);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const existing = await tx.one(`SELECT id, deployment_id FROM reports WHERE public_id = ?`, [publicId]);
    if (existing && Number(existing.deployment_id) !== deploymentId) {
      throw new HttpError(409, `The publicId ${publicId} belongs to a report in another deployment`);
    }
    if (!existing) return { status: 200, body: await createReport(ctx, tx, user, deploymentId, body, publicId) };
    // `source` is create-only.
    const { source: _source, ...update } = body;
    return { status: 200, body: await applyUpdate(ctx, tx, user, deploymentId, Number(existing.id), { ...update, publicId }) };
  });
}

export function reportRoutes(router: Router, ctx: PlatformContext): void {
  const base = '/api/v1/deployments/:deploymentId/reports';
  router
    .add('GET', base, (r) => listReports(ctx, r))
    .add('POST', base, (r) => postReport(ctx, r))
    .add('PUT', `${base}/by-public-id/:publicId`, (r) => upsertByPublicId(ctx, r))
    .add('GET', `${base}/:reportId`, (r) => getReport(ctx, r))
    .add('PUT', `${base}/:reportId`, (r) => putReport(ctx, r))
    .add('DELETE', `${base}/:reportId`, (r) => deleteReport(ctx, r));
}
