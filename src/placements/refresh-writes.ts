import { canonicalJson } from '../core/canonical-json';
import { sameCellOptions } from '../core/cell-options';
import { cellAddress, gridCells, parseSheetAddress, sheetAddress } from '../core/a1';
import { readableSize, recordedExtent } from '../core/recorded-size';
import { tableHeaderRow } from '../core/table-header';
import type { CellsToRead, WorkbookCells, WorkbookState } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { PlacementTables } from '../ports/workbook-tables';
import type { WriteProgress } from '../ports/workbook-writes';
import { PlacementDetachedError, PlacementGoneError } from './errors';
import { keepCellOptions } from './keep-cell-options';
import { roomFor } from './make-room';
import type { PlacementDeps } from './placement-deps';
import type { PreparedGrid } from './report-run';
import type { PlacementLocation } from './workbook-placements';
import type { PlacementWritten, WriteOptions, WriteOutcome } from './write-outcome';
import { recordedRect, type PipelineResult, type PipelineWrite } from './write-pipeline';
import type { Report, ReportPlacement, ResultChecksum } from '../contract';

/** The first half of a refresh, done without Excel: the report as it is now, its placement record and the new grid. */
export interface PreparedRefresh {
  report: Report;
  placement: ReportPlacement;
  prepared: PreparedGrid;
}

/** A placement refreshed: written and recorded, and where its cells are now (its card shows both at once). */
export interface PlacementRefreshed extends PlacementWritten {
  location: PlacementLocation;
}

export interface RefreshOptions extends WriteOptions {
  /**
   * What was written into the cells after the registry's record (an exploration's draft, being put back): the
   * hand-edit guard's baseline instead of the record's.
   */
  writtenSince?: ResultChecksum;
}


/**
 * What a refresh's write uses: the reports (whether a lost record landed), the registry, the runner (a placement's
 * cells laid out again in its own language), the pipeline, and of the workbook its state read, its table fitted and
 * its cell options kept.
 */
export type RefreshDeps = Pick<PlacementDeps, 'reports' | 'registry' | 'runner' | 'pipeline'> & {
  workbook: Pick<WorkbookCells, 'prepare'> & Pick<PlacementTables, 'fitTable'> & Pick<PlacementNames, 'writeCellOptions'>;
};

/** One placement's refresh to write: its report, record and new grid (`prepareRefresh`), and its options. */
export interface RefreshWrite {
  prepared: PreparedRefresh;
  options: RefreshOptions;
}

/**
 * The second half of one placement's refresh (`writeRefreshes` for one): written and recorded, or why not. If
 * recording fails, the cells go back to what they were.
 */
export async function writeRefresh(deps: RefreshDeps, prepared: PreparedRefresh, options: RefreshOptions = {}): Promise<WriteOutcome<PlacementRefreshed>> {
  const [end] = await writeRefreshes(deps, [{ prepared, options }]);
  const result = await end!;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** How each refresh ended, in the order asked (`D`: what a done one answers; its cells' location too, from `writeRefreshes`). */
export type RefreshEnds<D = PlacementWritten> = Promise<PromiseSettledResult<WriteOutcome<D>>>[];

/**
 * The second half of refreshes: finds each placement's cells by its name (never by a recorded sheet id, which is
 * another session's), writes through the pipeline (hand edits against the record of what was written, foreign
 * content where a result grows, only the rows that change rewritten), and records each refresh with the current
 * sheet and anchor; a refresh whose record fails has its cells put back. Several refreshes (Refresh all) share
 * their requests: one reads every placement's name, cells, looks and used ranges, and their writes go out
 * together (`WritePipeline.writeMany`). Resolves once the cells are written, to each refresh's end (recorded, its
 * table fitted). `readAhead`: that request's answer, already read (`readForRefreshes`, while Refresh all's queries
 * ran) and not yet written over; it serves one write.
 */
export async function writeRefreshes(
  deps: RefreshDeps, items: readonly RefreshWrite[], onProgress?: (progress: WriteProgress) => void, readAhead?: WorkbookState,
): Promise<RefreshEnds<PlacementRefreshed>> {
  const first = items[0];
  if (!first) return [];
  const state = readAhead ?? await readForRefreshes(
    deps, first.options.placementIds ?? (await deps.registry.placementIds(first.prepared.placement.workbookId, first.options.signal)),
    items.map(({ prepared: { placement, prepared } }) => ({ placement, gridCells: gridCells(prepared.grid.values) })),
  );
  const ends: RefreshEnds<PlacementRefreshed> = [];
  const writes: { index: number; write: PipelineWrite<Report>; finish: (result: PipelineResult<Report>) => Promise<WriteOutcome<PlacementRefreshed>> }[] = [];
  for (const [index, item] of items.entries()) {
    try {
      writes.push({ index, ...refreshWrite(deps, item, state) });
    } catch (error) {
      ends[index] = Promise.resolve({ status: 'rejected', reason: error });
    }
  }
  const only = writes.length === 1 && items.length === 1 ? writes[0]! : null;
  const written = only
    ? [settle(deps.pipeline.write(only.write))]
    : await deps.pipeline.writeMany(writes.map((w) => w.write), onProgress);
  for (const [i, { index, finish }] of writes.entries()) {
    ends[index] = written[i]!.then((result) => (result.status === 'fulfilled' ? settle(finish(result.value)) : result));
  }
  return ends;
}

/**
 * What refreshes read before they write, in one request: every placement's name (`ids`: the workbook's placements,
 * for the overlap check), and each refreshed placement's cells, formats and looks and its sheet's used ranges,
 * read through its name: the hand-edit check then reads nothing more (when they are small enough to ride along),
 * and neither does the snapshot of the rows rewritten. The cells read are the name's within the size its record
 * states (`readableSize`), so a name claiming a whole sheet is not read whole (the write then reads what it needs of
 * it, bounded by the sheet's used range). `gridCells`: the new grid's size where it is known already.
 */
export function readForRefreshes(
  deps: { workbook: Pick<WorkbookCells, 'prepare'> }, ids: readonly string[], placements: readonly { placement: ReportPlacement; gridCells?: number }[],
): Promise<WorkbookState> {
  const reads: CellsToRead[] = placements.map(({ placement, gridCells: cells = 0 }) => {
    const size = readableSize(recordedRect(placement.resultLocation), placement.resultChecksum);
    return { placementId: placement.id!, size, usedRanges: true, snapshot: true, expectedCells: Math.max(size ? size.rows * size.columns : 0, cells) };
  });
  return deps.workbook.prepare([...new Set([...ids, ...reads.map((r) => r.placementId)])], null, reads);
}

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason }));
}

