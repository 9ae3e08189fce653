import { RESULT_CHECKSUM_MAX_CHUNKS, type ResultChecksum } from '../contract';
import { MAX_COLUMNS, MAX_ROWS } from './a1';
import type { CellValue } from './cell-values';
import { gridDigests, hashWords, SEED_A, SEED_B, type GridDigests } from './grid-hash';

/**
 * The placement's `resultChecksum` (v3), kept by the platform and opaque to it: enough to tell, from the record
 * alone, which rows (and mostly which cells) of a placement were edited by hand since the add-in wrote it.
 * Rows are cut into at most 2,000 blocks of k rows; each chunk holds a 48-bit hash of its block and short
 * hashes of its rows (or of groups of rows when blocks are long); the payload holds the grid's size, a 48-bit
 * hash of the whole grid and short hashes of its columns. docs/result-checksum.md is the specification.
 */
export const RESULT_CHECKSUM_VERSION = 3;

/** 0-based rows and cells inside the placement, ascending. */
export interface HandEdits {
  rows: number[];
  /**
   * Each changed row crossed with each changed column. Empty when the record cannot name columns (more than
   * 113 of them), or when more than 10,000 cells would be named: then the rows alone say where.
   */
  cells: { row: number; column: number }[];
}

const MAX_NAMED_CELLS = 10_000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BLOCK_HASH = 8;
const ROW_SPACE = 64 - BLOCK_HASH;
const SHAPE = 7;
const COLUMN_SPACE = 128 - SHAPE - BLOCK_HASH;
/** Longest per-row or per-column hash: 24 bits name a row well enough once the block hash says one changed. */
const MAX_PART = 4;

/** `value` (an integer below 64^length) in `length` base64url characters, most significant first. */
function encode(value: number, length: number): string {
  let text = '';
  for (let i = length - 1; i >= 0; i -= 1) text += ALPHABET[Math.floor(value / 64 ** i) % 64];
  return text;
}

/** 48 bits from two lanes: all of A, the top 16 of B. */
const strong = (a: number, b: number) => encode(a * 65_536 + (b >>> 16), BLOCK_HASH);
/** The top 6·length bits of lane A. */
const short = (a: number, length: number) => encode(a >>> (32 - 6 * length), length);

const blockSize = (rows: number) => Math.max(1, Math.ceil(rows / RESULT_CHECKSUM_MAX_CHUNKS));

/**
 * How `count` rows share `space` characters: groups of `size` consecutive rows (at most `space` groups), `length`
 * characters each. No groups for a single row: the block hash names it.
 */
function sharing(count: number, space: number): { size: number; groups: number; length: number } {
  if (count <= 1) return { size: count, groups: 0, length: 0 };
  const size = Math.ceil(count / space);
  const groups = Math.ceil(count / size);
  return { size, groups, length: Math.min(MAX_PART, Math.floor(space / groups)) };
}

/** The 48-bit hash of the rows [from, from + count) of `d`. */
const blockHash = (d: GridDigests, from: number, count: number) =>
  strong(hashWords(SEED_A, d.rowA, from, from + count), hashWords(SEED_B, d.rowB, from, from + count));

/** A block's chunk hash: its 48-bit hash, then its groups' short hashes. */
function chunkHash(d: GridDigests, from: number, count: number): string {
  let hash = blockHash(d, from, count);
  const { size, groups, length } = sharing(count, ROW_SPACE);
  for (let g = 0; g < groups; g += 1) {
    const start = from + g * size;
    hash += short(hashWords(SEED_A, d.rowA, start, Math.min(start + size, from + count)), length);
  }
  return hash;
}

const gridHash = (d: GridDigests) =>
  strong(hashWords(SEED_A, d.rowA, 0, d.rows, [d.rows, d.columns]), hashWords(SEED_B, d.rowB, 0, d.rows, [d.rows, d.columns]));

const columnLength = (columns: number) => (columns > COLUMN_SPACE ? 0 : Math.min(MAX_PART, Math.floor(COLUMN_SPACE / columns)));

/** The record for the cells as written (synchronous: one pass over the grid). */
export function resultChecksum(values: readonly (readonly CellValue[])[]): ResultChecksum {
  return recordOf(gridDigests(values));
}

