import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, type ResultChecksum } from '../../src/contract';
import type { PlatformContext } from '../context';
import { badRequest, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { Row, SqlParam, StateConnection } from '../store/database';
import type { UserRecord } from '../store/rows';
import { nextPlacementKey } from '../store/schema';
import { authenticate } from './auth';
import { integerPathParam } from './cursor';
import { addressOf, checksumText, findPlacement, kept } from './placement-lookup';
import { visibleDeployment } from './platform';
import { refreshPlacement } from './refresh-batch';
import { checkedReportResponse, checkReport, placementRows } from './report-store';
import { parseBody } from './validation';

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

/** Records a new placement, stamped with the report's current query checksum (of its `report` row when the caller has it). */
export async function insertPlacement(tx: StateConnection, ctx: PlatformContext, user: UserRecord, reportId: number, body: NewPlacement, report?: Row): Promise<string> {
  const address = addressOf(body);
  report ??= await tx.one(`SELECT query_checksum FROM reports WHERE id = ?`, [reportId]);
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

/** What a placement route works with, in one transaction: the caller, the report's row and placements, the parsed body. */
interface PlacementCall<T> {
  tx: StateConnection;
  user: UserRecord;
  reportId: number;
  report: Row;
  placements: Row[];
  body: T;
  now: string;
}

/**
 * A route on one report's placements: the caller may see the deployment and read the report (all of them
 * need only read access); the answer is the report as it is afterwards. `viewed` marks the report viewed.
 * After the work only the placements are read again: the work changes nothing else of the report. (Refresh
 * records, which a pane's Refresh all sends in bursts, go through `refresh-batch.ts` instead.)
 */
function placementRoute<T extends z.ZodType>(ctx: PlatformContext, schema: T, viewed: boolean, work: (call: PlacementCall<z.infer<T>>) => Promise<void>) {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const user = await authenticate(ctx, request);
    const deploymentId = integerPathParam(request, 'deploymentId');
    const reportId = integerPathParam(request, 'reportId');
    const body = parseBody(schema, request.body);
    return ctx.db.transaction(async (tx) => {
      await visibleDeployment(tx, user, deploymentId);
      const checked = await checkReport(tx, user, deploymentId, reportId);
      const placements = await placementRows(tx, [reportId]);
      const now = ctx.now().toISOString();
      await work({ tx, user, reportId, report: checked.row, placements, body, now });
      if (viewed) await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id = ?`, [now, reportId]);
      const row = viewed ? { ...checked.row, last_viewed_at: now } : checked.row;
      return { status: 200, body: checkedReportResponse({ ...checked, row }, await placementRows(tx, [reportId])) };
    });
  };
}

/** Sets the given columns of one placement's `row`. */
async function updatePlacement(tx: StateConnection, row: Row, columns: Record<string, SqlParam>): Promise<void> {
  const names = Object.keys(columns);
  await tx.run(`UPDATE placements SET ${names.map((name) => `${name} = ?`).join(', ')} WHERE row_key = ?`, [...Object.values(columns), Number(row.row_key)]);
}

/**
 * `PUT …/connect-workbook`: upserts the placement for the given workbook and never changes the report's query.
 * A placement recorded before ids existed gets one. `addressOnly` corrects the address (a renamed sheet, say)
 * and keeps the recorded checksums.
 */
const connectWorkbook = (ctx: PlatformContext) => placementRoute(ctx, ConnectReportToWorkbookInput, true, async ({ tx, user, reportId, report, placements, body, now }) => {
  // By id first (the placement may have moved), else by where it is (how a placement without an id is found).
  const byId = body.placementId ? findPlacement(placements, body) : null;
  if (body.placementId && !byId && (await tx.one(`SELECT id FROM placements WHERE id = ?`, [body.placementId]))) {
    throw badRequest(`'placementId' ${body.placementId} belongs to another report`);
  }
  const existing = byId ?? findPlacement(placements, { ...body, placementId: null });
  if (!existing) {
    await insertPlacement(tx, ctx, user, reportId, body, report);
    return;
  }
  const address = addressOf(body);
  await updatePlacement(tx, existing, {
    id: kept(existing.id) ?? body.placementId ?? randomUUID(),
    workbook_id: body.externalWorkbookId,
    result_location: body.resultLocation,
    host: body.host ?? kept(existing.host),
    sheet_id: body.sheetId ?? kept(existing.sheet_id),
    sheet_name: address.sheetName,
    anchor_cell: address.anchorCell,
    workbook_name: body.workbookName ?? kept(existing.workbook_name),
    end_result_cell: body.endResultCell ?? address.endResultCell,
    ...(body.addressOnly ? {} : {
      placed_at: now,
      placed_by_user_id: user.id,
      query_checksum: kept(report.query_checksum),
      result_checksum: checksumText(body.resultChecksum),
    }),
  });
});

/** `DELETE …/connect-workbook` with a JSON body: removes one placement; a target that matches none changes nothing. */
const disconnectWorkbook = (ctx: PlatformContext) => placementRoute(ctx, DisconnectReportFromWorkbookInput, false, async ({ tx, placements, body }) => {
  const found = findPlacement(placements, body);
  if (found) await tx.run(`DELETE FROM placements WHERE row_key = ?`, [Number(found.row_key)]);
});

export function placementRoutes(router: Router, ctx: PlatformContext): void {
  const base = '/api/v1/deployments/:deploymentId/reports/:reportId';
  router
    .add('PUT', `${base}/connect-workbook`, connectWorkbook(ctx))
    .add('DELETE', `${base}/connect-workbook`, disconnectWorkbook(ctx))
    .add('PUT', `${base}/refresh`, refreshPlacement(ctx));
}
