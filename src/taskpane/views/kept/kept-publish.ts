import type { Folder } from '../../../contract';
import { Store } from '../../../pane/store';
import type { KeptPublish } from '../../../pane/publish-reports';
import type { PublishOutcome, PublishedReport } from '../../../placements/publishing';
import {
  PlacementNotRecordedError, PlacementOutOfDateError, PublicIdElsewhereError, PublishedReportDiffersError, ReportChangedWhilePublishingError,
  WorkbookWithoutIdError,
} from '../../../placements/publishing-errors';
import type { KeptMessages } from '../../i18n/kept-en';

/**
 * "Publish to the platform…" in Browse of the kept reports (issue 26): choosing the deployment and the folder for
 * reports new there, publishing all, and the outcome in words. Plain logic the view renders (`KeptPublishPanel`).
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
  constructor(private readonly options: KeptPublishOptions) {
    super(CLOSED);
  }

  /** Opens the form on the first deployment offered. */
  open(): void {
    const first = this.options.publish()?.deployments[0];
    this.update({ ...CLOSED, open: true });
    if (first) void this.choose(first.id);
  }

  close(): void {
    if (!this.getState().working) this.update(CLOSED);
  }

  /** Chooses the deployment and reads its folders; a new report goes to the top level until a folder is chosen. */
  async choose(deploymentId: number): Promise<void> {
    this.update({ deploymentId, folders: null, folderId: null, error: null });
    try {
      const folders = (await this.options.publish()?.folders(deploymentId)) ?? [];
      if (this.getState().deploymentId === deploymentId) this.update({ folders });
    } catch (error) {
      if (this.getState().deploymentId === deploymentId) this.update({ folders: [], error: this.options.describe(error) });
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
    try {
      const done = await publish.run(deploymentId, { folderId, ...(replace ? { reportIds, replace: true } : {}) });
      this.update({ working: false, outcome: replace && outcome ? merged(outcome, done) : done });
    } catch (error) {
      this.update({ working: false, error: this.options.describe(error) });
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

/** Why one report was not published, the end of a sentence; undefined for a failure the pane's own words cover. */
export function publishFailureWords(error: unknown, words: KeptMessages['publish']): string | undefined {
  if (error instanceof PlacementOutOfDateError) return words.outOfDate(error.location);
  if (error instanceof PublishedReportDiffersError) return words.differs(error.platformTitle);
  if (error instanceof PublicIdElsewhereError) return words.elsewhere(error.publicId);
  if (error instanceof PlacementNotRecordedError) return words.notRecorded(error.location);
  if (error instanceof WorkbookWithoutIdError) return words.noWorkbookId;
  if (error instanceof ReportChangedWhilePublishingError) return words.changedMeanwhile;
  return undefined;
}

type Plural = { one: (count: string) => string; other: (count: string) => string };

/** The outcome in words: one summary line (counts), then a line per report. */
export function outcomeWords(
  outcome: PublishOutcome, words: KeptMessages['publish'], describe: (error: unknown) => string,
  number: (n: number) => string, plural: (n: number) => 'one' | 'other',
): { summary: string; lines: { kind: PublishedReport['kind']; text: string }[] } {
  if (outcome.reports.length === 0) return { summary: words.none, lines: [] };
  const count = (forms: Plural, n: number) => forms[plural(n)](number(n));
  const summary = [
    count(words.published, outcome.published),
    ...(outcome.failed ? [count(words.failed, outcome.failed)] : []),
    count(words.moved, outcome.placements),
  ].join(', ');
  const lines = outcome.reports.map((r) => {
    const title = r.title ?? words.unknownReport(number(r.workbookReportId));
    if (r.kind === 'published') return { kind: r.kind, text: words[r.was](title) };
    return { kind: r.kind, text: words.failedItem(title, publishFailureWords(r.error, words) ?? describe(r.error)) };
  });
  return { summary: `${summary}.`, lines };
}
