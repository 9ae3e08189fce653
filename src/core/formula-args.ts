import type { CubeMeta, MemberType } from '../contract';
import { emptyAnswerOf, resolveDimension, resolveMeasure, type DimensionRef } from './formula-catalog';
import { FormulaArgumentError } from './formula-error';
import { PERIOD_EXAMPLES, periodsBetween, type PeriodGranularity } from './formula-periods';
import { requestedValueKey, type FormulaInput } from './formula-values';

/**
 * The arguments of `RS.VALUE(measure, [member, value]…)` and `RS.MEMBERS(dimension, [member, value]…)` as
 * requests the planner can batch. Excel hands the repeating pairs over as one flat list,
 * `[member1, value1, member2, value2, …]`, each item a value or, from a range or an array constant, a 2-D array;
 * an odd count means the last item names the deployment to ask.
 */

/** The function a call is of, for messages that say what its arguments should be. */
export type FormulaFunction = 'value' | 'members';

/** One `member = value` of a call, resolved: each value is its key (see formula-values.ts), a period's first day for time. */
export interface FormulaFilter {
  member: string;
  type: MemberType;
  granularity: PeriodGranularity | null;
  /** Sorted and distinct: one member, or a set (several), whose union the call asks for. */
  values: string[];
  /** The member as the formula names it (`Region`), for messages. */
  shown: string;
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

const FIRST_ARGUMENT: Record<FormulaFunction, string> = { value: 'After the measure, RS.VALUE', members: 'After the dimension, RS.MEMBERS' };

function isInput(value: unknown): value is FormulaInput {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** An empty cell (null from Excel on the web, '' from a formula) or blank text: no value. */
function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A 1×1 array (a single cell passed as a matrix) as its one value; anything else as it is. */
function single(item: unknown): unknown {
  return Array.isArray(item) && item.length === 1 && Array.isArray(item[0]) && item[0].length === 1 ? (item[0] as unknown[])[0] : item;
}

function sourceOf(item: unknown): string {
  const value = single(item);
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    const given = Array.isArray(value) ? 'is a range of several cells' : `(${String(value ?? '')}) has no value to go with it`;
    throw new FormulaArgumentError(
      `The last argument ${given}, so it must name a deployment: give a value for each member, or a deployment's name.`,
    );
  }
  return text;
}

/** The values an argument gives: one, or the filled cells of a range or array constant (empty cells are skipped). */
function inputsOf(valueArg: unknown, shown: string, member: string): FormulaInput[] {
  const items = Array.isArray(valueArg) ? (valueArg as unknown[]).flat(2).filter((item) => !isBlank(item)) : isBlank(valueArg) ? [] : [valueArg];
  if (!items.length) {
    throw new FormulaArgumentError(`"${shown}" has no value: give the value to filter ${member} by${Array.isArray(valueArg) ? ' (its cells are empty)' : ''}.`);
  }
  const odd = items.find((item) => !isInput(item));
  if (odd !== undefined) throw new FormulaArgumentError(`"${shown}" has a value that is no text, number or TRUE/FALSE: ${String(odd)}.`);
  return items as FormulaInput[];
}

/** The pair's dimension; when the member names none but the value does, the pair is the wrong way round, and the error says so. */
function dimensionOf(meta: CubeMeta, memberArg: unknown, valueArg: unknown, what: string, fn: FormulaFunction): DimensionRef {
  try {
    return resolveDimension(meta, single(memberArg), what);
  } catch (error) {
    if (!(error instanceof FormulaArgumentError) || isBlank(single(memberArg)) || !namesDimension(meta, single(valueArg))) throw error;
    throw new FormulaArgumentError(
      `${FIRST_ARGUMENT[fn]} takes pairs of dimension and member, the dimension first: "${String(single(valueArg)).trim()}" comes before "${String(single(memberArg)).trim()}".`,
    );
  }
}

function namesDimension(meta: CubeMeta, item: unknown): boolean {
  try {
    resolveDimension(meta, item);
    return true;
  } catch {
    return false;
  }
}

function filterOf(meta: CubeMeta, memberArg: unknown, valueArg: unknown, position: number, fn: FormulaFunction): FormulaFilter {
  const what = `member of pair ${position}`;
  if (Array.isArray(single(memberArg))) throw new FormulaArgumentError(`The ${what} is a range of several cells: give one member's name or title.`);
  const { member, type, granularity } = dimensionOf(meta, memberArg, valueArg, what, fn);
  const shown = String(single(memberArg)).trim();
  const values = inputsOf(valueArg, shown, member).map((input) => {
    const value = requestedValueKey(input, type, granularity);
    if (value === null) {
      const expected = granularity ? PERIOD_EXAMPLES[granularity] : type === 'number' ? 'a number' : 'TRUE or FALSE';
      throw new FormulaArgumentError(`"${String(input)}" is not a value of ${shown}: give ${expected}.`);
    }
    return value;
  });
  const distinct = [...new Set(values)].sort();
  // A call's time member is asked as one date range (formula-batch.ts), so a set of periods must be one run of them.
  if (granularity && distinct.length > 1 && periodsBetween(distinct[0]!, distinct[distinct.length - 1]!, granularity) !== distinct.length) {
    throw new FormulaArgumentError(
      `The periods of ${shown} are not consecutive: a set of periods must be one run (2025-01, 2025-02, 2025-03); give each run its own formula.`,
    );
  }
  return { member, type, granularity, values: distinct, shown };
}

/** The deployment a call's repeating arguments name by an unpaired last item, or null; throws when that item names nothing. */
export function sourceArgument(pairs: readonly unknown[]): string | null {
  return pairs.length % 2 === 1 ? sourceOf(pairs[pairs.length - 1]) : null;
}

/**
 * When an unpaired last item names no deployment but a dimension of the model, the pairs are what is wrong: the
 * error saying so (`"Region" has no member`), else null.
 */
export function unpairedDimension(meta: CubeMeta, item: unknown, fn: FormulaFunction): FormulaArgumentError | null {
  if (!namesDimension(meta, single(item))) return null;
  return new FormulaArgumentError(
    `${FIRST_ARGUMENT[fn]} takes pairs of dimension and member: "${String(single(item)).trim()}" has no member. Give the member after it.`,
  );
}

/** The pairs and the source of a call's repeating arguments; one member twice in a call is refused. */
function filtersAndSource(meta: CubeMeta, pairs: readonly unknown[], fn: FormulaFunction): { filters: FormulaFilter[]; source: string | null } {
  const source = sourceArgument(pairs);
  const filters: FormulaFilter[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const filter = filterOf(meta, pairs[i], pairs[i + 1], i / 2 + 1, fn);
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
  return { measure, emptyAnswer: emptyAnswerOf(meta, measure), ...filtersAndSource(meta, pairs, 'value') };
}

/** `RS.MEMBERS(dimension, pairs…)`: throws `FormulaArgumentError` for an argument that cannot be asked. */
export function membersRequest(meta: CubeMeta, dimensionArg: unknown, pairs: readonly unknown[]): MembersRequest {
  const dimension = resolveDimension(meta, dimensionArg, 'dimension');
  return { dimension, ...filtersAndSource(meta, pairs, 'members') };
}
