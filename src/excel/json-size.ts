import { needsTextPrefix, type CellValue } from '../core/cell-values';

/**
 * Exact sizes of values as they travel in an Office.js request: `JSON.stringify` of the value, in UTF-8 bytes
 * (the request body's encoding). `"` and `\` take two bytes, control characters two (`\n`) or six (`\u0001`),
 * other characters their UTF-8 length, a lone surrogate six (`\udc00`, as ES2019's well-formed stringify writes it).
 */
export function jsonStringBytes(text: string): number {
  let bytes = 2;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c) bytes += 2;
      else if (c >= 0x20) bytes += 1;
      else bytes += c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
    } else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i += 1;
      } else bytes += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}

/** `JSON.stringify(value).length` in UTF-8 bytes, for what goes into a cell (`null` leaves a cell as it is). */
export function jsonScalarBytes(value: CellValue | null): number {
  if (typeof value === 'string') return jsonStringBytes(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4;
}

/** A row as a JSON array: `[a,b,c]`. */
export function jsonRowBytes(row: readonly (CellValue | null)[]): number {
  let bytes = row.length > 0 ? row.length + 1 : 2;
  for (const value of row) bytes += jsonScalarBytes(value);
  return bytes;
}

/** A row of cell values as `cellInput` will send it: text that needs it gains the one-byte apostrophe. */
export function inputRowBytes(row: readonly CellValue[]): number {
  let bytes = row.length > 0 ? row.length + 1 : 2;
  for (const value of row) {
    bytes += jsonScalarBytes(value);
    if (typeof value === 'string' && needsTextPrefix(value)) bytes += 1;
  }
  return bytes;
}

/** Rows `[start, end)` as a JSON array of arrays, given each row's own size. */
export function jsonGridBytes(rowBytes: (row: number) => number, start: number, end: number): number {
  let bytes = end > start ? end - start + 1 : 2;
  for (let row = start; row < end; row += 1) bytes += rowBytes(row);
  return bytes;
}
