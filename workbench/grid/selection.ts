import { cellAddress, columnLetters, MAX_COLUMNS, MAX_ROWS, quoteSheetName, rectAddress, sameRect, type Cell, type Rect } from '../../src/core/a1';

/**
 * A selection as Excel keeps it: the corner it was started from (`anchor`, which stays put when the selection
 * is extended), the opposite corner (`focus`, which Shift+arrows and Shift+click move) and the active cell,
 * where typing goes: the anchor unless Enter or Tab moved it inside the selection (`active`).
 */
export interface GridSelection {
  anchor: Cell;
  focus: Cell;
  active?: Cell;
}

export const activeCell = (selection: GridSelection): Cell => selection.active ?? selection.anchor;

export const clampCell = (cell: Cell): Cell => ({
  row: Math.min(MAX_ROWS - 1, Math.max(0, cell.row)),
  column: Math.min(MAX_COLUMNS - 1, Math.max(0, cell.column)),
});

export function selectionRect({ anchor, focus }: GridSelection): Rect {
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.column, focus.column),
    right: Math.max(anchor.column, focus.column),
  };
}

export const inRect = (rect: Rect, row: number, column: number) => row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right;

export function cellSelection(cell: Cell): GridSelection {
  const c = clampCell(cell);
  return { anchor: c, focus: c };
}

/**
 * The grid's selection for the model's rectangle: the one the grid has when it still describes that
 * rectangle, else the rectangle with its top-left cell active (the add-in or another sheet selected it).
 */
export function reconcile(current: GridSelection | undefined, rect: Rect): GridSelection {
  if (current && sameRect(selectionRect(current), rect)) return current;
  return { anchor: { row: rect.top, column: rect.left }, focus: { row: rect.bottom, column: rect.right } };
}

/** Arrow keys: a single cell next to the active one. */
export function moveBy(selection: GridSelection, rows: number, columns: number): GridSelection {
  const from = activeCell(selection);
  return cellSelection({ row: from.row + rows, column: from.column + columns });
}

/** Shift+arrows: the corner opposite the active cell moves. */
export function extendBy(selection: GridSelection, rows: number, columns: number): GridSelection {
  return { anchor: selection.anchor, focus: clampCell({ row: selection.focus.row + rows, column: selection.focus.column + columns }) };
}

/** Shift+click and mouse drags: from the active cell to `cell`. */
export function extendTo(selection: GridSelection, cell: Cell): GridSelection {
  return { anchor: selection.anchor, focus: clampCell(cell) };
}

/** Whole rows (row header clicks): the active cell stays in the first column. */
export function rowsSelection(from: number, to: number): GridSelection {
  return { anchor: { row: from, column: 0 }, focus: { row: to, column: MAX_COLUMNS - 1 } };
}

export function columnsSelection(from: number, to: number): GridSelection {
  return { anchor: { row: 0, column: from }, focus: { row: MAX_ROWS - 1, column: to } };
}

export const wholeSheet = (): GridSelection => ({ anchor: { row: 0, column: 0 }, focus: { row: MAX_ROWS - 1, column: MAX_COLUMNS - 1 } });

export const isWholeRows = (rect: Rect) => rect.left === 0 && rect.right === MAX_COLUMNS - 1;
export const isWholeColumns = (rect: Rect) => rect.top === 0 && rect.bottom === MAX_ROWS - 1;

/**
 * Ctrl+arrow: from a filled cell whose neighbour is filled, to the last filled cell of that block; otherwise to
 * the next filled cell in that direction, or the edge of the sheet. Past `used` (rows and columns that hold
 * cells) nothing is filled, so the search stops there.
 */
export function jump(from: Cell, rows: number, columns: number, filled: (row: number, column: number) => boolean, used = { rows: MAX_ROWS, columns: MAX_COLUMNS }): Cell {
  const limit = rows ? (rows > 0 ? MAX_ROWS - 1 : 0) : columns > 0 ? MAX_COLUMNS - 1 : 0;
  const position = (c: Cell) => (rows ? c.row : c.column);
  const beyondUsed = (c: Cell) => (rows > 0 && c.row >= used.rows) || (columns > 0 && c.column >= used.columns);
  const atLimit = (c: Cell): Cell => (rows ? { row: limit, column: c.column } : { row: c.row, column: limit });
  const step = (c: Cell): Cell => ({ row: c.row + rows, column: c.column + columns });
  if (position(from) === limit) return from;
  let cell = step(from);
  if (filled(from.row, from.column) && filled(cell.row, cell.column)) {
    while (position(cell) !== limit && filled(step(cell).row, step(cell).column)) cell = step(cell);
    return cell;
  }
  while (position(cell) !== limit && !filled(cell.row, cell.column)) {
    if (beyondUsed(cell)) return atLimit(cell);
    cell = step(cell);
  }
  return cell;
}

/**
 * Enter and Tab in a selection of several cells move the active cell inside it (Enter down the columns, Tab
 * along the rows), wrapping at its end, and keep the selection.
 */
export function cycleWithin(selection: GridSelection, rows: number, columns: number): GridSelection {
  const rect = selectionRect(selection);
  const height = rect.bottom - rect.top + 1;
  const width = rect.right - rect.left + 1;
  const { row, column } = activeCell(selection);
  const byRows = columns !== 0;
  const index = byRows ? (row - rect.top) * width + (column - rect.left) : (column - rect.left) * height + (row - rect.top);
  const total = width * height;
  const next = (((index + (rows || columns)) % total) + total) % total;
  const active = byRows
    ? { row: rect.top + Math.floor(next / width), column: rect.left + (next % width) }
    : { row: rect.top + (next % height), column: rect.left + Math.floor(next / height) };
  return { anchor: selection.anchor, focus: selection.focus, active };
}

/** What the name box shows: `Sheet1!B3:D8`, whole rows `Sheet1!3:5`, whole columns `Sheet1!B:C`. */
export function selectionAddress(sheetName: string, rect: Rect): string {
  const sheet = quoteSheetName(sheetName);
  if (isWholeRows(rect) && !isWholeColumns(rect)) return `${sheet}!${rect.top + 1}:${rect.bottom + 1}`;
  if (isWholeColumns(rect) && !isWholeRows(rect)) return `${sheet}!${columnLetters(rect.left)}:${columnLetters(rect.right)}`;
  return `${sheet}!${rectAddress(rect)}`;
}

export const addressOf = (row: number, column: number) => cellAddress({ row, column });

/** The cell to scroll into view: the active cell after Enter/Tab, else the moving corner; whole rows or columns scroll one way only. */
export function revealCell(selection: GridSelection): { row: number | null; column: number | null } {
  const rect = selectionRect(selection);
  const cell = selection.active ?? selection.focus;
  return { row: isWholeColumns(rect) ? null : cell.row, column: isWholeRows(rect) ? null : cell.column };
}

/** A click on a row or column header selects that row or column; Shift+click extends from the active cell's. */
export function headerSelection(current: GridSelection, kind: 'row' | 'column', index: number, extend: boolean): GridSelection {
  const from = activeCell(current);
  if (kind === 'row') return extend ? { ...rowsSelection(from.row, index), active: from } : rowsSelection(index, index);
  return extend ? { ...columnsSelection(from.column, index), active: from } : columnsSelection(index, index);
}
