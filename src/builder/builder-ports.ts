import type { AppConfigResponse, User, UserSettingsInput } from '../contract';
import type { PlacementService } from '../placements/placement-service';
import type { ReportRunner } from '../placements/report-run';
import type { WritePipeline } from '../placements/write-pipeline';
import type { DataSource } from '../ports/data-source';
import type { PlacementRegistry } from '../ports/placement-registry';
import type { ReportStore } from '../ports/report-store';
import type { Workbook } from '../ports/workbook';

/**
 * What the builder works with from outside it, each narrowed to what it calls: the ports and use cases (not the
 * workspace as a whole), and the account of who builds.
 */

/** The ports and use cases the builder works with, each narrowed to what it calls. */
export interface BuilderPorts {
  reports: Pick<ReportStore, 'getReport' | 'createReport' | 'updateReport' | 'deleteReport' | 'allFolders' | 'folderAncestors'>;
  registry: Pick<PlacementRegistry, 'placementIds' | 'connect' | 'disconnect' | 'recordRefresh'>;
  workbook: Pick<Workbook, 'prepare' | 'newWorkbookId' | 'locate' | 'recordPlacement' | 'forgetPlacement' | 'writeSetting' | 'finishPlacement'>;
  /** Runs the exploration's query into a grid. */
  runner: Pick<ReportRunner, 'runDefinition'>;
  /** The one write pipeline: every write of the draft's cells goes through it. */
  pipeline: Pick<WritePipeline, 'write'>;
  data: Pick<DataSource, 'forDeployment'>;
  /** Refreshing an opened placement back to its saved result, and following the selection. */
  placements: Pick<PlacementService, 'refresh' | 'watchSelection'>;
}

/** Who builds, what the admin allows them, and saving their own settings (auto-run, suppressed duplicates). */
export interface BuilderAccount {
  /**
   * The Cube API the pane is connected to straight, if it is (alone, or beside the platform): its one deployment has
   * no admin settings between the user and Cube.
   */
  readonly cube?: { readonly deployments: readonly { id: number }[] } | null;
  readonly user: User;
  readonly appConfig: AppConfigResponse;
  /** Saves the user's settings; from then on `user` has them. */
  updateSettings(patch: UserSettingsInput): Promise<unknown>;
}
