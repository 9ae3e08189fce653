import type { CubeLoadResult, CubeQuery } from '../contract';
import type { CellValue } from '../core/cell-values';
import type { CellWords } from '../core/cell-words';
import type { Pivot } from '../core/report-definition';
import { layoutKind, type LayoutKind } from './kind';
import { members, type Member } from './members';
import { indexRows, type Tuple } from './row-index';

/** The grid's rows as they are written, top to bottom: each part of the layout appends its own. */
export interface GridRows {
  values: CellValue[][];
  formats: string[][];
}

/** A row or column of the body: its tuple's index (-1 for a total) and its measure when measures are on its axis. */
export interface Leaf {
  index: number;
  tuple: Tuple;
  measure: Member | null;
  total?: boolean;
}

/**
 * Where a result's members go: the kind of layout, the leaves down the rows and across the columns, the left
 * header columns (the row members, and the measure names when measures are on rows) and the top header rows (one
 * per column member, plus the measure names when measures are on columns). `measuresPosition` puts the measures
 * outside (`before`) or inside (`after`) the members of their axis.
 */
export interface GridShape {
  kind: LayoutKind;
  rowMembers: Member[];
  columnMembers: Member[];
  /** The measures in the pivot's order. */
  measures: Member[];
  measuresOnRows: boolean;
  measuresOnColumns: boolean;
  before: boolean;
  /** The result's rows filed by their row and column tuples; a flat layout files none (it keeps every row as sent). */
  indexed: ReturnType<typeof indexRows>;
  rowLeaves: Leaf[];
  /** The column tuples' leaves, then the Total column block's. */
  columnLeaves: Leaf[];
  leftTitles: string[];
  /** How many left header columns there are: the body's values start there. */
  left: number;
  /** The left column of the measure names, -1 when measures are not on rows. */
  measureColumn: number;
  rowMemberColumn: (i: number) => number;
  headerRowCount: number;
  /** The header row of the measure names, -1 when measures are not on columns. */
  measureHeaderRow: number;
  columnMemberRow: (i: number) => number;
  width: number;
  /** The row totals' result when the Total column block is shown (see `rowTotalsQuery`), else null. */
  rowTotals: CubeLoadResult | null;
}

/** The shape of a result laid out as its pivot says, with the row totals' result when the pivot asks for row totals. */
export function gridShape(
  result: CubeLoadResult, query: CubeQuery, pivot: Pivot, words: CellWords, rowTotalResult: CubeLoadResult | null | undefined,
): GridShape {
  const { rows: rowMembers, columns: columnMembers, measures } = members(result, query, pivot, words);
  const measuresOnRows = pivot.measuresAxis === 'rows' && measures.length > 0;
  const measuresOnColumns = !measuresOnRows && measures.length > 0;
  const before = pivot.measuresPosition === 'before';
  // The kind of the members as placed: a member the result does not know is on no axis, nor are measures when none is.
  const kind = layoutKind({ columns: columnMembers, measuresAxis: measuresOnRows ? 'rows' : 'columns' });
  const indexed = indexRows(kind === 'flat' ? [] : result.data, rowMembers.map((m) => m.key), columnMembers.map((m) => m.key));

  const expand = (tuples: Tuple[], withMeasures: boolean): Leaf[] => {
    if (!withMeasures) return tuples.map((tuple, index) => ({ index, tuple, measure: null }));
    const indexedTuples = tuples.map((tuple, index) => ({ index, tuple }));
    return before
      ? measures.flatMap((measure) => indexedTuples.map((t) => ({ ...t, measure })))
      : indexedTuples.flatMap((t) => measures.map((measure) => ({ ...t, measure })));
  };
  // The Total column block: a total across the column members, so only with some (and with measures to total).
  const rowTotals = pivot.showRowTotals && columnMembers.length > 0 && measures.length > 0 ? rowTotalResult ?? null : null;
  const totalColumns: Leaf[] = !rowTotals ? [] : (measuresOnColumns ? measures : [null]).map((measure) => ({ index: -1, tuple: [], measure, total: true }));
  const columnLeaves = [...expand(indexed.columnTuples, measuresOnColumns), ...totalColumns];
  const rowLeaves = expand(indexed.rowTuples, measuresOnRows);

  const leftTitles: string[] = rowMembers.map((m) => m.title);
  const measureColumn = measuresOnRows ? (before ? 0 : leftTitles.length) : -1;
  if (measuresOnRows) leftTitles.splice(measureColumn, 0, words.measure);
  const left = leftTitles.length;

  return {
    kind, rowMembers, columnMembers, measures, measuresOnRows, measuresOnColumns, before, indexed, rowLeaves, columnLeaves,
    leftTitles, left, measureColumn,
    rowMemberColumn: (i) => (measuresOnRows && before ? i + 1 : i),
    headerRowCount: Math.max(1, columnMembers.length + (measuresOnColumns ? 1 : 0)),
    measureHeaderRow: measuresOnColumns ? (before ? 0 : columnMembers.length) : -1,
    columnMemberRow: (i) => (measuresOnColumns && before ? i + 1 : i),
    width: left + columnLeaves.length,
    rowTotals,
  };
}

/** An empty row of the grid's width: '' values, General formats. */
export function emptyRow(width: number): { values: CellValue[]; formats: string[] } {
  return { values: Array<CellValue>(width).fill(''), formats: Array<string>(width).fill('General') };
}
