import type { CubeCellValue, CubeLoadResult } from '../contract';
import type { CellValue } from '../core/cell-values';
import type { GridRows, GridShape } from './grid-shape';

/**
 * A flat table's body: one output row per result row, in order, with no grouping, so every row is kept as sent;
 * every row shares one formats array (`formats`).
 */
export function flatRows(rows: GridRows, shape: GridShape, result: CubeLoadResult, formats: string[], suppressDuplicateValues: boolean): void {
  const { rowMembers, measures, left, width } = shape;
  const keys = rowMembers.map((m) => m.key);
  const measureKeys = measures.map((m) => m.key);
  const intern = keys.map(() => internedText());
  let previousRow: Record<string, CubeCellValue> | undefined;
  for (const row of result.data) {
    const rowValues = new Array<CellValue>(width);
    let same = suppressDuplicateValues && previousRow !== undefined;
    for (let i = 0; i < keys.length; i += 1) {
      const value = row[keys[i]!] ?? null;
      same = same && previousRow![keys[i]!] === value;
      rowValues[i] = same ? '' : intern[i]!(rowMembers[i]!.cell(value));
    }
    for (let j = 0; j < measureKeys.length; j += 1) rowValues[left + j] = measures[j]!.cell(row[measureKeys[j]!] ?? null);
    rows.values.push(rowValues);
    rows.formats.push(formats);
    previousRow = row;
  }
}

/**
 * One string for each distinct text of a column: JSON.parse gives every row its own copy of "North America", so a
 * grid that outlives its result would otherwise keep one per cell (issue 27, memory). A column with `limit` distinct
 * texts (names, ids) would gain little: it stops looking, so it costs no more than those lookups.
 */
function internedText(limit = 1_000): (value: CellValue) => CellValue {
  const seen = new Map<string, string>();
  let looking = true;
  return (value) => {
    if (!looking || typeof value !== 'string') return value;
    const kept = seen.get(value);
    if (kept !== undefined) return kept;
    seen.set(value, value);
    if (seen.size >= limit) {
      looking = false;
      seen.clear();
    }
    return value;
  };
}
