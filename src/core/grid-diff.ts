import { rectFrom, type Cell, type Rect } from './a1';
import { changedRows, type GridDigests } from './grid-hash';
import type { CellGrid } from './cell-grid';

/** What a rewrite must write and clear, worked out from the cells there now and the new grid. */

/** The cells a grid covers when its top-left is at `anchor`. */
export function gridRect(anchor: Cell, grid: CellGrid): Rect {
  return rectFrom(anchor, grid.values.length, grid.values[0]?.length ?? 0);
}

export function unionRect(a: Rect, b: Rect): Rect {
  return { top: Math.min(a.top, b.top), left: Math.min(a.left, b.left), bottom: Math.max(a.bottom, b.bottom), right: Math.max(a.right, b.right) };
}

/** Parts of `old` outside `next` (both anchored at the same cell): rows below and columns to the right. */
export function leftovers(old: Rect, next: Rect): Rect[] {
  const parts: Rect[] = [];
  if (old.bottom > next.bottom) parts.push({ top: next.bottom + 1, bottom: old.bottom, left: old.left, right: old.right });
  if (old.right > next.right) {
    parts.push({ top: old.top, bottom: Math.min(old.bottom, next.bottom), left: next.right + 1, right: old.right });
  }
  return parts;
}

/** Grid rows whose values differ from the cells there now (all of them when the width changed). */
export function rowsToWrite(current: GridDigests, next: GridDigests): number[] {
  if (current.rows === 0 || current.columns !== next.columns) return Array.from({ length: next.rows }, (_, i) => i);
  return changedRows(current, next);
}
