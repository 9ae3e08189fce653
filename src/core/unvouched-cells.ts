import { gridDigests, type GridDigests } from './grid-hash';
import type { HandEdits } from './result-checksum';

/**
 * Cells no record vouches for. A placement with no readable record of what was written into it (`resultChecksum`
 * missing, or of a version this code cannot read) cannot tell its own result from what the user typed there since:
 * every cell that holds anything is treated as the user's, and asked about before it is overwritten or emptied, as
 * hand edits are. Named as hand edits are (`HandEdits`): the rows holding anything, crossed with the columns holding
 * anything, unless that names more than `MAX_NAMED_CELLS` cells (then the rows alone say where).
 */

/** As many cells as hand edits name at most (core/result-checksum.ts). */
const MAX_NAMED_CELLS = 10_000;

/**
 * The rows and cells of `now` (the cells' digests, as read) that are not empty. A row is empty when its digest is
 * that of a row of as many empty cells (`''`, as Excel reads an empty cell), and so is a column: two 32-bit lanes
 * each, so a row holding something passes for empty only if both collide.
 */
export function cellsHoldingAnything(now: GridDigests): HandEdits {
  const { rows, columns } = now;
  if (!rows || !columns) return { rows: [], cells: [] };
  const emptyRow = gridDigests([new Array<string>(columns).fill('')]);
  const oneEmptyCell = [''];
  const emptyColumn = gridDigests(new Array<string[]>(rows).fill(oneEmptyCell));
  const heldRows: number[] = [];
  for (let r = 0; r < rows; r += 1) {
    if (now.rowA[r] !== emptyRow.rowA[0] || now.rowB[r] !== emptyRow.rowB[0]) heldRows.push(r);
  }
  const heldColumns: number[] = [];
  for (let c = 0; c < columns; c += 1) {
    if (now.columnA[c] !== emptyColumn.columnA[0] || now.columnB[c] !== emptyColumn.columnB[0]) heldColumns.push(c);
  }
  const cells = heldRows.length * heldColumns.length > MAX_NAMED_CELLS
    ? []
    : heldRows.flatMap((row) => heldColumns.map((column) => ({ row, column })));
  return { rows: heldRows, cells };
}
