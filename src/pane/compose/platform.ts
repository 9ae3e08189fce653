import type { PlatformWorkspaceConnection } from '../../session/connection';
import { DeploymentDataClients } from '../../platform/deployment-data';
import { PlatformPlacementRegistry } from '../../platform/platform-placements';
import { PlatformReportStore } from '../../platform/platform-reports';
import { composeWorkspace, type CompositionOptions, type WorkspaceParts } from './parts';


export interface WorkspaceOptions extends CompositionOptions {
  /** Makes a deployment's data client from its address and token manager (tests give their own). */
  dataClient?: ConstructorParameters<typeof DeploymentDataClients>[2];
}

/**
 * The composition root of a signed-in pane: the ports' adapters (the Platform API for reports and placements, each
 * deployment's Core data API for data, Office.js for the workbook), the report runner with the user's and the admin's
 * settings as they are at each run, the one write pipeline, and the placement use cases over them. Placements of
 * every deployment are handled, whichever deployment the user browses.
 */
export function openWorkspace(connection: PlatformWorkspaceConnection, options: WorkspaceOptions = {}): WorkspaceParts {
  const { dataClient, ...rest } = options;
  return composeWorkspace({
    data: new DeploymentDataClients(connection.platform, () => connection.deployments, dataClient),
    reports: new PlatformReportStore(connection.platform),
    registry: new PlatformPlacementRegistry(connection.platform, () => connection.deployments),
    user: () => connection.user,
    appConfig: () => connection.appConfig,
  }, rest);
}

