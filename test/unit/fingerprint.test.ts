import { findHandEdits, fingerprint } from '../../src/core/fingerprint';

describe('grid fingerprint', () => {
  const grid = [['Region', 'Count'], ['x', 1], ['y', 2], ['z', 3]];

  it('finds nothing when nothing changed', () => {
    expect(findHandEdits(fingerprint(grid), grid)).toEqual({ rows: [], cells: [] });
    expect(fingerprint(grid).rowHashes).toHaveLength(32);
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
});
