import type { AppConfigResponse, User } from '../../contract';
import type { CellOptions } from '../../core/cell-options';
import type { CellWords } from '../../core/cell-words';
import { reportTitle } from '../../core/report-definition';
import { ExcelConnector } from '../../excel/excel-connector';
import type { FetchLimits } from '../../placements/fetch-result';
import { PlacementService } from '../../placements/placement-service';
import { ReportRunner } from '../../placements/report-run';
import { WritePipeline } from '../../placements/write-pipeline';
import type { DataSource, PlacementRegistry, ReportStore, Workbook } from '../../ports';
import type { WorkspaceStorePorts } from '../workspace-store';
import type { FormulaPorts } from '../formula-wiring';

/** What every composition root may set, whatever its ports. */
export interface CompositionOptions {
  excel?: ExcelConnector;
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

/** What every composition root brings: where data, reports and placements come from, and whose settings apply. */
export interface WorkspacePorts {
  data: DataSource;
  reports: ReportStore;
  registry: PlacementRegistry;
  user: () => User;
  appConfig: () => AppConfigResponse;
}

/**
 * What a composition root built for one connection: the ports' adapters, the report runner, the one write pipeline
 * and the placement use cases. Only the composition holds it whole; each store and use case is handed the few parts
 * it uses (`storePorts`, `formulaPorts`, ...).
 */
export interface WorkspaceParts {
  data: DataSource;
  reports: ReportStore;
  registry: PlacementRegistry;
  workbook: Workbook;
  runner: ReportRunner;
  pipeline: WritePipeline;
  placements: PlacementService;
}

/**
 * The use cases over a set of ports, the same whatever the ports are (the platform's, the workbook's, or both): the
 * report runner, the one write pipeline and the placement use cases.
 */
export function composeWorkspace(ports: WorkspacePorts, options: CompositionOptions = {}): WorkspaceParts {
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

/** The pane store's part: the placement use cases, the workbook's settings, and what its checks watch. */
export function storePorts({ placements, workbook, registry }: WorkspaceParts): WorkspaceStorePorts {
  return { placements, workbook, document: workbook, registry };
}

/** The RS formulas' part: data, reports and the runner to answer them, the workbook's settings for its default deployment. */
export function formulaPorts({ data, reports, runner, workbook }: WorkspaceParts): FormulaPorts {
  return { data, reports, runner, document: workbook };
}
