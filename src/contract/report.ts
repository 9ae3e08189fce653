import { z } from 'zod';
import {
  clientFallback, DateOrDateTime, FolderPathEntry, InputId, IntegerId, listResponse, MAX_NAME_LENGTH, nullish, openEnum, ResourceOwner,
} from './common';

export const MEASURES_AXES = ['columns', 'rows'] as const;
export const MEASURES_POSITIONS = ['before', 'after'] as const;
export const DISPLAY_SCALES = ['model', 'absolute', 'thousands', 'millions', 'billions'] as const;
export type MeasuresAxis = (typeof MEASURES_AXES)[number];
export type MeasuresPosition = (typeof MEASURES_POSITIONS)[number];
export type DisplayScale = (typeof DISPLAY_SCALES)[number];

/**
 * api.yaml `PivotItems`: which members go on rows and columns, the order of the measures, the members of the
 * filter zone, and the display options (v0.4.0 axis/position, v0.7.0 scale and column totals, v0.10.0 the
 * per-report applied-filter override, v0.12.0 row totals). An unknown display value falls back to the default.
 */
export const PivotItems = z.looseObject({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  measures: z.array(z.string()),
  filters: z.array(z.string()),
  measuresAxis: nullish(openEnum(MEASURES_AXES, null)),
  measuresPosition: nullish(openEnum(MEASURES_POSITIONS, null)),
  displayScale: nullish(openEnum(DISPLAY_SCALES, null)),
  showAppliedFilters: nullish(z.boolean()),
  showColumnTotals: nullish(z.boolean()),
  showRowTotals: nullish(z.boolean()),
});
export type PivotItems = z.infer<typeof PivotItems>;

/** api.yaml `PivotItemsInput` (request bodies: strict enums). */
export const PivotItemsInput = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  measures: z.array(z.string()),
  filters: z.array(z.string()),
  measuresAxis: z.enum(MEASURES_AXES).nullish(),
  measuresPosition: z.enum(MEASURES_POSITIONS).nullish(),
  displayScale: z.enum(DISPLAY_SCALES).nullish(),
  showAppliedFilters: z.boolean().nullish(),
  showColumnTotals: z.boolean().nullish(),
  showRowTotals: z.boolean().nullish(),
});
export type PivotItemsInput = z.infer<typeof PivotItemsInput>;

