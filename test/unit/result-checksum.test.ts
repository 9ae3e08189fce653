import { ResultChecksum } from '../../src/contract';
import type { CellValue } from '../../src/core/cell-values';
import { handEditsFromRecord, RESULT_CHECKSUM_VERSION, resultChecksum } from '../../src/core/result-checksum';

/**
 * Expected values come from docs/result-checksum.md, not from the code: a byte-level MurmurHash3_x86_32 written
 * here (checked against SMHasher's published vectors) builds whole records from the document's byte layout, and
 * lengths and counts are worked out by hand from its block and payload rules.
 */
function murmur3(bytes: Uint8Array, seed: number): number {
  const rotl = (x: number, r: number) => (x << r) | (x >>> (32 - r));
  const scramble = (k: number) => Math.imul(rotl(Math.imul(k, 0xcc9e2d51), 15), 0x1b873593);
  const whole = bytes.length & ~3;
  let h = seed | 0;
  for (let i = 0; i < whole; i += 4) {
    h ^= scramble(bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    h = (Math.imul(rotl(h, 13), 5) + 0xe6546b64) | 0;
  }
  let tail = 0;
  for (let i = bytes.length - 1; i >= whole; i -= 1) tail = (tail << 8) | bytes[i]!;
  if (bytes.length > whole) h ^= scramble(tail);
  h ^= bytes.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const le32 = (...words: number[]) => new Uint8Array(new Uint32Array(words).buffer);
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};
function cellBytes(value: CellValue): Uint8Array {
  if (typeof value === 'boolean') return le32(value ? 0x74 : 0x66);
  if (typeof value === 'number') return concat([le32(0x6e), new Uint8Array(new Float64Array([value === 0 ? 0 : value]).buffer)]);
  return concat([le32(0x73), new Uint8Array(new Uint16Array(Array.from({ length: value.length }, (_, i) => value.charCodeAt(i))).buffer)]);
}
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const digits = (value: number, n: number) => Array.from({ length: n }, (_, i) => DIGITS[Math.floor(value / 64 ** (n - 1 - i)) % 64]).join('');
const hash48 = (a: number, b: number) => digits(a * 2 ** 16 + Math.floor(b / 2 ** 16), 8);
const shortHash = (a: number, n: number) => digits(Math.floor(a / 2 ** (32 - 6 * n)), n);

/** The record docs/result-checksum.md describes, computed the slow, obvious way. */
function documentedRecord(grid: CellValue[][]): ResultChecksum {
  const R = grid.length;
  const C = grid[0]?.length ?? 0;
  const lane = (seed: number) => {
    const cells = grid.map((row) => row.map((v) => murmur3(cellBytes(v), seed)));
    const row = cells.map((hashes) => murmur3(le32(...hashes), seed));
    const column = Array.from({ length: C }, (_, c) => murmur3(le32(...cells.map((hashes) => hashes[c]!)), seed));
    const span = (i: number, j: number) => murmur3(le32(...row.slice(i, j)), seed);
    return { row, column, span, grid: murmur3(le32(R, C, ...row), seed) };
  };
  const A = lane(0x52535933);
  const B = lane(0x9e3779b9);
  const k = Math.max(1, Math.ceil(R / 2000));
  const chunks = [];
  for (let from = 0; from < R; from += k) {
    const n = Math.min(k, R - from);
    let hash = hash48(A.span(from, from + n), B.span(from, from + n));
    if (n >= 2) {
      const g = Math.ceil(n / 56);
      const m = Math.ceil(n / g);
      const l = Math.min(4, Math.floor(56 / m));
      for (let start = from; start < from + n; start += g) hash += shortHash(A.span(start, Math.min(start + g, from + n)), l);
    }
    chunks.push({ from, hash });
  }
  const l = C <= 113 ? Math.min(4, Math.floor(113 / C)) : 0;
  const columns = l ? A.column.map((h) => shortHash(h, l)).join('') : '';
  return { v: 3, chunks, payload: digits(R, 4) + digits(C, 3) + hash48(A.grid, B.grid) + columns };
}

const grid = (rows: number, columns: number, cell = (r: number, c: number): CellValue => (c === 0 ? `row ${r}` : r * 10 + c)) =>
  Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => cell(r, c)));
