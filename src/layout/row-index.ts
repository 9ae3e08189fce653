// A result's rows filed by their row and column members, for the layout to lay out as a pivot (body-rows.ts, total-rows.ts).
import type { CubeCellValue, CubeLoadResult } from '../contract';

/** The values of a row's (or a column's) members, in the pivot's order. */
export type Tuple = CubeCellValue[];

/** A map key for a tuple of member values; cheaper than JSON and unambiguous between types. */
function keyOf(value: CubeCellValue): string {
  if (value === null) return '\u0001';
  if (typeof value === 'string') return `s${value}`;
  return typeof value === 'number' ? `n${value}` : value ? '\u0002' : '\u0003';
}
export const tupleKey = (tuple: Tuple) => (tuple.length === 1 ? keyOf(tuple[0]!) : tuple.map(keyOf).join('\u0000'));

/** Distinct tuples in first-seen order, and each data row filed under its row and column tuple. */
export function indexRows(data: CubeLoadResult['data'], rowKeys: string[], columnKeys: string[]) {
  const rowIndex = new Map<string, number>();
  const columnIndex = new Map<string, number>();
  const rowTuples: Tuple[] = [];
  const columnTuples: Tuple[] = [];
  const cells: (Record<string, CubeCellValue> | undefined)[][] = [];
  if (columnKeys.length === 0) {
    columnIndex.set(tupleKey([]), 0);
    columnTuples.push([]);
  }
  for (const row of data) {
    const rowTuple: Tuple = new Array(rowKeys.length);
    let rowKey = '';
    for (let i = 0; i < rowKeys.length; i += 1) {
      const value = row[rowKeys[i]!] ?? null;
      rowTuple[i] = value;
      rowKey = i === 0 ? keyOf(value) : `${rowKey}\u0000${keyOf(value)}`;
    }
    let r = rowIndex.get(rowKey);
    if (r === undefined) {
      r = rowTuples.length;
      rowIndex.set(rowKey, r);
      rowTuples.push(rowTuple);
      cells.push([]);
    }
    if (columnKeys.length === 0) {
      cells[r]![0] = row;
      continue;
    }
    const columnTuple = columnKeys.map((k) => row[k] ?? null);
    const columnKey = tupleKey(columnTuple);
    let c = columnIndex.get(columnKey);
    if (c === undefined) {
      c = columnTuples.length;
      columnIndex.set(columnKey, c);
      columnTuples.push(columnTuple);
    }
    cells[r]![c] = row;
  }
  return { rowTuples, columnTuples, columnIndex, cells };
}