export const HOSTS = ['EXCEL', 'GOOGLE_SHEETS'] as const;
export type Host = (typeof HOSTS)[number];
export const SYNC_STATUSES = ['UP_TO_DATE', 'CHANGED', 'UNKNOWN'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const REPORT_SOURCES = ['GOOGLE_SHEETS', 'EXCEL', 'PLAYGROUND', 'D3'] as const;
export const WORKSPACE_ITEM_TYPES = ['FOLDER', 'WORKBOOK', 'REPORT'] as const;

export const RESULT_CHECKSUM_MAX_CHUNKS = 2000;

/** api.yaml `ReportPlacementResultChunk`: a block of rows from `from` (0-based); `to` is deprecated. */
export const ResultChunk = z.object({
  from: z.number().int().min(0),
  hash: z.string().min(1).max(64),
  to: z.number().int().min(0).nullish(),
});

/**
 * api.yaml `ReportPlacementResultChecksum` (and `…Input`, the same shape): computed by the add-in over the cells
 * it wrote, opaque to the server. `payload` (1–128 characters) came with v0.15.0.
 */
export const ResultChecksum = z.object({
  v: z.number().int().min(1),
  chunks: z.array(ResultChunk).max(RESULT_CHECKSUM_MAX_CHUNKS),
  payload: z.string().min(1).max(128).optional(),
});
export type ResultChecksum = z.infer<typeof ResultChecksum>;

/**
 * api.yaml `ReportPlacement`: only `workbookId` and `resultLocation` are sure to be there. Placements recorded
 * before v0.4.0 have nothing else (no id): they are listed and can be linked again.
 */
export const ReportPlacement = z.looseObject({
  workbookId: z.string(),
  resultLocation: z.string(),
  id: nullish(z.string()),
  anchorCell: nullish(z.string()),
  endResultCell: nullish(z.string()),
  host: nullish(openEnum(HOSTS, null)),
  placedAt: nullish(z.string()),
  placedByUserId: nullish(z.number().int()),
  queryChecksum: nullish(z.string()),
  refreshedAt: nullish(z.string()),
  refreshedByUserId: nullish(z.number().int()),
  // A checksum this add-in cannot read (another client's, a newer version's) is as good as none.
  resultChecksum: nullish(ResultChecksum.or(clientFallback(z.unknown().transform(() => null)))),
  sheetId: nullish(z.string()),
  sheetName: nullish(z.string()),
  syncStatus: nullish(openEnum(SYNC_STATUSES, 'UNKNOWN')),
  workbookName: nullish(z.string()),
});
export type ReportPlacement = z.infer<typeof ReportPlacement>;

/** api.yaml `Report` (there is no `query`, `pivot` or `lastViewedAt`: the query is the JSON text `jsonQuery`). */
export const Report = z.looseObject({
  id: IntegerId,
  deploymentId: IntegerId,
  publicId: z.string(),
  name: z.string(),
  userId: z.number().int(),
  user: ResourceOwner,
  type: openEnum(WORKSPACE_ITEM_TYPES, null),
  createdAt: DateOrDateTime,
  updatedAt: DateOrDateTime,
  // Required by the schema but never read here; a server that leaves it out loses nothing.
  refreshedByUser: nullish(ResourceOwner),
  title: nullish(z.string()),
  description: nullish(z.string()),
  canEdit: nullish(z.boolean()),
  canManage: nullish(z.boolean()),
  createdBy: nullish(z.number().int()),
  currentQueryChecksum: nullish(z.string()),
  endResultCell: nullish(z.string()),
  externalWorkbookId: nullish(z.string()),
  externalWorkbookPlacements: nullish(z.array(ReportPlacement)),
  folderId: nullish(z.number().int()),
  folderPath: nullish(z.array(FolderPathEntry)),
  jsonQuery: nullish(z.string()),
  meta: nullish(z.unknown()),
  pivotItems: nullish(PivotItems),
  refreshedBy: nullish(z.number().int()),
  resultLocation: nullish(z.string()),
  rolesWithAccess: nullish(z.array(z.unknown())),
  source: nullish(openEnum(REPORT_SOURCES, null)),
  sqlQuery: nullish(z.string()),
  version: nullish(z.number().int()),
  workbookId: nullish(z.number().int()),
});
export type Report = z.infer<typeof Report>;

/** api.yaml `ReportsListResponse`. */
export const ReportsListResponse = listResponse(Report);

export const REPORT_SORT_BY = ['name', 'createdAt', 'updatedAt', 'lastViewedAt'] as const;
export type ReportSortBy = (typeof REPORT_SORT_BY)[number];
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const REPORTS_PAGE_DEFAULT = 20;
export const REPORTS_PAGE_MAX = 100;

/** The query parameters of `GET …/reports` the add-in sends. */
export interface ReportListParams {
  first?: number;
  after?: string;
  sortBy?: ReportSortBy;
  sortDirection?: SortDirection;
  search?: string;
  folderId?: number;
  externalWorkbookId?: string;
}

/** api.yaml `publicId`: 12 characters `[0-9A-Za-z]`. */
export const PUBLIC_ID_PATTERN = /^[0-9A-Za-z]{12}$/;
export const PublicId = z.string().regex(PUBLIC_ID_PATTERN, 'must be 12 letters or digits');

const name = z.string().max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`);

/** api.yaml `CreateReportInput` (`POST …/reports`, `PUT …/reports/by-public-id/{publicId}`): nothing required. */
export const CreateReportInput = z.object({
  name: name.nullish(),
  title: name.nullish(),
  publicId: PublicId.nullish(),
  jsonQuery: z.string().nullish(),
  pivotItems: PivotItemsInput.nullish(),
  folderId: InputId.nullish(),
  source: z.enum(REPORT_SOURCES).nullish(),
  host: z.enum(HOSTS).nullish(),
  externalWorkbookId: z.string().nullish(),
  workbookId: InputId.nullish(),
  workbookName: z.string().nullish(),
  sheetId: z.string().nullish(),
  resultLocation: z.string().nullish(),
  endResultCell: z.string().nullish(),
  resultChecksum: ResultChecksum.nullish(),
  meta: z.record(z.string(), z.unknown()).nullish(),
  sqlQuery: z.string().nullish(),
});
export type CreateReportInput = z.infer<typeof CreateReportInput>;

/** api.yaml `UpdateReportInput` (`PUT …/reports/{reportId}`): only the fields sent change; v0.17.0 `expectedVersion`. */
export const UpdateReportInput = CreateReportInput.omit({ source: true }).extend({
  placementId: z.string().nullish(),
  pivotItems: PivotItemsInput.nullish(),
  expectedVersion: z.number().int().nullish(),
});
export type UpdateReportInput = z.infer<typeof UpdateReportInput>;

/** api.yaml `ConnectReportToWorkbookInput`: no `queryChecksum` (the server stamps the report's current one). */
export const ConnectReportToWorkbookInput = z.object({
  externalWorkbookId: z.string().min(1),
  resultLocation: z.string().min(1),
  addressOnly: z.boolean().nullish(),
  anchorCell: z.string().nullish(),
  endResultCell: z.string().nullish(),
  host: z.enum(HOSTS).nullish(),
  placementId: z.string().nullish(),
  resultChecksum: ResultChecksum.nullish(),
  sheetId: z.string().nullish(),
  sheetName: z.string().nullish(),
  workbookName: z.string().nullish(),
});
export type ConnectReportToWorkbookInput = z.infer<typeof ConnectReportToWorkbookInput>;

/**
 * How a placement is addressed (api.yaml `DisconnectReportFromWorkbookInput`, also the address part of
 * `RefreshReportInput`): `placementId`, or `externalWorkbookId` with `sheetName` and `anchorCell` (or a
 * `resultLocation` naming both); `sheetId` narrows. A JSON body, for a delete too.
 */
export const DisconnectReportFromWorkbookInput = z.object({
  placementId: z.string().nullish(),
  externalWorkbookId: z.string().nullish(),
  sheetId: z.string().nullish(),
  sheetName: z.string().nullish(),
  anchorCell: z.string().nullish(),
  resultLocation: z.string().nullish(),
});

/** api.yaml `RefreshReportInput`: the address (new place when addressed by id) and what was written; no `endResultCell`, no `queryChecksum`. */
export const RefreshReportInput = DisconnectReportFromWorkbookInput.extend({ resultChecksum: ResultChecksum.nullish() });
export type RefreshReportInput = z.infer<typeof RefreshReportInput>;
export type DisconnectReportFromWorkbookInput = z.infer<typeof DisconnectReportFromWorkbookInput>;
