import type { ResultChecksum } from '../contract';
import { rectAddress, sameRect, sheetAddress, type Cell, type Rect } from '../core/a1';
import { gridDigests, type GridDigests } from '../core/grid-hash';
import type { CellGrid } from '../core/layout';
import { handEditsAgainst, type HandEdits } from '../core/result-checksum';
import type { ExcelConnector, Location, PlacedCells, Snapshot, WorkbookState, WriteProgress } from '../excel/excel-connector';
import { jsonRowBytes } from '../excel/json-size';
import { gridRect, leftovers, rowsToWrite } from './grid-diff';
import { writeOrRestore } from './safe-write';

/**
 * The one way a grid is written into the workbook, whoever writes it (placing a report, refreshing a
 * placement, an exploration's draft): never over another placement, foreign cells and hand edits asked about
 * first with nothing written, only the rows that change rewritten, what the old cells used and the new grid
 * does not cleared, the cells' name created or re-pointed, and the snapshot put back if the write fails.
 */

export interface CellsToWrite {
  sheetName: string;
  /** Where the grid's top-left goes. */
  anchor: Cell;
  /** The cells written before, by their name (hand-edit check, rows to rewrite, leftovers); null for a first write. */
  own: PlacedCells | null;
  /** The id that names the cells after the write; null: the caller names them later (a placement, once recorded). */
  nameAs: string | null;
  /** The record of what was last written into `own`: the hand-edit baseline. */
  recorded: ResultChecksum | null | undefined;
  /** The workbook's placements' cells: never covered. */
  placed: readonly PlacedCells[];
  /** The sheet's used ranges, when `state` was read on the target's sheet (a first write at the selection). */
  state: Pick<WorkbookState, 'usedRange' | 'formattedRange'>;
  /** A workbook id to save with this write (the workbook's first, or one kept only in an earlier version's setting). */
  saveWorkbookId?: string;
}

export interface CellWriteOptions {
  overwrite?: boolean;
  overwriteHandEdits?: boolean;
  signal?: AbortSignal;
  /** Aborted when what is written has been replaced by a newer state: checked right before the write. */
  superseded?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
}

export type CellWriteOutcome =
  /** Written (or nothing changed). `snapshot` is null when nothing needed writing; `next` digests the grid. */
  | { kind: 'written'; rect: Rect; next: GridDigests; snapshot: Snapshot | null }
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; location: Location }
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string };

/** What writing needs of `PlacementService`. */
export interface CellWriter {
  options: { excel: ExcelConnector };
  /** Refuses a target that covers another placement's cells, naming it (`PlacementService.refuseOverlap`). */
  refuseOverlap(placed: readonly PlacedCells[], sheetName: string, target: Rect, self: string | null, signal?: AbortSignal): Promise<void>;
}

export async function writeCells(writer: CellWriter, cells: CellsToWrite, grid: CellGrid, options: CellWriteOptions = {}): Promise<CellWriteOutcome> {
  const { excel } = writer.options;
  const { sheetName, anchor, own, nameAs } = cells;
  const target = gridRect(anchor, grid);
  await writer.refuseOverlap(cells.placed, sheetName, target, nameAs ?? own?.placementId ?? null, options.signal);

  // Without own cells, the used range (known for the selection's sheet) tells whether anything is in the way.
  const usedRange = own ? undefined : cells.state.usedRange;
  const { ownValues, foreignCells, formattedRange } = await excel.inspect(sheetName, own?.rect ?? null, target, usedRange, own ? averageRowBytes(grid) : 0);
  // Each grid is hashed once: the cells there now for the hand-edit check and the rows to write, the new grid
  // for the rows to write and the record.
  const now = gridDigests(ownValues ?? []);
  const edits = own ? handEditsAgainst(cells.recorded, now) : null;
  if (own && !options.overwriteHandEdits && edits?.rows.length) {
    return { kind: 'hand-edits', ...namedEdits(edits, own.rect), location: { sheetId: own.sheetId, sheetName, rect: own.rect } };
  }
  if (foreignCells.length && !options.overwrite) return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(sheetName, target) };

  const next = gridDigests(grid.values);
  const rows = own ? rowsToWrite(now, next) : undefined;
  const clear = own ? leftovers(own.rect, target) : [];
  // A name holding a relative reference (an earlier version's) is re-pointed with an absolute one.
  const repoint = nameAs !== null && (!own || !sameRect(own.rect, target) || own.relative);
  if (own && !rows!.length && !clear.length && !repoint && !cells.saveWorkbookId) return { kind: 'written', rect: target, next, snapshot: null };

  const plan = excel.planWrite(sheetName, anchor, grid, {
    rows,
    clear,
    workbookId: cells.saveWorkbookId,
    record: repoint ? { placementId: nameAs, sheetName, nameExists: own !== null } : undefined,
  });
  // Cells that match the record hold what the add-in wrote: their values, just read, are all a snapshot needs of
  // them besides formats. Cells edited by hand (overwritten on request) are read in full. Without own cells and
  // with no foreign ones, there is nothing but formats to keep.
  const checked = own && ownValues && edits && edits.rows.length === 0 ? { rect: own.rect, values: ownValues } : undefined;
  const snapshot = await excel.snapshot(plan, {
    formattedRange: own ? formattedRange : cells.state.formattedRange,
    knownEmpty: own ? undefined : foreignCells.length === 0,
    knownValues: checked,
    nameFormula: own?.formula,
  });
  options.superseded?.throwIfAborted();
  await writeOrRestore(excel, plan, snapshot, options.onProgress);
  return { kind: 'written', rect: target, next, snapshot };
}

/** Hand edits as the pane names them: 1-based sheet rows and A1 cells. */
export function namedEdits(edits: HandEdits, rect: Rect): { rows: number[]; cells: string[] } {
  const { top, left } = rect;
  return {
    rows: edits.rows.map((r) => top + r + 1),
    cells: edits.cells.map((c) => rectAddress({ top: top + c.row, bottom: top + c.row, left: left + c.column, right: left + c.column })),
  };
}

/** Estimated response bytes per row when the cells' values are read back. */
function averageRowBytes(grid: CellGrid): number {
  const sample = grid.values.slice(0, 200);
  const total = sample.reduce((sum, row) => sum + jsonRowBytes(row), 0);
  return Math.ceil((total / Math.max(1, sample.length)) * 1.25);
}
