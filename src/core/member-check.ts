import type { CubeLoadResult, CubeQuery, MemberType } from '../contract';
import type { FormulaFilter } from './formula-args';
import { rowValueKey } from './formula-values';

/**
 * Whether the members a formula names exist: a value the data API has no row for in the whole dimension is a typo
 * (`#N/A`, as Excel's CUBEVALUE answers for a member the cube does not have), where a member with no rows in the
 * filtered slice is an honest empty or 0. Values are compared by the same keys the batch reads its rows by
 * (formula-values.ts), so what is checked is exactly what a call's row would be found by.
 */

/** The values of one dimension a batch asks for, to check in one query. */
export interface MemberCheck {
  member: string;
  type: MemberType;
  values: string[];
}

/** How many members a suggestion looks at: Cube's default row limit of a query (CUBEJS_DB_QUERY_DEFAULT_LIMIT). */
export const SUGGESTION_MEMBERS = 10_000;

/** The filters whose values are members to check: text and numbers. A period is a date range and TRUE/FALSE is total. */
export function checkedFilters(filters: readonly FormulaFilter[]): FormulaFilter[] {
  return filters.filter((filter) => !filter.granularity && (filter.type === 'string' || filter.type === 'number'));
}

/** Per dimension, the values the calls ask of it (every value of a set), sorted by dimension and value. */
export function memberChecks(calls: readonly (readonly FormulaFilter[])[]): MemberCheck[] {
  const byMember = new Map<string, { type: MemberType; values: Set<string> }>();
  for (const filter of calls.flatMap(checkedFilters)) {
    const check = byMember.get(filter.member) ?? { type: filter.type, values: new Set<string>() };
    for (const value of filter.values) check.values.add(value);
    byMember.set(filter.member, check);
  }
  return [...byMember.keys()].sort().map((member) => {
    const { type, values } = byMember.get(member)!;
    return { member, type, values: [...values].sort() };
  });
}

/** The query answering which of the values exist: the dimension alone, filtered to them (`equals` is exact in Cube). */
export function memberCheckQuery({ member, values }: MemberCheck): CubeQuery {
  return { dimensions: [member], filters: [{ member, operator: 'equals', values }], limit: values.length };
}

/** The query listing a dimension's members for suggestions: the first `SUGGESTION_MEMBERS` of them. */
export function memberListQuery(member: string): CubeQuery {
  return { dimensions: [member], limit: SUGGESTION_MEMBERS };
}

/** The keys of the dimension's values in a result (no value is no member). */
export function memberKeys(result: CubeLoadResult, member: string, type: MemberType): string[] {
  return result.data.flatMap((row) => {
    const key = rowValueKey(row[member], type, null);
    return key === null ? [] : [key];
  });
}
