import type { CubeFilter, CubeQuery, TimeDimension } from '../contract';
import { timeDimensionMember, type Pivot } from '../core/report-definition';

/**
 * The queries behind a pivot's totals. Each asks for the report's measures grouped by fewer members, so an
 * average or a distinct count totals as what it is instead of a sum of cells. Dimension filters and date
 * ranges are kept (they decide which rows are counted); measure filters are dropped (they filtered the cells'
 * groups, which the total does not have); order, limit, offset and total are dropped.
 */

/** True when a filter (or group) involves a measure. */
function involvesMeasure(filter: CubeFilter, measures: Set<string>): boolean {
  if ('operator' in filter) return measures.has(filter.member ?? filter.dimension ?? '');
  return ('and' in filter ? filter.and : filter.or).some((f) => involvesMeasure(f, measures));
}

function withoutMeasureFilters(filters: CubeFilter[], measures: Set<string>): CubeFilter[] {
  return filters.flatMap((filter): CubeFilter[] => {
    if ('operator' in filter) return involvesMeasure(filter, measures) ? [] : [filter];
    if ('and' in filter) {
      const kept = withoutMeasureFilters(filter.and, measures);
      return kept.length ? [{ and: kept }] : [];
    }
    // An `or` with a measure in it cannot be split without changing its meaning: it goes whole.
    return involvesMeasure(filter, measures) ? [] : [filter];
  });
}

/** The query's measures grouped only by the grouped members `keep` accepts. */
function groupedBy(query: CubeQuery, keep: (member: string) => boolean, measureNames: Set<string>): CubeQuery {
  const timeDimensions = (query.timeDimensions ?? []).flatMap((td): TimeDimension[] => {
    if (td.granularity && keep(timeDimensionMember(td))) return [td];
    return td.dateRange ? [{ dimension: td.dimension, dateRange: td.dateRange }] : [];
  });
  const { order: _order, limit: _limit, offset: _offset, total: _total, ...rest } = query;
  return {
    ...rest,
    measures: query.measures ?? [],
    dimensions: (query.dimensions ?? []).filter(keep),
    timeDimensions,
    filters: withoutMeasureFilters(query.filters ?? [], measureNames),
  };
}

/** The Total row's query: grouped by the column members only. */
export function totalsQuery(query: CubeQuery, pivot: Pivot, measureNames: Set<string> = new Set(query.measures ?? [])): CubeQuery {
  const columns = new Set(pivot.columns);
  return groupedBy(query, (member) => columns.has(member), measureNames);
}

/** The Total column's query: grouped by the row members only (every grouped member the pivot does not put on columns). */
export function rowTotalsQuery(query: CubeQuery, pivot: Pivot, measureNames: Set<string> = new Set(query.measures ?? [])): CubeQuery {
  const columns = new Set(pivot.columns);
  return groupedBy(query, (member) => !columns.has(member), measureNames);
}

/** The corner where the Total row meets the Total column: grouped by nothing. */
export function grandTotalQuery(query: CubeQuery, measureNames: Set<string> = new Set(query.measures ?? [])): CubeQuery {
  return groupedBy(query, () => false, measureNames);
}
