import type { CellValue } from './cell-values';

/**
 * Hashing of cells as `Range.values` returns them, for the result checksum (`result-checksum.ts`) and for a
 * refresh telling which rows of a grid changed (`src/placements/grid-diff.ts`). Every hash is MurmurHash3_x86_32 over a byte string of 32-bit little-endian
 * words, computed twice with two seeds (lanes A and B) so that 48- and 64-bit values can be taken from two
 * independent 32-bit hashes. Murmur's rotations move high input bits down, so two changes in the same row
 * cannot cancel out as two sign flips do under FNV-1a (xor, then multiply: a flipped bit 31 stays bit 31).
 * docs/result-checksum.md gives the exact byte layout.
 */
export const SEED_A = 0x52535933;
export const SEED_B = 0x9e3779b9;

const TAG_TEXT = 0x73;
const TAG_NUMBER = 0x6e;
const TAG_TRUE = 0x74;
const TAG_FALSE = 0x66;

// A module-level alias: in sandboxed contexts (Jest's vm) every lookup of the global `Math` is slow.
const { imul } = Math;
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/** One 4-byte block of MurmurHash3_x86_32's body. */
function mix(h: number, word: number): number {
  let k = imul(word, C1);
  k = (k << 15) | (k >>> 17);
  h ^= imul(k, C2);
  h = (h << 13) | (h >>> 19);
  return (imul(h, 5) + 0xe6546b64) | 0;
}

/** Murmur's tail (here always 2 bytes: a lone UTF-16 code unit): mixed into the state without the rotation. */
function mixTail(h: number, tail: number): number {
  let k = imul(tail, C1);
  k = (k << 15) | (k >>> 17);
  return h ^ imul(k, C2);
}

/** Murmur's finalization: the input's length in bytes, then fmix32. Unsigned. */
function finish(h: number, bytes: number): number {
  h ^= bytes;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** MurmurHash3_x86_32 of `head` then `words[from..to)`, as little-endian 32-bit words. */
export function hashWords(seed: number, words: ArrayLike<number>, from = 0, to = words.length, head: readonly number[] = []): number {
  let h = seed | 0;
  for (const word of head) h = mix(h, word);
  for (let i = from; i < to; i += 1) h = mix(h, words[i]!);
  return finish(h, 4 * (head.length + to - from));
}

const numberView = new DataView(new ArrayBuffer(8));
/** The two lanes of the last `hashCell`, kept here so the hot loop allocates nothing. */
let cellA = 0;
let cellB = 0;

/**
 * A cell's bytes are a type word then its content: text `0x73` + its UTF-16LE code units; a number `0x6e` +
 * its IEEE 754 double, little-endian (so 1 and 1.0 are one value; -0 is hashed as 0, which Excel shows it as);
 * `true` `0x74`, `false` `0x66`. So 1, "1" and true never hash alike.
 */
function hashCell(value: CellValue): void {
  let a = SEED_A;
  let b = SEED_B;
  let bytes: number;
  if (typeof value === 'string') {
    a = mix(a, TAG_TEXT);
    b = mix(b, TAG_TEXT);
    const n = value.length;
    let i = 0;
    for (; i + 1 < n; i += 2) {
      const word = value.charCodeAt(i) | (value.charCodeAt(i + 1) << 16);
      a = mix(a, word);
      b = mix(b, word);
    }
    if (i < n) {
      const unit = value.charCodeAt(i);
      a = mixTail(a, unit);
      b = mixTail(b, unit);
    }
    bytes = 4 + 2 * n;
  } else if (typeof value === 'number') {
    numberView.setFloat64(0, value === 0 ? 0 : value, true);
    const low = numberView.getUint32(0, true);
    const high = numberView.getUint32(4, true);
    a = mix(mix(mix(a, TAG_NUMBER), low), high);
    b = mix(mix(mix(b, TAG_NUMBER), low), high);
    bytes = 12;
  } else {
    const tag = value ? TAG_TRUE : TAG_FALSE;
    a = mix(a, tag);
    b = mix(b, tag);
    bytes = 4;
  }
  cellA = finish(a, bytes);
  cellB = finish(b, bytes);
}

/** Both lanes of every row's and every column's hash. */
export interface GridDigests {
  rows: number;
  columns: number;
  /** Row r: the hash of its cells' hashes, in column order (lane A from lane A cell hashes, B from B). */
  rowA: Uint32Array;
  rowB: Uint32Array;
  /** Column c: the hash of its cells' hashes, in row order. */
  columnA: Uint32Array;
  columnB: Uint32Array;
}

/** One pass over the grid. Columns: the longest row's length; a missing cell is `''`, as Excel returns an empty one. */
export function gridDigests(values: readonly (readonly CellValue[])[]): GridDigests {
  const rows = values.length;
  let columns = 0;
  for (let r = 0; r < rows; r += 1) columns = Math.max(columns, values[r]!.length);
  const rowA = new Uint32Array(rows);
  const rowB = new Uint32Array(rows);
  const stateA = new Int32Array(columns).fill(SEED_A | 0);
  const stateB = new Int32Array(columns).fill(SEED_B | 0);
  for (let r = 0; r < rows; r += 1) {
    const row = values[r]!;
    let a = SEED_A;
    let b = SEED_B;
    for (let c = 0; c < columns; c += 1) {
      hashCell(row[c] ?? '');
      a = mix(a, cellA);
      b = mix(b, cellB);
      stateA[c] = mix(stateA[c]!, cellA);
      stateB[c] = mix(stateB[c]!, cellB);
    }
    rowA[r] = finish(a, 4 * columns);
    rowB[r] = finish(b, 4 * columns);
  }
  const columnA = new Uint32Array(columns);
  const columnB = new Uint32Array(columns);
  for (let c = 0; c < columns; c += 1) {
    columnA[c] = finish(stateA[c]!, 4 * rows);
    columnB[c] = finish(stateB[c]!, 4 * rows);
  }
  return { rows, columns, rowA, rowB, columnA, columnB };
}

/** Rows of `after` whose hash differs from the same row of `before` (both lanes), and rows `before` lacks. */
export function changedRows(before: GridDigests, after: GridDigests): number[] {
  const rows: number[] = [];
  for (let r = 0; r < after.rows; r += 1) {
    if (r >= before.rows || before.rowA[r] !== after.rowA[r] || before.rowB[r] !== after.rowB[r]) rows.push(r);
  }
  return rows;
}
