import type { CubeMeta, MemberType } from '../contract';
import { emptyAnswerOf, resolveDimension, resolveMeasure, type DimensionRef } from './formula-catalog';
import { FormulaArgumentError } from './formula-error';
import { PERIOD_EXAMPLES, type PeriodGranularity } from './formula-periods';
import { requestedValueKey, type FormulaInput } from './formula-values';

/**
 * The arguments of `RS.VALUE(measure, [member, value]…)` and `RS.MEMBERS(dimension, [member, value]…)` as
 * requests the planner can batch. Excel hands the repeating pairs over as one flat list,
 * `[member1, value1, member2, value2, …]`; an odd count means the last item names the deployment to ask.
 */

/** One `member = value` of a call, resolved: the value is its key (see formula-values.ts), a period's first day for time. */
export interface FormulaFilter {
  member: string;
  type: MemberType;
  granularity: PeriodGranularity | null;
  value: string;
}

/** What one `RS.VALUE` cell asks for. */
export interface ValueRequest {
  measure: string;
  /** The answer when no row matches: what the measure aggregates an empty set of rows to. */
  emptyAnswer: 0 | null;
  /** Sorted by member. */
  filters: FormulaFilter[];
  /** The deployment or connection named by an odd last argument, or null for the default. */
  source: string | null;
}

/** What one `RS.MEMBERS` cell asks for: the values of `dimension` where the filters hold. */
export interface MembersRequest {
  dimension: DimensionRef;
  filters: FormulaFilter[];
  source: string | null;
}

function isInput(value: unknown): value is FormulaInput {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function sourceOf(item: unknown): string {
  const text = typeof item === 'string' ? item.trim() : '';
  if (text === '') {
    throw new FormulaArgumentError(
      `The last argument (${String(item ?? '')}) has no value to go with it, so it must name a deployment: give a value for each member, or a deployment's name.`,
    );
  }
  return text;
}

function filterOf(meta: CubeMeta, memberArg: unknown, valueArg: unknown, position: number): FormulaFilter {
  const { member, type, granularity } = resolveDimension(meta, memberArg, `member of pair ${position}`);
  const shown = String(memberArg).trim();
  if (!isInput(valueArg) || (typeof valueArg === 'string' && valueArg.trim() === '')) {
    throw new FormulaArgumentError(`"${shown}" has no value: give the value to filter ${member} by.`);
  }
  const value = requestedValueKey(valueArg, type, granularity);
  if (value === null) {
    const expected = granularity ? PERIOD_EXAMPLES[granularity] : type === 'number' ? 'a number' : 'TRUE or FALSE';
    throw new FormulaArgumentError(`"${String(valueArg)}" is not a value of ${shown}: give ${expected}.`);
  }
  return { member, type, granularity, value };
}

/** The deployment a call's repeating arguments name by an unpaired last item, or null; throws when that item names nothing. */
export function sourceArgument(pairs: readonly unknown[]): string | null {
  return pairs.length % 2 === 1 ? sourceOf(pairs[pairs.length - 1]) : null;
}

/** The pairs and the source of a call's repeating arguments; one member twice in a call is refused. */
function filtersAndSource(meta: CubeMeta, pairs: readonly unknown[]): { filters: FormulaFilter[]; source: string | null } {
  const source = sourceArgument(pairs);
  const filters: FormulaFilter[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const filter = filterOf(meta, pairs[i], pairs[i + 1], i / 2 + 1);
    if (filters.some((f) => f.member === filter.member)) {
      throw new FormulaArgumentError(`${filter.member} is given twice: give each member once per call.`);
    }
    filters.push(filter);
  }
  filters.sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
  return { filters, source };
}

/** `RS.VALUE(measure, pairs…)`: throws `FormulaArgumentError` for an argument that cannot be asked. */
export function valueRequest(meta: CubeMeta, measureArg: unknown, pairs: readonly unknown[]): ValueRequest {
  const measure = resolveMeasure(meta, measureArg).name;
  return { measure, emptyAnswer: emptyAnswerOf(meta, measure), ...filtersAndSource(meta, pairs) };
}

/** `RS.MEMBERS(dimension, pairs…)`: throws `FormulaArgumentError` for an argument that cannot be asked. */
export function membersRequest(meta: CubeMeta, dimensionArg: unknown, pairs: readonly unknown[]): MembersRequest {
  const dimension = resolveDimension(meta, dimensionArg, 'dimension');
  return { dimension, ...filtersAndSource(meta, pairs) };
}
