import type { CubeCellValue, CubeLoadResult, CubeQuery, MemberType } from '../contract';
import { canonicalJson } from './canonical-json';
import type { FormulaFilter, ValueRequest } from './formula-args';
import { coveringDateRange, periodsBetween, type PeriodGranularity } from './formula-periods';
import { measureAnswer, rowValueKey } from './formula-values';
import { timeDimensionMember } from './report-definition';

/**
 * The fewest `/v1/load` queries that answer a batch of `RS.VALUE` calls, and each call's answer from them.
 * Calls that filter the same members (a time member with the same granularity, a set with the same values) and ask
 * the same source share one query: the members of one value grouped, each filtered to the values the calls ask for
 * (a time member to a date range covering its periods), with every measure asked. Each call then reads the row
 * holding its values. A set (several values of one member) is filtered to all of them and not grouped, so the data
 * API aggregates the union itself: a count distinct or an average over a set is right, where adding rows is not.
 */

/** Cube's REST API returns at most this many rows a query. */
export const MAX_QUERY_ROWS = 50_000;

export type FormulaAnswer = number | null;

export interface PlannedQuery {
  source: string | null;
  query: CubeQuery;
  /** The indexes of the requests this query answers, ascending. */
  calls: number[];
  /** The answers of `calls`, in their order, read from this query's result. */
  answers(result: CubeLoadResult): FormulaAnswer[];
  /** The values of its grouped text and number members that this query's result has rows for, as value keys. */
  shown(result: CubeLoadResult): Array<{ member: string; value: string }>;
}

/** A member a query filters, with the values the calls ask of it, sorted: grouped by it, or (a set) over their union. */
interface Axis {
  member: string;
  type: MemberType;
  granularity: PeriodGranularity | null;
  values: string[];
  grouped: boolean;
}

interface Call {
  index: number;
  request: ValueRequest;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortedDistinct(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareText);
}

const isSet = (filter: FormulaFilter) => filter.values.length > 1;

/**
 * The axes of calls that filter the same members (their filters are sorted by member, so position matches); a set
 * is the same in every call of a group.
 */
function axesOf(calls: readonly Call[]): Axis[] {
  return calls[0]!.request.filters.map((filter, i) => ({
    member: filter.member,
    type: filter.type,
    granularity: filter.granularity,
    values: isSet(filter) ? filter.values : sortedDistinct(calls.map((call) => call.request.filters[i]!.values[0]!)),
    grouped: !isSet(filter),
  }));
}

/** How many rows an axis can give: its values, or for a time member every period of the covering date range; a set one. */
function rowsOf(axis: Axis): number {
  if (!axis.grouped) return 1;
  return axis.granularity ? periodsBetween(axis.values[0]!, axis.values[axis.values.length - 1]!, axis.granularity) : axis.values.length;
}

function mostRows(axes: readonly Axis[]): number {
  return axes.reduce((rows, axis) => rows * rowsOf(axis), 1);
}

/**
 * The calls split so that no query can give more rows than the API returns: by the values of the axis with
 * the most rows, into as many parts as the excess asks, each part split again while it is still too large.
 */
function withinRowLimit(calls: readonly Call[]): Call[][] {
  const axes = axesOf(calls);
  const rows = mostRows(axes);
  if (rows <= MAX_QUERY_ROWS) return [[...calls]];
  const widest = axes.reduce((best, axis, i) => (rowsOf(axis) > rowsOf(axes[best]!) ? i : best), 0);
  const values = axes[widest]!.values;
  const size = Math.ceil(values.length / Math.min(values.length, Math.ceil(rows / MAX_QUERY_ROWS)));
  const parts: Call[][] = [];
  for (let start = 0; start < values.length; start += size) {
    const part = new Set(values.slice(start, start + size));
    parts.push(calls.filter((call) => part.has(call.request.filters[widest]!.values[0]!)));
  }
  return parts.flatMap(withinRowLimit);
}

function queryOf(axes: readonly Axis[], measures: string[]): CubeQuery {
  const plain = axes.filter((axis) => !axis.granularity);
  return {
    measures,
    dimensions: plain.filter((axis) => axis.grouped).map((axis) => axis.member),
    // A set of periods (consecutive, formula-args.ts) is their covering date range, without granularity: one bucket.
    timeDimensions: axes.flatMap((axis) =>
      axis.granularity
        ? [{ dimension: axis.member, ...(axis.grouped ? { granularity: axis.granularity } : {}), dateRange: coveringDateRange(axis.values, axis.granularity) }]
        : [],
    ),
    filters: plain.map((axis) => ({ member: axis.member, operator: 'equals' as const, values: axis.values })),
    limit: mostRows(axes),
  };
}

