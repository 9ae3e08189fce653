import { CoreDataClient } from '../client';
import type {
  ConnectReportToWorkbookInput, CreateReportInput, DisconnectReportFromWorkbookInput, RefreshReportInput, Report, ReportListParams, UpdateReportInput,
} from '../contract';
import { DeploymentDataClients } from '../platform/deployment-data';
import { PlatformPlacementRegistry } from '../platform/platform-placements';
import { PlatformReportStore } from '../platform/platform-reports';
import type { DataSource } from '../ports/data-source';
import type { PlacementRegistry, ReportRef } from '../ports/placement-registry';
import type { ReportPublisher } from '../ports/report-publisher';
import type { ReportStore } from '../ports/report-store';
import type { WorkbookParts } from '../ports/workbook-parts';
import type { PlatformWorkspaceConnection } from '../session/connection';
import { WorkbookPlacementRegistry, WorkbookReportStore } from '../workbook';
import { composeWorkspace } from './compose-workspace';
import { DEFAULT_CUBE_DEPLOYMENT_ID } from '../session/cube-api/cube-api-connection';
import { CubeApiDataSource, keptReports, type CubeWorkspaceConnection, type CubeWorkspaceOptions, type KeptReportsWorkspace } from './cube-workspace';
import type { WorkspaceOptions } from './workspace';

/**
 * Issue 26, "Both kinds in one workbook": placements of platform reports and of reports kept in the workbook side by
 * side. Each port's two adapters are routed by deployment id (the workbook's one Cube deployment goes by an id no
 * platform deployment has, `DEFAULT_CUBE_DEPLOYMENT_ID`); what a workbook holds is both halves merged.
 */

/** Where a report lives, for its card to say: the managed platform, or this workbook's own parts. */
export type PlacementHome = 'platform' | 'workbook';

export function placementHome(deploymentId: number, workbookDeploymentId = DEFAULT_CUBE_DEPLOYMENT_ID): PlacementHome {
  return deploymentId === workbookDeploymentId ? 'workbook' : 'platform';
}

/** A port's two adapters and which deployment ids are the workbook's. */
interface Routes<T> {
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

export interface MixedWorkspaceOptions extends WorkspaceOptions {
  /** The Cube connection's data client (tests give their own); `CoreDataClient` without. `dataClient` is the platform's. */
  cubeDataClient?: CubeWorkspaceOptions['dataClient'];
  parts?: WorkbookParts;
  workbookId?: () => string | null;
}

/** A workspace over both homes, and which one a deployment id's reports live in. */
export interface MixedWorkspace extends KeptReportsWorkspace {
  home(deploymentId: number): PlacementHome;
  /** The deployment id the workbook's reports go by. */
  workbookDeploymentId: number;
  /** The platform's upsert by public id, for publishing the workbook's reports there (`placements/publishing.ts`). */
  publisher: ReportPublisher;
}

/**
 * The composition root of a pane signed in to the platform and connected to a Cube API: one runner (the platform
 * user's and admin's settings, for every placement), one write pipeline and one `PlacementService` over the routed
 * ports (`composeWorkspace`).
 */
export function openMixedWorkspace(platformConnection: PlatformWorkspaceConnection, cubeConnection: CubeWorkspaceConnection, options: MixedWorkspaceOptions = {}): MixedWorkspace {
  const cubeId = cubeConnection.deploymentId ?? DEFAULT_CUBE_DEPLOYMENT_ID;
  if (platformConnection.deployments.some((d) => d.id === cubeId)) throw new Error(`Deployment id ${cubeId} is the platform's; the Cube connection needs another.`);
  const isWorkbookDeployment = (id: number) => id === cubeId;
  const { apiUrl, tokens } = cubeConnection;
  const { dataClient, cubeDataClient, parts, workbookId, ...rest } = options;
  const kept = keptReports(cubeConnection, cubeId, { parts, workbookId, now: options.now });
  const workbookReports = new WorkbookReportStore(kept);
  const platformReports = new PlatformReportStore(platformConnection.platform);
  const workspace = composeWorkspace({
    data: new RoutedDataSource({
      platform: new DeploymentDataClients(platformConnection.platform, () => platformConnection.deployments, dataClient),
      workbook: new CubeApiDataSource(cubeId, () => cubeDataClient?.(apiUrl, tokens) ?? new CoreDataClient({ apiUrl, tokens })),
      isWorkbookDeployment,
    }),
    reports: new RoutedReportStore({ platform: platformReports, workbook: workbookReports, isWorkbookDeployment }),
    registry: new RoutedPlacementRegistry({
      platform: new PlatformPlacementRegistry(platformConnection.platform, () => platformConnection.deployments),
      workbook: new WorkbookPlacementRegistry(kept),
      isWorkbookDeployment,
    }),
    user: () => platformConnection.user,
    appConfig: () => platformConnection.appConfig,
  }, rest);
  return { ...workspace, workbookReports, home: (id) => placementHome(id, cubeId), workbookDeploymentId: cubeId, publisher: platformReports };
}
