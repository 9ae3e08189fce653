import type { CubeLoadResult, CubeQuery, MemberFilter, TimeDimension } from '../contract';
import { cellValueOf, type CellValue } from './cell-values';
import type { MembersRequest } from './formula-args';
import { MAX_QUERY_ROWS } from './formula-batch';
import { coveringDateRange } from './formula-periods';
import { timeDimensionMember } from './report-definition';

/**
 * `RS.MEMBERS(dimension, [member, value]…)`: the values a dimension has where the filters hold, as one column.
 * The query has no measures and no order, so the rows come in the data API's own order.
 */

/**
 * The query listing the dimension: grouped by it (a time member by its granularity), a filtered member by an
 * `equals` filter on its value or set, a filtered time member by the date range of its periods (on the listed
 * dimension's own entry when it is the same member). As many rows as the API returns.
 */
export function membersQuery({ dimension, filters }: MembersRequest): CubeQuery {
  const ranges: TimeDimension[] = filters.flatMap((f) =>
    f.granularity ? [{ dimension: f.member, dateRange: coveringDateRange(f.values, f.granularity) }] : [],
  );
  const listed: TimeDimension[] = dimension.granularity
    ? [{ dimension: dimension.member, granularity: dimension.granularity, ...ranges.find((r) => r.dimension === dimension.member) }]
    : [];
  const equals: MemberFilter[] = filters.flatMap((f) => (f.granularity ? [] : [{ member: f.member, operator: 'equals' as const, values: f.values }]));
  return {
    dimensions: dimension.granularity ? [] : [dimension.member],
    timeDimensions: [...listed, ...ranges.filter((r) => !listed.some((l) => l.dimension === r.dimension))],
    filters: equals,
    limit: MAX_QUERY_ROWS,
  };
}

/**
 * The listed values as cells: text, numbers and booleans as Cube's types make them, a time value as the date
 * serial of its period's first day (which `RS.VALUE` takes back as the period), no value as an empty cell.
 */
export function membersOf(request: MembersRequest, result: CubeLoadResult): CellValue[] {
  const { member, type, granularity } = request.dimension;
  const column = timeDimensionMember({ dimension: member, granularity: granularity ?? undefined });
  return result.data.map((row) => cellValueOf(row[column] ?? null, type));
}
