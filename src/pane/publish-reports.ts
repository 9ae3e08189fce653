import { grantedFolders } from '../builder/save-folders';
import type { Deployment, Folder, User } from '../contract';
import { publishToPlatform, type PublishOutcome } from '../placements/publishing';
import type { MixedWorkspace } from './compose/both';

/**
 * What the kept reports' Browse needs to publish them to the platform (issue 26, "Publish to the platform"): the
 * platform deployments to choose from, the folders there the user may create reports in, and a run over this
 * workspace's ports. Only a pane signed in to the platform and connected to a Cube API (`openMixedWorkspace`) can
 * publish.
 */
export interface KeptPublish {
  /** The platform deployments the user may publish to (the workbook's own Cube deployment is not one of them). */
  deployments: readonly Pick<Deployment, 'id' | 'name'>[];
  /** The deployment's folders offered for new reports: its top level as listed, and deeper ones the user's grants name. */
  folders(deploymentId: number): Promise<Folder[]>;
  /**
   * Publishes the workbook's reports (all, or `reportIds`) to the deployment; reports new there go into `folderId`
   * (null: the top level). `replace`: overwrite a platform report of the same public id whose definition differs
   * (else that report fails, `PublishedReportDiffersError`).
   */
  run(deploymentId: number, options?: { folderId?: number | null; reportIds?: readonly number[]; replace?: boolean; signal?: AbortSignal }): Promise<PublishOutcome>;
}

/** The publish hook of a mixed workspace, over the platform deployments given, as `user` (for the folders offered). */
export function keptPublish(workspace: MixedWorkspace, deployments: readonly Pick<Deployment, 'id' | 'name'>[], user: () => User): KeptPublish {
  const targets = deployments.filter((d) => workspace.home(d.id) === 'platform');
  const check = (deploymentId: number) => {
    if (!targets.some((d) => d.id === deploymentId)) throw new Error(`Deployment ${deploymentId} is not a platform deployment to publish to.`);
  };
  return {
    deployments: targets,
    folders: async (deploymentId) => {
      check(deploymentId);
      return grantedFolders(workspace.reports, deploymentId, user());
    },
    run: async (deploymentId, options = {}) => {
      check(deploymentId);
      return publishToPlatform(workspace, { from: workspace.workbookDeploymentId, to: deploymentId, ...options });
    },
  };
}
