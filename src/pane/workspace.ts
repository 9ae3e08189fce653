import type { CellOptions } from '../core/cell-options';
import type { CellWords } from '../core/cell-words';
import { ExcelConnector } from '../excel/excel-connector';
import type { WorkspaceConnection } from '../session/connection';
import { DeploymentDataClients, type DataClient } from '../platform/deployment-data';
import type { FetchLimits } from '../placements/fetch-result';
import { reportTitle } from '../core/report-definition';
import type { Workspace } from '../placements/workspace-parts';
import { PlacementService } from '../placements/placement-service';
import { ReportRunner } from '../placements/report-run';
import { WritePipeline } from '../placements/write-pipeline';
import { PlatformPlacementRegistry } from '../platform/platform-placements';
import { PlatformReportStore } from '../platform/platform-reports';


export interface WorkspaceOptions {
  excel?: ExcelConnector;
  /** Makes a deployment's data client from its address and token manager (tests give their own). */
  dataClient?: ConstructorParameters<typeof DeploymentDataClients>[2];
  limits?: FetchLimits;
  /**
   * The words written into cells in a language (the catalogs' `cells`), read at each run: every grid laid out
   * (placing, refreshing, Refresh all, the builder's draft, chat's Place in sheet) goes through the workspace's one
   * runner, a placement's in its own language. English without.
   */
  words?: (language: string) => CellWords;
  /** A new placement's cells: the pane's language and the user's title-and-source-lines setting (read at each place). */
  newPlacement?: () => CellOptions;
  /** The time a run's source line says (tests fix it); the clock's without. */
  now?: () => Date;
}

/**
 * The composition root of a signed-in pane: the ports' adapters (the Platform API for reports and placements, each
 * deployment's Core data API for data, Office.js for the workbook), the report runner with the user's and the admin's
 * settings as they are at each run, the one write pipeline, and the placement use cases over them. Placements of
 * every deployment are handled, whichever deployment the user browses.
 */
export function openWorkspace(connection: WorkspaceConnection, options: WorkspaceOptions = {}): Workspace {
  const data = new DeploymentDataClients(connection.platform, () => connection.deployments, options.dataClient);
  const runner = new ReportRunner({
    data, user: () => connection.user, appConfig: () => connection.appConfig, limits: options.limits,
    words: options.words, newPlacement: options.newPlacement, now: options.now,
  });
  const reports = new PlatformReportStore(connection.platform);
  const registry = new PlatformPlacementRegistry(connection.platform, () => connection.deployments);
  const workbook = options.excel ?? new ExcelConnector();
  const pipeline = new WritePipeline({
    workbook,
    // Only when a write would cover another placement: its report's title, to name it.
    placementTitle: async (placementId, signal) => {
      const state = await workbook.prepare();
      const listed = state.workbookId ? await registry.list(state.workbookId, signal) : [];
      const report = listed.find((l) => l.placement.id === placementId)?.report;
      return report ? reportTitle(report) : null;
    },
  });
  const deps = { reports, registry, workbook, runner, pipeline };
  return { ...deps, data, placements: new PlacementService(deps) };
}

export type { DataClient, Workspace, WorkspaceConnection };
