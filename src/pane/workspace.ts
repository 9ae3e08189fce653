import type { CellWords } from '../core/cell-words';
import { ExcelConnector } from '../excel/excel-connector';
import type { Connection } from '../session/connection';
import { DeploymentDataClients, type DataClient } from '../platform/deployment-data';
import type { FetchLimits } from '../placements/fetch-result';
import { PlacementService } from '../placements/placement-service';
import { ReportRunner } from '../placements/report-run';

/** What the use cases need of a connection: read at each use, so a changed setting or a new sign-in applies at once. */
export type WorkspaceConnection = Pick<Connection, 'platform' | 'user' | 'deployments' | 'appConfig'>;

export interface WorkspaceOptions {
  excel?: ExcelConnector;
  /** Makes a deployment's data client from its address and token manager (tests give their own). */
  dataClient?: ConstructorParameters<typeof DeploymentDataClients>[2];
  limits?: FetchLimits;
  /**
   * The words written into cells, in the pane's language (its catalog's `m.cells`), read at each run: every grid
   * laid out (placing, refreshing, Refresh all, the builder's draft, chat's Place in sheet) goes through the
   * workspace's one runner. English without.
   */
  words?: () => CellWords;
}

/**
 * Everything the pane needs to place and refresh: one data client per deployment (opened when first used),
 * the report runner with the user's and the admin's settings as they are at each run, and the use cases.
 * Placements of every deployment are handled, whichever deployment the user browses.
 */
export function openWorkspace(connection: WorkspaceConnection, options: WorkspaceOptions = {}): PlacementService {
  const data = new DeploymentDataClients(connection.platform, () => connection.deployments, options.dataClient);
  const runner = new ReportRunner({ data, user: () => connection.user, appConfig: () => connection.appConfig, limits: options.limits, words: options.words });
  return new PlacementService({
    platform: connection.platform,
    runner,
    data,
    excel: options.excel ?? new ExcelConnector(),
    deployments: () => connection.deployments,
  });
}

export type { DataClient };
