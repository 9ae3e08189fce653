import type { Report, ReportPlacement, ResultChecksum } from '../contract';
import { canonicalJson } from '../core/canonical-json';
import { sameCellOptions, type CellOptions } from '../core/cell-options';
import { keepCellOptions } from './keep-cell-options';
import { cellAddress, parseSheetAddress, sheetAddress, type Rect } from '../core/a1';
import { reportTitle } from '../core/report-definition';
import { tableHeaderRow } from '../core/table-header';
import { PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, ReportKeptChangingError } from './errors';
import { roomFor } from './make-room';
import type { CellsToRead } from '../ports/workbook';
import type { PlacementDeps } from './placement-deps';
import type { PreparedGrid } from './report-run';
import type { WorkbookPlacement } from './workbook-placements';
import type { WriteOptions, WriteOutcome } from './write-outcome';
import { recordedRect } from './write-pipeline';

/** How many times a refresh runs again when the report changed between running its query and recording. */
export const MAX_REFRESH_ATTEMPTS = 3;

/** The first half of a refresh, done without Excel: the report as it is now, its placement record and the new grid. */
export interface PreparedRefresh {
  report: Report;
  placement: ReportPlacement;
  prepared: PreparedGrid;
}

export interface RefreshOptions extends WriteOptions {
  /**
   * What was written into the cells after the registry's record (an exploration's draft, being put back): the
   * hand-edit guard's baseline instead of the record's.
   */
  writtenSince?: ResultChecksum;
}

/**
 * Refreshes a placement where its cells are now: reads the report again (a refresh always runs the current
 * definition), runs its query, and rewrites the cells; if the report changed between running the query and
 * recording the refresh, runs again (the record then holds what the last try wrote, so its guard finds the cells as
 * written), up to `MAX_REFRESH_ATTEMPTS` times.
 */
