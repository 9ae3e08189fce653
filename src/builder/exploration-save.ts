import type { MemberType, Report } from '../contract';
import { toPivotItems, toQuery, type Exploration } from '../core/exploration';
import type { ReportStore } from '../ports/report-store';

/**
 * Saving an exploration as a report: a new one (`POST …/reports`) or into the report it was opened from
 * (`PUT …/reports/{id}` with `expectedVersion`, so one user's save never silently replaces another's). The
 * report stores the query without a time zone: whoever runs it later runs it in their own settings' zone.
 */

export interface NewReport {
  name: string;
  title?: string | null;
  folderId?: number | null;
}

/** What a report stores of an exploration: its query as JSON text and its pivot items. */
function reportDefinitionOf(exploration: Exploration, typeOf: (member: string) => MemberType | undefined) {
  return { jsonQuery: JSON.stringify(toQuery(exploration, typeOf)), pivotItems: toPivotItems(exploration) };
}

export function saveAsNewReport(
  reports: Pick<ReportStore, 'createReport'>, deploymentId: number, target: NewReport, exploration: Exploration,
  typeOf: (member: string) => MemberType | undefined, signal?: AbortSignal,
): Promise<Report> {
  return reports.createReport(deploymentId, {
    name: target.name,
    title: target.title ?? null,
    folderId: target.folderId ?? null,
    ...reportDefinitionOf(exploration, typeOf),
    source: 'EXCEL',
    host: 'EXCEL',
  }, signal);
}

/** Saves into the report as it was opened; a newer version on the platform is `ReportChangedElsewhereError`. */
export function saveIntoReport(
  reports: Pick<ReportStore, 'updateReport'>, opened: Report, exploration: Exploration, typeOf: (member: string) => MemberType | undefined, signal?: AbortSignal,
): Promise<Report> {
  return reports.updateReport(opened, reportDefinitionOf(exploration, typeOf), signal);
}
