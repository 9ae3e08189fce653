import { ApiError, type PlatformClient } from '../client';
import type { MemberType, Report, UpdateReportInput } from '../contract';
import { toPivotItems, toQuery, type Exploration } from '../core/exploration';
import { reportTitle } from '../core/report-definition';
import { ReportChangedElsewhereError } from '../placements/errors';

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
  platform: PlatformClient, deploymentId: number, target: NewReport, exploration: Exploration,
  typeOf: (member: string) => MemberType | undefined, signal?: AbortSignal,
): Promise<Report> {
  return platform.createReport(deploymentId, {
    name: target.name,
    title: target.title ?? null,
    folderId: target.folderId ?? null,
    ...reportDefinitionOf(exploration, typeOf),
    source: 'EXCEL',
    host: 'EXCEL',
  }, signal);
}

/**
 * Changes a report as it was read (`expectedVersion`, when the platform gives versions): a newer version on
 * the platform is `ReportChangedElsewhereError`, so one user's change never silently replaces another's.
 */
export async function updateOpenedReport(platform: PlatformClient, opened: Report, change: UpdateReportInput, signal?: AbortSignal): Promise<Report> {
  try {
    return await platform.updateReport(opened.deploymentId, opened.id, {
      ...change,
      ...(typeof opened.version === 'number' ? { expectedVersion: opened.version } : {}),
    }, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new ReportChangedElsewhereError(reportTitle(opened), error);
    throw error;
  }
}

/** Saves into the report as it was opened; a newer version on the platform is `ReportChangedElsewhereError`. */
export function saveIntoReport(
  platform: PlatformClient, opened: Report, exploration: Exploration, typeOf: (member: string) => MemberType | undefined, signal?: AbortSignal,
): Promise<Report> {
  return updateOpenedReport(platform, opened, reportDefinitionOf(exploration, typeOf), signal);
}
