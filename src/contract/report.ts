import { z } from 'zod';
import { CubeQuery } from './cube';
import { isoDateTime, MAX_NAME_LENGTH, page } from './common';

export const MeasuresAxis = z.enum(['columns', 'rows']);
export const MeasuresPosition = z.enum(['before', 'after']);
export const DisplayScale = z.enum(['model', 'absolute', 'thousands', 'millions', 'billions']);
export type DisplayScale = z.infer<typeof DisplayScale>;
export type MeasuresAxis = z.infer<typeof MeasuresAxis>;
export type MeasuresPosition = z.infer<typeof MeasuresPosition>;

/** How a report's result is laid out in cells. Every field is optional on input; see `withPivotDefaults`. */
export const PivotInput = z.object({
  rows: z.array(z.string()).optional(),
  columns: z.array(z.string()).optional(),
  measuresAxis: MeasuresAxis.optional(),
  measuresPosition: MeasuresPosition.optional(),
  displayScale: DisplayScale.optional(),
  showColumnTotals: z.boolean().optional(),
});
export type PivotInput = z.infer<typeof PivotInput>;

export const Pivot = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  measuresAxis: MeasuresAxis,
  measuresPosition: MeasuresPosition,
  displayScale: DisplayScale,
  showColumnTotals: z.boolean(),
});
export type Pivot = z.infer<typeof Pivot>;

/** The member name a time dimension has in results and pivots: `cube.member.granularity`, or the plain name. */
export function timeDimensionMember(td: { dimension: string; granularity?: string }): string {
  return td.granularity ? `${td.dimension}.${td.granularity}` : td.dimension;
}

/** Fills the contract's defaults: rows = the query's dimensions and time dimensions, measures on columns after. */
export function withPivotDefaults(input: PivotInput | undefined, query: CubeQuery): Pivot {
  const defaultRows = [
    ...(query.dimensions ?? []),
    ...(query.timeDimensions ?? []).filter((td) => td.granularity).map(timeDimensionMember),
  ];
  return {
    rows: input?.rows ?? defaultRows,
    columns: input?.columns ?? [],
    measuresAxis: input?.measuresAxis ?? 'columns',
    measuresPosition: input?.measuresPosition ?? 'after',
    displayScale: input?.displayScale ?? 'model',
    showColumnTotals: input?.showColumnTotals ?? false,
  };
}

export const Host = z.enum(['EXCEL', 'GOOGLE_SHEETS']);
export type Host = z.infer<typeof Host>;

export const SyncStatus = z.enum(['UP_TO_DATE', 'CHANGED', 'UNKNOWN']);
export type SyncStatus = z.infer<typeof SyncStatus>;

/** A1 reference of one cell without a sheet, e.g. `B2`. */
export const CellAddress = z.string().regex(/^[A-Z]{1,3}[1-9][0-9]{0,6}$/, 'expected an A1 cell such as B2');

export const Placement = z.object({
  id: z.string(),
  workbookId: z.string(),
  host: Host,
  sheetId: z.string(),
  sheetName: z.string(),
  anchorCell: z.string(),
  workbookName: z.string(),
  resultLocation: z.string(),
  endResultCell: z.string(),
  placedAt: isoDateTime,
  placedByUserId: z.string(),
  refreshedAt: isoDateTime.nullable(),
  refreshedByUserId: z.string().nullable(),
  queryChecksum: z.string().nullable(),
  syncStatus: SyncStatus,
  resultChecksum: z.string().nullable(),
});
export type Placement = z.infer<typeof Placement>;

export const FolderRef = z.object({ id: z.string(), name: z.string() });
export type FolderRef = z.infer<typeof FolderRef>;

export const Report = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  publicId: z.string().nullable(),
  folderPath: z.array(FolderRef),
  canEdit: z.boolean(),
  canManage: z.boolean(),
  query: CubeQuery,
  pivot: Pivot,
  currentQueryChecksum: z.string().nullable(),
  externalWorkbookPlacements: z.array(Placement),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  lastViewedAt: isoDateTime.nullable(),
});
export type Report = z.infer<typeof Report>;

export const ReportPage = page(Report);

export const ReportSortBy = z.enum(['name', 'createdAt', 'updatedAt', 'lastViewedAt']);
export type ReportSortBy = z.infer<typeof ReportSortBy>;

export const REPORTS_PAGE_DEFAULT = 20;
export const REPORTS_PAGE_MAX = 100;

export interface ReportListParams {
  first?: number;
  after?: string;
  sortBy?: ReportSortBy;
  search?: string;
  folderId?: string;
  externalWorkbookId?: string;
}

/** Body of `PUT /reports/by-public-id/{publicId}`. */
export const ReportUpsert = z.object({
  name: z.string().min(1).max(MAX_NAME_LENGTH),
  title: z.string().min(1).max(MAX_NAME_LENGTH).optional(),
  query: CubeQuery,
  pivot: PivotInput.optional(),
  folderId: z.string().nullable().optional(),
});
export type ReportUpsert = z.infer<typeof ReportUpsert>;

const placementLocation = {
  resultLocation: z.string().min(1),
  endResultCell: CellAddress,
  resultChecksum: z.string().nullable(),
  queryChecksum: z.string().nullable(),
};

/** Body of `PUT /reports/{reportId}/connect-workbook`. */
export const ConnectWorkbook = z.object({
  externalWorkbookId: z.string().min(1),
  host: Host,
  sheetId: z.string().min(1),
  sheetName: z.string().min(1),
  anchorCell: CellAddress,
  workbookName: z.string(),
  placementId: z.string().optional(),
  ...placementLocation,
});
export type ConnectWorkbook = z.infer<typeof ConnectWorkbook>;

/** How a placement is addressed: by id, or by workbook + sheet name + anchor as recorded. */
export type PlacementAddress =
  | { placementId: string }
  | { externalWorkbookId: string; sheetName: string; anchorCell: string };

/** Body of `PUT /reports/{reportId}/refresh`. `sheetName`/`anchorCell` are the new values when addressed by id. */
export const RefreshPlacement = z.object({
  placementId: z.string().optional(),
  externalWorkbookId: z.string().optional(),
  sheetName: z.string().min(1).optional(),
  anchorCell: CellAddress.optional(),
  ...placementLocation,
});
export type RefreshPlacement = z.infer<typeof RefreshPlacement>;
