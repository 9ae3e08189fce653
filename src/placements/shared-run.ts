import { nextCursor, REPORTS_PAGE_MAX, type Report } from '../contract';
import type { PlacementRegistry } from '../ports/placement-registry';
import type { ReportStore } from '../ports/report-store';
import type { PlacementDeps } from './placement-deps';
import { sameDefinition } from './refreshing';
import { memo } from './shared-promises';

/**
 * What one run (Refresh all, refreshing a report's placements, refresh on open) shares among its placements, so the
 * load it puts on the platform and the data API does not grow with copies: each report is read once, and its query
 * (its pages, its totals queries) sent once for each distinct definition (`ReportRunner.sharing`). Only the result is shared: each
 * placement lays its own cells out from it (its language, its title lines), and is written, checked for hand edits
 * and recorded on its own. A report whose definition turned out to have changed when a placement's refresh was
 * recorded, or whose record failed, is read again by whatever asks next (a refresh's next round, the check whether
 * a lost record landed anyway); a changed definition is a changed query, and so is sent anew.
 */
export function sharedRun(deps: PlacementDeps, placed: readonly PlacedReport[] = []): SharedRun {
  const reports = sharedReports(deps.reports, placed);
  return { deps: { ...deps, reports: reports.store, registry: forgetting(deps.registry, reports.settled), runner: deps.runner.sharing() } };
}

/** A report the run will refresh a placement of, in the workbook it is placed in. */
export interface PlacedReport {
  deploymentId: number;
  reportId: number;
  workbookId: string;
}

/** One run's shared reads and queries: the use cases' ports as the run's placements see them. Made anew for each run. */
export interface SharedRun {
  readonly deps: PlacementDeps;
}

/** `inner` with `overrides` in place of its own methods; the rest are its own, called on it. */
function delegate<T extends object>(inner: T, overrides: Partial<T>): T {
  return new Proxy(inner, {
    get(target, property) {
      if (Object.prototype.hasOwnProperty.call(overrides, property)) return (overrides as Record<PropertyKey, unknown>)[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const reportKey = (deploymentId: number, reportId: number) => `${deploymentId}/${reportId}`;

function sharedReports(inner: ReportStore, placed: readonly PlacedReport[]) {
  const { get, held } = memo<Report>();
  const listed = listedReports(inner, placed);
  const store = delegate(inner, {
    getReport: (deploymentId: number, reportId: number, signal?: AbortSignal) =>
      get(reportKey(deploymentId, reportId), signal, async () => (await listed(deploymentId, reportId, signal)) ?? inner.getReport(deploymentId, reportId, signal)),
  });
  /** A placement's refresh was recorded (`updated`, the report as recorded) or failed to be (`null`). */
  const settled = (deploymentId: number, reportId: number, updated: Report | null) => {
    const key = reportKey(deploymentId, reportId);
    // Whether a lost record landed anyway is asked of a read sent after it, never of one shared from before.
    if (!updated) {
      held.delete(key);
      return;
    }
    const found = held.get(key);
    // Still being read (a placement's next round): whatever it reads, that placement's write tells whether it is current.
    if (found?.value && !sameDefinition(found.value, updated)) held.delete(key);
  };
  return { store, settled };
}

/** The registry, telling `settled` how each recorded refresh went. */
function forgetting(inner: PlacementRegistry, settled: (deploymentId: number, reportId: number, updated: Report | null) => void): PlacementRegistry {
  return delegate(inner, {
    recordRefresh: async (...args: Parameters<PlacementRegistry['recordRefresh']>) => {
      const [{ deploymentId, reportId }] = args;
      try {
        const updated = await inner.recordRefresh(...args);
        settled(deploymentId, reportId, updated);
        return updated;
      } catch (error) {
        settled(deploymentId, reportId, null);
        throw error;
      }
    },
  });
}

/**
 * The run's reports read by listing, where that saves requests: in a deployment with several of the run's reports,
 * one list of the reports placed in the workbook (`externalWorkbookId`, 100 a page) instead of a read of each. A
 * report is taken from the list once (what asks for it again reads it anew); one not in it, or a list that fails,
 * is read on its own.
 */
function listedReports(inner: ReportStore, placed: readonly PlacedReport[]) {
  const wanted = new Map<number, { workbookId: string; reportIds: Set<number> }>();
  for (const { deploymentId, reportId, workbookId } of placed) {
    const entry = wanted.get(deploymentId) ?? { workbookId, reportIds: new Set<number>() };
    entry.reportIds.add(reportId);
    wanted.set(deploymentId, entry);
  }
  const listings = new Map<number, Promise<Map<number, Report>>>();
  const list = async (deploymentId: number, workbookId: string, signal?: AbortSignal) => {
    const reports = new Map<number, Report>();
    let after: string | undefined;
    do {
      // Pages follow one another: each names the next.
      const page = await inner.listReports(deploymentId, { externalWorkbookId: workbookId, first: REPORTS_PAGE_MAX, after }, signal);
      for (const report of page.items) reports.set(report.id, report);
      after = nextCursor(page) ?? undefined;
    } while (after);
    return reports;
  };
  return async (deploymentId: number, reportId: number, signal?: AbortSignal): Promise<Report | null> => {
    const want = wanted.get(deploymentId);
    if (!want || want.reportIds.size < 2 || !want.reportIds.has(reportId)) return null;
    let listing = listings.get(deploymentId);
    if (!listing) {
      listing = list(deploymentId, want.workbookId, signal);
      listings.set(deploymentId, listing);
    }
    // A list that fails costs nothing but requests: each report is then read on its own, and its error told there.
    // eslint-disable-next-line no-restricted-syntax
    const reports = await listing.catch(() => null);
    const found = reports?.get(reportId) ?? null;
    reports?.delete(reportId);
    return found;
  };
}
