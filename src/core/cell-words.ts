import type { FilterOperator, Granularity } from '../contract';

/**
 * Every word the layout writes into cells (headers, totals, the filter summary, time bucket labels, a placement's
 * source line), in one language: a placement's own (see cell-options.ts), which the pane's language only chooses
 * for new placements. Functions where word order differs between languages.
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
  /** A quarter bucket's label: written as text, as Excel has no format code for quarters. */
  quarter: (quarter: number, year: number) => string;
  /** Text before a week bucket's first day, kept as a literal inside the cell's date format. */
  weekOf: string;
  /** The filter summary: each operator's words, the joiners of values and groups, and a negated relative range. */
  operators: Record<FilterOperator, string>;
  and: string;
  or: string;
  not: string;
  /** Each granularity's name on its own ("Month", "Quarter"): for headers that name a time bucket. */
  granularities: Record<Granularity, string>;
  /**
   * A placement's source line, under its title line: the report, when it was refreshed (`dateTime`'s words) and by
   * whom, so a reader of the file without the add-in knows what the numbers are and when they were fetched.
   */
  sourceLine: (report: string, when: string, user: string) => string;
  /** A date and time as this language writes it: day and month as numbers (1-based, unpadded), time as `14:05`. */
  dateTime: (day: string, month: string, year: string, time: string) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export type FilterWords = Pick<CellWords, 'operators' | 'and' | 'or' | 'not'>;

export const ENGLISH_CELL_WORDS: CellWords = {
  total: 'Total',
  measure: 'Measure',
  value: 'Value',
  filters: (summary) => `Filters: ${summary}`,
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
  granularities: {
    year: 'Year', quarter: 'Quarter', month: 'Month', week: 'Week', day: 'Day', hour: 'Hour', minute: 'Minute', second: 'Second',
  },
  sourceLine: (report, when, user) => `Report Sync · ${report} · refreshed ${when} by ${user}`,
  // "26 Nov 2026 14:05": the month by name, so no reader takes 11/26 for 11 February.
  dateTime: (day, month, year, time) => `${day} ${MONTHS[Number(month) - 1] ?? month} ${year} ${time}`,
};
