import type { CubeLoadResult } from '../contract';
import type { CellValue } from '../core/cell-values';
import type { CellWords } from '../core/cell-words';
import type { BodyRows, Source } from './body-rows';
import type { GridRows, GridShape, Leaf } from './grid-shape';
import { tupleKey } from './row-index';

/**
 * The bold Total rows, from the totals query's result (see `totalsQuery`), never from adding cells up: one per
 * measure when measures are on rows, else one; where a Total row meets the Total column block, the grand total's.
 * Returns the rows' indexes in the grid.
 */
export function totalRows(
  rows: GridRows, shape: GridShape, body: BodyRows, totals: CubeLoadResult, grandTotals: CubeLoadResult | null | undefined, words: CellWords,
): number[] {
  const { columnMembers, measures, measuresOnRows, before, left, measureColumn, indexed } = shape;
  const sources: Source[] = [];
  for (const row of totals.data) {
    const c = indexed.columnIndex.get(tupleKey(columnMembers.map((m) => row[m.key] ?? null)));
    if (c !== undefined) sources[c] = row;
  }
  const bold: number[] = [];
  const totalLeaves: Leaf[] = measuresOnRows ? measures.map((measure) => ({ index: -1, tuple: [], measure })) : [{ index: -1, tuple: [], measure: null }];
  for (const leaf of totalLeaves) {
    const label = Array<CellValue>(Math.max(1, left)).fill('');
    label[measuresOnRows && before ? Math.min(1, left - 1) : 0] = words.total;
    if (measuresOnRows) label[measureColumn] = leaf.measure!.title;
    const row = body.row(leaf, undefined, sources, grandTotals?.data[0], label);
    // Total rows carry a label where members' formats would be: theirs are General there.
    row.formats = [...row.formats].fill('General', 0, left);
    bold.push(rows.values.length);
    rows.values.push(row.values);
    rows.formats.push(row.formats);
  }
  return bold;
}
