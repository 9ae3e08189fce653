import type { CubeLoadResult, CubeQuery } from '../contract';
import type { CellGrid } from '../core/cell-grid';
import { ENGLISH_CELL_WORDS, type CellWords } from '../core/cell-words';
import type { Pivot } from '../core/report-definition';
import { bodyRows, pivotRows } from './body-rows';
import { flatRows } from './flat-rows';
import { gridShape, type GridRows } from './grid-shape';
import { filterSummaryRows, headerRows } from './header-rows';
import { memberFormats } from './members';
import { totalRows } from './total-rows';

export interface LayoutOptions {
  /** Write a row dimension's value once for a run of equal values on consecutive rows. */
  suppressDuplicateValues?: boolean;
  /** Put a summary of the report's filters above the table, as its own line (headers stay the members' titles). */
  showAppliedFilters?: boolean;
  /** The totals query's result (see `totalsQuery`), when the pivot asks for column totals. */
  totals?: CubeLoadResult | null;
  /** The row totals query's result (see `rowTotalsQuery`), when the pivot asks for row totals. */
  rowTotals?: CubeLoadResult | null;
  /** The grand total query's result (see `grandTotalQuery`): where the Total row meets the Total column. */
  grandTotals?: CubeLoadResult | null;
  /** The words written into cells, in the user's language; English by default. */
  words?: CellWords;
}

/**
 * Lays a result out as its pivot says, as the kind `layoutKind` names (kind.ts). Rows: one per distinct
 * combination of row members (in result order), times the measures when they are on rows. Columns: one per
 * distinct combination of column members, times the measures when they are on columns (grid-shape.ts). Header
 * rows name the column members (each value written once at the start of its group), the corner names the row
 * members. Missing combinations are empty cells. Measures keep the pivot's order everywhere. Totals come from their
 * own queries (totals-query.ts), never from adding cells up: a bold Total row (one per measure when measures are on
 * rows) and, with column members, a trailing bold Total column block (one column per measure when measures are on
 * columns). A flat table is one row per result row (flat-rows.ts). The report's own `showAppliedFilters`, when it
 * has one, wins over the options'. The words in cells (Total, Measure, the filter summary, granularities, quarter
 * and week labels) are `options.words`, English by default. Headers are the model's titles ("Created at · Month"
 * for a time dimension); the filter summary, when shown, is its own line above them, and
 * `CellGrid.boldHeaderRows[0]` is the first row below it.
 */
export function layoutReport(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, options: LayoutOptions = {}): CellGrid {
  const showFilters = pivot.showAppliedFilters ?? options.showAppliedFilters;
  const words = options.words ?? ENGLISH_CELL_WORDS;
  const shape = gridShape(result, query, pivot, words, options.rowTotals);
  const memberFormat = memberFormats({ scale: pivot.displayScale, words, results: [result, options.totals, options.rowTotals, options.grandTotals] });
  const rows: GridRows = { values: [], formats: [] };

  if (showFilters) filterSummaryRows(rows, result, query, words, shape.width);
  const summaryRows = rows.values.length;
  headerRows(rows, shape, memberFormat, words);

  const suppressDuplicateValues = options.suppressDuplicateValues === true;
  const body = bodyRows(shape, memberFormat, suppressDuplicateValues);
  if (shape.kind === 'flat') flatRows(rows, shape, result, body.formatsFor(null), suppressDuplicateValues);
  else pivotRows(rows, shape, body);
  const boldRows = pivot.showColumnTotals && options.totals ? totalRows(rows, shape, body, options.totals, options.grandTotals, words) : [];

  const boldColumns = shape.columnLeaves.flatMap((leaf, j) => (leaf.total ? [shape.left + j] : []));
  const boldHeaderRows = Array.from({ length: shape.headerRowCount }, (_, h) => summaryRows + h);
  const filledHeaderRows = shape.kind === 'flat' ? [] : boldHeaderRows;
  return {
    values: rows.values, numberFormats: rows.formats, headerRows: summaryRows + shape.headerRowCount, boldRows, boldColumns, boldHeaderRows, filledHeaderRows,
  };
}