export async function refresh(deps: PlacementDeps, entry: WorkbookPlacement, options: RefreshOptions = {}): Promise<WriteOutcome> {
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
 * and with its title lines as listed (`cells`: a card's switch instead). No Excel involved.
 */
export async function prepareRefresh(
  { reports, runner }: PlacementDeps, entry: WorkbookPlacement, signal?: AbortSignal, cells?: CellOptions,
): Promise<PreparedRefresh> {
  if (entry.access !== 'GRANTED') throw new PlacementAccessDeniedError(entry.owner);
  if (!entry.placement.id) throw new PlacementDetachedError(entry.placement);
  const report = await reports.getReport(entry.deploymentId, entry.reportId, signal);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === entry.placement.id);
  if (!placement) throw new PlacementGoneError(entry.placement);
  return { report, placement, prepared: await runner.run(report, signal, cells ?? runner.cellsOf(entry.location?.cellOptions)) };
}

/**
 * The second half of a refresh: finds the cells by the placement's name (never by a recorded sheet id, which is
 * another session's), writes through the pipeline (hand edits against the record of what was written, foreign
 * content where the result grows, only the rows that change rewritten), and records the refresh with the current
 * sheet and anchor. If recording fails, the cells go back to what they were. Refresh all runs `prepareRefresh` for
 * many placements at once and this for one at a time.
 */
export async function writeRefresh(deps: PlacementDeps, { report, placement, prepared }: PreparedRefresh, options: RefreshOptions = {}): Promise<WriteOutcome> {
  const { registry, reports, workbook, pipeline } = deps;
  const placementId = placement.id!;
  const ids = options.placementIds ?? (await registry.placementIds(placement.workbookId, options.signal));
  const before = recordedRect(placement.resultLocation);
  // The placement's cells and its sheet's used ranges are read through its name in the same request as the rest of
  // the state: the hand-edit check below then reads nothing more (when they are small enough to ride along), and
  // with their number formats and looks, neither does the snapshot of the rows it rewrites.
  const read: CellsToRead = {
    placementId, size: null, usedRanges: true, snapshot: true,
    expectedCells: Math.max(rectCells(before), prepared.grid.values.length * (prepared.grid.values[0]?.length ?? 0)),
  };
  const state = await workbook.prepare(ids.includes(placementId) ? ids : ids.concat(placementId), null, [read]);
  const own = state.placements.find((p) => p.placementId === placementId);
  if (!own) throw new PlacementDetachedError(placement);
  // Its cells' options as read with its cells now (a card's switch wins; none kept: the writer's language, no title
  // lines): the result laid out again, without running the query, if it was prepared with others.
  const cells = options.cellOptions ?? deps.runner.cellsOf(own.cellOptions);
  const ready = prepared.cells && prepared.layOutAs && !sameCellOptions(prepared.cells, cells) ? prepared.layOutAs(cells) : prepared;
  const { grid, cutAt } = ready;
  const ref = { deploymentId: report.deploymentId, reportId: report.id };
  const result = await pipeline.write({
    sheetName: own.sheetName, anchor: { row: own.rect.top, column: own.rect.left }, grid, own, nameAs: placementId,
    baseline: { record: options.writtenSince ?? placement.resultChecksum, rect: before },
    placed: state.placements, state, saveWorkbookId: state.workbookIdIsLegacy && state.workbookId ? state.workbookId : undefined,
    permissions: options, signal: options.signal, onProgress: options.onProgress,
    record: ({ rect, checksum }) => registry.recordRefresh(ref, {
      placementId,
      sheetId: own.sheetId,
      sheetName: own.sheetName,
      anchorCell: cellAddress({ row: rect.top, column: rect.left }),
      resultLocation: sheetAddress(own.sheetName, rect),
      resultChecksum: checksum,
    }, options.signal),
    landed: async ({ checksum }) => {
      // Recorded although the answer was lost: the record now says it was refreshed with what was written.
      const current = await reports.getReport(report.deploymentId, report.id);
      const recorded = current.externalWorkbookPlacements?.find((p) => p.id === placementId);
      const landed = recorded && recorded.refreshedAt !== placement.refreshedAt && canonicalJson(recorded.resultChecksum ?? null) === canonicalJson(checksum);
      return landed ? current : null;
    },
  });
  if (result.kind === 'needs-confirmation') {
    return { ...result, room: roomFor(own.sheetName, own.rect, parseSheetAddress(result.target).rect, result.foreignCells, state.placements, { ...ref, placementId }) };
  }
  if (result.kind !== 'written') return result;
  const { written: { rect: target }, recorded: updated } = result;
  const refreshed = updated.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!refreshed) throw new PlacementGoneError(placement);
  // Written and recorded: the table (if the placement is one) follows the new rows; if Excel refuses, the
  // placement is left plain cells and the outcome says why.
  const table = await workbook.fitTable(own, own.sheetName, target, tableHeaderRow(grid, Boolean(ready.flat)));
  await keepCellOptions(deps, placementId, own.cellOptions, cells, Boolean(options.cellOptions));
  const rows = { now: target.bottom - target.top + 1, was: before ? before.bottom - before.top + 1 : null };
  return { kind: 'done', report: updated, placement: refreshed, cutAt, stale: !sameDefinition(report, updated), rows, ...(table ? { table } : {}) };
}

function rectCells(rect: Rect | null): number {
  return rect ? (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1) : 0;
}

/**
 * Whether two reads of a report have the same definition. The server stamps a write with the report's checksum
 * at the time it records it, so a definition changed while the query ran is seen only by comparing the report
 * read before the query with the one the write returned: its query text and pivot items, and the checksum.
 */
export function sameDefinition(before: Report, after: Report): boolean {
  return before.jsonQuery === after.jsonQuery
    && canonicalJson(before.pivotItems ?? null) === canonicalJson(after.pivotItems ?? null)
    && (before.currentQueryChecksum ?? null) === (after.currentQueryChecksum ?? null);
}
