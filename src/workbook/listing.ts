import {
  REPORT_SORT_BY, REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX, SORT_DIRECTIONS, type Report, type ReportListParams, type ReportSortBy, type SortDirection,
} from '../contract';
import type { ReportsPage } from '../ports/report-store';
import { WorkbookReportRequestError } from './errors';

/**
 * One page of the workbook's reports, by the platform's rules for `GET …/reports` (`server/routes/reports.ts`):
 * `search` in the name or title, case-insensitive; `folderId` names a folder and there are none here, so it
 * matches nothing; `externalWorkbookId`: the reports placed in it (every placement kept here is this workbook's).
 * Sorted by `sortBy` (default `updatedAt`; `name` case-insensitive) in each one's default direction (name
 * ascending, dates newest first), ties by id; a report without the key (`lastViewedAt` is not kept) last. Paged
 * with `first` (default 20, at most 100) and an opaque cursor `after` of one sort; none when sorting by
 * `lastViewedAt`, as the platform.
 */

const DEFAULT_DIRECTION: Record<ReportSortBy, SortDirection> = { name: 'ASC', createdAt: 'DESC', updatedAt: 'DESC', lastViewedAt: 'DESC' };

interface Keyed {
  report: Report;
  id: number;
  key: string | null;
}

const keyOf = (report: Report, sortBy: ReportSortBy): string | null =>
  ({ name: report.name.toLowerCase(), createdAt: report.createdAt, updatedAt: report.updatedAt, lastViewedAt: null })[sortBy];

function cursorOf(kind: string, k: Keyed | undefined): string | null {
  return k ? JSON.stringify([kind, k.key, String(k.id)]) : null;
}

function readCursor(after: string, kind: string): { key: string | null; id: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(after);
  } catch {
    parsed = null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || typeof parsed[0] !== 'string' || typeof parsed[2] !== 'string'
    || !(typeof parsed[1] === 'string' || parsed[1] === null)) {
    throw new WorkbookReportRequestError(`Invalid cursor 'after'`);
  }
  if (parsed[0] !== kind) throw new WorkbookReportRequestError(`The cursor 'after' belongs to another sort (${parsed[0]}), not ${kind}`);
  return { key: parsed[1], id: Number(parsed[2]) };
}

export function pageOf(reports: readonly Report[], params: ReportListParams): ReportsPage {
  const sortBy = params.sortBy ?? 'updatedAt';
  if (!REPORT_SORT_BY.includes(sortBy)) throw new WorkbookReportRequestError(`'sortBy' must be one of ${REPORT_SORT_BY.join(', ')}`);
  const direction = params.sortDirection ?? DEFAULT_DIRECTION[sortBy];
  if (!SORT_DIRECTIONS.includes(direction)) throw new WorkbookReportRequestError(`'sortDirection' must be one of ${SORT_DIRECTIONS.join(', ')}`);
  const first = params.first ?? REPORTS_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > REPORTS_PAGE_MAX) throw new WorkbookReportRequestError(`'first' must be an integer from 1 to ${REPORTS_PAGE_MAX}`);
  if (sortBy === 'lastViewedAt' && params.after) throw new WorkbookReportRequestError(`Cursor pagination ('after') is not available when sorting by lastViewedAt`);
  const kind = `${sortBy}:${direction}`;

  const search = params.search?.toLowerCase();
  const matching = reports.filter((r) =>
    (!search || r.name.toLowerCase().includes(search) || (r.title ?? '').toLowerCase().includes(search))
    && (params.folderId === undefined || params.folderId === null)
    && (!params.externalWorkbookId || (r.externalWorkbookPlacements ?? []).length > 0));

  const sign = direction === 'ASC' ? 1 : -1;
  const order = (a: { key: string | null; id: number }, b: { key: string | null; id: number }) => {
    if (a.key !== b.key) {
      if (a.key === null) return 1;
      if (b.key === null) return -1;
      return (a.key < b.key ? -1 : 1) * sign;
    }
    return (a.id - b.id) * sign;
  };
  const keyed = matching.map((report): Keyed => ({ report, id: report.id, key: keyOf(report, sortBy) })).sort(order);
  const cursor = params.after ? readCursor(params.after, kind) : null;
  const start = cursor ? keyed.findIndex((k) => order(k, cursor) > 0) : 0;
  const from = start < 0 ? keyed.length : start;
  const page = keyed.slice(from, from + first);
  const encode = (k: Keyed | undefined) => (sortBy === 'lastViewedAt' ? null : cursorOf(kind, k));
  return {
    items: page.map((k) => k.report),
    pageInfo: { hasNextPage: from + first < keyed.length, hasPreviousPage: from > 0, startCursor: encode(page[0]), endCursor: encode(page.at(-1)) },
  };
}
