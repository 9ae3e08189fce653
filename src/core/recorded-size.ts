import type { ResultChecksum } from '../contract';
import { rectColumns, rectRows, type Rect } from './a1';
import { recordedSize } from './result-checksum';

/**
 * A placement's size as its record states it, against the cells its name covers now. The record (the platform's, or
 * one kept in the workbook's custom XML parts) states the size twice: its `resultLocation` and its checksum's rows
 * and columns, both made from the one grid the add-in wrote, so they agree. A workbook is untrusted input (it may have
 * been mailed), and so is a record kept in it: a check reads the name's cells, never more rows or columns than either
 * statement, and a record stating more than the name covers marks the placement damaged.
 */

export interface GridSize {
  rows: number;
  columns: number;
}

/** The sizes the record states: its location's (when there is one) and its checksum's (when it is one this code reads). */
function statedSizes(location: Rect | null, record: ResultChecksum | null | undefined): GridSize[] {
  const sizes: GridSize[] = [];
  if (location) sizes.push({ rows: rectRows(location), columns: rectColumns(location) });
  const checksum = recordedSize(record);
  if (checksum) sizes.push(checksum);
  return sizes;
}

/**
 * Whether the record states more rows or more columns than the name covers: rows or columns inside the placement were
 * deleted, or the record claims cells its name does not have. Either way the placement is damaged.
 */
export function coversLess(name: Rect, location: Rect | null, record: ResultChecksum | null | undefined): boolean {
  return statedSizes(location, record).some((size) => rectRows(name) < size.rows || rectColumns(name) < size.columns);
}

/** The most rows and columns a check of the placement reads: the fewest any statement gives; null when none does. */
export function readableSize(location: Rect | null, record: ResultChecksum | null | undefined): GridSize | null {
  const sizes = statedSizes(location, record);
  if (!sizes.length) return null;
  return { rows: Math.min(...sizes.map((s) => s.rows)), columns: Math.min(...sizes.map((s) => s.columns)) };
}

/** The cells of `name` within `size` from its top-left: what a check reads. */
export function cellsWithin(name: Rect, size: GridSize): Rect {
  return {
    top: name.top, left: name.left,
    bottom: Math.min(name.bottom, name.top + size.rows - 1), right: Math.min(name.right, name.left + size.columns - 1),
  };
}

/**
 * The record's cells from its location's top-left, as many rows and columns as its largest statement: a name covering
 * fewer is damaged (the baseline a write's guard compares its cells with). Null without a location.
 */
export function recordedExtent(location: Rect | null, record: ResultChecksum | null | undefined): Rect | null {
  if (!location) return null;
  const sizes = statedSizes(location, record);
  const rows = Math.max(...sizes.map((s) => s.rows));
  const columns = Math.max(...sizes.map((s) => s.columns));
  return { top: location.top, left: location.left, bottom: location.top + rows - 1, right: location.left + columns - 1 };
}