const edit = (values: CellValue[][], row: number, column: number, value: CellValue) => {
  const copy = values.map((r) => [...r]);
  copy[row]![column] = value;
  return copy;
};

describe("the document's MurmurHash3 (the reference these tests build records with)", () => {
  it("gives SMHasher's published values", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(murmur3(text(''), 0)).toBe(0);
    expect(murmur3(text(''), 1)).toBe(0x514e28b7);
    expect(murmur3(text('test'), 0)).toBe(0xba6bd213);
    expect(murmur3(text('aa'), 0x9747b28c)).toBe(0x5d211726);
    expect(murmur3(text('abcd'), 0x9747b28c)).toBe(0xf0478627);
    expect(murmur3(text('Hello, world!'), 0x9747b28c)).toBe(0x24884cba);
  });
});

describe('result checksum v3', () => {
  it('is the record the document specifies, byte for byte', () => {
    const mixed: CellValue[][] = [['Region', 'Count', 'Done'], ['north', 1, true], ['', -0, false], ['Ünïcode ✓', 1.5, 'odd']];
    expect(resultChecksum(mixed)).toEqual(documentedRecord(mixed));
    // 2,001 rows: blocks of 2, each with two 4-digit row hashes, and a last block of one row.
    const long = grid(2001, 2);
    expect(resultChecksum(long)).toEqual(documentedRecord(long));
    expect(RESULT_CHECKSUM_VERSION).toBe(3);
  });

  it.each([
    // rows, columns, chunks, chunk hash lengths (first, last), payload length: worked out from the document.
    [1, 1, 1, 8, 8, 7 + 8 + 4],
    [7, 3, 7, 8, 8, 7 + 8 + 3 * 4],
    [2000, 5, 2000, 8, 8, 7 + 8 + 5 * 4],
    [2001, 5, 1001, 8 + 2 * 4, 8, 7 + 8 + 5 * 4],
    [200_000, 1, 2000, 8 + 50, 8 + 50, 7 + 8 + 4],
    [10, 500, 10, 8, 8, 7 + 8],
  ])("stays within the platform's limits for %i × %i", (rows, columns, chunks, first, last, payload) => {
    const record = resultChecksum(grid(rows, columns));
    expect(record.chunks).toHaveLength(chunks);
    expect([record.chunks[0]!.hash.length, record.chunks.at(-1)!.hash.length, record.payload!.length]).toEqual([first, last, payload]);
    const k = Math.max(1, Math.ceil(rows / 2000));
    expect(record.chunks.every((c, i) => c.from === i * k && /^[A-Za-z0-9_-]{1,64}$/.test(c.hash))).toBe(true);
    expect(record.payload).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(ResultChecksum.parse(record)).toEqual(record);
  });

  it('writes the size first: 200,000 rows is "Aw1A" (0·64³ + 48·64² + 53·64 + 0), 1 column "AAB"', () => {
    expect(resultChecksum(grid(200_000, 1)).payload!.slice(0, 7)).toBe('Aw1AAAB');
  });

  it('finds no edit in an unchanged grid, and the edited row and cell in a changed one', () => {
    const small = grid(7, 3);
    const record = resultChecksum(small);
    expect(handEditsFromRecord(record, small)).toEqual({ rows: [], cells: [] });
    expect(handEditsFromRecord(record, edit(small, 4, 2, 999))).toEqual({ rows: [4], cells: [{ row: 4, column: 2 }] });
  });

  it('tells text from numbers and booleans: "1" for 1 is an edit, and so are two sign flips in one row', () => {
    const values: CellValue[][] = [['a', 1, true], ['b', 5, 7]];
    const record = resultChecksum(values);
    expect(handEditsFromRecord(record, edit(values, 0, 1, '1'))).toEqual({ rows: [0], cells: [{ row: 0, column: 1 }] });
    expect(handEditsFromRecord(record, edit(values, 0, 2, 'TRUE'))!.rows).toEqual([0]);
    expect(handEditsFromRecord(record, [['a', 1, true], ['b', -5, -7]])).toEqual({
      rows: [1], cells: [{ row: 1, column: 1 }, { row: 1, column: 2 }],
    });
    expect(handEditsFromRecord(record, [['a', 1.0, true], ['b', 5, 7]])).toEqual({ rows: [], cells: [] });
  });

  describe('in a 100,000-row grid (blocks of 50 rows, one digit per row)', () => {
    const big = grid(100_000, 3);
    const record = resultChecksum(big);

    it('names the one edited row and cell', () => {
      expect(handEditsFromRecord(record, edit(big, 76_543, 1, 'x'))).toEqual({ rows: [76_543], cells: [{ row: 76_543, column: 1 }] });
    });

    it('names two edited rows of the same block (rows 1,000–1,049)', () => {
      const twice = edit(edit(big, 1003, 2, 0), 1040, 0, 'renamed');
      expect(handEditsFromRecord(record, twice)).toEqual({
        rows: [1003, 1040],
        cells: [{ row: 1003, column: 0 }, { row: 1003, column: 2 }, { row: 1040, column: 0 }, { row: 1040, column: 2 }],
      });
    });

    it('reports the whole block when its hash changed but no row hash says where', () => {
      const edited = edit(big, 1003, 2, 0);
      const now = resultChecksum(edited).chunks[20]!.hash;
      // Block 20 (rows 1,000–1,049) as recorded, but with the row digits the edited grid has: none differs.
      const forged = { ...record, chunks: record.chunks.map((c, i) => (i === 20 ? { ...c, hash: c.hash.slice(0, 8) + now.slice(8) } : c)) };
      expect(handEditsFromRecord(forged, edited)!.rows).toEqual(Array.from({ length: 50 }, (_, i) => 1000 + i));
    });
  });

  it("reports every row when the grid changed but the changed block's hash collided", () => {
    const before = grid(7, 3);
    const after = edit(before, 2, 1, 'x');
    const forged = { ...resultChecksum(before), chunks: resultChecksum(after).chunks };
    expect(handEditsFromRecord(forged, after)!.rows).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('names rows in pairs in a 200,000 × 1 grid, without overflowing the stack', () => {
    const tall = grid(200_000, 1, (r) => r);
    const record = resultChecksum(tall);
    expect(handEditsFromRecord(record, tall)).toEqual({ rows: [], cells: [] });
    expect(handEditsFromRecord(record, edit(tall, 150_001, 0, -1))).toEqual({
      rows: [150_000, 150_001], cells: [{ row: 150_000, column: 0 }, { row: 150_001, column: 0 }],
    });
  });

  it('names rows but not cells beyond 113 columns', () => {
    const wide = grid(10, 500);
    expect(handEditsFromRecord(resultChecksum(wide), edit(wide, 3, 499, 'x'))).toEqual({ rows: [3], cells: [] });
  });

  it('counts an added and a removed row as edited', () => {
    const values = grid(4, 2);
    const record = resultChecksum(values);
    // A different height changes every column's hash: the new (or gone) row crossed with every column.
    expect(handEditsFromRecord(record, [...values, ['row 4', 41]])).toEqual({ rows: [4], cells: [{ row: 4, column: 0 }, { row: 4, column: 1 }] });
    expect(handEditsFromRecord(record, values.slice(0, 3))).toEqual({ rows: [3], cells: [{ row: 3, column: 0 }, { row: 3, column: 1 }] });
    // A different width changes every row.
    expect(handEditsFromRecord(record, values.map((row) => [...row, '']))!.rows).toEqual([0, 1, 2, 3]);
  });

  it('reads only version 3 records it can make sense of', () => {
    const values = grid(3, 2);
    const record = resultChecksum(values);
    expect(handEditsFromRecord(null, values)).toBeNull();
    expect(handEditsFromRecord(undefined, values)).toBeNull();
    expect(handEditsFromRecord({ ...record, v: 4 }, values)).toBeNull();
    expect(handEditsFromRecord({ ...record, v: 2 }, values)).toBeNull();
    expect(handEditsFromRecord({ v: 3, chunks: record.chunks }, values)).toBeNull();
    expect(handEditsFromRecord({ ...record, chunks: record.chunks.slice(1) }, values)).toBeNull();
  });

  it('survives a JSON round trip through the platform', () => {
    const values = grid(2500, 4);
    const record = resultChecksum(values);
    const travelled = ResultChecksum.parse(JSON.parse(JSON.stringify(record)));
    expect(travelled).toEqual(record);
    expect(handEditsFromRecord(travelled, edit(values, 2499, 3, 0))).toEqual({ rows: [2499], cells: [{ row: 2499, column: 3 }] });
  });
});
