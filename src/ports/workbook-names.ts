import type { Rect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import type { TableRefusal } from './workbook-tables';

/**
 * What the workbook keeps of its placements besides their cells: each one's hidden name (which follows its cells
 * when rows move), the cell options kept beside it, and the workbook's own id, which names it to the registry.
 */

/** Names a placement's cells: its id, its sheet, and whether the name exists already (then it is re-pointed). */
export interface RecordTarget {
  placementId: string;
  sheetName: string;
  /** The placement already has its hidden name (a refresh), which is re-pointed rather than added. */
  nameExists: boolean;
  /** Its cells' language and title lines, kept with the name in the same request (a new placement). */
  cellOptions?: CellOptions;
}

/** Placements' hidden names and what is kept with them, and a new workbook id. */
export interface PlacementNames {
  /** A new external workbook id, saved by the next write that is given it. */
  newWorkbookId(): string;
  /** Names a placement's cells in one request (a placement linked again, a saved exploration's cells). */
  recordPlacement(sheetName: string, rect: Rect, record: RecordTarget): Promise<void>;
  /** Re-points a placement's name at its new cells and empties the old ones in one request; its table follows. */
  movePlacement(
    placementId: string, to: { sheetName: string; rect: Rect }, clear: { sheetName: string; rects: readonly Rect[] },
    table?: { note: string | null | undefined; headerRow: number | null },
  ): Promise<TableRefusal | null>;
  /** Forgets a placement's name (and, given `clear`, empties its cells) in one request. */
  forgetPlacement(placementId: string, clear?: { sheetName: string; rect: Rect }): Promise<void>;
  /** Keeps a placement's cell options in the workbook (null: forgets them). */
  writeCellOptions(placementId: string, options: CellOptions | null): Promise<void>;
}
