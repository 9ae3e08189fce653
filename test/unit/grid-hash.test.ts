import { changedRows, gridDigests } from '../../src/core/grid-hash';

describe('grid hashes', () => {
  const grid = [['Region', 'Count'], ['x', 1], ['y', 2], ['z', 3]];

  it('finds no changed row when nothing changed', () => {
    expect(changedRows(gridDigests(grid), gridDigests(grid))).toEqual([]);
    expect(gridDigests(grid)).toMatchObject({ rows: 4, columns: 2 });
  });

  it('sees two sign flips in one row, which cancel out under FNV-1a', () => {
    const [before, after] = [gridDigests([['a', 5, 7]]), gridDigests([['a', -5, -7]])];
    expect(after.rowA[0]).not.toBe(before.rowA[0]);
    expect(changedRows(before, after)).toEqual([0]);
  });

  it('tells which rows of two grids differ, as a refresh uses it, and a type-only change is a change', () => {
    const next = [['Region', 'Count'], ['x', 1], ['y', 22], ['z', '3']];
    expect(changedRows(gridDigests(grid), gridDigests(next))).toEqual([2, 3]);
  });

  it('counts rows the earlier grid lacks as changed', () => {
    expect(changedRows(gridDigests(grid.slice(0, 2)), gridDigests(grid))).toEqual([2, 3]);
  });
});
