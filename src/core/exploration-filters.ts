import type { FilterOperator, MemberType } from '../contract';

/**
 * Which filters the exploration builder offers for a member, by the member's type, and the date-range presets
 * for time members. Every preset is a phrase Cube resolves itself (its date parser: `this|last <unit>`,
 * `last N <units>`), so a saved exploration keeps meaning "last quarter" rather than the dates it had when saved.
 */

/** A filter of the builder: one member, one operator, values as Cube's normalized queries hold them (text). */
export interface ExplorationFilter {
  member: string;
  operator: FilterOperator;
  values: string[];
}

export const OPERATORS_BY_TYPE: Record<MemberType, readonly FilterOperator[]> = {
  string: ['equals', 'notEquals', 'contains', 'startsWith', 'set', 'notSet'],
  number: ['equals', 'notEquals', 'gt', 'gte', 'lt', 'lte', 'set', 'notSet'],
  time: ['inDateRange', 'beforeDate', 'afterDate', 'set', 'notSet'],
  boolean: ['equals'],
};

/** Operators that take no values. */
const VALUELESS: readonly FilterOperator[] = ['set', 'notSet'];
/** Operators that take exactly one value. */
const SINGLE_VALUE: readonly FilterOperator[] = ['gt', 'gte', 'lt', 'lte', 'beforeDate', 'afterDate'];

export const DATE_RANGE_PRESETS = [
  'today', 'yesterday', 'this week', 'last week', 'this month', 'last month', 'this quarter', 'last quarter',
  'this year', 'last year', 'last 7 days', 'last 30 days', 'last 12 months',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** The filter a member starts with when it is dropped on Filters: the first operator its type offers, no values. */
export function defaultFilter(member: string, type: MemberType): ExplorationFilter {
  return { member, operator: type === 'time' ? 'inDateRange' : OPERATORS_BY_TYPE[type][0]!, values: type === 'time' ? ['last 12 months'] : [] };
}

export type FilterProblem = 'needs-a-value' | 'needs-one-value' | 'needs-two-dates' | 'not-a-number' | 'not-a-date' | 'not-true-or-false';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Why a filter cannot run yet, or null when it can. A filter that cannot run is left out of the query (and
 * shown as incomplete) rather than sent for Cube to refuse.
 */
export function filterProblem(filter: ExplorationFilter, type: MemberType): FilterProblem | null {
  const { operator, values } = filter;
  if (VALUELESS.includes(operator)) return null;
  if (values.length === 0 || values.some((v) => v.trim() === '')) return 'needs-a-value';
  if (SINGLE_VALUE.includes(operator) && values.length !== 1) return 'needs-one-value';
  if (type === 'number' && values.some((v) => !Number.isFinite(Number(v)))) return 'not-a-number';
  if (type === 'boolean' && values.some((v) => v !== 'true' && v !== 'false')) return 'not-true-or-false';
  if (operator === 'inDateRange') {
    // One relative phrase, or a pair of dates.
    if (values.length === 1) return (DATE_RANGE_PRESETS as readonly string[]).includes(values[0]!) ? null : 'needs-two-dates';
    if (values.length !== 2) return 'needs-two-dates';
    return values.every((v) => ISO_DATE.test(v)) ? null : 'not-a-date';
  }
  if (type === 'time' && values.some((v) => !ISO_DATE.test(v))) return 'not-a-date';
  return null;
}
