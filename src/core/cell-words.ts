import type { FilterOperator, Granularity } from '../contract';

/**
 * Every word the layout writes into cells (headers, totals, the filter summary, time bucket labels), so a
 * report placed from a German pane reads German. Functions where word order differs between languages.
 */
export interface CellWords {
  /** The Total row's label and the Total column's header. */
  total: string;
  /** The header over the measure names when measures are on rows. */
  measure: string;
  /** The header over the only value column of a pivot with neither column members nor measures. */
  value: string;
  /** The line above a table naming its filters. */
  filters: (summary: string) => string;
  /** The title of a member the report filters on. */
  filtered: (title: string) => string;
  /** A time dimension's title with its granularity. */
  timeTitle: (title: string, granularity: Granularity) => string;
  /** A quarter bucket's label: written as text, as Excel has no format code for quarters. */
  quarter: (quarter: number, year: number) => string;
  /** Text before a week bucket's first day, kept as a literal inside the cell's date format. */
  weekOf: string;
  /** The filter summary: each operator's words, the joiners of values and groups, and a negated relative range. */
  operators: Record<FilterOperator, string>;
  and: string;
  or: string;
  not: string;
}

export type FilterWords = Pick<CellWords, 'operators' | 'and' | 'or' | 'not'>;

export const ENGLISH_CELL_WORDS: CellWords = {
  total: 'Total',
  measure: 'Measure',
  value: 'Value',
  filters: (summary) => `Filters: ${summary}`,
  filtered: (title) => `${title} (filtered)`,
  timeTitle: (title, granularity) => `${title} (${granularity})`,
  quarter: (quarter, year) => `Q${quarter} ${year}`,
  weekOf: 'Week of',
  operators: {
    equals: 'is', notEquals: 'is not', contains: 'contains', notContains: 'does not contain', startsWith: 'starts with',
    notStartsWith: 'does not start with', endsWith: 'ends with', notEndsWith: 'does not end with', gt: '>', gte: '≥',
    lt: '<', lte: '≤', set: 'is set', notSet: 'is not set', inDateRange: 'between', notInDateRange: 'not between',
    beforeDate: 'before', beforeOrOnDate: 'on or before', afterDate: 'after', afterOrOnDate: 'on or after',
  },
  and: 'and',
  or: 'or',
  not: 'not',
};
