import type { WorkbookReportStore } from '../../workbook';
import { openCubeWorkspace } from './cube-api';
import type { WorkspaceParts } from './parts';
import { openMixedWorkspace, placementHome, type MixedWorkspaceOptions, type PlacementHome } from './both';
import type { PaneConnection } from '../pane-connection';
import { keptPublish, type KeptPublish } from '../publish-reports';
import { openWorkspace } from './platform';

/** The adapters' options of whichever connection: the platform's data client, the Cube API's, the workbook's parts, Excel. */
export type PaneWorkspaceOptions = MixedWorkspaceOptions;

/** The pane's workspace, and what its cards and lists need to know of where reports are kept. */
export interface PaneWorkspace {
  parts: WorkspaceParts;
  /** Where a deployment's reports live: the platform's or this workbook's; null with only one kind connected. */
  home(deploymentId: number): PlacementHome | null;
  /** The reports kept in the workbook, with a Cube API connected; null without. */
  workbookReports: WorkbookReportStore | null;
  /** Publishing the workbook's reports to the platform, signed in to it and connected to a Cube API; null otherwise. */
  publish: KeptPublish | null;
}

/** The composition root of whatever the pane is connected to: the platform, a Cube API, or both. */
export function openPaneWorkspace(connection: PaneConnection, options: PaneWorkspaceOptions = {}): PaneWorkspace {
  const { platform, cube } = connection;
  if (platform && cube) {
    const mixed = openMixedWorkspace(platform, cube, options);
    // The platform user's rights decide the folders offered for new reports there.
    const publish = keptPublish(mixed, platform.deployments, () => platform.user);
    return { parts: mixed, home: (id) => mixed.home(id), workbookReports: mixed.workbookReports, publish };
  }
  if (cube) {
    const { dataClient: _platformData, cubeDataClient, ...rest } = options;
    const kept = openCubeWorkspace(cube, { ...rest, dataClient: cubeDataClient });
    return { parts: kept, home: (id) => placementHome(id), workbookReports: kept.workbookReports, publish: null };
  }
  return { parts: openWorkspace(platform!, options), home: () => null, workbookReports: null, publish: null };
}
