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

/** Numbers are hashed by their 64-bit pattern, not their text: no conversion per cell. */
const numberBits = new Float64Array(1);
const numberWords = new Uint32Array(numberBits.buffer);

const hex = (hash: number) => (hash >>> 0).toString(16).padStart(8, '0');

/** One pass over the grid: each cell feeds its row's FNV-1a hash and its column's, then a separator. */
export function fingerprint(values: readonly (readonly CellValue[])[]): GridFingerprint {
  const rows = values.length;
  const columns = rows ? values[0]!.length : 0;
  const columnState = new Array<number>(columns).fill(FNV_OFFSET);
  const rowParts: string[] = [];
  for (const row of values) {
    let rowHash = FNV_OFFSET;
    for (let c = 0; c < columns; c += 1) {
      const value = row[c] ?? '';
      let columnHash = columnState[c]!;
      // A type mark first, so 1, "1" and true never hash alike.
      if (typeof value === 'number') {
        numberBits[0] = value;
        rowHash = Math.imul(Math.imul(Math.imul(rowHash ^ 0x6e, FNV_PRIME) ^ numberWords[0]!, FNV_PRIME) ^ numberWords[1]!, FNV_PRIME);
        columnHash = Math.imul(Math.imul(Math.imul(columnHash ^ 0x6e, FNV_PRIME) ^ numberWords[0]!, FNV_PRIME) ^ numberWords[1]!, FNV_PRIME);
      } else if (typeof value === 'boolean') {
        const mark = value ? 0x54 : 0x46;
        rowHash = Math.imul(rowHash ^ mark, FNV_PRIME);
        columnHash = Math.imul(columnHash ^ mark, FNV_PRIME);
      } else {
        rowHash = Math.imul(rowHash ^ 0x73, FNV_PRIME);
        columnHash = Math.imul(columnHash ^ 0x73, FNV_PRIME);
        for (let i = 0; i < value.length; i += 1) {
          const code = value.charCodeAt(i);
          rowHash = Math.imul(rowHash ^ code, FNV_PRIME);
          columnHash = Math.imul(columnHash ^ code, FNV_PRIME);
        }
      }
      rowHash = Math.imul(rowHash ^ 0x1f, FNV_PRIME);
      columnState[c] = Math.imul(columnHash ^ 0x1f, FNV_PRIME);
    }
    rowParts.push(hex(rowHash));
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
