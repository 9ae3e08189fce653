import type { PublishOutcome, PublishedReport } from '../../../placements/publishing';
import {
  PlacementNotRecordedError, PlacementOutOfDateError, PublicIdElsewhereError, PublishedReportDiffersError, ReportChangedWhilePublishingError,
  WorkbookWithoutIdError,
} from '../../../placements/publishing-errors';
import type { KeptMessages } from '../../i18n/kept-en';

/** The outcome of "Publish to the platform…" (`KeptPublishing`, pane/kept-publish.ts) in the pane's words. */

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
