import { ApiError } from '../client/errors';
import { nextCursor, type Report } from '../contract';
import { reportTitle } from '../core/report-definition';
import { connectInputOf, publishInput, recordedAsSent, sameContent } from '../core/report-publishing';
import type { PlacementRegistry } from '../ports/placement-registry';
import type { ReportPublisher } from '../ports/report-publisher';
import type { ReportStore } from '../ports/report-store';
import type { WorkbookCells } from '../ports/workbook-cells';
import {
  PlacementNotRecordedError, PlacementOutOfDateError, PublicIdElsewhereError, PublishedReportDiffersError, ReportChangedWhilePublishingError,
  WorkbookWithoutIdError,
} from './publishing-errors';

/**
 * Publish to the platform (issue 26): copies reports kept in the workbook to a platform deployment and moves their
 * placements there, so a team that started on Cube Core goes on with the managed service without placing anything
 * again. The cells are never written: each placement keeps its id, so its hidden name (`ReportSync_<id>`) and its
 * cell options stay as they are, and the platform records the same range, sheet, anchor and result checksum (a
 * refresh finds the cells as written and asks nothing).
 *
 * Per report, in order: the report is upserted by its public id (`PUT …/reports/by-public-id/{publicId}`: the same
 * name, title, query and pivot items); then each placement is recorded on the platform report (`connect-workbook`,
 * which stamps the report's current query checksum: Up to date) and only then removed from the workbook, so a
 * placement is never in neither home; then, holding no placement any more, the workbook's report is deleted (kept,
 * there would be two reports of one name, and the workbook's would drift from the platform's).
 *
 * A failure stops that report where it is (what moved stays moved) and is its outcome, typed; the other reports go
 * on. Publishing again finishes the job with no duplicate: the public id finds the report created before, and a
 * placement recorded on the platform but not yet removed from the workbook (the one step a failure can leave) is
 * found again by its id.
 *
 * Refused, in words: a report with an Out of date placement (the platform would stamp it Up to date); a report whose
 * public id the deployment holds with a different definition, unless `replace` (the upsert replaces the platform's
 * name, title, query and pivot items, and its other placements turn Out of date, so never silently).
 */

export interface PublishDeps {
  /** Reads the workbook's reports (`from`) and the platform's (`to`): the routed store of a pane with both. */
  reports: ReportStore;
  registry: PlacementRegistry;
  publisher: ReportPublisher;
  workbook: Pick<WorkbookCells, 'prepare'>;
}

export interface PublishRequest {
  /** The deployment id the workbook's reports go by. */
  from: number;
  /** The platform deployment to publish to. */
  to: number;
  /** The workbook reports to publish; all of them without. */
  reportIds?: readonly number[];
  /**
   * The folder a report new to the deployment is created in (null or absent: the top level; the user needs the right
   * to create reports there). A report the deployment has already stays in its folder.
   */
  folderId?: number | null;
  /** Replace a platform report of the same public id whose definition differs (else refused, `PublishedReportDiffersError`). */
  replace?: boolean;
  signal?: AbortSignal;
}

/** One report's outcome. `title` is null for a report id the workbook does not keep (its error says so). */
export type PublishedReport =
  | {
    kind: 'published'; workbookReportId: number; title: string; report: Report;
    /** Placements moved to the platform in this run. */
    placements: number;
    /** `created`: the deployment had no report of its public id; `same`: it had this one; `replaced`: a different one, replaced as asked. */
    was: 'created' | 'same' | 'replaced';
  }
  | { kind: 'failed'; workbookReportId: number; title: string | null; error: unknown; placements: number; placementsLeft: number };

export interface PublishOutcome {
  deploymentId: number;
  reports: PublishedReport[];
  published: number;
  failed: number;
  /** Placements moved to the platform in this run, of published and failed reports. */
  placements: number;
  /** Platform reports whose definition was replaced, as asked. */
  replaced: number;
}

export async function publishToPlatform(deps: PublishDeps, request: PublishRequest): Promise<PublishOutcome> {
  const { signal } = request;
  const chosen = await chosenReports(deps.reports, request);
  const items: PublishedReport[] = [];
  const found = chosen.flatMap((c) => (c.report ? [c.report] : []));
  const workbookId = found.length ? (await deps.workbook.prepare()).workbookId : null;
  const publicIds = new Set(found.flatMap((r) => (r.publicId ? [r.publicId] : [])));
  const existing = await platformReports(deps.reports, request.to, publicIds, signal);
  for (const { id, report, error } of chosen) {
    if (!report) {
      items.push({ kind: 'failed', workbookReportId: id, title: null, error, placements: 0, placementsLeft: 0 });
      continue;
    }
    const moved = { count: 0 };
    try {
      signal?.throwIfAborted();
      items.push(await publishOne(deps, request, report, workbookId, existing, moved));
    } catch (failure) {
      const left = (report.externalWorkbookPlacements?.length ?? 0) - moved.count;
      items.push({ kind: 'failed', workbookReportId: id, title: reportTitle(report), error: failure, placements: moved.count, placementsLeft: left });
    }
  }
  return outcomeOf(request.to, items);
}

