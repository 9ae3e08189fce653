import { gridDigests } from '../../src/core/grid-hash';
import { cellsHoldingAnything } from '../../src/core/unvouched-cells';

/**
 * Issue 39, "nothing overwritten that the add-in cannot show it wrote": without a record of a placement's cells, the
 * cells holding anything are the ones asked about, named as hand edits are (rows crossed with columns).
 */

describe('cells holding anything', () => {
  it('are the rows holding anything crossed with the columns holding anything', () => {
    const grid = [
      ['', '', '', ''],
      ['', '', 2, ''],
      ['', '', '', ''],
      ['', '', '', 'typed'],
    ];
    expect(cellsHoldingAnything(gridDigests(grid))).toEqual({
      rows: [1, 3],
      cells: [{ row: 1, column: 2 }, { row: 1, column: 3 }, { row: 3, column: 2 }, { row: 3, column: 3 }],
    });
  });

  it('count a zero and FALSE as something, and an all-empty or zero-size grid as nothing', () => {
    expect(cellsHoldingAnything(gridDigests([[0, ''], ['', false]]))).toEqual({
      rows: [0, 1], cells: [{ row: 0, column: 0 }, { row: 0, column: 1 }, { row: 1, column: 0 }, { row: 1, column: 1 }],
    });
    expect(cellsHoldingAnything(gridDigests([['', ''], ['', '']]))).toEqual({ rows: [], cells: [] });
    expect(cellsHoldingAnything(gridDigests([]))).toEqual({ rows: [], cells: [] });
  });

  it('name rows alone past 10,000 cells, as hand edits do', () => {
    const full = Array.from({ length: 101 }, () => Array.from({ length: 100 }, () => 'x'));
    const found = cellsHoldingAnything(gridDigests(full));
    expect(found.rows).toHaveLength(101);
    expect(found.cells).toEqual([]);
  });
});
