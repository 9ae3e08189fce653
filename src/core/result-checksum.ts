import { canonicalJson } from './canonical-json';
import type { CellValue } from './cell-values';
import { sha256Hex } from './checksum';

/**
 * The placement's `resultChecksum`: lowercase hex SHA-256 of the RFC 8785 canonical JSON of
 * `{"v": 1, "values": grid}`, where `grid` is the placement's cells row by row exactly as Excel returns them
 * in `Range.values` (numbers and dates as numbers, booleans as booleans, text without any hidden
 * apostrophe, empty cells as ""). Number formats are not part of it. Computed over what was written and
 * recomputed over what is read back, so any hand edit of a value changes it.
 */
export function resultChecksum(values: readonly (readonly CellValue[])[]): Promise<string> {
  return sha256Hex(canonicalJson({ v: 1, values }));
}
