import { canonicalJson } from '../core/canonical-json';
import { cellAddress, parseRect, parseSheetAddress, rectsIntersect, sheetAddress, type Rect } from '../core/a1';
import { recordOf } from '../core/result-checksum';
import { tableHeaderRow, type PlacedCells } from '../excel/excel-connector';
import { writeCells } from './cell-writes';
import { MoveNotUndoneError, PlacementDetachedError, PlacementGoneError, RestoreFailedError, SelectionNotRangeError, WriteFailedError } from './errors';
import type { PlacementService, WriteOptions, WriteOutcome } from './placement-service';
import { recordOrRestore, restoreAfter } from './safe-write';

/**
 * Room to grow: when a placement's new result (or a new placement) would cover foreign cells, besides
 * overwriting them the user may
 * - insert empty rows below the placement (whole rows, or only within the result's columns) so that whatever was
 *   there moves down intact, names and all (a neighbouring placement's hidden name follows its cells), then write;
 * - move the placement to a new top-left cell (the selection): the new cells are written and recorded on the
 *   platform first, and only then is the name moved and the old cells emptied. If writing or recording fails,
 *   the old cells stay as they were.
 * Nothing foreign is ever cleared by either.
 */

/** Whole rows (`rows`) or cells shifted down within the result's columns only (`cells`). */
export type RoomHow = 'rows' | 'cells';

/** The placement a refresh writes; a new placement has none (it moves by being placed at another cell). */
export interface PlacementRef {
  deploymentId: number;
  reportId: number;
  placementId: string;
}

/** What the pane may offer besides Overwrite when a write stops at foreign cells (part of `needs-confirmation`). */
export interface Room {
  sheetName: string;
  /** The placement's cells now; null for cells not written yet (a new placement, or a move's new place). */
  own: Rect | null;
  /** The cells the result would cover. */
  target: Rect;
  placement: PlacementRef | null;
  /** The ways empty rows can be inserted to make room; empty when that would not help or would split another placement. */
  insert: RoomHow[];
}

/**
 * Where empty rows go: from the row below the placement's cells (a new result's top row when there are none) down
 * to the result's bottom row. Null when the result does not grow downwards.
 */
export function rowsToInsert(own: Rect | null, target: Rect): { top: number; rows: number } | null {
  const top = own ? own.bottom + 1 : target.top;
  const rows = target.bottom - top + 1;
  return rows > 0 ? { top, rows } : null;
}

/**
 * The ways rows can be inserted for this result, given the foreign cells found (at most `limit` were listed) and
 * the workbook's placements:
 * - only when the result grows downwards and a foreign cell lies in the rows that would move (when the list was
 *   cut at `limit`, there may be such cells beyond it);
 * - whole rows, unless they would cut through another placement beside this one (its cells would be split by
 *   empty rows);
 * - cells within the result's columns, unless another placement below reaches out of those columns (only part
 *   of it would move, tearing it; Excel would leave its name where it was).
 */
export function insertChoices(sheetName: string, own: Rect | null, target: Rect, foreignCells: readonly string[], placed: readonly PlacedCells[], self: string | null, limit = 20): RoomHow[] {
  const insert = rowsToInsert(own, target);
  if (!insert) return [];
  const below = foreignCells.some((cell) => parseRect(cell).top >= insert.top);
  if (!below && foreignCells.length < limit) return [];
  return waysToInsert(sheetName, own, target, placed, self);
}

/** Whole rows and cells within the result's columns, each unless it would split or tear another placement. */
function waysToInsert(sheetName: string, own: Rect | null, target: Rect, placed: readonly PlacedCells[], self: string | null): RoomHow[] {
  const insert = rowsToInsert(own, target);
  if (!insert) return [];
  const others = placed.filter((p) => p.placementId !== self && p.sheetName.toLowerCase() === sheetName.toLowerCase());
  const choices: RoomHow[] = [];
  if (!others.some((p) => p.rect.top < insert.top && p.rect.bottom >= insert.top)) choices.push('rows');
  const band: Rect = { top: insert.top, bottom: Number.MAX_SAFE_INTEGER, left: target.left, right: target.right };
  const torn = others.some((p) => rectsIntersect(p.rect, band) && (p.rect.left < target.left || p.rect.right > target.right));
  if (!torn) choices.push('cells');
  return choices;
}

