import type {
  ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, PlacementAccess, RefreshReportInput, Report, ReportPlacement,
} from '../contract';

/**
 * The placement registry port: the record of which report's result sits where in which workbook, what was
 * written there (its result checksum) and its sync status. Its adapter today is the Platform API
 * (`src/platform/platform-placements.ts`). Recording calls answer with the report as it is after the change, so
 * the use cases see its definition and the placement's new record in one answer.
 */

/** A report as the registry addresses it. */
export interface ReportRef {
  deploymentId: number;
  reportId: number;
}

/** A placement recorded for a workbook, with what the user may know about its report. */
export interface ListedPlacement {
  placement: ReportPlacement;
  deploymentId: number;
  reportId: number;
  /** The report, when the user may read it; null for a placement of a report they cannot read. */
  report: Report | null;
  access: PlacementAccess;
  /** Who owns the report: whom to ask for access. */
  owner: { name: string | null; email: string | null };
}

/** A placement's sync status as the registry has it now. */
export interface PlacementStatus {
  deploymentId: number;
  reportId: number;
  placement: Pick<ReportPlacement, 'id' | 'resultLocation' | 'syncStatus' | 'queryChecksum' | 'refreshedAt'>;
}

export interface PlacementRegistry {
  /** Every placement recorded for the workbook, readable or not. */
  list(workbookId: string, signal?: AbortSignal): Promise<ListedPlacement[]>;
  /** The ids of the placements recorded for the workbook (whose cells are never covered by another write). */
  placementIds(workbookId: string | null | undefined, signal?: AbortSignal): Promise<string[]>;
  /** The statuses of the workbook's placements in one read, for the deployments named when the registry needs them. */
  statuses(workbookId: string, deploymentIds: readonly number[], signal?: AbortSignal): Promise<PlacementStatus[]>;
  /** Records a new placement (or, by range, links an old one); answers the report with it. */
  connect(report: ReportRef, input: ConnectReportToWorkbookInput, signal?: AbortSignal): Promise<Report>;
  /** Records a refresh (or a move) of a placement with what was written; answers the report with it. */
  recordRefresh(report: ReportRef, input: RefreshReportInput, signal?: AbortSignal): Promise<Report>;
  /** Removes a placement's record. */
  disconnect(report: ReportRef, target: DisconnectReportFromWorkbookInput, signal?: AbortSignal): Promise<void>;
}
