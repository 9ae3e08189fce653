import { findHandEdits, fingerprint, FINGERPRINT_VERSION } from '../../src/core/fingerprint';

describe('grid fingerprint', () => {
  const grid = [['Region', 'Count'], ['x', 1], ['y', 2], ['z', 3]];

  it('finds nothing when nothing changed', () => {
    expect(findHandEdits(fingerprint(grid), grid)).toEqual({ rows: [], cells: [] });
    // 8 hex digits for each of the 4 rows and 2 columns.
    expect(fingerprint(grid)).toMatchObject({ v: FINGERPRINT_VERSION, rows: 4, columns: 2 });
    expect(fingerprint(grid).rowHashes).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint(grid).columnHashes).toMatch(/^[0-9a-f]{16}$/);
  });

  it('names the rows and cells edited by hand', () => {
    const edited = grid.map((row) => [...row]);
    edited[2]![1] = 20;
    edited[3]![0] = 'Z';
    expect(findHandEdits(fingerprint(grid), edited)).toEqual({
      rows: [2, 3],
      cells: [{ row: 2, column: 0 }, { row: 2, column: 1 }, { row: 3, column: 0 }, { row: 3, column: 1 }],
    });
    const single = grid.map((row) => [...row]);
    single[1]![1] = '1';
    expect(findHandEdits(fingerprint(grid), single)).toEqual({ rows: [1], cells: [{ row: 1, column: 1 }] });
  });

  it('sees two sign flips in one row, which cancel out under FNV-1a', () => {
    const before = [['a', 5, 7]];
    const after = [['a', -5, -7]];
    expect(fingerprint(after).rowHashes).not.toBe(fingerprint(before).rowHashes);
    expect(findHandEdits(fingerprint(before), after).rows).toEqual([0]);
  });

  it('tells which rows of two grids differ, as a refresh uses it', () => {
    const next = [['Region', 'Count'], ['x', 1], ['y', 22], ['z', 3]];
    const slice = (print: ReturnType<typeof fingerprint>, row: number) => print.rowHashes.slice(row * 8, row * 8 + 8);
    const [a, b] = [fingerprint(grid), fingerprint(next)];
    expect([0, 1, 2, 3].filter((row) => slice(a, row) !== slice(b, row))).toEqual([2]);
  });

  it('compares nothing against a fingerprint kept by an older version (no `v`)', () => {
    const { v: _v, ...old } = fingerprint(grid);
    expect(findHandEdits(old, [['changed']])).toEqual({ rows: [], cells: [] });
  });
});
