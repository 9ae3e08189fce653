import type { CubeLoadResult, CubeQuery } from '../contract';
import { placedRows } from '../core/placed-rows';
import type { Pivot } from '../core/report-definition';
import { layoutReport } from './grid';
import { layoutKind } from './kind';

/**
 * How large a report's placed result would be, in cells, before anything is written: from the first rows of its
 * query and Cube's `total` (the query's row count without limit and offset), laid out by the layout itself. The
 * words in cells do not change it (a filter line is one row in any language).
 */
export type ResultSize =
  /** What placing writes: `cutAt` is set when the result has more rows than the add-in places (it keeps that many). */
  | { kind: 'exact'; rows: number; columns: number; cutAt: number | null }
  /** A pivot larger than the rows looked at: its rows scaled from them, its columns those seen so far. */
  | { kind: 'about'; rows: number; columns: number }
  /** The data API gave no `total` and more rows exist than were looked at. */
  | { kind: 'at-least'; rows: number; columns: number };

export interface ResultSizeOptions {
  suppressDuplicateValues?: boolean;
  showAppliedFilters?: boolean;
  /** Most rows the add-in fetches for one report (`FetchLimits.maxRows`). */
  maxRows: number;
}

/**
 * The size of the grid placing would write. `sample` is the query's first rows (from its offset, asked with
 * `sampleLimit`), `total` Cube's count or null when the server gave none. The sample is laid out as placing lays
 * out a result, with empty stand-ins for the totals queries (the layout shows those its pivot asks for, whatever they
 * hold), so the filter line, header rows and Total row or column count as placing writes them. A flat table's
 * columns never depend on the data and it has one grid row per result row, so its size is exact whatever the
 * sample's length; a pivot's rows and columns come from the data, so it is exact only when the sample holds every row.
 */
export function resultSize(
  sample: CubeLoadResult, sampleLimit: number, total: number | null, query: CubeQuery, pivot: Pivot, options: ResultSizeOptions,
): ResultSize {
  const placed = total === null ? null : placedRows(total, query, options.maxRows);
  const seen = placed && sample.data.length > placed.rows ? { ...sample, data: sample.data.slice(0, placed.rows) } : sample;
  const none: CubeLoadResult = { ...sample, data: [] };
  const grid = layoutReport(seen, query, pivot, {
    suppressDuplicateValues: options.suppressDuplicateValues,
    showAppliedFilters: options.showAppliedFilters,
    totals: none,
    rowTotals: none,
    grandTotals: none,
  });
  const columns = grid.values[0]?.length ?? 0;
  const complete = placed ? seen.data.length >= placed.rows : sample.data.length < sampleLimit;
  if (complete) return { kind: 'exact', rows: grid.values.length, columns, cutAt: placed?.cutAt ?? null };
  if (layoutKind(pivot) === 'flat') {
    const besideData = grid.values.length - seen.data.length;
    return placed
      ? { kind: 'exact', rows: besideData + placed.rows, columns, cutAt: placed.cutAt }
      : { kind: 'at-least', rows: grid.values.length, columns };
  }
  if (!placed) return { kind: 'at-least', rows: grid.values.length, columns };
  const totalRows = grid.boldRows.length;
  const body = grid.values.length - grid.headerRows - totalRows;
  const scaled = Math.max(body, Math.round((body * placed.rows) / Math.max(1, seen.data.length)));
  return { kind: 'about', rows: grid.headerRows + scaled + totalRows, columns };
}
