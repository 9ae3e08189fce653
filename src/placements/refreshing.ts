import type { Report } from '../contract';
import type { CellOptions } from '../core/cell-options';
import { sharedNames } from '../core/placement-names';
import { reportTitle } from '../core/report-definition';
import { PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, PlacementIdSharedError, ReportKeptChangingError } from './errors';
import { sendEarly } from './early-query';
import type { PlacementDeps } from './placement-deps';
import { sameDefinition, writeRefresh, type PlacementRefreshed, type PreparedRefresh, type RefreshDeps, type RefreshOptions } from './refresh-writes';
import { NAMED_OTHERS, type WorkbookPlacement } from './workbook-placements';
import type { WriteOutcome } from './write-outcome';

export { readForRefreshes, sameDefinition, writeRefresh, writeRefreshes, type PlacementRefreshed, type PreparedRefresh, type RefreshDeps, type RefreshEnds, type RefreshOptions, type RefreshWrite } from './refresh-writes';

/** How many times a refresh runs again when the report changed between running its query and recording. */
export const MAX_REFRESH_ATTEMPTS = 3;

/**
 * Refreshes a placement where its cells are now: reads the report again (a refresh always runs the current
 * definition), runs its query, and rewrites the cells; if the report changed between running the query and
 * recording the refresh, runs again (the record then holds what the last try wrote, so its guard finds the cells as
 * written), up to `MAX_REFRESH_ATTEMPTS` times. The report's read, its query (of the definition as listed, see
 * `prepareRefresh`) and the workbook's placement ids (unless given) are asked for at once, not one after another.
 */
export async function refresh(deps: RefreshDeps, entry: WorkbookPlacement, options: RefreshOptions = {}): Promise<WriteOutcome<PlacementRefreshed>> {
  refuseUnwritable(entry);
  const ids = options.placementIds ? Promise.resolve(options.placementIds) : deps.registry.placementIds(entry.placement.workbookId, options.signal);
  let was: number | null | undefined;
  // The definition the query starts from: as listed, then as the last round's record returned it.
  let expected = entry.report;
  for (let attempt = 1; ; attempt += 1) {
    const [prepared, placementIds] = await Promise.all([prepareRefresh(deps, entry, options.signal, options.cellOptions, expected), ids]);
    const outcome = await writeRefresh(deps, prepared, { ...options, placementIds, ...(attempt === 1 ? {} : { writtenSince: undefined }) });
    // "Was" is the rows before the first attempt: a second attempt starts from what the first one wrote.
    if (outcome.kind === 'done' && outcome.rows) {
      if (was === undefined) was = outcome.rows.was;
      else outcome.rows = { ...outcome.rows, was };
    }
    if (outcome.kind !== 'done' || !outcome.stale) return outcome;
    if (attempt >= MAX_REFRESH_ATTEMPTS) throw new ReportKeptChangingError(reportTitle(outcome.report), attempt);
    expected = outcome.report;
  }
}

/**
 * The first half of a refresh: the report as it is now and its query's result laid out, in the placement's language
 * and with its title lines as listed (`cells`: a card's switch instead). No Excel involved. A placement whose id
 * names the same cells as another record's is refused, as listed or as its report reads now. `expected`: the report
 * as the caller last saw it (listed): its query is sent while the report is read, and its result used only if the
 * report reads the same (`sameRun`); otherwise the query of the report as read is sent and the other one stopped, so
 * nothing is laid out from a definition that is not the current one.
 */
export async function prepareRefresh(
  { reports, runner }: Pick<PlacementDeps, 'reports' | 'runner'>, entry: WorkbookPlacement, signal?: AbortSignal, cells?: CellOptions, expected?: Report | null,
): Promise<PreparedRefresh> {
  refuseUnwritable(entry);
  const layout = cells ?? runner.cellsOf(entry.location?.cellOptions);
  const early = expected ? sendEarly((earlySignal) => runner.run(expected, earlySignal, layout), signal) : null;
  const { report, placement } = await readPlacement(reports, entry, signal).catch((error: unknown) => {
    early?.drop();
    throw error;
  });
  const useEarly = early && expected && sameRun(expected, report);
  if (!useEarly) early?.drop();
  return { report, placement, prepared: await (useEarly ? early.result : runner.run(report, signal, layout)) };
}

/** The placement's report as it reads now, and its record there; refused when the record is gone or shares its id. */
async function readPlacement(reports: PlacementDeps['reports'], entry: WorkbookPlacement, signal?: AbortSignal) {
  const report = await reports.getReport(entry.deploymentId, entry.reportId, signal);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === entry.placement.id);
  if (!placement) throw new PlacementGoneError(entry.placement);
  const twins = sharedNames((report.externalWorkbookPlacements ?? []).filter((p) => p.workbookId === placement.workbookId), (p) => p.id).get(placement);
  if (twins) {
    const others = twins.filter((p) => p !== placement).slice(0, NAMED_OTHERS);
    throw new PlacementIdSharedError(placement, others.map((p) => ({ title: reportTitle(report), resultLocation: p.resultLocation })));
  }
  return { report, placement };
}

/** A placement that is never refreshed as listed (no access, no id, its id another's too): refused before any request. */
function refuseUnwritable(entry: WorkbookPlacement): void {
  if (entry.access !== 'GRANTED') throw new PlacementAccessDeniedError(entry.owner);
  if (!entry.placement.id) throw new PlacementDetachedError(entry.placement);
  if (entry.refused) throw new PlacementIdSharedError(entry.placement, entry.refused.others);
}

/**
 * Whether a result laid out for `expected` is the one `current` lays out: the same definition (`sameDefinition`), the
 * same title (its title lines), and the same SQL, which words why a report without a query cannot be placed.
 */
export function sameRun(expected: Report, current: Report): boolean {
  return sameDefinition(expected, current) && reportTitle(expected) === reportTitle(current) && (expected.sqlQuery ?? null) === (current.sqlQuery ?? null);
}