/** One placement's write in the pipeline, and what follows once it is written and recorded. */
function refreshWrite(deps: RefreshDeps, { prepared: { report, placement, prepared }, options }: RefreshWrite, state: WorkbookState) {
  const { registry, reports } = deps;
  const placementId = placement.id!;
  const before = recordedRect(placement.resultLocation);
  const own = state.placements.find((p) => p.placementId === placementId);
  if (!own) throw new PlacementDetachedError(placement);
  // Its cells' options as read with its cells now (a card's switch wins; none kept: the writer's language, no title
  // lines): the result laid out again, without running the query, if it was prepared with others.
  const cells = options.cellOptions ?? deps.runner.cellsOf(own.cellOptions);
  const ready = prepared.cells && prepared.layOutAs && !sameCellOptions(prepared.cells, cells) ? prepared.layOutAs(cells) : prepared;
  const { grid, cutAt } = ready;
  const ref = { deploymentId: report.deploymentId, reportId: report.id };
  const baseline = options.writtenSince ?? placement.resultChecksum;
  const write: PipelineWrite<Report> = {
    sheetName: own.sheetName, anchor: { row: own.rect.top, column: own.rect.left }, grid, own, nameAs: placementId,
    // The record's cells as large as it states them anywhere: a name covering fewer is judged damaged, its cells matched in order.
    baseline: { record: baseline, rect: recordedExtent(before, baseline) },
    placed: state.placements, state, saveWorkbookId: state.workbookIdIsLegacy && state.workbookId ? state.workbookId : undefined,
    permissions: options, signal: options.signal, stop: options.stop, onProgress: options.onProgress,
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
  };
  const finish = async (result: PipelineResult<Report>): Promise<WriteOutcome<PlacementRefreshed>> => {
    if (result.kind === 'needs-confirmation') {
      return { ...result, room: roomFor(own.sheetName, own.rect, parseSheetAddress(result.target).rect, result.foreignCells, state.placements, { ...ref, placementId }) };
    }
    if (result.kind !== 'written') return result;
    const { written: { rect: target }, recorded: updated } = result;
    const refreshed = updated.externalWorkbookPlacements?.find((p) => p.id === placementId);
    if (!refreshed) throw new PlacementGoneError(placement);
    // Written and recorded: the table (if the placement is one) follows the new rows; if Excel refuses, the
    // placement is left plain cells and the outcome says why. Neither sends anything when nothing changed.
    const headerRow = tableHeaderRow(grid, Boolean(ready.flat));
    const table = await deps.workbook.fitTable(own, own.sheetName, target, headerRow);
    const kept = await keepCellOptions(deps, placementId, own.cellOptions, cells, Boolean(options.cellOptions));
    const rows = { now: target.bottom - target.top + 1, was: before ? before.bottom - before.top + 1 : null };
    // Where its name now points, as a listing would find it: a table still (unless it could not head one, or Excel refused).
    const location: PlacementLocation = {
      sheetId: own.sheetId, sheetName: own.sheetName, sheetIndex: state.sheets.findIndex((s) => s.sheetName === own.sheetName), rect: target,
      table: Boolean(own.table) && headerRow !== null && !table, cellOptions: kept,
    };
    return { kind: 'done', report: updated, placement: refreshed, cutAt, stale: !sameDefinition(report, updated), rows, location, ...(table ? { table } : {}) };
  };
  return { write, finish };
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