const rowKey = (values: readonly (string | null)[]) => JSON.stringify(values);

function answersFrom(result: CubeLoadResult, axes: readonly Axis[], requests: readonly ValueRequest[]): FormulaAnswer[] {
  const grouped = axes.flatMap((axis, i) => (axis.grouped ? [{ axis, i, column: timeDimensionMember({ dimension: axis.member, granularity: axis.granularity ?? undefined }) }] : []));
  const rows = new Map<string, Record<string, CubeCellValue>>();
  for (const row of result.data) {
    const key = rowKey(grouped.map(({ axis, column }) => rowValueKey(row[column], axis.type, axis.granularity)));
    if (!rows.has(key)) rows.set(key, row);
  }
  return requests.map((request) => {
    const row = rows.get(rowKey(grouped.map(({ i }) => request.filters[i]!.values[0]!)));
    // No row: the combination has no data, and the measure answers what it aggregates an empty set to.
    return row ? measureAnswer(row[request.measure]) : request.emptyAnswer;
  });
}

function shownIn(result: CubeLoadResult, axes: readonly Axis[]): Array<{ member: string; value: string }> {
  const members = axes.filter((axis) => axis.grouped && !axis.granularity);
  return result.data.flatMap((row) => members.flatMap((axis) => {
    const value = rowValueKey(row[axis.member], axis.type, null);
    return value === null ? [] : [{ member: axis.member, value }];
  }));
}

/** What groups calls into one query: the source and the filtered members, each with its granularity, and the sets. */
function groupKey(request: ValueRequest): string {
  return JSON.stringify([request.source, request.filters.map((filter) => [filter.member, filter.granularity, isSet(filter) ? filter.values : null])]);
}

/**
 * The queries that answer the requests, in an order that depends only on what is asked (not on the order
 * of the calls), each query written the same way for the same calls, so it can serve as a cache key.
 */
export function planQueries(requests: readonly ValueRequest[]): PlannedQuery[] {
  const groups = new Map<string, Call[]>();
  requests.forEach((request, index) => {
    const key = groupKey(request);
    const group = groups.get(key) ?? [];
    group.push({ index, request });
    groups.set(key, group);
  });
  return [...groups.keys()].sort(compareText).flatMap((key) =>
    withinRowLimit(groups.get(key)!).map((calls): PlannedQuery => {
      const axes = axesOf(calls);
      const callRequests = calls.map((call) => call.request);
      return {
        source: calls[0]!.request.source,
        query: queryOf(axes, sortedDistinct(callRequests.map((request) => request.measure))),
        calls: calls.map((call) => call.index),
        answers: (result) => answersFrom(result, axes, callRequests),
        shown: (result) => shownIn(result, axes),
      };
    }),
  );
}

/** Every request's answer, in the requests' order, from the results of the planned queries (in the plan's order). */
export function answersOf(plan: readonly PlannedQuery[], results: readonly CubeLoadResult[]): FormulaAnswer[] {
  const answers: FormulaAnswer[] = [];
  plan.forEach((planned, i) => {
    const result = results[i];
    if (!result) throw new RangeError(`No result for planned query ${i + 1} of ${plan.length}`);
    planned.answers(result).forEach((answer, j) => {
      answers[planned.calls[j]!] = answer;
    });
  });
  return answers;
}

/** The cache key of a planned query: its source and query as canonical JSON. */
export function plannedQueryKey(planned: Pick<PlannedQuery, 'source' | 'query'>): string {
  return canonicalJson({ source: planned.source, query: planned.query });
}

/**
 * The members the results show, by member: a value a row holds exists in the data, so a formula naming it needs no
 * check (src/core/member-check.ts); only values no row holds (a typo, or a member with no rows in the slice) do.
 */
export function membersShown(plan: readonly PlannedQuery[], results: readonly CubeLoadResult[]): Map<string, Set<string>> {
  const shown = new Map<string, Set<string>>();
  plan.forEach((planned, i) => {
    for (const { member, value } of planned.shown(results[i]!)) {
      const values = shown.get(member) ?? new Set<string>();
      values.add(value);
      shown.set(member, values);
    }
  });
  return shown;
}
