import { canonicalJson } from '../core/canonical-json';
import { cellAddress, parseSheetAddress, sheetAddress } from '../core/a1';
import { tableHeaderRow } from '../core/table-header';
import { MoveNotUndoneError, PlacementDetachedError, PlacementGoneError, RestoreFailedError, SelectionNotRangeError, WriteFailedError } from './errors';
import { roomFor, type PlacementRef } from './make-room';
import { keepCellOptions } from './keep-cell-options';
import type { WorkbookCells } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { GridWriter } from '../ports/workbook-writes';
import type { PlacementDeps } from './placement-deps';
import type { WriteOptions, WriteOutcome } from './write-outcome';
import { recordedRect } from './write-pipeline';

/**
 * What a move uses: the reports, registry, runner and pipeline, and of the workbook its state read, the name
 * re-pointed (found again when that fails), the new cells put back, and the cell options kept.
 */
export type MoveDeps = Pick<PlacementDeps, 'reports' | 'registry' | 'runner' | 'pipeline'> & {
  workbook: Pick<WorkbookCells, 'prepare' | 'locate'> & Pick<PlacementNames, 'movePlacement' | 'writeCellOptions'> & Pick<GridWriter, 'restoreAfter'>;
};

/**
 * Moves a placement to the selection, with its report's current result, through the pipeline: the query runs first
 * (a failure touches nothing), hand edits in its old cells are asked about (they would be emptied), the new cells
 * are written (never over another placement, foreign cells asked about, the snapshot put back on failure), the move
 * is recorded (`PUT …/refresh` addressed by id with the new sheet, anchor and range, and what was written), and only
 * then does the hidden name point at the new cells while the old ones are emptied, in one request. A placement that
 * is an Excel table takes its table along; if Excel refuses that, the moved placement is plain cells and the outcome
 * says why (`table`).
 */
export async function movePlacement(deps: MoveDeps, ref: PlacementRef, options: WriteOptions = {}): Promise<WriteOutcome> {
  const { reports, registry, workbook, runner, pipeline } = deps;
  const { placementId } = ref;
  const report = await reports.getReport(ref.deploymentId, ref.reportId, options.signal);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!placement) throw new PlacementGoneError({ resultLocation: placementId });
  const ids = options.placementIds ?? (await registry.placementIds(placement.workbookId, options.signal));
  const state = await workbook.prepare(ids.includes(placementId) ? ids : ids.concat(placementId));
  const old = state.placements.find((p) => p.placementId === placementId);
  if (!old) throw new PlacementDetachedError(placement);
  const at = state.selection;
  if (!at) throw new SelectionNotRangeError();
  // Its title and source lines move with it, in its own language.
  const cells = options.cellOptions ?? runner.cellsOf(old.cellOptions);
  const { grid, cutAt, flat } = await runner.run(report, options.signal, cells);
  const moveTo = (rect: Parameters<typeof sheetAddress>[1]) => ({
    placementId, sheetId: at.sheetId, sheetName: at.sheetName, anchorCell: cellAddress(at.cell), resultLocation: sheetAddress(at.sheetName, rect),
  });
  const result = await pipeline.write({
    sheetName: at.sheetName, anchor: at.cell, grid, own: null, nameAs: null, placed: state.placements, state,
    vacates: { placementId, baseline: { record: placement.resultChecksum, rect: recordedRect(placement.resultLocation) }, location: old },
    saveWorkbookId: state.workbookIdIsLegacy && state.workbookId ? state.workbookId : undefined,
    permissions: options, signal: options.signal, stop: options.stop, onProgress: options.onProgress,
    // Not recorded means not moved: the new cells go back to what they were, the old ones were never touched.
    record: ({ rect, checksum }) => registry.recordRefresh(ref, { ...moveTo(rect), resultChecksum: checksum }, options.signal),
    landed: async ({ rect, checksum }) => {
      const current = await reports.getReport(report.deploymentId, report.id);
      const recorded = current.externalWorkbookPlacements?.find((p) => p.id === placementId);
      return recorded?.resultLocation === moveTo(rect).resultLocation && canonicalJson(recorded.resultChecksum ?? null) === canonicalJson(checksum) ? current : null;
    },
  });
  if (result.kind === 'needs-confirmation') {
    return { ...result, room: roomFor(at.sheetName, null, parseSheetAddress(result.target).rect, result.foreignCells, state.placements, ref) };
  }
  if (result.kind !== 'written') return result;
  const { written: { rect: target, snapshot }, recorded: updated } = result;
  let table;
  try {
    table = await workbook.movePlacement(placementId, { sheetName: at.sheetName, rect: target }, { sheetName: old.sheetName, rects: [old.rect] }, {
      note: old.table, headerRow: tableHeaderRow(grid, Boolean(flat)),
    });
  } catch (error) {
    // Where the name is now decides what to undo. If it cannot even be read, it is taken as unmoved: Excel refuses the
    // name first in that request, and the undo below says in words if it goes wrong.
    // eslint-disable-next-line no-restricted-syntax -- Unreadable counts as unmoved: the undo below finds out by writing, and says so if that fails.
    const now = await workbook.locate(placementId).catch(() => null);
    const moved = now && now.sheetName.toLowerCase() === at.sheetName.toLowerCase() && now.rect.top === target.top && now.rect.left === target.left;
    if (moved) throw error; // Moved, but the old cells could not be emptied: they are left as they are (plain cells now).
    // The name still names the old cells, which are as they were: the record goes back to them, the new cells are emptied.
    const newLocation = moveTo(target).resultLocation;
    const oldLocation = sheetAddress(old.sheetName, old.rect);
    let notRecorded: unknown = null;
    try {
      await registry.recordRefresh(ref, {
        placementId, sheetId: old.sheetId, sheetName: old.sheetName, anchorCell: cellAddress({ row: old.rect.top, column: old.rect.left }),
        resultLocation: oldLocation, resultChecksum: placement.resultChecksum,
      });
    } catch (recordError) {
      notRecorded = recordError;
    }
    if (!notRecorded) {
      if (snapshot) await workbook.restoreAfter(snapshot, error);
      throw new WriteFailedError(error);
    }
    // The registry still records the new place: the user is told where the placement really is and what to do.
    let cellsAt: string | null = null;
    if (snapshot) {
      try {
        await workbook.restoreAfter(snapshot, error);
      } catch (restoreError) {
        cellsAt = restoreError instanceof RestoreFailedError ? restoreError.location : newLocation;
      }
    }
    throw new MoveNotUndoneError(oldLocation, newLocation, cellsAt, notRecorded);
  }
  const moved = updated.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!moved) throw new PlacementGoneError(placement);
  await keepCellOptions(deps, placementId, old.cellOptions, cells, Boolean(options.cellOptions));
  return { kind: 'done', report: updated, placement: moved, cutAt, stale: false, ...(table ? { table } : {}) };
}
