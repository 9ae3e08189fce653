import { CoreDataClient, DeploymentTokenManager } from '../client';
import type { Deployment } from '../contract';
import { ExcelConnector } from '../excel/excel-connector';
import type { Connection } from './connection';
import { PlacementService } from './placement-service';

/** Everything the pane needs to work with one deployment: its data API, token manager and placements. */
export async function openDeployment(connection: Connection, deployment: Deployment, signal?: AbortSignal): Promise<PlacementService> {
  const environments = await connection.platform.listEnvironments(deployment.id, signal);
  const environment = environments[0];
  if (!environment) throw new Error(`The deployment ${deployment.name} has no environment to query.`);
  const data = new CoreDataClient({ apiUrl: environment.apiUrl, tokens: new DeploymentTokenManager(connection.platform, deployment.id) });
  return new PlacementService({ platform: connection.platform, data, excel: new ExcelConnector(), deploymentId: deployment.id });
}
