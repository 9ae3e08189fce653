import type {
  ConnectReportToWorkbookInput, CreateReportInput, DisconnectReportFromWorkbookInput, RefreshReportInput, Report, ReportListParams, UpdateReportInput,
} from '../contract';
import type { DataSource } from '../ports/data-source';
import type { PlacementRegistry, ReportRef } from '../ports/placement-registry';
import type { ReportStore } from '../ports/report-store';

/**
 * Issue 26, "Both kinds in one workbook": each port's two adapters, the platform's and the workbook's own, routed by
 * deployment id (the workbook's one Cube deployment goes by an id no platform deployment has); what a workbook holds
 * is both halves merged.
 */

/** A port's two adapters and which deployment ids are the workbook's. */
export interface Routes<T> {
  platform: T;
  workbook: T;
  isWorkbookDeployment: (deploymentId: number) => boolean;
}

class Routed<T> {
  constructor(protected readonly routes: Routes<T>) {}
  protected to(deploymentId: number): T {
    return this.routes.isWorkbookDeployment(deploymentId) ? this.routes.workbook : this.routes.platform;
  }
}

export class RoutedReportStore extends Routed<ReportStore> implements ReportStore {
  listReports(deploymentId: number, params?: ReportListParams, signal?: AbortSignal) { return this.to(deploymentId).listReports(deploymentId, params, signal); }
  getReport(deploymentId: number, reportId: number, signal?: AbortSignal) { return this.to(deploymentId).getReport(deploymentId, reportId, signal); }
  createReport(deploymentId: number, input: CreateReportInput, signal?: AbortSignal) { return this.to(deploymentId).createReport(deploymentId, input, signal); }
  updateReport(opened: Report, change: UpdateReportInput, signal?: AbortSignal) { return this.to(opened.deploymentId).updateReport(opened, change, signal); }
  deleteReport(deploymentId: number, reportId: number, signal?: AbortSignal) { return this.to(deploymentId).deleteReport(deploymentId, reportId, signal); }
  allFolders(deploymentId: number, parentId?: number, signal?: AbortSignal) { return this.to(deploymentId).allFolders(deploymentId, parentId, signal); }
  folderAncestors(deploymentId: number, folderId: number, signal?: AbortSignal) { return this.to(deploymentId).folderAncestors(deploymentId, folderId, signal); }
}

/**
 * Per-report calls go to the report's home. What the workbook holds is both halves, read at once (either failing
 * fails the read, so a list is never silently half). `statuses`: the platform is asked for the platform deployments
 * named; the workbook's parts always (one local read, no request, whatever ids are named), so a status read still
 * sees a workbook placement the pane has not listed yet.
 */
export class RoutedPlacementRegistry extends Routed<PlacementRegistry> implements PlacementRegistry {
  async list(workbookId: string, signal?: AbortSignal) {
    const [platform, workbook] = await Promise.all([this.routes.platform.list(workbookId, signal), this.routes.workbook.list(workbookId, signal)]);
    return [...platform, ...workbook];
  }
  async placementIds(workbookId: string | null | undefined, signal?: AbortSignal) {
    const halves = await Promise.all([this.routes.platform.placementIds(workbookId, signal), this.routes.workbook.placementIds(workbookId, signal)]);
    return Array.from(new Set(halves.flat()));
  }
  async statuses(workbookId: string, deploymentIds: readonly number[], signal?: AbortSignal) {
    const { platform, workbook, isWorkbookDeployment } = this.routes;
    const [fromPlatform, fromWorkbook] = await Promise.all([
      platform.statuses(workbookId, deploymentIds.filter((id) => !isWorkbookDeployment(id)), signal),
      workbook.statuses(workbookId, deploymentIds.filter(isWorkbookDeployment), signal),
    ]);
    return [...fromPlatform.filter((s) => !isWorkbookDeployment(s.deploymentId)), ...fromWorkbook];
  }
  connect(ref: ReportRef, input: ConnectReportToWorkbookInput, signal?: AbortSignal) { return this.to(ref.deploymentId).connect(ref, input, signal); }
  recordRefresh(ref: ReportRef, input: RefreshReportInput, signal?: AbortSignal) { return this.to(ref.deploymentId).recordRefresh(ref, input, signal); }
  disconnect(ref: ReportRef, target: DisconnectReportFromWorkbookInput, signal?: AbortSignal) { return this.to(ref.deploymentId).disconnect(ref, target, signal); }
}

export class RoutedDataSource extends Routed<DataSource> implements DataSource {
  forDeployment(deploymentId: number, signal?: AbortSignal) { return this.to(deploymentId).forDeployment(deploymentId, signal); }
}
