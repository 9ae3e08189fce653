import type { CubeFilter, CubeQuery, Granularity, MemberFilter } from '../contract';
import { timeDimensionMember, type Pivot } from './report-definition';

/**
 * What "Convert to formulas" cannot turn into `RS.VALUE` formulas, said before anything is written. `RS.VALUE`
 * filters by equals, one value per member, and asks periods of a year, quarter, month, week or day, so a report
 * whose query needs more would give other numbers as formulas.
 */
export type ConversionRefusal =
  /** A filter other than equals (`gt`, `contains`, a date range…). */
  | { kind: 'filter-operator'; member: string; operator: string }
  /** An equals filter with several values (or none) on a member that is not on the grid. */
  | { kind: 'filter-values'; member: string }
  /** Filters joined by `and`/`or`. */
  | { kind: 'filter-logic' }
  /** A filter on a measure: it keeps rows by their numbers, which no formula can ask. */
  | { kind: 'measure-filter'; member: string }
  /** A date range on a time dimension the grid does not show by period. */
  | { kind: 'date-range'; member: string }
  | { kind: 'segments'; segments: string[] }
  /** A row limit or offset that leaves rows out, or more rows than the add-in fetches. */
  | { kind: 'rows-cut' }
  /** Total rows or columns: their numbers come from other queries than their cells' members. */
  | { kind: 'totals' }
  /** A period `RS.VALUE` does not take (hours, minutes, seconds). */
  | { kind: 'granularity'; member: string; granularity: Granularity }
  /** No measures: nothing to turn into a formula. */
  | { kind: 'no-measures' }
  /** A header cell holds no member (its value is empty in the data): no formula can name it. */
  | { kind: 'empty-member'; cell: string }
  /** The cells do not have the shape the report is laid out in now (edited, or an older result): refresh first. */
  | { kind: 'shape' }
  /** Row-level (ungrouped) results: each row is a record, not a number of members. */
  | { kind: 'ungrouped' };

/** An equals filter a formula gives as one more `member, value` pair. */
export interface FormulaFilterPair {
  member: string;
  value: string | number | boolean;
}

/** Granularities `RS.VALUE` takes as `member.granularity`. */
const PERIODS: ReadonlySet<Granularity> = new Set(['year', 'quarter', 'month', 'week', 'day']);

function filterMember(filter: MemberFilter): string {
  return filter.member ?? filter.dimension ?? '';
}

/**
 * Why a report's query and pivot cannot become `RS.VALUE` formulas, or the equals filters each formula carries
 * (filters on a member the grid shows need none: each header cell is one of the values they allow).
 */
export function conversionFilters(query: CubeQuery, pivot: Pivot, onGrid: ReadonlySet<string>): ConversionRefusal | { pairs: FormulaFilterPair[] } {
  if (!pivot.measures.length) return { kind: 'no-measures' };
  if (query['ungrouped'] === true) return { kind: 'ungrouped' };
  if (query.segments?.length) return { kind: 'segments', segments: query.segments };
  if (pivot.showColumnTotals || pivot.showRowTotals) return { kind: 'totals' };
  if (query.offset) return { kind: 'rows-cut' };
  for (const td of query.timeDimensions ?? []) {
    if (td.granularity && !PERIODS.has(td.granularity)) return { kind: 'granularity', member: td.dimension, granularity: td.granularity };
    // A range on the period shown is each header's own: the check finds a period the range cuts in part.
    if (td.dateRange !== undefined && !(td.granularity && onGrid.has(timeDimensionMember(td)))) return { kind: 'date-range', member: td.dimension };
  }
  const measures = new Set(query.measures ?? []);
  const pairs: FormulaFilterPair[] = [];
  for (const filter of query.filters ?? []) {
    const refusal = filterRefusal(filter, measures, onGrid);
    if (refusal) return refusal;
    const member = filterMember(filter as MemberFilter);
    if (onGrid.has(member)) continue;
    pairs.push({ member, value: (filter as MemberFilter).values![0]! });
  }
  return { pairs };
}

function filterRefusal(filter: CubeFilter, measures: ReadonlySet<string>, onGrid: ReadonlySet<string>): ConversionRefusal | null {
  if ('and' in filter || 'or' in filter) return { kind: 'filter-logic' };
  const member = filterMember(filter);
  if (measures.has(member)) return { kind: 'measure-filter', member };
  if (filter.operator !== 'equals') return { kind: 'filter-operator', member, operator: filter.operator };
  const values = filter.values ?? [];
  const one = values.length === 1 && values[0] !== null;
  // On the grid, each row or column is one of the values the filter lets through.
  if (!one && !onGrid.has(member)) return { kind: 'filter-values', member };
  return null;
}