/** The room for a write that stopped at foreign cells. */
export function roomFor(sheetName: string, own: Rect | null, target: Rect, foreignCells: readonly string[], placed: readonly PlacedCells[], placement: PlacementRef | null): Room {
  return { sheetName, own, target, placement, insert: insertChoices(sheetName, own, target, foreignCells, placed, placement?.placementId ?? null) };
}

/**
 * Inserts the empty rows the room asks for, after checking the workbook again (the question may have been open
 * a while): the placement where its name is now, the other placements where theirs are. When the way chosen is no
 * longer possible, nothing is inserted (the write that follows asks again).
 */
export async function makeRoom(service: PlacementService, room: Room, how: RoomHow): Promise<boolean> {
  const { excel } = service.options;
  const state = await excel.prepare();
  const ids = await service.placementIds(state.workbookId);
  const placed = await excel.findPlacements(ids);
  let { own, target, sheetName } = room;
  if (room.placement) {
    const now = placed.find((p) => p.placementId === room.placement!.placementId);
    if (!now || !own) return false;
    // The placement moved since (rows inserted above it, say): its result moves with it.
    const down = now.rect.top - own.top;
    const right = now.rect.left - own.left;
    target = { top: target.top + down, bottom: target.bottom + down, left: target.left + right, right: target.right + right };
    own = now.rect;
    sheetName = now.sheetName;
  }
  // The foreign cells were below (or the room would offer nothing): only the placements are checked again.
  if (!waysToInsert(sheetName, own, target, placed, room.placement?.placementId ?? null).includes(how)) return false;
  const insert = rowsToInsert(own, target)!;
  await excel.insertRows(sheetName, insert.top, insert.rows, how === 'cells' ? { left: target.left, right: target.right } : null);
  return true;
}

/** A write that first makes room (once, however often it is run again after a question). */
export function afterMakingRoom(service: PlacementService, room: Room, how: RoomHow, write: (options: WriteOptions) => Promise<WriteOutcome>): (options: WriteOptions) => Promise<WriteOutcome> {
  let made = false;
  return async (options) => {
    if (!made) {
      await makeRoom(service, room, how);
      made = true;
    }
    return write(options);
  };
}

/**
 * "Move placement…" for the room's write: a placement refreshed is moved to the selection; a new placement is
 * simply placed at the selection (the same write, asked again without permission to overwrite).
 */
export function moveWrite(service: PlacementService, room: Room, write: (options: WriteOptions) => Promise<WriteOutcome>): (options: WriteOptions) => Promise<WriteOutcome> {
  const placement = room.placement;
  return placement ? (options) => movePlacement(service, placement, options) : write;
}

/**
 * Moves a placement to the selection, with its report's current result: the query runs first (a failure touches
 * nothing), hand edits in its cells are asked about (they would be emptied), the new cells are written (never over
 * another placement, foreign cells asked about, the snapshot put back on failure), the move is recorded on the
 * platform (`PUT …/refresh` addressed by id with the new sheet, anchor and range, and what was written), and only
 * then does the hidden name point at the new cells while the old ones are emptied, in one request. A new place
 * that overlaps the old cells is refused like any other placement's cells. A placement that is an Excel table
 * takes its table along: the old one becomes a range in that request (emptied with the old cells, a column the
 * user added beside the report left as it is), and a table with its name and style is made at the new cells; if
 * Excel refuses that, the moved placement is plain cells and the outcome says why (`table`).
 */
