import type { PlacementRegistry } from '../ports/placement-registry';
import type { ReportStore } from '../ports/report-store';
import type { WorkbookCells } from '../ports/workbook-cells';
import type { WorkbookEvents } from '../ports/workbook-events';
import type { PlacementNames } from '../ports/workbook-names';
import type { PlacementTables } from '../ports/workbook-tables';
import type { GridWriter } from '../ports/workbook-writes';
import type { ReportRunner } from './report-run';
import type { WritePipeline } from './write-pipeline';

/**
 * What composition hands the placement use cases: the ports, the report runner and the one write pipeline, the
 * workbook by the roles the use cases use among them (`PlacementWorkbook`); each use case takes the few it uses.
 */
export interface PlacementDeps {
  reports: ReportStore;
  registry: PlacementRegistry;
  workbook: PlacementWorkbook;
  runner: ReportRunner;
  pipeline: WritePipeline;
}

/**
 * The workbook's roles the placement use cases use among them: its cells, placements' names and tables, a grid
 * written put back after a later step failed (every write itself goes through the pipeline), and the selection followed.
 */
export type PlacementWorkbook = WorkbookCells & PlacementNames & PlacementTables & Pick<GridWriter, 'restoreAfter'> & Pick<WorkbookEvents, 'watchSelection'>;
