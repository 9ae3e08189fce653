import type { Cell, Rect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import type { CellValue } from '../core/cell-values';

/**
 * The workbook's cells as the use cases read and find them, in plain data (sheet names, rectangles, placement ids;
 * never worksheet ids, which change across sessions and hosts): the workbook's state, where placements' hidden names
 * point, their cells read, and the plain edits that need no guard (selecting, emptying, inserting rows).
 */

export interface SheetRef {
  /** Valid in this session only: Excel gives sheets new ids when a file is opened again or elsewhere. Never used to find cells. */
  sheetId: string;
  sheetName: string;
}

export interface Location extends SheetRef {
  rect: Rect;
}

/** A placement's cells where its hidden name points now. */
export interface PlacedCells extends SheetRef {
  placementId: string;
  rect: Rect;
  /** Its name holds a relative reference (an earlier version's): the next write re-points it. */
  relative: boolean;
  /** Its name's formula as read. */
  formula: string;
  /** Its table note as read with the workbook's state: null when its result is plain cells. */
  table?: string | null;
  /** Its cells' language and title lines as kept in the workbook, read with its name: null when it has none kept (an older placement). */
  cellOptions?: CellOptions | null;
  /**
   * What its cells held, read through its name in the same request as the name itself (asked for with `CellsToRead`);
   * absent when not asked for, too large to ride along, or not where the name's text says (a relative reference).
   */
  cellsNow?: CellsNow;
}

/**
 * A placement's cells to read along with its name (`prepare`, `findPlacements`), so that a refresh's or a live
 * check's hand-edit check needs no request of its own.
 */
export interface CellsToRead {
  placementId: string;
  /**
   * At most rows × columns from the name's top-left cell (the size its record states), never past the name; null: the
   * name's cells as they are now.
   */
  size: { rows: number; columns: number } | null;
  /** The cells expected (for `size` null, the recorded size): the read rides along only when they fit the response budget. */
  expectedCells: number;
  /** Also its sheet's used ranges (what a write's check of foreign cells and its snapshot need). */
  usedRanges?: boolean;
  /**
   * Also its cells' number formats and each cell's bold and fill (what a write's snapshot of them needs), where the
   * host reads every cell's look in one read (ExcelApi 1.9) and they fit the response budget too; else left out.
   */
  snapshot?: boolean;
  /**
   * Also the cells from the name's top-left over this many rows and columns (the size of the grid about to be written
   * there), past the name where it grows: see `CellsReach`. Its write's check of foreign cells, and with `snapshot` its
   * snapshot, then read nothing more.
   */
  reach?: { rows: number; columns: number };
}

/**
 * The cells a write from a name's top-left will cover and those it covers now, as one bounding rectangle, read with
 * the name (`CellsToRead.reach`): formulas (a cell that holds one showing nothing is not empty), and with `snapshot`
 * number formats and each cell's bold and fill.
 */
export interface CellsReach {
  rect: Rect;
  formulas: CellValue[][];
  numberFormats?: string[][];
  looks?: CellLookNow[][];
}

/** A cell's bold and its fill colour as read (`#FFFFFF` for no fill, as Excel answers). */
export interface CellLookNow {
  bold: boolean;
  fill: string | null;
}

/** A placement's cells as read with its name (see `CellsToRead`). */
export interface CellsNow {
  /** The cells read: the name's cells, or those within the asked size from their top-left. */
  rect: Rect;
  values: CellValue[][];
  /** Its sheet's used range, values only (`undefined`: not asked for). */
  usedRange?: Rect | null;
  /** Its sheet's used range counting formats (`undefined`: not asked for). */
  formattedRange?: Rect | null;
  /** The cells' number formats (`undefined`: not asked for, see `CellsToRead.snapshot`). */
  numberFormats?: string[][];
  /** Each cell's bold and fill (`undefined`: not asked for, see `CellsToRead.snapshot`). */
  looks?: CellLookNow[][];
  /** The cells `CellsToRead.reach` asked for (`undefined`: not asked for). */
  reach?: CellsReach;
}

export interface WorkbookState {
  /** `null` when the workbook has no id yet: the first write saves one. */
  workbookId: string | null;
  /** The id came from an earlier version's document setting only: the next write also saves it as the property. */
  workbookIdIsLegacy: boolean;
  workbookName: string;
  /** `null` when the selection is not one range of cells (several areas, a chart or a shape). */
  selection: (SheetRef & { cell: Cell }) | null;
  /** Used range (values only) of the selection's sheet. */
  usedRange: Rect | null;
  /** Used range of the selection's sheet counting formats too: beyond it, cells hold nothing at all. */
  formattedRange: Rect | null;
  /** The cells of the placements asked for whose names still point at cells. */
  placements: PlacedCells[];
  /** The sheets in tab order. */
  sheets: SheetRef[];
  /** A free name for a table of the result, when one was asked for (`tableTitle`): read here to save a sync later. */
  freeTableName?: string | null;
  /**
   * The ids of the workbook's tables before the placement's own is made, read with the free name: a table made in a
   * request Excel then failed (its name or style refused) is one not among them, and is taken back.
   */
  tablesBefore?: readonly string[];
}

/** The workbook's cells: its state, placements found and read through their names, and the edits that need no guard. */
export interface WorkbookCells {
  /**
   * The workbook's id, name, selection, sheets, and the cells of the given placements (one request); with
   * `tableTitle`, a free table name for it too; with `read`, those placements' cells read in the same request
   * (`PlacedCells.cellsNow`: a write of them then checks them without reading them again).
   */
  prepare(placementIds?: readonly string[], tableTitle?: string | null, read?: readonly CellsToRead[]): Promise<WorkbookState>;
  /** The cells of the given placements whose names still point at cells; with `read`, some of their cells read in the same request. */
  findPlacements(placementIds: readonly string[], read?: readonly CellsToRead[]): Promise<PlacedCells[]>;
  /** Where a placement's cells are now, by its hidden name; `null` when the sheet or the cells are gone. */
  locate(placementId: string): Promise<Location | null>;
  /**
   * A placement's values through its name: its cells within `rows` × `columns` (the size its record states) from the
   * name's top-left, never past the name nor read past the sheet's used range; `null` when the name is gone.
   */
  readPlacement(placementId: string, rows: number, columns: number): Promise<{ values: CellValue[][]; rect: Rect } | null>;
  select(location: Pick<Location, 'sheetName' | 'rect'>): Promise<void>;
  /** Empties cells in one request. */
  clear(sheetName: string, rects: readonly Rect[]): Promise<void>;
  /** Inserts empty rows (whole, or only within `columns`), the cells below moved down intact. */
  insertRows(sheetName: string, top: number, rows: number, columns?: { left: number; right: number } | null): Promise<void>;
}