/** The counts of an outcome's items. */
export function outcomeOf(deploymentId: number, reports: PublishedReport[]): PublishOutcome {
  return {
    deploymentId,
    reports,
    published: reports.filter((r) => r.kind === 'published').length,
    failed: reports.filter((r) => r.kind === 'failed').length,
    placements: reports.reduce((n, r) => n + r.placements, 0),
    replaced: reports.filter((r) => r.kind === 'published' && r.was === 'replaced').length,
  };
}

async function publishOne(
  { reports, registry, publisher }: PublishDeps, { from, to, replace, folderId, signal }: PublishRequest, listed: Report,
  workbookId: string | null, existing: ReadonlyMap<string, Report>, moved: { count: number },
): Promise<PublishedReport> {
  // Read again: what is published is the report as it is now.
  const report = await reports.getReport(from, listed.id, signal);
  const title = reportTitle(report);
  const placements = report.externalWorkbookPlacements ?? [];
  const stale = placements.find((p) => p.syncStatus !== 'UP_TO_DATE');
  if (stale) throw new PlacementOutOfDateError(title, stale.resultLocation);
  if (placements.length > 0 && !workbookId) throw new WorkbookWithoutIdError();
  const publicId = report.publicId;
  const before = publicId ? existing.get(publicId) : undefined;
  const was = !before ? 'created' : sameContent(report, before) ? 'same' : 'replaced';
  if (was === 'replaced' && !replace) throw new PublishedReportDiffersError(title, reportTitle(before!));
  const published = await upsert(publisher, to, report, was === 'created' ? folderId : undefined, signal);
  for (const placement of placements) {
    const sent = connectInputOf(placement, workbookId!);
    if (!sent.placementId) throw new PlacementNotRecordedError(title, placement.resultLocation);
    const answer = await registry.connect({ deploymentId: to, reportId: published.id }, sent, signal);
    const recorded = answer.externalWorkbookPlacements?.find((p) => p.id === sent.placementId && p.workbookId === workbookId);
    if (!recordedAsSent(recorded, sent)) throw new PlacementNotRecordedError(title, placement.resultLocation);
    // Recorded on the platform: only now removed from the workbook.
    await registry.disconnect({ deploymentId: from, reportId: report.id }, { placementId: sent.placementId }, signal);
    moved.count += 1;
  }
  // The workbook's report goes once it holds nothing: not if it was changed or placed again meanwhile.
  const now = await reports.getReport(from, report.id, signal);
  if (now.version !== report.version || (now.externalWorkbookPlacements?.length ?? 0) > 0) throw new ReportChangedWhilePublishingError(title);
  await reports.deleteReport(from, report.id, signal);
  return { kind: 'published', workbookReportId: report.id, title, report: published, placements: moved.count, was };
}

async function upsert(publisher: ReportPublisher, to: number, report: Report, folderId: number | null | undefined, signal?: AbortSignal): Promise<Report> {
  const title = reportTitle(report);
  if (!report.publicId) throw new Error(`"${title}" has no public id to publish it by.`);
  try {
    return await publisher.upsertByPublicId(to, report.publicId, publishInput(report, folderId), signal);
  } catch (error) {
    // A 409 without a code: the public id is another deployment's, for good (`upsert_branch_changed` is worth a retry).
    const code = (error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : undefined) ?? null;
    if (error instanceof ApiError && error.status === 409 && code === null) throw new PublicIdElsewhereError(title, report.publicId, error);
    throw error;
  }
}

/** The workbook reports asked for (all: in the order they were made); an id the workbook does not keep, with why. */
async function chosenReports(reports: ReportStore, { from, reportIds, signal }: PublishRequest): Promise<{ id: number; report: Report | null; error?: unknown }[]> {
  if (!reportIds) {
    // In the order they were made, whatever the list's sort.
    const all = (await allReports(reports, from, () => false, signal)).sort((a, b) => a.id - b.id);
    return all.map((report) => ({ id: report.id, report }));
  }
  const chosen = [];
  for (const id of new Set(reportIds)) {
    try {
      chosen.push({ id, report: await reports.getReport(from, id, signal) });
    } catch (error) {
      chosen.push({ id, report: null, error });
    }
  }
  return chosen;
}

/** The deployment's reports holding the public ids, read page by page until all are found or the list ends. */
async function platformReports(reports: ReportStore, deploymentId: number, publicIds: ReadonlySet<string>, signal?: AbortSignal): Promise<Map<string, Report>> {
  const found = new Map<string, Report>();
  if (publicIds.size === 0) return found;
  await allReports(reports, deploymentId, (report) => {
    if (report.publicId && publicIds.has(report.publicId)) found.set(report.publicId, report);
    return found.size === publicIds.size;
  }, signal);
  return found;
}

/** Every report of a deployment, page after page, until `enough` says so. */
async function allReports(reports: ReportStore, deploymentId: number, enough: (report: Report) => boolean, signal?: AbortSignal): Promise<Report[]> {
  const all: Report[] = [];
  let after: string | undefined;
  do {
    const page = await reports.listReports(deploymentId, { first: 100, after }, signal);
    for (const report of page.items) {
      all.push(report);
      if (enough(report)) return all;
    }
    after = nextCursor(page) ?? undefined;
  } while (after);
  return all;
}