export async function movePlacement(service: PlacementService, ref: PlacementRef, options: WriteOptions = {}): Promise<WriteOutcome> {
  const { excel, platform, runner } = service.options;
  const { placementId } = ref;
  const report = await platform.getReport(ref.deploymentId, ref.reportId, options.signal);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!placement) throw new PlacementGoneError({ resultLocation: placementId });
  const ids = options.placementIds ?? (await service.placementIds(placement.workbookId, options.signal));
  const state = await excel.prepare(ids.includes(placementId) ? ids : ids.concat(placementId));
  const old = state.placements.find((p) => p.placementId === placementId);
  if (!old) throw new PlacementDetachedError(placement);
  const at = state.selection;
  if (!at) throw new SelectionNotRangeError();
  if (!options.overwriteHandEdits) {
    const edits = await service.checkHandEdits({ placement });
    if (edits?.rows.length) return { kind: 'hand-edits', ...edits, location: { sheetId: old.sheetId, sheetName: old.sheetName, rect: old.rect } };
  }
  const { grid, cutAt, flat } = await runner.run(report, options.signal);
  const written = await writeCells(service, {
    sheetName: at.sheetName, anchor: at.cell, own: null, nameAs: null, recorded: null, placed: state.placements, state,
    saveWorkbookId: state.workbookIdIsLegacy && state.workbookId ? state.workbookId : undefined,
  }, grid, { overwrite: options.overwrite, signal: options.signal, onProgress: options.onProgress });
  if (written.kind === 'needs-confirmation') {
    return { ...written, room: roomFor(at.sheetName, null, parseSheetAddress(written.target).rect, written.foreignCells, state.placements, ref) };
  }
  if (written.kind !== 'written') return written;
  const { rect: target, snapshot } = written;
  const record = recordOf(written.next);
  const moveTo = { placementId, sheetId: at.sheetId, sheetName: at.sheetName, anchorCell: cellAddress(at.cell), resultLocation: sheetAddress(at.sheetName, target) };
  // Not recorded means not moved: the new cells go back to what they were, the old ones were never touched.
  const updated = await recordOrRestore(excel, snapshot, () => platform.recordRefresh(report.deploymentId, report.id, { ...moveTo, resultChecksum: record }, options.signal), async () => {
    const current = await platform.getReport(report.deploymentId, report.id);
    const recorded = current.externalWorkbookPlacements?.find((p) => p.id === placementId);
    return recorded?.resultLocation === moveTo.resultLocation && canonicalJson(recorded.resultChecksum ?? null) === canonicalJson(record) ? current : null;
  });
  let table;
  try {
    table = await excel.movePlacement(placementId, { sheetName: at.sheetName, rect: target }, { sheetName: old.sheetName, rects: [old.rect] }, {
      note: old.table, headerRow: tableHeaderRow(grid, Boolean(flat)),
    });
  } catch (error) {
    // Where the name is now decides what to undo. If it cannot even be read, it is taken as unmoved: Excel refuses the
    // name first in that request, and the undo below says in words if it goes wrong.
    const now = await excel.locate(placementId).catch(() => null);
    const moved = now && now.sheetName.toLowerCase() === at.sheetName.toLowerCase() && now.rect.top === target.top && now.rect.left === target.left;
    if (!moved) {
      // The name still names the old cells, which are as they were: the record goes back to them, the new cells are emptied.
      const newLocation = moveTo.resultLocation;
      const oldLocation = sheetAddress(old.sheetName, old.rect);
      let notRecorded: unknown = null;
      try {
        await platform.recordRefresh(report.deploymentId, report.id, {
          placementId, sheetId: old.sheetId, sheetName: old.sheetName, anchorCell: cellAddress({ row: old.rect.top, column: old.rect.left }),
          resultLocation: oldLocation, resultChecksum: placement.resultChecksum,
        });
      } catch (recordError) {
        notRecorded = recordError;
      }
      if (!notRecorded) {
        if (snapshot) await restoreAfter(excel, snapshot, error);
        throw new WriteFailedError(error);
      }
      // The platform still records the new place: the user is told where the placement really is and what to do.
      let cellsAt: string | null = null;
      if (snapshot) {
        try {
          await restoreAfter(excel, snapshot, error);
        } catch (restoreError) {
          cellsAt = restoreError instanceof RestoreFailedError ? restoreError.location : newLocation;
        }
      }
      throw new MoveNotUndoneError(oldLocation, newLocation, cellsAt, notRecorded);
    }
    // Moved, but the old cells could not be emptied: they are left as they are (plain cells now).
    throw error;
  }
  const moved = updated.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!moved) throw new PlacementGoneError(placement);
  return { kind: 'done', report: updated, placement: moved, cutAt, stale: false, ...(table ? { table } : {}) };
}
