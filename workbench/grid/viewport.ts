import { MAX_COLUMNS, MAX_ROWS } from '../../src/core/a1';
import { DEFAULT_COLUMN_WIDTH_POINTS } from '../excel-host/workbook/column-widths';

/** Fixed sizes (px) let the grid render only the rows and columns in view and place the editor over a cell. */
export const ROW_HEIGHT = 22;
export const COLUMN_WIDTH = 88;
export const ROW_HEADER_WIDTH = 56;
export const HEADER_HEIGHT = 22;
/** Rows and columns rendered beyond the visible ones, so fast scrolling shows no blank band. */
export const OVERSCAN = 8;

/** The items to render for one axis, and the space the ones before and after take. */
export interface AxisWindow {
  first: number;
  /** Exclusive. */
  end: number;
  before: number;
  after: number;
}

/** Items of `size` px from `offset` over `viewport` px (0 when not yet measured: a screenful is assumed). */
export function axisWindow(offset: number, viewport: number, size: number, count: number, overscan = OVERSCAN): AxisWindow {
  const shown = Math.ceil((viewport || 800) / size) + 1;
  const first = Math.max(0, Math.min(count, Math.floor(Math.max(0, offset) / size) - overscan));
  const end = Math.max(first, Math.min(count, Math.floor(Math.max(0, offset) / size) + shown + overscan));
  return { first, end, before: first * size, after: (count - end) * size };
}

/** Pixels drawn per point of a column's width: Excel's default column (48 points) is drawn `COLUMN_WIDTH` wide. */
export const PIXELS_PER_POINT = COLUMN_WIDTH / DEFAULT_COLUMN_WIDTH_POINTS;

/**
 * Where each column is drawn when some have widths of their own (the workbook's, in points, e.g. after
 * `autofitColumns`) and the rest the default `COLUMN_WIDTH`: positions by binary search over the few columns
 * that differ, so a sheet of 16,384 columns costs nothing to lay out.
 */
export class ColumnLayout {
  /** The columns with widths of their own, ascending, their widths (px) and the px they add before each. */
  private readonly columns: number[] = [];
  private readonly widths: number[] = [];
  private readonly extraBefore: number[] = [];

  constructor(points: ReadonlyMap<number, number> = new Map()) {
    let extra = 0;
    for (const [column, width] of [...points].sort(([a], [b]) => a - b)) {
      const px = Math.round(width * PIXELS_PER_POINT);
      this.columns.push(column);
      this.widths.push(px);
      this.extraBefore.push(extra);
      extra += px - COLUMN_WIDTH;
    }
    this.extraBefore.push(extra);
  }

  /** How many of the columns with their own widths lie before `column`. */
  private countBefore(column: number): number {
    let lo = 0;
    let hi = this.columns.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.columns[mid]! < column) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  width(column: number): number {
    const i = this.countBefore(column);
    return this.columns[i] === column ? this.widths[i]! : COLUMN_WIDTH;
  }

  /** Px from the first column's left edge to `column`'s (to the sheet's right edge for `column` = count). */
  left(column: number): number {
    return column * COLUMN_WIDTH + this.extraBefore[this.countBefore(column)]!;
  }

  /** The column drawn at `x` px from the first column's left edge (the last one beyond the sheet's edge). */
  columnAt(x: number): number {
    let lo = 0;
    let hi = MAX_COLUMNS - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.left(mid) <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The columns to render from `offset` over `viewport` px (0 when not yet measured: a screenful is assumed). */
  window(offset: number, viewport: number, count: number, overscan = OVERSCAN): AxisWindow {
    const start = Math.max(0, offset);
    const first = Math.max(0, Math.min(count, this.columnAt(start) - overscan));
    const end = Math.max(first, Math.min(count, this.columnAt(start + (viewport || 800)) + 1 + overscan));
    return { first, end, before: this.left(first), after: this.left(count) - this.left(end) };
  }
}

/**
 * How many rows (or columns) the sheet shows: the used ones, the active cell's and what was scrolled to, with
 * a screenful more, so scrolling down keeps finding rows up to Excel's limit.
 */
export function axisExtent(parts: { used: number; active: number; scrolledTo: number; minimum: number; margin: number; limit: number }): number {
  const wanted = Math.max(parts.minimum, parts.used + parts.margin, parts.active + 1 + parts.margin, parts.scrolledTo + parts.margin);
  return Math.min(parts.limit, wanted);
}

export const rowExtent = (used: number, active: number, scrolledTo: number) =>
  axisExtent({ used, active, scrolledTo, minimum: 60, margin: 40, limit: MAX_ROWS });
export const columnExtent = (used: number, active: number, scrolledTo: number) =>
  axisExtent({ used, active, scrolledTo, minimum: 26, margin: 8, limit: MAX_COLUMNS });

/**
 * The rows and columns that hold cells (one past the last used of each), from the model's `row:column` keys.
 * Counted after every change of a sheet that may hold 100,000 cells, so keys are read without splitting them.
 */
export function usedExtent(keys: Iterable<string>): { rows: number; columns: number } {
  let rows = 0;
  let columns = 0;
  for (const key of keys) {
    const colon = key.indexOf(':');
    const row = Number(key.slice(0, colon));
    const column = Number(key.slice(colon + 1));
    if (row >= rows) rows = row + 1;
    if (column >= columns) columns = column + 1;
  }
  return { rows, columns };
}

/**
 * The scroll offset that brings item `index` into view, below a sticky header of `header` px: unchanged when
 * it is already in view, else the least scroll that shows it.
 */
export function revealOffset(offset: number, viewport: number, index: number, size: number, header: number): number {
  return revealSpan(offset, viewport, index * size, size, header);
}

/** The scroll offset that brings `size` px from `start` into view below a sticky header (see `revealOffset`). */
export function revealSpan(offset: number, viewport: number, start: number, size: number, header: number): number {
  const visible = Math.max(size, viewport - header);
  if (start < offset) return start;
  if (start + size > offset + visible) return start + size - visible;
  return offset;
}

/** Page Up/Down: rows that fit in the viewport below the header. */
export const pageRows = (viewport: number) => Math.max(1, Math.floor((viewport - HEADER_HEIGHT) / ROW_HEIGHT) - 1);

/** Where the selection's frame goes over the grid (px, in the scrolled content), clipped to the rendered sheet. */
export function selectionBox(rect: { top: number; left: number; bottom: number; right: number }, rows: number, columns: number, layout: ColumnLayout) {
  const bottom = Math.min(rect.bottom, rows - 1);
  const right = Math.min(rect.right, columns - 1);
  return {
    top: HEADER_HEIGHT + rect.top * ROW_HEIGHT,
    left: ROW_HEADER_WIDTH + layout.left(rect.left),
    height: Math.max(0, bottom - rect.top + 1) * ROW_HEIGHT,
    width: Math.max(0, layout.left(right + 1) - layout.left(rect.left)),
  };
}
