import type { CellGrid } from './layout';

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

