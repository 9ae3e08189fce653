import type { Rect } from './a1';
import type { CellGrid } from './cell-grid';

/**
 * Grid rows above a result's header: its caption rows (a title and source line, the filter summary, the blank row
 * below them). They are left out of the columns' fit and of an Excel table.
 */
export function captionRows(grid: Pick<CellGrid, 'boldHeaderRows'>): number {
  return grid.boldHeaderRows?.[0] ?? 0;
}

/** The cells a placement's columns are fit to: its header and data at `rect`, never its caption rows. */
export function fitRect(rect: Rect, grid: Pick<CellGrid, 'boldHeaderRows'>): Rect {
  return { ...rect, top: Math.min(rect.bottom, rect.top + captionRows(grid)) };
}

/**
 * Which grid row heads an Excel table of a result: a flat grid's last header row, when its headers are distinct,
 * non-empty text Excel would keep as they are (it renames blank or repeated headers); null for a pivot (bold rows
 * or columns) or headers Excel would change.
 */
export function tableHeaderRow(grid: CellGrid, flat: boolean): number | null {
  if (!flat || grid.headerRows < 1 || grid.boldRows.length > 0 || grid.boldColumns?.length) return null;
  const headerRow = grid.headerRows - 1;
  const headers = grid.values[headerRow];
  if (!headers?.length) return null;
  const seen = new Set<string>();
  for (const header of headers) {
    if (typeof header !== 'string' || header.trim() === '' || header !== header.trim()) return null;
    const key = header.toLowerCase();
    if (seen.has(key)) return null;
    seen.add(key);
  }
  return headerRow;
}

