import type { PlacementRegistry } from '../ports/placement-registry';
import type { ReportStore } from '../ports/report-store';
import type { Workbook } from '../ports/workbook';
import type { ReportRunner } from './report-run';
import type { WritePipeline } from './write-pipeline';

/** What the placement use cases work with: the ports, the report runner and the one write pipeline. */
export interface PlacementDeps {
  reports: ReportStore;
  registry: PlacementRegistry;
  workbook: Workbook;
  runner: ReportRunner;
  pipeline: WritePipeline;
}

