import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../../src/core/a1';
import { hostError } from './host-error';
import type { CellData, SheetModel } from './workbook-data';

/**
 * How a sheet's cells move when cells are inserted or deleted with a shift, and the areas the sheet's cells
 * cover ("Insert or delete cells, rows, and columns",
 * https://support.microsoft.com/en-us/office/insert-or-delete-cells-rows-and-columns-6f40e6e4-85af-45e0-b39d-65dd504a3246).
 */

export const cellKey = (row: number, column: number) => `${row}:${column}`;
export function keyCell(key: string): { row: number; column: number } {
  // Sliced rather than split: every scan of a sheet's cells parses each key.
  const colon = key.indexOf(':');
  return { row: Number(key.slice(0, colon)), column: Number(key.slice(colon + 1)) };
}

/** Inserts blank cells at `rect`: what was there moves down or right. Refused when that would push a cell off the sheet. */
export function shiftForInsert(sheet: SheetModel, rect: Rect, shift: 'Down' | 'Right'): void {
  const count = shift === 'Down' ? rect.bottom - rect.top + 1 : rect.right - rect.left + 1;
  const moves = (row: number, column: number) =>
    shift === 'Down'
      ? column >= rect.left && column <= rect.right && row >= rect.top
      : row >= rect.top && row <= rect.bottom && column >= rect.left;
  const limit = shift === 'Down' ? MAX_ROWS : MAX_COLUMNS;
  for (const [key] of sheet.cells) {
    const { row, column } = keyCell(key);
    if (moves(row, column) && (shift === 'Down' ? row : column) + count >= limit) {
      throw hostError('nonBlankCellOffSheet');
    }
  }
  const moved = new Map<string, CellData>();
  for (const [key, cell] of sheet.cells) {
    const { row, column } = keyCell(key);
    if (moves(row, column)) moved.set(shift === 'Down' ? cellKey(row + count, column) : cellKey(row, column + count), cell);
    else moved.set(key, cell);
  }
  sheet.cells = moved;
}

/** Deletes the cells at `rect`: what was below moves up, or what was right moves left. */
export function shiftForDelete(sheet: SheetModel, rect: Rect, shift: 'Up' | 'Left'): void {
  const count = shift === 'Up' ? rect.bottom - rect.top + 1 : rect.right - rect.left + 1;
  const next = new Map<string, CellData>();
  for (const [key, cell] of sheet.cells) {
    const { row, column } = keyCell(key);
    const inside = row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right;
    if (inside) continue;
    if (shift === 'Up' && column >= rect.left && column <= rect.right && row > rect.bottom) next.set(cellKey(row - count, column), cell);
    else if (shift === 'Left' && row >= rect.top && row <= rect.bottom && column > rect.right) next.set(cellKey(row, column - count), cell);
    else next.set(key, cell);
  }
  sheet.cells = next;
}

/**
 * The used range: the smallest rectangle holding every cell with a value (or, unless `valuesOnly`, a
 * format), as Worksheet.getUsedRange describes it; null on an empty sheet.
 */
export function usedArea(sheet: SheetModel, valuesOnly: boolean): Rect | null {
  let rect: Rect | null = null;
  for (const [key, cell] of sheet.cells) {
    if (valuesOnly && cell.value === '' && !cell.formula) continue;
    const { row, column } = keyCell(key);
    if (!rect) rect = { top: row, left: column, bottom: row, right: column };
    else {
      rect.top = Math.min(rect.top, row);
      rect.bottom = Math.max(rect.bottom, row);
      rect.left = Math.min(rect.left, column);
      rect.right = Math.max(rect.right, column);
    }
  }
  return rect;
}

/** Merges `rect` (or, `across`, each of its rows); only the top-left value of each merged area stays. */
export function mergeCells(sheet: SheetModel, rect: Rect, across: boolean): void {
  const areas = across ? Array.from({ length: rect.bottom - rect.top + 1 }, (_, i) => ({ ...rect, top: rect.top + i, bottom: rect.top + i })) : [rect];
  for (const area of areas) {
    for (const [key] of sheet.cells) {
      const { row, column } = keyCell(key);
      const inside = row >= area.top && row <= area.bottom && column >= area.left && column <= area.right;
      if (inside && (row !== area.top || column !== area.left)) sheet.cells.delete(key);
    }
    sheet.merges.push(area);
  }
}
