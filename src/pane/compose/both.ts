import { CoreDataClient } from '../../client';
import { DeploymentDataClients } from '../../platform/deployment-data';
import { PlatformPlacementRegistry } from '../../platform/platform-placements';
import { PlatformReportStore } from '../../platform/platform-reports';
import type { ReportPublisher } from '../../ports/report-publisher';
import type { WorkbookParts } from '../../ports/workbook-parts';
import type { PlatformWorkspaceConnection } from '../../session/connection';
import { WorkbookPlacementRegistry, WorkbookReportStore } from '../../workbook';
import { RoutedDataSource, RoutedPlacementRegistry, RoutedReportStore } from '../../workbook/routed-ports';
import { CubeApiDataSource } from '../../session/cube-api/cube-api-data-source';
import { composeWorkspace } from './parts';
import { DEFAULT_CUBE_DEPLOYMENT_ID } from '../../session/cube-api/cube-api-connection';
import { keptReports, type CubeWorkspaceConnection, type CubeWorkspaceOptions, type KeptReportsWorkspace } from './cube-api';
import type { WorkspaceOptions } from './platform';

/**
 * Issue 26, "Both kinds in one workbook": placements of platform reports and of reports kept in the workbook side by
 * side, each port's two adapters routed by deployment id (`src/workbook/routed-ports.ts`).
 */

/** Where a report lives, for its card to say: the managed platform, or this workbook's own parts. */
export type PlacementHome = 'platform' | 'workbook';

export function placementHome(deploymentId: number, workbookDeploymentId = DEFAULT_CUBE_DEPLOYMENT_ID): PlacementHome {
  return deploymentId === workbookDeploymentId ? 'workbook' : 'platform';
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
