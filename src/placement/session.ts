import { CoreDataClient, DeploymentTokenManager } from '../client';
import type { AppConfig, Deployment, User } from '../contract';
import { ExcelConnector } from '../excel/excel-connector';
import type { Connection } from './connection';
import { PlacementService, type LayoutPreferences } from './placement-service';

/** The user's sheet setting when set, else the admin's app-config default, else off. */
export function layoutPreferences(user: User, appConfig: AppConfig | null): LayoutPreferences {
  const sheets = user.settings.sheets ?? {};
  return {
    suppressDuplicateValues: sheets.suppressDuplicateValues ?? false,
    showAppliedFilters: sheets.showAppliedFilters ?? appConfig?.sheetsUi?.showAppliedFilters ?? false,
  };
}

/** Everything the pane needs to work with one deployment: its data API, token manager and placements. */
export async function openDeployment(connection: Connection, deployment: Deployment, signal?: AbortSignal): Promise<PlacementService> {
  const { appConfig } = connection;
  const environments = await connection.platform.listEnvironments(deployment.id, signal);
  const environment = environments[0];
  if (!environment) throw new Error(`The deployment ${deployment.name} has no environment to query.`);
  const data = new CoreDataClient({ apiUrl: environment.apiUrl, tokens: new DeploymentTokenManager(connection.platform, deployment.id) });
  return new PlacementService({
    platform: connection.platform,
    data,
    excel: new ExcelConnector(),
    deploymentId: deployment.id,
    preferences: () => layoutPreferences(connection.user, appConfig),
    timezone: appConfig?.timezoneSettings?.defaultTimezone ?? null,
  });
}
