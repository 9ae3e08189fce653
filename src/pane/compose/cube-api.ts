import { CoreDataClient } from '../../client';
import type { DeploymentTokenSource } from '../../client/token-manager';
import type { User } from '../../contract';
import { ExcelWorkbookParts } from '../../excel/workbook-parts';
import type { DataClient } from '../../ports/data-source';
import { CubeApiDataSource } from '../../session/cube-api/cube-api-data-source';
import type { WorkbookParts } from '../../ports/workbook-parts';
import { WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore } from '../../workbook';
import { CUBE_API_APP_CONFIG, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../session/cube-api/cube-api-connection';
import { composeWorkspace, type CompositionOptions, type WorkspaceParts } from './parts';

/** A Cube REST API connection (issue 26, "Every Cube"): its address (without `/v1`), its tokens, who uses it. */
export interface CubeWorkspaceConnection {
  apiUrl: string;
  tokens: DeploymentTokenSource;
  /** Who uses it (`cubeApiUser`), read at each use: their name for source lines and saves, their settings and rights. */
  readonly user: User;
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
 * The composition root of a pane connected straight to a Cube REST API (no Platform API): the same runner, write
 * pipeline and placement use cases as `openWorkspace`, over the connection's one data client and the reports and
 * placements kept in the workbook itself (`src/workbook`).
 */
export function openCubeWorkspace(connection: CubeWorkspaceConnection, options: CubeWorkspaceOptions = {}): KeptReportsWorkspace {
  const deploymentId = connection.deploymentId ?? DEFAULT_CUBE_DEPLOYMENT_ID;
  const { dataClient, parts, workbookId, ...rest } = options;
  const kept = keptReports(connection, deploymentId, { parts, workbookId, now: options.now });
  const workbookReports = new WorkbookReportStore(kept);
  const workspace = composeWorkspace({
    data: new CubeApiDataSource(deploymentId, () => dataClient?.(connection.apiUrl, connection.tokens) ?? new CoreDataClient({ apiUrl: connection.apiUrl, tokens: connection.tokens })),
    reports: workbookReports,
    registry: new WorkbookPlacementRegistry(kept),
    user: () => connection.user,
    appConfig: () => CUBE_API_APP_CONFIG,
  }, rest);
  return { ...workspace, workbookReports };
}

/** A workspace with reports kept in the workbook: their store, for what only it knows (reports it cannot read). */
export interface KeptReportsWorkspace extends WorkspaceParts {
  workbookReports: WorkbookReportStore;
}

/** The reports and placements kept in the workbook for a Cube connection, stamped with its user's name. */
export function keptReports(
  connection: CubeWorkspaceConnection, deploymentId: number, options: Pick<CubeWorkspaceOptions, 'parts' | 'workbookId' | 'now'>,
): WorkbookReports {
  return new WorkbookReports({
    parts: options.parts ?? new ExcelWorkbookParts(),
    deploymentId,
    who: { now: () => options.now?.() ?? new Date(), user: () => ({ name: connection.user.firstName ?? connection.user.username, email: null }) },
    workbookId: options.workbookId,
  });
}
