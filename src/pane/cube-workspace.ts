import { CoreDataClient } from '../client';
import type { DeploymentTokenSource } from '../client/token-manager';
import type { AppConfigResponse, User } from '../contract';
import { ExcelWorkbookParts } from '../excel/workbook-parts';
import type { Workspace } from '../placements/workspace-parts';
import type { DataClient, DataSource } from '../ports/data-source';
import type { WorkbookParts } from '../ports/workbook-parts';
import { OtherDeploymentError, WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore } from '../workbook';
import { composeWorkspace, type CompositionOptions } from './compose-workspace';

/** A Cube REST API connection (issue 26, "Every Cube"): its address (without `/v1`), its tokens, who uses it. */
export interface CubeWorkspaceConnection {
  apiUrl: string;
  tokens: DeploymentTokenSource;
  user: { name: string };
  /** The id the one deployment goes by in reports and placements; `DEFAULT_CUBE_DEPLOYMENT_ID` without. */
  deploymentId?: number;
}

export interface CubeWorkspaceOptions extends CompositionOptions {
  /** Makes the data client from the address and tokens (tests give their own); `CoreDataClient` without. */
  dataClient?: (apiUrl: string, tokens: DeploymentTokenSource) => DataClient;
  /** Where reports and placements are kept; the workbook's custom XML parts (Office.js) without. */
  parts?: WorkbookParts;
  /** This workbook's id, when the caller knows it; else the id the use cases last named stands in. */
  workbookId?: () => string | null;
}

/**
 * 0: the platform's deployment ids start at 1, so a workbook holding placements of both kinds can route each by its
 * deployment id. It is not kept in the workbook, so it can change without a migration.
 */
export const DEFAULT_CUBE_DEPLOYMENT_ID = 0;

/**
 * No platform, so no admin settings: the contract's required switches off (data download allowed, no agent chat,
 * no global theme) and nothing else set, so the runner falls back to its own defaults (no time zone, no filter lines).
 */
export const CUBE_API_APP_CONFIG: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false };

/**
 * The user a Cube API connection stands for, as the runner reads one: no platform account (id 0), no settings
 * (so the layout's defaults apply), no policies, not an admin. Its name is what a source line says refreshed it.
 */
export function cubeApiUser(name: string): User {
  return { id: 0, email: '', username: name, firstName: name, isAdmin: false, notifications: {}, settings: null, userPolicies: [] };
}

/** The one deployment of a Cube API connection: one data client; any other deployment id is `OtherDeploymentError`. */
export class CubeApiDataSource implements DataSource {
  private client: DataClient | null = null;

  constructor(private readonly deploymentId: number, private readonly make: () => DataClient) {}

  async forDeployment(deploymentId: number): Promise<DataClient> {
    if (deploymentId !== this.deploymentId) throw new OtherDeploymentError(deploymentId, this.deploymentId);
    this.client ??= this.make();
    return this.client;
  }
}

/**
 * The composition root of a pane connected straight to a Cube REST API (no Platform API): the same runner, write
 * pipeline and placement use cases as `openWorkspace`, over the connection's one data client and the reports and
 * placements kept in the workbook itself (`src/workbook`).
 */
export function openCubeWorkspace(connection: CubeWorkspaceConnection, options: CubeWorkspaceOptions = {}): Workspace {
  const deploymentId = connection.deploymentId ?? DEFAULT_CUBE_DEPLOYMENT_ID;
  const { dataClient, parts, workbookId, ...rest } = options;
  const kept = keptReports(connection, deploymentId, { parts, workbookId, now: options.now });
  const user = cubeApiUser(connection.user.name);
  return composeWorkspace({
    data: new CubeApiDataSource(deploymentId, () => dataClient?.(connection.apiUrl, connection.tokens) ?? new CoreDataClient({ apiUrl: connection.apiUrl, tokens: connection.tokens })),
    reports: new WorkbookReportStore(kept),
    registry: new WorkbookPlacementRegistry(kept),
    user: () => user,
    appConfig: () => CUBE_API_APP_CONFIG,
  }, rest);
}

/** The reports and placements kept in the workbook for a Cube connection, stamped with its user's name. */
export function keptReports(
  connection: CubeWorkspaceConnection, deploymentId: number, options: Pick<CubeWorkspaceOptions, 'parts' | 'workbookId' | 'now'>,
): WorkbookReports {
  return new WorkbookReports({
    parts: options.parts ?? new ExcelWorkbookParts(),
    deploymentId,
    who: { now: () => options.now?.() ?? new Date(), user: () => ({ name: connection.user.name, email: null }) },
    workbookId: options.workbookId,
  });
}
