import { CoreDataClient } from '../client';
import type { DeploymentTokenSource } from '../client/token-manager';
import type { AppConfigResponse, User } from '../contract';
import { reportTitle } from '../core/report-definition';
import { ExcelConnector } from '../excel/excel-connector';
import { ExcelWorkbookParts } from '../excel/workbook-parts';
import { PlacementService } from '../placements/placement-service';
import { ReportRunner } from '../placements/report-run';
import type { Workspace } from '../placements/workspace-parts';
import { WritePipeline } from '../placements/write-pipeline';
import type { DataClient, DataSource } from '../ports/data-source';
import type { WorkbookParts } from '../ports/workbook-parts';
import { OtherDeploymentError, WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore } from '../workbook';
import type { WorkspaceOptions } from './workspace';

/** A Cube REST API connection (issue 26, "Every Cube"): its address (without `/v1`), its tokens, who uses it. */
export interface CubeWorkspaceConnection {
  apiUrl: string;
  tokens: DeploymentTokenSource;
  user: { name: string };
  /** The id the one deployment goes by in reports and placements; `DEFAULT_CUBE_DEPLOYMENT_ID` without. */
  deploymentId?: number;
}

export interface CubeWorkspaceOptions extends Omit<WorkspaceOptions, 'dataClient'> {
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
  const { apiUrl, tokens } = connection;
  const data = new CubeApiDataSource(deploymentId, () => options.dataClient?.(apiUrl, tokens) ?? new CoreDataClient({ apiUrl, tokens }));
  const user = cubeApiUser(connection.user.name);
  const runner = new ReportRunner({
    data, user: () => user, appConfig: () => CUBE_API_APP_CONFIG, limits: options.limits,
    words: options.words, newPlacement: options.newPlacement, now: options.now,
  });
  const kept = new WorkbookReports({
    parts: options.parts ?? new ExcelWorkbookParts(),
    deploymentId,
    who: { now: () => options.now?.() ?? new Date(), user: () => ({ name: connection.user.name, email: null }) },
    workbookId: options.workbookId,
  });
  const reports = new WorkbookReportStore(kept);
  const registry = new WorkbookPlacementRegistry(kept);
  const workbook = options.excel ?? new ExcelConnector();
  const pipeline = new WritePipeline({
    workbook,
    // Only when a write would cover another placement: its report's title, to name it.
    placementTitle: async (placementId) => {
      const state = await workbook.prepare();
      const listed = state.workbookId ? await registry.list(state.workbookId) : [];
      const report = listed.find((l) => l.placement.id === placementId)?.report;
      return report ? reportTitle(report) : null;
    },
  });
  const deps = { reports, registry, workbook, runner, pipeline };
  return { ...deps, data, placements: new PlacementService(deps) };
}
