import type { ResultChecksum } from '../contract';
import type { Cell, Rect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import type { CellValue } from '../core/cell-values';
import type { GridDigests } from '../core/grid-hash';
import type { CellGrid } from '../core/layout';
import type { WorkbookDocument } from './workbook-document';

/**
 * The workbook port: what the use cases ask of the workbook, in plain data (sheet names, rectangles, grids,
 * placement ids; never worksheet ids, which change across sessions and hosts). `src/excel`'s `ExcelConnector`
 * is its adapter over Office.js; tests and benchmarks use the same adapter over Microsoft's Office.js and the
 * host emulator. Writing a grid is one method (`writeGrid`): the adapter reads what the cells hold, asks the
 * caller's guard, and only then plans, snapshots and writes within the host's payload limits, putting the
 * snapshot back if the write fails.
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

/** Names a placement's cells: its id, its sheet, and whether the name exists already (then it is re-pointed). */
export interface RecordTarget {
  placementId: string;
  sheetName: string;
  /** The placement already has its hidden name (a refresh), which is re-pointed rather than added. */
  nameExists: boolean;
  /** Its cells' language and title lines, kept with the name in the same request (a new placement). */
  cellOptions?: CellOptions;
}

/**
 * A placement's columns before and after Excel's autofit, in points, from column `left` on: a column the fit made
 * narrower is set back to its width before, so fitting only ever widens.
 */
export interface ColumnFit {
  left: number;
  before: number[];
  fitted: number[];
}

export interface FirstPlacement {
  placementId: string;
  sheetName: string;
  /** The placement's cells. */
  rect: Rect;
  /** Grid rows above the report's header (the filter summary): left out of the autofit and the table. */
  headerRow: number;
  /** Its columns' widths as its write measured them (`GridWrite.first`): the fit is finished (never narrower) with the table. */
  fit?: ColumnFit | null;
  /** Make the result a table with this name (free when the workbook's state was read), or null for plain cells. */
  tableName: string | null;
  /** The ids of the workbook's tables when its state was read (`WorkbookState.tablesBefore`). */
  tablesBefore: readonly string[];
}

/**
 * Why Excel would not make (or keep) a placement's table. The placement stays correct as plain cells and the pane
 * says why in words: `overlap`, another table is in the way; `refused`, any other refusal, with Excel's error code.
 */
export type TableRefusal = { reason: 'overlap'; table: string } | { reason: 'refused'; code: string | null };

export interface WriteProgress {
  rowsWritten: number;
  totalRows: number;
  /** Cells the write's rows cover (rows × the grid's columns): how large the write is, told before its first request too. */
  totalCells?: number;
}

/** One change someone else made: the sheet (this session's id), the changed area on it (`B3`, `B3:D9`, `5:6`), and its kind. */
export interface CellChange {
  sheetId: string;
  address: string;
  changeType: string;
}

/** What a write changes, as it was before: opaque to the use cases, which only hand it back to `restoreAfter`. */
export interface CellsSnapshot {
  readonly sheetName: string;
}

/** What the cells about to be written hold now, for the caller's guards to judge before anything is written. */
export interface TargetFindings {
  /** The cells the grid will cover. */
  target: Rect;
  /** Digests of the cells written before (`own`) as they are now; empty when there are none. */
  now: GridDigests;
  /** Cells of the target outside the own cells that hold something (at most 20 are listed). */
  foreignCells: string[];
}

/**
 * The guard's answer: write (`ownAsWritten`: the own cells hold exactly what was last written, so the values just
 * read can stand in the snapshot), or stop with a question for the user, and write nothing.
 */
export type GuardVerdict<Q> = { write: true; ownAsWritten: boolean } | { write: false; question: Q };

export interface GridWrite {
  sheetName: string;
  /** Where the grid's top-left goes. */
  anchor: Cell;
  grid: CellGrid;
  /** The cells written before (rows rewritten only where they change, leftovers cleared); null for new cells. */
  own: PlacedCells | null;
  /** The id that names the cells in the write (a name added, or the own one re-pointed); null when the caller names them later (a move). */
  nameAs: string | null;
  /** The sheet's used ranges, when the state was read on the target's sheet (a first write at the selection). */
  state: Pick<WorkbookState, 'usedRange' | 'formattedRange'>;
  /** A workbook id to save with this write (the workbook's first, or one kept only in an earlier version's setting). */
  saveWorkbookId?: string;
  /** Aborted when what is written has been replaced by a newer state: checked right before the write. */
  superseded?: AbortSignal;
  /**
   * The write's record kept in the workbook as a document setting (an exploration's draft): saved in the write's
   * last request, after its cells, so the cells and their record land together or not at all. `value` is given the
   * record of what is written.
   */
  keepRecord?: { key: string; value: (record: ResultChecksum) => string };
  /** The user's Stop: checked before each request; once aborted, the cells written are put back (`WriteStoppedError`). */
  stop?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** A new placement's (named `nameAs`): cell options kept with its name, its header and data's columns measured, in the last request. */
  first?: { cellOptions?: CellOptions; fitColumns: Rect };
}

export type GridWriteResult<Q> =
  /**
   * Written (or nothing needed writing: `snapshot` null). `next` digests the grid written; `recordKept`: the `keepRecord`
   * setting was saved with the cells; `fit`: the columns as `first` measured them (null: not measured).
   */
  | { kind: 'written'; rect: Rect; next: GridDigests; snapshot: CellsSnapshot | null; recordKept?: boolean; fit?: ColumnFit | null }
  | { kind: 'stopped'; question: Q };

/** A grid write and its guard, one of several written together (`writeGrids`). */
export interface GuardedWrite<Q> {
  write: GridWrite;
  guard: (findings: TargetFindings) => GuardVerdict<Q>;
}

/** One of several grid writes as it ended: written, stopped at a question, or failed (its cells put back first). */
export type SettledGridWrite<Q> = GridWriteResult<Q> | { kind: 'failed'; error: unknown };

export interface Workbook extends WorkbookDocument {
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
  /** A new external workbook id, saved by the next write that is given it. */
  newWorkbookId(): string;
  /**
   * Writes a grid, after the guard has judged what the cells hold now: reads the own cells and the target, asks
   * `guard`, and only when it says write, plans the requests within the host's payload limits, snapshots what
   * they change, and writes; a failed write puts the snapshot back (`WriteFailedError`, or `RestoreFailedError`
   * when that fails too).
   */
  writeGrid<Q>(write: GridWrite, guard: (findings: TargetFindings) => GuardVerdict<Q>): Promise<GridWriteResult<Q>>;
  /**
   * Several grid writes (of different placements, on any sheets, not overlapping one another) as `writeGrid` does
   * each, their requests shared: what each needs written goes out together in as few requests as the payload
   * limit allows. Each ends on its own; a write that fails is that write's alone (its cells put back).
   */
  writeGrids<Q>(writes: readonly GuardedWrite<Q>[], onProgress?: (progress: WriteProgress) => void): Promise<SettledGridWrite<Q>[]>;
  /** Puts a written grid's snapshot back after a later step failed, a name and fit it added undone (`RestoreFailedError` when it cannot). */
  restoreAfter(snapshot: CellsSnapshot, failure: unknown): Promise<void>;
  /** Names a placement's cells in one request (a placement linked again, a saved exploration's cells). */
  recordPlacement(sheetName: string, rect: Rect, record: RecordTarget): Promise<void>;
  /**
   * After a first placement: columns fit to the header and data, only ever wider (`first.fit` finished, else measured
   * here), and the result made a table when asked; null, or why it stays plain cells.
   */
  finishPlacement(first: FirstPlacement): Promise<TableRefusal | null>;
  /** Makes an existing placement's result a table in place; null, or why it stays plain cells. */
  makeTable(first: FirstPlacement): Promise<TableRefusal | null>;
  /** Turns a placement's table into plain cells and forgets it. */
  removeTable(placementId: string, note: string | null): Promise<void>;
  /** After a refresh: the placement's table fitted to its new cells (`headerRow` null: back to plain cells). */
  fitTable(placed: Pick<PlacedCells, 'placementId' | 'table' | 'rect'>, sheetName: string, rect: Rect, headerRow: number | null): Promise<TableRefusal | null>;
  /** Empties cells in one request. */
  clear(sheetName: string, rects: readonly Rect[]): Promise<void>;
  /** Inserts empty rows (whole, or only within `columns`), the cells below moved down intact. */
  insertRows(sheetName: string, top: number, rows: number, columns?: { left: number; right: number } | null): Promise<void>;
  /** Re-points a placement's name at its new cells and empties the old ones in one request; its table follows. */
  movePlacement(
    placementId: string, to: { sheetName: string; rect: Rect }, clear: { sheetName: string; rects: readonly Rect[] },
    table?: { note: string | null | undefined; headerRow: number | null },
  ): Promise<TableRefusal | null>;
  /** Forgets a placement's name (and, given `clear`, empties its cells) in one request. */
  forgetPlacement(placementId: string, clear?: { sheetName: string; rect: Rect }): Promise<void>;
  /** Keeps a placement's cell options in the workbook (null: forgets them). */
  writeCellOptions(placementId: string, options: CellOptions | null): Promise<void>;
  select(location: Pick<Location, 'sheetName' | 'rect'>): Promise<void>;
  /** Hears of cells changed by anyone but this add-in on the named sheets; null when the host cannot tell. */
  watchCellChanges(sheetNames: readonly string[], onChange: (change: CellChange) => void): Promise<(() => Promise<void>) | null>;
  /** Follows the selection's address; resolves to a function that stops following. */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>>;
}
