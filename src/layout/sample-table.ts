import type { CubeLoadResult, CubeQuery } from '../contract';
import type { CellValue } from '../core/cell-values';
import type { CellWords } from '../core/cell-words';
import type { Pivot } from '../core/report-definition';
import { memberFormats, members } from './members';

/** How many of a result's first rows a report's preview shows. */
export const SAMPLE_ROWS = 5;

/**
 * The query for a report's first rows: the report's own query (its order, filters and offset) with a limit of
 * `SAMPLE_ROWS`, or the query's own limit when it is smaller (placing places no more). No `total`: the preview's
 * size is counted apart.
 */
export function sampleQuery(query: CubeQuery): CubeQuery {
  const { total: _total, ...rest } = query;
  return { ...rest, limit: query.limit !== undefined && query.limit < SAMPLE_ROWS ? Math.max(0, query.limit) : SAMPLE_ROWS };
}

/** One value of the sample as placing would write it: the cell's value and its number format. */
export interface SampleCell {
  value: CellValue;
  format: string;
}

/** A column of the sample: the title placing writes, and whether its member is a number (aligned as Excel aligns numbers). */
export interface SampleColumn {
  title: string;
  numeric: boolean;
}

/** The first rows of a result, flat: one column per member, one row per result row. */
export interface SampleTable {
  columns: SampleColumn[];
  rows: SampleCell[][];
}

/**
 * A result's rows as a flat table, whatever the report's layout: the grouped members where placing puts them (those
 * down the rows, then those across the columns), then the measures, each value the cell placing writes with the
 * number format it gives the cell (`members.ts`). A pivot's Total rows and columns are not in it: only the query's
 * rows are. Members the result does not know are left out, as placing leaves them out.
 */
export function sampleTable(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, words: CellWords): SampleTable {
  const { rows, columns, measures } = members(result, query, pivot, words);
  const shown = [...rows, ...columns, ...measures];
  const formatOf = memberFormats({ scale: pivot.displayScale, words, results: [result] });
  const formats = shown.map(formatOf);
  return {
    columns: shown.map((member) => ({ title: member.title, numeric: member.kind !== 'time' && member.entry.type === 'number' })),
    rows: result.data.map((row) => shown.map((member, i) => ({ value: member.cell(row[member.key] ?? null), format: formats[i]! }))),
  };
}
