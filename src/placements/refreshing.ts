import type { CellOptions } from '../core/cell-options';
import { sharedNames } from '../core/placement-names';
import { reportTitle } from '../core/report-definition';
import { PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, PlacementIdSharedError, ReportKeptChangingError } from './errors';
import type { PlacementDeps } from './placement-deps';
import { writeRefresh, type PreparedRefresh, type RefreshDeps, type RefreshOptions } from './refresh-writes';
import { NAMED_OTHERS, type WorkbookPlacement } from './workbook-placements';
import type { WriteOutcome } from './write-outcome';

export { readForRefreshes, sameDefinition, writeRefresh, writeRefreshes, type PreparedRefresh, type RefreshDeps, type RefreshEnds, type RefreshOptions, type RefreshWrite } from './refresh-writes';

/** How many times a refresh runs again when the report changed between running its query and recording. */
export const MAX_REFRESH_ATTEMPTS = 3;

/**
 * Refreshes a placement where its cells are now: reads the report again (a refresh always runs the current
 * definition), runs its query, and rewrites the cells; if the report changed between running the query and
 * recording the refresh, runs again (the record then holds what the last try wrote, so its guard finds the cells as
 * written), up to `MAX_REFRESH_ATTEMPTS` times.
 */
export async function refresh(deps: RefreshDeps, entry: WorkbookPlacement, options: RefreshOptions = {}): Promise<WriteOutcome> {
  let was: number | null | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const prepared = await prepareRefresh(deps, entry, options.signal, options.cellOptions);
    const outcome = await writeRefresh(deps, prepared, attempt === 1 ? options : { ...options, writtenSince: undefined });
    // "Was" is the rows before the first attempt: a second attempt starts from what the first one wrote.
    if (outcome.kind === 'done' && outcome.rows) {
      if (was === undefined) was = outcome.rows.was;
      else outcome.rows = { ...outcome.rows, was };
    }
    if (outcome.kind !== 'done' || !outcome.stale) return outcome;
    if (attempt >= MAX_REFRESH_ATTEMPTS) throw new ReportKeptChangingError(reportTitle(outcome.report), attempt);
  }
}

/**
 * The first half of a refresh: the report as it is now and its query's result laid out, in the placement's language
 * and with its title lines as listed (`cells`: a card's switch instead). No Excel involved. A placement whose id
 * names the same cells as another record's is refused, as listed or as its report reads now.
 */
export async function prepareRefresh(
  { reports, runner }: Pick<PlacementDeps, 'reports' | 'runner'>, entry: WorkbookPlacement, signal?: AbortSignal, cells?: CellOptions,
): Promise<PreparedRefresh> {
  if (entry.access !== 'GRANTED') throw new PlacementAccessDeniedError(entry.owner);
  if (!entry.placement.id) throw new PlacementDetachedError(entry.placement);
  if (entry.refused) throw new PlacementIdSharedError(entry.placement, entry.refused.others);
  const report = await reports.getReport(entry.deploymentId, entry.reportId, signal);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === entry.placement.id);
  if (!placement) throw new PlacementGoneError(entry.placement);
  const twins = sharedNames((report.externalWorkbookPlacements ?? []).filter((p) => p.workbookId === placement.workbookId), (p) => p.id).get(placement);
  if (twins) {
    const others = twins.filter((p) => p !== placement).slice(0, NAMED_OTHERS);
    throw new PlacementIdSharedError(placement, others.map((p) => ({ title: reportTitle(report), resultLocation: p.resultLocation })));
  }
  return { report, placement, prepared: await runner.run(report, signal, cells ?? runner.cellsOf(entry.location?.cellOptions)) };
}

