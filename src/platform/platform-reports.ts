import { ApiError, type PlatformClient } from '../client';
import type { CreateReportInput, Folder, Report, ReportListParams, UpdateReportInput } from '../contract';
import { reportTitle } from '../core/report-definition';
import { ReportChangedElsewhereError } from '../ports/errors';
import type { ReportPublisher } from '../ports/report-publisher';
import type { ReportsPage, ReportStore } from '../ports/report-store';

/** The report store over the Platform API: reports and folders of a deployment; and publishing by public id. */
export class PlatformReportStore implements ReportStore, ReportPublisher {
  constructor(private readonly platform: PlatformClient) {}

  listReports(deploymentId: number, params: ReportListParams = {}, signal?: AbortSignal): Promise<ReportsPage> {
    return this.platform.listReports(deploymentId, params, signal);
  }

  getReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<Report> {
    return this.platform.getReport(deploymentId, reportId, signal);
  }

  createReport(deploymentId: number, input: CreateReportInput, signal?: AbortSignal): Promise<Report> {
    return this.platform.createReport(deploymentId, input, signal);
  }

  /** `PUT …/reports/{id}` with `expectedVersion` when the platform gives versions: its 409 is `ReportChangedElsewhereError`. */
  async updateReport(opened: Report, change: UpdateReportInput, signal?: AbortSignal): Promise<Report> {
    try {
      return await this.platform.updateReport(opened.deploymentId, opened.id, {
        ...change,
        ...(typeof opened.version === 'number' ? { expectedVersion: opened.version } : {}),
      }, signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) throw new ReportChangedElsewhereError(reportTitle(opened), error);
      throw error;
    }
  }

  /** `PUT …/reports/by-public-id/{publicId}`: creates or changes the report with that public id. */
  upsertByPublicId(deploymentId: number, publicId: string, input: CreateReportInput, signal?: AbortSignal): Promise<Report> {
    return this.platform.upsertReportByPublicId(deploymentId, publicId, input, signal);
  }

  deleteReport(deploymentId: number, reportId: number, signal?: AbortSignal): Promise<void> {
    return this.platform.deleteReport(deploymentId, reportId, signal);
  }

  allFolders(deploymentId: number, parentId?: number, signal?: AbortSignal): Promise<Folder[]> {
    return this.platform.allFolders(deploymentId, parentId, signal);
  }

  folderAncestors(deploymentId: number, folderId: number, signal?: AbortSignal): Promise<Folder[]> {
    return this.platform.folderAncestors(deploymentId, folderId, signal);
  }
}