/** The record from the grid's digests, for a caller that has them already. */
export function recordOf(digests: GridDigests): ResultChecksum {
  const { rows, columns } = digests;
  if (rows >= 64 ** 4 || columns >= 64 ** 3) throw new RangeError(`A ${rows} × ${columns} grid is larger than any worksheet.`);
  const k = blockSize(rows);
  const chunks: ResultChecksum['chunks'] = [];
  for (let from = 0; from < rows; from += k) chunks.push({ from, hash: chunkHash(digests, from, Math.min(k, rows - from)) });
  let payload = encode(rows, 4) + encode(columns, 3) + gridHash(digests);
  const length = columnLength(columns);
  if (length) for (let c = 0; c < columns; c += 1) payload += short(digests.columnA[c]!, length);
  return { v: RESULT_CHECKSUM_VERSION, chunks, payload };
}

interface Recorded {
  rows: number;
  columns: number;
  grid: string;
  columnHashes: string;
  columnLength: number;
  chunks: string[];
}

const decode = (text: string) => [...text].reduce((value, char) => value * 64 + ALPHABET.indexOf(char), 0);
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * The record's parts, or null when it is not a v3 record this code wrote (wrong version, shape or lengths, or a grid
 * larger than a worksheet: a record kept in a workbook is untrusted input, and its size decides how much is compared).
 */
function read(record: ResultChecksum): Recorded | null {
  const { payload } = record;
  if (record.v !== RESULT_CHECKSUM_VERSION || !payload || payload.length < SHAPE + BLOCK_HASH || !BASE64URL.test(payload)) return null;
  const rows = decode(payload.slice(0, 4));
  const columns = decode(payload.slice(4, SHAPE));
  if (rows > MAX_ROWS || columns > MAX_COLUMNS) return null;
  const length = columnLength(columns);
  if (payload.length !== SHAPE + BLOCK_HASH + length * columns) return null;
  const k = blockSize(rows);
  if (record.chunks.length !== Math.ceil(rows / k)) return null;
  const chunks: string[] = [];
  for (const [i, chunk] of record.chunks.entries()) {
    const count = Math.min(k, rows - i * k);
    const { groups, length: part } = sharing(count, ROW_SPACE);
    if (chunk.from !== i * k || chunk.hash.length !== BLOCK_HASH + groups * part) return null;
    chunks.push(chunk.hash);
  }
  return { rows, columns, grid: payload.slice(SHAPE, SHAPE + BLOCK_HASH), columnHashes: payload.slice(SHAPE + BLOCK_HASH), columnLength: length, chunks };
}

/** The rows and columns of the grid a record was made from (its R and C), or null when it is not a record this code reads. */
export function recordedSize(record: ResultChecksum | null | undefined): { rows: number; columns: number } | null {
  const recorded = record ? read(record) : null;
  return recorded && { rows: recorded.rows, columns: recorded.columns };
}

/** Rows of the recorded block at `from` (`count` rows) that `now` shows differently, into `edited`. */
function compareBlock(recorded: string, now: GridDigests, from: number, count: number, edited: Set<number>): void {
  const present = Math.max(0, Math.min(count, now.rows - from));
  if (present === count && blockHash(now, from, count) === recorded.slice(0, BLOCK_HASH)) return;
  const { size, groups, length } = sharing(count, ROW_SPACE);
  let named = false;
  for (let g = 0; g < groups; g += 1) {
    const start = from + g * size;
    const end = Math.min(start + size, from + count);
    const expected = recorded.slice(BLOCK_HASH + g * length, BLOCK_HASH + (g + 1) * length);
    // A group with rows gone cannot be compared: its rows that are still there count as edited.
    if (end <= now.rows && short(hashWords(SEED_A, now.rowA, start, end), length) === expected) continue;
    for (let r = start; r < end; r += 1) edited.add(r);
    named = true;
  }
  // The block changed but no row hash says where (or it has none): every row of it.
  if (!named) for (let r = from; r < from + count; r += 1) edited.add(r);
}

/**
 * The rows (and, where the record allows, the cells) of `current` that differ from what the record describes;
 * null when there is no record or it is not a version 3 record this code can read (then no hand-edit check is
 * possible). Rows added below or gone from the bottom count as edited.
 */
export function handEditsFromRecord(record: ResultChecksum | null | undefined, current: readonly (readonly CellValue[])[]): HandEdits | null {
  return handEditsAgainst(record, gridDigests(current));
}

