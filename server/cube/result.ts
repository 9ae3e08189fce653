import type { CubeCellValue } from '../../src/contract';
import type { CompiledQuery } from './compiler';
import type { QueryType } from './normalize';

/**
 * A load result as Cube's gateway writes it: the head (`query`, `lastRefreshTime`, `annotation`, …) and
 * `data` in the asked `responseFormat` (Cube's `transformData`):
 * - `default`: one object per row, keyed by member;
 * - `compact`: `{members, dataset}`, a row as an array in `members` order;
 * - `columnar`: `{members, columns}`, a column as an array.
 * A compare-date-range result carries each row's range as `compareDateRange`: "from - to"; a blended
 * query's rows carry their time as `time.<granularity>`.
 */

/** Rows as the runner read them: one array of cells per result column. */
export interface ResultColumns {
  rowCount: number;
  /** Indexed like `CompiledQuery.columns`. */
  cells: CubeCellValue[][];
}

export interface ResultContext {
  queryType: QueryType;
  lastRefreshTime: string;
  total?: number;
}

const COMPARE_DATE_RANGE = 'compareDateRange';

/**
 * The extra column a query type adds to every row: a compared query's range, or a blended query's time
 * (`time.<granularity>`, the value of its first time dimension at that granularity).
 */
function extraColumn(compiled: CompiledQuery, rows: ResultColumns, queryType: QueryType): { key: string; cells: CubeCellValue[] } | undefined {
  if (queryType === 'compareDateRangeQuery') {
    return { key: COMPARE_DATE_RANGE, cells: new Array<CubeCellValue>(rows.rowCount).fill(compareDateRangeValue(compiled)) };
  }
  if (queryType !== 'blendingQuery') return undefined;
  const td = compiled.query.timeDimensions[0];
  if (!td?.granularity) throw new Error('Inconsistent QueryTimeDimension configuration for the blending query, granularity required');
  const index = compiled.columns.findIndex((c) => c.keys[0] === `${td.dimension}.${td.granularity}`);
  return { key: `time.${td.granularity}`, cells: index < 0 ? new Array<CubeCellValue>(rows.rowCount).fill(null) : rows.cells[index]! };
}

export function loadResult(compiled: CompiledQuery, rows: ResultColumns, context: ResultContext): Record<string, unknown> {
  const { query } = compiled;
  return {
    query,
    lastRefreshTime: context.lastRefreshTime,
    annotation: compiled.annotation,
    dataSource: 'default',
    dbType: 'duckdb',
    external: false,
    slowQuery: false,
    // Cube writes `total` only when the query asked for it (an empty field is left out).
    ...(query.total ? { total: context.total ?? null } : {}),
    data: transformData(compiled, rows, context.queryType),
  };
}

function transformData(compiled: CompiledQuery, rows: ResultColumns, queryType: QueryType): unknown {
  // A granular time dimension's plain name comes after every column, as Cube adds it last.
  const keyed = [
    ...compiled.columns.map((column, index) => ({ key: column.keys[0]!, index })),
    ...compiled.columns.flatMap((column, index) => column.keys.slice(1).map((key) => ({ key, index }))),
  ];
  const extra = extraColumn(compiled, rows, queryType);
  // Cube reads `responseFormat` from a single query only: a blend's results are always rows of objects.
  const format = queryType === 'blendingQuery' ? 'default' : compiled.query.responseFormat ?? 'default';
  if (format === 'compact' || format === 'columnar') {
    // Cube lists members from the rows it got: an empty result has none (its `getMembers`).
    if (rows.rowCount === 0) return format === 'compact' ? { members: [], dataset: [] } : { members: [], columns: [] };
    const members = keyed.map((k) => k.key).concat(extra ? [extra.key] : []);
    const columns = keyed.map((k) => rows.cells[k.index]!).concat(extra ? [extra.cells] : []);
    if (format === 'columnar') return { members, columns };
    const dataset = Array.from({ length: rows.rowCount }, (_, r) => columns.map((column) => column[r] ?? null));
    return { members, dataset };
  }
  const data = new Array<Record<string, CubeCellValue>>(rows.rowCount);
  for (let r = 0; r < rows.rowCount; r++) {
    const row: Record<string, CubeCellValue> = {};
    for (const { key, index } of keyed) row[key] = rows.cells[index]![r] ?? null;
    if (extra) row[extra.key] = extra.cells[r] ?? null;
    data[r] = row;
  }
  return data;
}

function compareDateRangeValue(compiled: CompiledQuery): string {
  const range = compiled.query.timeDimensions[0]?.dateRange;
  if (!range) throw new Error('Inconsistent QueryTimeDimension configuration: dateRange required.');
  return range.join(' - ');
}
