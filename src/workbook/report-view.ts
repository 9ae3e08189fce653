import type { PivotItems, PivotItemsInput, Report, ReportPlacement, ResourceOwner, ResultChecksum } from '../contract';
import type { WorkbookPivotItems, WorkbookPlacement, WorkbookReportRecord, WorkbookResultChecksum } from '../contract/workbook-report';
import { queryChecksum } from '../core/checksum';
import { syncStatusOf } from '../core/sync-status';
import type { KeptReport } from './report-parts';

/**
 * A record kept in the workbook as the platform's `Report` (the ports' shape whichever adapter keeps it), and the
 * platform's inputs as a record's fields. What the platform has and the workbook does not: no folders (`folderId`
 * null, `folderPath` empty), no user ids (the saver is known by name only: `user.id` 0, `user.email` empty, so
 * `reportOwner` gives no one to ask), every right (`canEdit`, `canManage`: anyone who opens the file may), no
 * `sqlQuery`, `source` or `meta`. The query checksum is `core/checksum.ts`'s, over the report as answered here.
 */

/** The pivot items as a `Report` carries them (without what a newer version kept). */
export function pivotItemsOf(pivot: WorkbookPivotItems | undefined): PivotItems | null {
  if (!pivot) return null;
  const { kept: _kept, ...items } = pivot;
  return items;
}

/** Pivot items from an input as the record keeps them (absent rather than null), keeping what a newer version kept on the old ones. */
export function recordPivot(input: PivotItemsInput | null | undefined, before: WorkbookPivotItems | undefined): WorkbookPivotItems | undefined {
  if (!input) return undefined;
  const items: WorkbookPivotItems = { rows: [...input.rows], columns: [...input.columns], measures: [...input.measures], filters: [...input.filters] };
  if (input.measuresAxis) items.measuresAxis = input.measuresAxis;
  if (input.measuresPosition) items.measuresPosition = input.measuresPosition;
  if (input.displayScale) items.displayScale = input.displayScale;
  if (typeof input.showAppliedFilters === 'boolean') items.showAppliedFilters = input.showAppliedFilters;
  if (typeof input.showColumnTotals === 'boolean') items.showColumnTotals = input.showColumnTotals;
  if (typeof input.showRowTotals === 'boolean') items.showRowTotals = input.showRowTotals;
  if (before?.kept) items.kept = before.kept;
  return items;
}

/** The report's current query checksum: changes whenever its query or pivot items do. */
export function currentChecksum(record: WorkbookReportRecord): Promise<string> {
  return queryChecksum({ jsonQuery: record.report.jsonQuery, pivotItems: pivotItemsOf(record.report.pivotItems) });
}

export function resultChecksumOf(value: WorkbookResultChecksum | undefined): ResultChecksum | null {
  if (!value) return null;
  const chunks = value.chunks.map((c) => ({ from: c.from, hash: c.hash, ...(c.to === undefined ? {} : { to: c.to }) }));
  return { v: value.v, chunks, ...(value.payload === undefined ? {} : { payload: value.payload }) };
}

export function recordResultChecksum(value: ResultChecksum | null | undefined): WorkbookResultChecksum | undefined {
  if (!value) return undefined;
  const chunks = value.chunks.map((c) => ({ from: c.from, hash: c.hash, ...(c.to === null || c.to === undefined ? {} : { to: c.to }) }));
  return { v: value.v, chunks, ...(value.payload === undefined ? {} : { payload: value.payload }) };
}

/** A placement as the platform answers it; `placedBy` and `refreshedBy` name who did it (there are no user ids). */
export function placementOf(p: WorkbookPlacement, workbookId: string, reportChecksum: string): ReportPlacement {
  return {
    id: p.id,
    workbookId,
    host: 'EXCEL',
    sheetId: null,
    sheetName: p.sheetName,
    anchorCell: p.anchorCell,
    workbookName: null,
    resultLocation: p.resultLocation,
    endResultCell: p.endResultCell ?? null,
    placedAt: p.placed.at,
    placedByUserId: null,
    placedBy: p.placed.by ?? null,
    refreshedAt: p.refreshed?.at ?? null,
    refreshedByUserId: null,
    refreshedBy: p.refreshed?.by ?? null,
    queryChecksum: p.queryChecksum,
    syncStatus: syncStatusOf(p.queryChecksum, reportChecksum),
    resultChecksum: resultChecksumOf(p.resultChecksum),
  };
}

/** The saver: who last saved the report, by the name the add-in knew them by. */
export function saverOf(record: WorkbookReportRecord): ResourceOwner {
  return { id: 0, email: '', firstName: record.report.updated.by ?? record.report.created.by ?? null, picture: null };
}

export async function reportOf(kept: KeptReport, deploymentId: number, workbookId: string): Promise<Report> {
  const { report, placements } = kept.record;
  const checksum = await currentChecksum(kept.record);
  const owner = saverOf(kept.record);
  return {
    id: kept.reportId,
    deploymentId,
    publicId: report.publicId,
    name: report.name,
    title: report.title ?? null,
    description: report.description ?? null,
    type: 'REPORT',
    userId: owner.id,
    user: owner,
    createdBy: null,
    createdAt: report.created.at,
    updatedAt: report.updated.at,
    canEdit: true,
    canManage: true,
    currentQueryChecksum: checksum,
    folderId: null,
    folderPath: [],
    jsonQuery: report.jsonQuery,
    pivotItems: pivotItemsOf(report.pivotItems),
    sqlQuery: null,
    source: null,
    version: report.version,
    meta: null,
    refreshedBy: null,
    refreshedByUser: owner,
    externalWorkbookId: null,
    resultLocation: null,
    endResultCell: null,
    workbookId: null,
    rolesWithAccess: null,
    externalWorkbookPlacements: placements.map((p) => placementOf(p, workbookId, checksum)),
  };
}
