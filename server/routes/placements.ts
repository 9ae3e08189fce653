import { randomUUID } from 'node:crypto';
import {
  ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, RefreshReportInput, type ResultChecksum,
} from '../../src/contract';
import { cellAddress, parseSheetAddress, sheetAddress } from '../../src/core/a1';
import type { PlatformContext } from '../context';
import { badRequest, notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { Row, StateConnection } from '../store/database';
import type { UserRecord } from '../store/rows';
import { nextPlacementKey } from '../store/schema';
import { authenticate } from './auth';
import { integerPathParam } from './cursor';
import { visibleDeployment } from './platform';
import { loadReport } from './report-store';
import { parseBody } from './validation';

/** A placement's place as the body gives it, completed from `resultLocation` where it names the sheet. */
interface Address {
  sheetName: string | null;
  anchorCell: string | null;
  endResultCell: string | null;
}

function addressOf(body: { resultLocation?: string | null; sheetName?: string | null; anchorCell?: string | null }): Address {
  let parsed: ReturnType<typeof parseSheetAddress> | null = null;
  if (body.resultLocation) {
    try {
      parsed = parseSheetAddress(body.resultLocation);
    } catch {
      throw badRequest(`'resultLocation' must be a range such as Sheet1!B3:D8, not "${body.resultLocation}"`);
    }
  }
  return {
    sheetName: body.sheetName ?? parsed?.sheetName ?? null,
    anchorCell: body.anchorCell ?? (parsed ? cellAddress({ row: parsed.rect.top, column: parsed.rect.left }) : null),
    endResultCell: parsed ? cellAddress({ row: parsed.rect.bottom, column: parsed.rect.right }) : null,
  };
}

const checksumText = (checksum: ResultChecksum | null | undefined) => (checksum ? JSON.stringify(checksum) : null);

/**
 * The placement a body addresses: by `placementId`; or by `externalWorkbookId` with `sheetName` and
 * `anchorCell`, or a `resultLocation` naming both (a placement recorded before ids existed has only that);
 * `sheetId` narrows. Null when nothing matches.
 */
async function findPlacement(
  tx: StateConnection,
  reportId: number,
  body: { placementId?: string | null; externalWorkbookId?: string | null; sheetId?: string | null; sheetName?: string | null; anchorCell?: string | null; resultLocation?: string | null },
): Promise<Row | null> {
  if (body.placementId) return (await tx.one(`SELECT * FROM placements WHERE id = ? AND report_id = ?`, [body.placementId, reportId])) ?? null;
  if (!body.externalWorkbookId) {
    throw badRequest(`Address a placement by 'placementId', or by 'externalWorkbookId' with 'sheetName' and 'anchorCell' (or 'resultLocation')`);
  }
  const { sheetName, anchorCell } = addressOf(body);
  if (!sheetName || !anchorCell) {
    throw badRequest(`Address a placement by 'placementId', or by 'externalWorkbookId' with 'sheetName' and 'anchorCell' (or 'resultLocation')`);
  }
  const candidates = await tx.all(`SELECT * FROM placements WHERE report_id = ? AND workbook_id = ? ORDER BY row_key`, [reportId, body.externalWorkbookId]);
  const match = candidates.find((row) => {
    if (body.sheetId && row.sheet_id !== null && row.sheet_id !== body.sheetId) return false;
    const recorded = row.sheet_name !== null && row.anchor_cell !== null
      ? { sheetName: String(row.sheet_name), anchorCell: String(row.anchor_cell) }
      : addressOf({ resultLocation: String(row.result_location) });
    return recorded.sheetName === sheetName && recorded.anchorCell === anchorCell;
  });
  return match ?? null;
}

export interface NewPlacement {
  externalWorkbookId: string;
  resultLocation: string;
  placementId?: string | null;
  host?: string | null;
  sheetId?: string | null;
  sheetName?: string | null;
  anchorCell?: string | null;
  workbookName?: string | null;
  endResultCell?: string | null;
  resultChecksum?: ResultChecksum | null;
}

/** Records a new placement, stamped with the report's current query checksum. */
export async function insertPlacement(tx: StateConnection, ctx: PlatformContext, user: UserRecord, reportId: number, body: NewPlacement): Promise<string> {
  const address = addressOf(body);
  const report = await tx.one(`SELECT query_checksum FROM reports WHERE id = ?`, [reportId]);
  const id = body.placementId ?? randomUUID();
  if (await tx.one(`SELECT id FROM placements WHERE id = ?`, [id])) throw badRequest(`'placementId' ${id} is already used`);
  await tx.run(
    `INSERT INTO placements VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
    [
      await nextPlacementKey(tx), id, reportId, body.externalWorkbookId, body.resultLocation, body.host ?? null, body.sheetId ?? null,
      address.sheetName, address.anchorCell, body.workbookName ?? null, body.endResultCell ?? address.endResultCell,
      ctx.now().toISOString(), user.id, (report?.query_checksum as string | null) ?? null, checksumText(body.resultChecksum),
    ],
  );
  return id;
}

/**
 * `PUT …/connect-workbook`: upserts the placement for the given workbook (needs only read access) and never
 * changes the report's query. A placement recorded before ids existed gets one. `addressOnly` corrects the
 * address (a renamed sheet, say) and keeps the recorded checksums.
 */
async function connectWorkbook(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  const body = parseBody(ConnectReportToWorkbookInput, request.body);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const { row: report } = await loadReport(tx, user, deploymentId, reportId);
    // By id first (the placement may have moved), else by where it is (how a placement without an id is found).
    const byId = body.placementId ? await findPlacement(tx, reportId, body) : null;
    if (body.placementId && !byId && (await tx.one(`SELECT id FROM placements WHERE id = ?`, [body.placementId]))) {
      throw badRequest(`'placementId' ${body.placementId} belongs to another report`);
    }
    const existing = byId ?? (await findPlacement(tx, reportId, { ...body, placementId: null }));
    const now = ctx.now().toISOString();
    if (!existing) {
      await insertPlacement(tx, ctx, user, reportId, body);
    } else {
      const address = addressOf(body);
      const kept = (value: unknown) => (value === null || value === undefined ? null : String(value));
      const id = kept(existing.id) ?? body.placementId ?? randomUUID();
      const common = [id, body.externalWorkbookId, body.resultLocation, body.host ?? kept(existing.host), body.sheetId ?? kept(existing.sheet_id),
        address.sheetName, address.anchorCell, body.workbookName ?? kept(existing.workbook_name), body.endResultCell ?? address.endResultCell] as const;
      if (body.addressOnly) {
        await tx.run(
          `UPDATE placements SET id = ?, workbook_id = ?, result_location = ?, host = ?, sheet_id = ?, sheet_name = ?, anchor_cell = ?,
            workbook_name = ?, end_result_cell = ? WHERE row_key = ?`,
          [...common, Number(existing.row_key)],
        );
      } else {
        await tx.run(
          `UPDATE placements SET id = ?, workbook_id = ?, result_location = ?, host = ?, sheet_id = ?, sheet_name = ?, anchor_cell = ?,
            workbook_name = ?, end_result_cell = ?, placed_at = ?, placed_by_user_id = ?, query_checksum = ?, result_checksum = ? WHERE row_key = ?`,
          [...common, now, user.id, (report.query_checksum as string | null) ?? null, checksumText(body.resultChecksum), Number(existing.row_key)],
        );
      }
    }
    await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id = ?`, [now, reportId]);
    return { status: 200, body: (await loadReport(tx, user, deploymentId, reportId)).report };
  });
}

