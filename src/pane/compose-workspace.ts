import type { AppConfigResponse, User } from '../contract';
import { reportTitle } from '../core/report-definition';
import { ExcelConnector } from '../excel/excel-connector';
import { PlacementService } from '../placements/placement-service';
import { ReportRunner } from '../placements/report-run';
import type { Workspace } from '../placements/workspace-parts';
import { WritePipeline } from '../placements/write-pipeline';
import type { DataSource, PlacementRegistry, ReportStore } from '../ports';
import type { WorkspaceOptions } from './workspace';

/** What every composition root brings: where data, reports and placements come from, and whose settings apply. */
export interface WorkspacePorts {
  data: DataSource;
  reports: ReportStore;
  registry: PlacementRegistry;
  user: () => User;
  appConfig: () => AppConfigResponse;
}

/**
 * The use cases over a set of ports, the same whatever the ports are (the platform's, the workbook's, or both): the
 * report runner, the one write pipeline and the placement use cases.
 */
export function composeWorkspace(ports: WorkspacePorts, options: Omit<WorkspaceOptions, 'dataClient'> = {}): Workspace {
  const { data, reports, registry } = ports;
  const runner = new ReportRunner({
    data, user: ports.user, appConfig: ports.appConfig, limits: options.limits,
    words: options.words, newPlacement: options.newPlacement, now: options.now,
  });
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
