import type { CubeFilter, CubeQuery } from '../contract';
import { reportDefinition, reportTitle } from './report-definition';

/**
 * Consent before a received workbook queries anything (issue 39). A workbook is mailed around; its reports,
 * placements, "refresh when it opens" flag and RS formulas are the sender's, yet they would run with the reader's
 * credentials and write into sheets the sender chose. So what a workbook would query by itself is named, and runs
 * only once this user allowed it here. Pure: what the workbook asks for, the items a user's allowance covers, and
 * whether an allowance covers what the workbook asks for now.
 *
 * What an allowance covers is the workbook's id together with every report (by its definition when the report is
 * kept in the file, whose sender could have rewritten it), every placement with the sheet it writes into and how
 * that sheet is shown, the refresh-on-open flag and the presence of formulas. What the user adds afterwards joins
 * the allowance; anything new in a file opened later is asked about again.
 */

export type SheetVisibility = 'Visible' | 'Hidden' | 'VeryHidden';

export interface QueriedReport {
  deploymentId: number;
  reportId: number;
  title: string;
  /** The members its query names (measures, dimensions, segments, filters), as the query names them. */
  members: string[];
  /** Its filters in words (`orders.region = Europe`): a file's filters can point at what it wants. */
  filters: string[];
  /** The definition's checksum when the report is kept in the file (its sender could have changed it); null otherwise. */
  definition: string | null;
}

export interface QueriedSheet {
  name: string;
  visibility: SheetVisibility;
}

/** What a workbook would query by itself, as the consent bar names it. */
export interface WorkbookQueries {
  reports: QueriedReport[];
  /** The placements that would be written, by id, with the sheet their cells are on (null: their cells are gone). */
  placements: { id: string; sheetName: string | null }[];
  /** The sheets those placements write into, hidden ones marked. */
  sheets: QueriedSheet[];
  refreshOnOpen: boolean;
  /** RS formulas that asked for numbers as the workbook opened. */
  formulas: number;
}

/** Nothing in the workbook would query by itself: a workbook the user starts from nothing needs no question. */
export const queriesNothing = (queries: WorkbookQueries): boolean =>
  !queries.reports.length && !queries.placements.length && !queries.refreshOnOpen && queries.formulas === 0;

/** The items an allowance of these queries covers (sorted, each once). */
export function consentItems(queries: WorkbookQueries): string[] {
  const visibility = new Map(queries.sheets.map((s) => [s.name, s.visibility]));
  const items = new Set<string>([
    ...queries.reports.map((r) => `report:${r.deploymentId}:${r.reportId}${r.definition ? `:${r.definition}` : ''}`),
    ...queries.placements.map((p) => `placement:${p.id}@${p.sheetName ?? ''}:${p.sheetName ? (visibility.get(p.sheetName) ?? 'Visible') : ''}`),
    ...(queries.refreshOnOpen ? ['refresh-on-open'] : []),
    ...(queries.formulas > 0 ? ['formulas'] : []),
  ]);
  return [...items].sort();
}

/** Whether what was allowed covers every item asked for now (items gone since are no matter). */
export function isCovered(allowed: readonly string[] | null, asked: readonly string[]): boolean {
  if (!allowed) return false;
  const kept = new Set(allowed);
  return asked.every((item) => kept.has(item));
}

/** A placed report as the bar names it: its title, the members and filters of its query. */
export function queriedReport(
  report: { id: number; deploymentId: number; name: string; title?: string | null; jsonQuery?: string | null; pivotItems?: unknown; sqlQuery?: string | null },
  definition: string | null,
): QueriedReport {
  const parsed = reportDefinition(report as Parameters<typeof reportDefinition>[0]);
  const query: CubeQuery = parsed.placeable ? parsed.query : {};
  const filters: string[] = [];
  const members = new Set<string>([
    ...(query.measures ?? []), ...(query.dimensions ?? []), ...(query.timeDimensions ?? []).map((td) => td.dimension), ...(query.segments ?? []),
  ]);
  const visit = (filter: CubeFilter) => {
    if ('and' in filter) filter.and.forEach(visit);
    else if ('or' in filter) filter.or.forEach(visit);
    else {
      const member = filter.member ?? filter.dimension ?? '?';
      members.add(member);
      filters.push(`${member} ${filter.operator}${filter.values?.length ? ` ${filter.values.map(String).join(', ')}` : ''}`);
    }
  };
  (query.filters ?? []).forEach(visit);
  return { deploymentId: report.deploymentId, reportId: report.id, title: reportTitle(report), members: [...members], filters, definition };
}