/** `DELETE …/connect-workbook` with a JSON body: removes one placement; a target that matches none changes nothing. */
async function disconnectWorkbook(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  const body = parseBody(DisconnectReportFromWorkbookInput, request.body);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    await loadReport(tx, user, deploymentId, reportId);
    const found = await findPlacement(tx, reportId, body);
    if (found) await tx.run(`DELETE FROM placements WHERE row_key = ?`, [Number(found.row_key)]);
    return { status: 200, body: (await loadReport(tx, user, deploymentId, reportId)).report };
  });
}

/**
 * `PUT …/refresh`: records that a placement was rewritten: where it is now (addressed by id, the body's
 * `sheetName`, `anchorCell` and `resultLocation` are its new place), what was written, and the report's
 * current query checksum. `404` when no placement matches.
 */
async function refreshPlacement(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const deploymentId = integerPathParam(request, 'deploymentId');
  const reportId = integerPathParam(request, 'reportId');
  const body = parseBody(RefreshReportInput, request.body);
  return ctx.db.transaction(async (tx) => {
    await visibleDeployment(tx, user, deploymentId);
    const { row: report } = await loadReport(tx, user, deploymentId, reportId);
    const found = await findPlacement(tx, reportId, body);
    if (!found) throw notFound(`No such placement on report ${reportId}`);
    // Addressed by id with a new sheet name but no new range: the recorded range, on the renamed sheet.
    const renamed = body.placementId && body.sheetName && !body.resultLocation
      ? sheetAddress(body.sheetName, parseSheetAddress(String(found.result_location)).rect)
      : null;
    const location = body.resultLocation ?? renamed ?? String(found.result_location);
    const address = body.placementId ? addressOf({ ...body, resultLocation: location }) : addressOf({ resultLocation: location, sheetName: found.sheet_name as string | null, anchorCell: found.anchor_cell as string | null });
    const now = ctx.now().toISOString();
    await tx.run(
      `UPDATE placements SET sheet_id = ?, sheet_name = ?, anchor_cell = ?, result_location = ?, end_result_cell = ?, result_checksum = ?,
        query_checksum = ?, refreshed_at = ?, refreshed_by_user_id = ? WHERE row_key = ?`,
      [
        body.sheetId ?? (found.sheet_id as string | null), address.sheetName, address.anchorCell, location, address.endResultCell,
        body.resultChecksum === undefined ? (found.result_checksum as string | null) : checksumText(body.resultChecksum),
        (report.query_checksum as string | null) ?? null, now, user.id, Number(found.row_key),
      ],
    );
    await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id = ?`, [now, reportId]);
    return { status: 200, body: (await loadReport(tx, user, deploymentId, reportId)).report };
  });
}

export function placementRoutes(router: Router, ctx: PlatformContext): void {
  const base = '/api/v1/deployments/:deploymentId/reports/:reportId';
  router
    .add('PUT', `${base}/connect-workbook`, (r) => connectWorkbook(ctx, r))
    .add('DELETE', `${base}/connect-workbook`, (r) => disconnectWorkbook(ctx, r))
    .add('PUT', `${base}/refresh`, (r) => refreshPlacement(ctx, r));
}
