import type { CellValue } from './cell-values';

/**
 * What the add-in last wrote to a placement, small enough to keep inside the workbook: a 32-bit FNV-1a hash
 * of every row and of every column of the values. A cell edited by hand changes its row's and its column's
 * hash, so the edited cells are found where changed rows and changed columns cross.
 */
export interface GridFingerprint {
  rows: number;
  columns: number;
  /** 8 hex digits per row, concatenated. */
  rowHashes: string;
  /** 8 hex digits per column, concatenated. */
  columnHashes: string;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Feeds a value into a running FNV-1a hash, with its type and a separator, so `1` and `"1"` differ. */
function feed(hash: number, value: CellValue): number {
  const text = typeof value === 'string' ? `s${value}` : typeof value === 'number' ? `n${value}` : value ? 'T' : 'F';
  let h = hash;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  h ^= 0x1f;
  return Math.imul(h, FNV_PRIME);
}

const hex = (hash: number) => (hash >>> 0).toString(16).padStart(8, '0');

/** One pass over the grid: each cell feeds its row's hash and its column's hash. */
export function fingerprint(values: readonly (readonly CellValue[])[]): GridFingerprint {
  const rows = values.length;
  const columns = rows ? values[0]!.length : 0;
  const columnState = new Array<number>(columns).fill(FNV_OFFSET);
  const rowParts: string[] = [];
  for (const row of values) {
    let rowState = FNV_OFFSET;
    for (let c = 0; c < columns; c += 1) {
      const value = row[c] ?? '';
      rowState = feed(rowState, value);
      columnState[c] = feed(columnState[c]!, value);
    }
    rowParts.push(hex(rowState));
  }
  return { rows, columns, rowHashes: rowParts.join(''), columnHashes: columnState.map(hex).join('') };
}

export interface HandEdits {
  /** 0-based rows of the placement that differ. */
  rows: number[];
  /** 0-based cells where a changed row and a changed column cross. */
  cells: { row: number; column: number }[];
}

/** The rows and cells that differ from what was written; empty lists when nothing does. */
export function findHandEdits(written: GridFingerprint, current: readonly (readonly CellValue[])[]): HandEdits {
  const now = fingerprint(current);
  const changed = (a: string, b: string, count: number) =>
    Array.from({ length: count }, (_, i) => i).filter((i) => a.slice(i * 8, i * 8 + 8) !== b.slice(i * 8, i * 8 + 8));
  const rows = changed(written.rowHashes, now.rowHashes, Math.max(written.rows, now.rows));
  const columns = changed(written.columnHashes, now.columnHashes, Math.max(written.columns, now.columns));
  const cells = rows.flatMap((row) => columns.map((column) => ({ row, column })));
  return { rows, cells };
}
