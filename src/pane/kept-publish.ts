import type { Deployment, Folder } from '../contract';
import type { PublishOutcome, PublishedReport } from '../placements/publishing';
import { PublishedReportDiffersError } from '../placements/publishing-errors';
import type { KeptPublish } from './publish-reports';
import { Store } from './store';

/**
 * "Publish to the platform…" in Browse of the kept reports (issue 26): choosing the deployment and the folder for
 * reports new there, publishing all, and its outcome. A store the view renders (`KeptPublishPanel`), which puts the
 * outcome into words.
 */

export interface KeptPublishState {
  open: boolean;
  deploymentId: number | null;
  /** The chosen deployment's folders (null while read or when they could not be). */
  folders: Folder[] | null;
  folderId: number | null;
  working: boolean;
  outcome: PublishOutcome | null;
  /** A failure of the run as a whole, or of reading the folders, in words. */
  error: string | null;
}

export interface KeptPublishOptions {
  publish: () => KeptPublish | null | undefined;
  describe(error: unknown): string;
  /** After a run, done or failed: the list and the pane read the workbook's reports and placements again. */
  onChanged(): void;
}

const CLOSED: KeptPublishState = { open: false, deploymentId: null, folders: null, folderId: null, working: false, outcome: null, error: null };

export class KeptPublishing extends Store<KeptPublishState> {
  /** Bumped by `leave`: a run finishing after it shows nothing (the list and the pane are still told). */
  private generation = 0;

  constructor(private readonly options: KeptPublishOptions) {
    super(CLOSED);
  }

  /** The platform deployments offered. */
  get deployments(): readonly Pick<Deployment, 'id' | 'name'>[] {
    return this.options.publish()?.deployments ?? [];
  }

  /** Browse went: the form is closed when it comes back. */
  leave(): void {
    this.generation += 1;
    this.update(CLOSED);
  }

  /** Opens the form on the first deployment offered. */
  open(): void {
    const first = this.options.publish()?.deployments[0];
    this.update({ ...CLOSED, open: true });
    // Fire and forget: `choose` keeps its own failure in the state.
    if (first) void this.choose(first.id);
  }

  close(): void {
    if (!this.getState().working) this.update(CLOSED);
  }

  /** Chooses the deployment and reads its folders; a new report goes to the top level until a folder is chosen. */
  async choose(deploymentId: number): Promise<void> {
    this.update({ deploymentId, folders: null, folderId: null, error: null });
    const generation = this.generation;
    const current = () => generation === this.generation && this.getState().deploymentId === deploymentId;
    try {
      const folders = (await this.options.publish()?.folders(deploymentId)) ?? [];
      if (current()) this.update({ folders });
    } catch (error) {
      if (current()) this.update({ folders: [], error: this.options.describe(error) });
    }
  }

  chooseFolder(folderId: number | null): void {
    this.update({ folderId });
  }

  /** Publishes all (or, replacing, the reports that differ on the platform). */
  async run(replace = false): Promise<void> {
    const { deploymentId, folderId, working, outcome } = this.getState();
    const publish = this.options.publish();
    if (working || deploymentId === null || !publish) return;
    const reportIds = replace && outcome ? differing(outcome) : undefined;
    this.update({ working: true, error: null });
    const generation = this.generation;
    const shown = (change: Partial<KeptPublishState>) => generation === this.generation && this.update(change);
    try {
      const done = await publish.run(deploymentId, { folderId, ...(replace ? { reportIds, replace: true } : {}) });
      shown({ working: false, outcome: replace && outcome ? merged(outcome, done) : done });
    } catch (error) {
      shown({ working: false, error: this.options.describe(error) });
    } finally {
      this.options.onChanged();
    }
  }
}

/** The reports refused because the platform holds a different version of them. */
export function differing(outcome: PublishOutcome): number[] {
  return outcome.reports.filter((r) => r.kind === 'failed' && r.error instanceof PublishedReportDiffersError).map((r) => r.workbookReportId);
}

/** A first run's outcome with a later run's answers for the reports it ran again. */
function merged(first: PublishOutcome, again: PublishOutcome): PublishOutcome {
  const later = new Map(again.reports.map((r) => [r.workbookReportId, r]));
  const reports = first.reports.map((r) => later.get(r.workbookReportId) ?? r);
  const count = (kind: PublishedReport['kind']) => reports.filter((r) => r.kind === kind).length;
  return {
    deploymentId: again.deploymentId, reports, published: count('published'), failed: count('failed'),
    placements: reports.reduce((n, r) => n + r.placements, 0),
    replaced: reports.filter((r) => r.kind === 'published' && r.was === 'replaced').length,
  };
}
