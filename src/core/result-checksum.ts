import { canonicalJson } from './canonical-json';
import type { CellValue } from './cell-values';
import { sha256Hex } from './checksum';
import { fingerprint, type GridFingerprint } from './fingerprint';

/**
 * The placement's `resultChecksum`: lowercase hex SHA-256 of the RFC 8785 canonical JSON of
 * `{"v": 2, "rows", "columns", "rowHashes", "columnHashes"}`, the grid's fingerprint (`fingerprint.ts`:
 * a 32-bit FNV-1a hash of every row and every column of the cells exactly as `Range.values` returns them,
 * each cell hashed with its type). Number formats are not part of it. Computed over what was written and
 * recomputable over what is read back, so a hand edit of any value changes it; hashing the fingerprint
 * rather than the whole grid keeps it cheap for large results.
 */
export function resultChecksum(values: readonly (readonly CellValue[])[]): Promise<string> {
  return checksumOfFingerprint(fingerprint(values));
}

export function checksumOfFingerprint(print: GridFingerprint): Promise<string> {
  return sha256Hex(canonicalJson({ v: 2, ...print }));
}
