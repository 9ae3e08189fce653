import type { z } from 'zod';
import type { CreateReportInput, Folder, Report, ReportListParams, ReportsListResponse, UpdateReportInput } from '../contract';

/**
 * The report store port: where saved reports and their folders live. Its adapter today is the Platform API
 * (`src/platform/platform-reports.ts`); a report is the platform's `Report` shape whichever adapter keeps it.
 */

export type ReportsPage = z.infer<typeof ReportsListResponse>;

export interface ReportStore {
  /** One page of a deployment's reports (search, folder, sort, cursor). */
  listReports(deploymentId: number, params?: ReportListParams, signal?: AbortSignal): Promise<ReportsPage>;
  /** A report as it is now (its definition and its placements). */
  getReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<Report>;
  createReport(deploymentId: number, input: CreateReportInput, signal?: AbortSignal): Promise<Report>;
  /**
   * Changes a report as it was read: a newer version in the store is `ReportChangedElsewhereError`
   * (ports/errors.ts), so one user's change never silently replaces another's.
   */
  updateReport(opened: Report, change: UpdateReportInput, signal?: AbortSignal): Promise<Report>;
  deleteReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<void>;
  /** Every folder under `parentId` (the top level without), all pages. */
  allFolders(deploymentId: number, parentId?: number, signal?: AbortSignal): Promise<Folder[]>;
  /** A folder's ancestors, top first, for its breadcrumb. */
  folderAncestors(deploymentId: number, folderId: number, signal?: AbortSignal): Promise<Folder[]>;
}