/** `handEditsFromRecord` from the current cells' digests, for a caller that has them already. */
export function handEditsAgainst(record: ResultChecksum | null | undefined, now: GridDigests): HandEdits | null {
  const recorded = record ? read(record) : null;
  if (!recorded) return null;
  const edited = new Set<number>();
  const k = blockSize(recorded.rows);
  recorded.chunks.forEach((hash, i) => compareBlock(hash, now, i * k, Math.min(k, recorded.rows - i * k), edited));
  // Rows added below what was written are edits too (rows gone were counted with their blocks).
  for (let r = recorded.rows; r < now.rows; r += 1) edited.add(r);
  if (edited.size === 0) {
    // Missing an edit takes both the grid's and a block's hash colliding: when only the block's did, every row.
    if (gridHash(now) === recorded.grid) return { rows: [], cells: [] };
    for (let r = 0; r < recorded.rows; r += 1) edited.add(r);
  }
  const rows = Array.from(edited).sort((a, b) => a - b);
  return { rows, cells: namedCells(recorded, now, rows) };
}

function namedCells(recorded: Recorded, now: GridDigests, rows: number[]): HandEdits['cells'] {
  const { columns, columnLength: length, columnHashes } = recorded;
  if (!length) return [];
  const changed: number[] = [];
  for (let c = 0; c < Math.max(columns, now.columns); c += 1) {
    if (c >= columns || c >= now.columns || short(now.columnA[c]!, length) !== columnHashes.slice(c * length, (c + 1) * length)) changed.push(c);
  }
  if (rows.length * changed.length > MAX_NAMED_CELLS) return [];
  return rows.flatMap((row) => changed.map((column) => ({ row, column })));
}

/**
 * Hand edits in a damaged placement: rows or columns inside it were deleted, so it covers fewer of them than the
 * record describes, and comparing row by row would take every row after the gap for an edit. What is left is
 * matched in order against the record instead: its rows against the recorded rows (deleted ones skipped) when only
 * rows went and the record keeps a hash per row (results of up to 2,000 rows); its columns against the recorded
 * columns when only columns went. A row or column with no match is edited. When neither can be matched (both went,
 * or the record's blocks hold several rows), every row left counts as edited: nothing can vouch for it. Null
 * without a readable record, as `handEditsAgainst`.
 */
export function handEditsOfDamaged(record: ResultChecksum | null | undefined, now: GridDigests): HandEdits | null {
  const recorded = record ? read(record) : null;
  if (!recorded) return null;
  const every = (count: number) => Array.from({ length: count }, (_, i) => i);
  const cross = (rows: number[], columns: number[]) =>
    (rows.length * columns.length > MAX_NAMED_CELLS ? [] : rows.flatMap((row) => columns.map((column) => ({ row, column }))));
  if (now.columns === recorded.columns && now.rows <= recorded.rows && blockSize(recorded.rows) === 1) {
    const rows = unmatched(now.rows, recorded.rows, (i) => blockHash(now, i, 1), (j) => recorded.chunks[j]!.slice(0, BLOCK_HASH));
    return { rows, cells: cross(rows, every(now.columns)) };
  }
  const length = recorded.columnLength;
  if (now.rows === recorded.rows && now.columns <= recorded.columns && length) {
    const columns = unmatched(now.columns, recorded.columns, (c) => short(now.columnA[c]!, length), (k) => recorded.columnHashes.slice(k * length, (k + 1) * length));
    const rows = columns.length ? every(now.rows) : [];
    return { rows, cells: cross(rows, columns) };
  }
  return { rows: every(now.rows), cells: [] };
}

/**
 * The items left (`count` of them, hashed by `left`) that match no recorded item (`recordedCount`, hashed by
 * `recorded`) in order: each is looked for after the last one matched, so deleted items are skipped.
 */
function unmatched(count: number, recordedCount: number, left: (i: number) => string, recorded: (j: number) => string): number[] {
  const edited: number[] = [];
  let next = 0;
  for (let i = 0; i < count; i += 1) {
    const hash = left(i);
    let j = next;
    while (j < recordedCount && recorded(j) !== hash) j += 1;
    if (j < recordedCount) next = j + 1;
    else edited.push(i);
  }
  return edited;
}
