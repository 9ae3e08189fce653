import Joi from 'joi';
import { resolveDateRange } from './date-range';
import { CubePlainError, QueryError } from './errors';
import { canonicalTimeZone } from './time-zone';

/**
 * A query as Cube's API gateway checks and normalizes it (`query.ts` `normalizeQuery` and
 * `remapToQueryAdapterFormat`, Cube 1.7). The rules are written with Joi, as Cube writes them, so a
 * malformed query is answered with the same words: `Invalid query format: "limit" must be an integer`.
 */

export type OrderDirection = 'asc' | 'desc';

export interface NormalizedFilterLeaf {
  member: string;
  operator: FilterOperator;
  /** Values as strings (Cube writes every value with `toString()`); `null` stays null. */
  values?: (string | null)[];
}
export type NormalizedFilter = NormalizedFilterLeaf | { and: NormalizedFilter[] } | { or: NormalizedFilter[] };

export interface NormalizedTimeDimension {
  dimension: string;
  granularity?: string;
  dateRange?: [string, string];
}

/** The query every later step reads, and what `query` in a load result echoes. */
export interface NormalizedQuery {
  /** Absent when the query had none, as Cube echoes it. */
  measures?: string[];
  dimensions: string[];
  segments?: string[];
  timeDimensions: NormalizedTimeDimension[];
  filters: NormalizedFilter[];
  order?: { id: string; desc: boolean }[];
  limit: number;
  rowLimit: number;
  offset?: number;
  total?: boolean;
  ungrouped?: boolean;
  responseFormat?: 'default' | 'compact' | 'columnar';
  timezone: string;
  [key: string]: unknown;
}

export const FILTER_OPERATORS = [
  'equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'notStartsWith', 'endsWith', 'notEndsWith', 'in', 'notIn',
  'gt', 'gte', 'lt', 'lte', 'set', 'notSet', 'inDateRange', 'notInDateRange', 'onTheDate', 'beforeDate', 'beforeOrOnDate',
  'afterDate', 'afterOrOnDate', 'measureFilter',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

const MEMBER = /^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+$/;
const id = Joi.string().regex(MEMBER);
const memberWithGranularity = Joi.string().regex(/^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+(\.[a-zA-Z0-9_]+)?$/);
const orderKey = Joi.string().regex(/^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+$|^[a-zA-Z0-9_]+$|^[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+\.[a-zA-Z0-9_]+$/);
/** Cube also takes member expressions (objects) where members go; the REST API refuses them later. */
const memberExpression = Joi.object().keys({ expression: Joi.any().required(), cubeName: Joi.string().required(), name: Joi.string().required() }).unknown();
const cacheMode = Joi.valid('stale-if-slow', 'stale-while-revalidate', 'must-revalidate', 'no-cache');
const timezone = Joi.string().custom((value: string, helpers) => {
  const name = canonicalTimeZone(value);
  if (!name) return helpers.message({ custom: '{{#label}} must be a valid IANA time zone, got "{{#tz}}"' }, { tz: value });
  return name;
}, 'timezone');

const oneFilter = Joi.object().keys({
  dimension: id,
  member: id,
  operator: Joi.valid(...FILTER_OPERATORS).required(),
  values: Joi.array().items(Joi.string().allow('', null), Joi.number(), Joi.boolean(), Joi.link('...')),
}).xor('dimension', 'member');
const oneCondition = Joi.object().keys({
  or: Joi.array().items(oneFilter, Joi.link('...')),
  and: Joi.array().items(oneFilter, Joi.link('...')),
}).xor('or', 'and');

const querySchema = Joi.object().keys({
  measures: Joi.array().items(Joi.alternatives(id, memberExpression)),
  dimensions: Joi.array().items(Joi.alternatives(memberWithGranularity, memberExpression)),
  filters: Joi.array().items(oneFilter, oneCondition),
  timeDimensions: Joi.array().items(Joi.object().keys({
    dimension: id.required(),
    granularity: Joi.string().max(128, 'utf8'),
    dateRange: [Joi.array().items(Joi.string()).min(1).max(2), Joi.string()],
    compareDateRange: Joi.array(),
  }).oxor('dateRange', 'compareDateRange')),
  order: Joi.alternatives(
    Joi.object().pattern(orderKey, Joi.valid('asc', 'desc')),
    Joi.array().items(Joi.array().min(2).ordered(orderKey, Joi.valid('asc', 'desc'))),
  ),
  segments: Joi.array().items(Joi.alternatives(id, memberExpression)),
  timezone,
  limit: Joi.number().integer().strict().min(0),
  offset: Joi.number().integer().strict().min(0),
  total: Joi.boolean(),
  cacheMode,
  cache: cacheMode,
  ungrouped: Joi.boolean(),
  responseFormat: Joi.valid('default', 'compact', 'columnar'),
  joinHints: Joi.array().items(Joi.array().items(Joi.string())),
});

export interface LimitOptions {
  /** Cube's `CUBEJS_DB_QUERY_DEFAULT_LIMIT` (10,000). */
  defaultLimit: number;
  /** Cube's `CUBEJS_DB_QUERY_LIMIT` (50,000). */
  maxLimit: number;
}

type RawQuery = Record<string, unknown>;

/** Checks and normalizes one query. Throws `QueryError` (400) in Cube's words, or `CubePlainError` where Cube throws a plain error. */
export function normalizeQuery(input: unknown, limits: LimitOptions, now: Date): NormalizedQuery {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new QueryError('Invalid query format: "value" must be of type object');
  }
  const query: RawQuery = { ...(input as RawQuery) };
  // Cube moves `cache` into `cacheMode` (default stale-if-slow) before it checks the query.
  query.cacheMode = query.cache ?? 'stale-if-slow';
  delete query.cache;
  const { error, value } = querySchema.validate(query);
  if (error) throw new QueryError(`Invalid query format: ${error.message}`);
  const valid = value as RawQuery & { timeDimensions?: { granularity?: string }[]; measures?: unknown[]; dimensions?: unknown[] };

  const hasExpression = ['measures', 'dimensions', 'segments'].some((key) => (valid[key] as unknown[] | undefined)?.some((m) => typeof m !== 'string' || m.startsWith('{')));
  if (hasExpression) throw new CubePlainError('Expressions are not allowed in this context');
  if (!valid.measures?.length && !valid.dimensions?.length && !valid.timeDimensions?.some((td) => td.granularity)) {
    throw new QueryError('Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid');
  }

  const zone = (valid.timezone as string | undefined) ?? 'UTC';
  if (typeof valid.limit === 'number' && valid.limit > limits.maxLimit) throw new CubePlainError('The query limit has been exceeded.');
  const limit = typeof valid.limit === 'number' ? valid.limit : Math.min(limits.defaultLimit, limits.maxLimit);
  const dimensions = (valid.dimensions ?? []) as string[];
  // A dimension written `cube.time.granularity` is a time dimension with that granularity.
  const granularDimensions = dimensions.filter((d) => d.split('.').length === 3).map((d) => {
    const [cube, member, granularity] = d.split('.') as [string, string, string];
    return { dimension: `${cube}.${member}`, granularity };
  });
  const timeDimensions = ((valid.timeDimensions ?? []) as (NormalizedTimeDimension & { dateRange?: string | string[] })[]).map((td) => ({
    ...td,
    dateRange: td.dateRange === undefined ? undefined : resolveDateRange(td.dateRange, zone, now),
  }));

  const { cache: _cache, cacheMode: _cacheMode, ...rest } = input as RawQuery;
  return {
    ...rest,
    ...(valid.order ? { order: orderEntries(valid.order).map(([key, direction]) => ({ id: key, desc: direction === 'desc' })) } : {}),
    limit,
    timezone: zone,
    filters: normalizeFilters((valid.filters ?? []) as RawQuery[], zone, now),
    dimensions: dimensions.filter((d) => d.split('.').length !== 3),
    timeDimensions: [...timeDimensions.map(withoutUndefined), ...granularDimensions],
    rowLimit: limit,
  } as NormalizedQuery;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function orderEntries(order: unknown): [string, OrderDirection][] {
  return Array.isArray(order)
    ? (order as [string, OrderDirection][]).map(([key, direction]) => [key, direction])
    : Object.entries(order as Record<string, OrderDirection>);
}

const DATE_RANGE_OPERATORS = new Set(['inDateRange', 'notInDateRange', 'onTheDate']);
const START_OPERATORS = new Set(['beforeDate', 'afterOrOnDate']);
const END_OPERATORS = new Set(['beforeOrOnDate', 'afterDate']);
const ABSOLUTE_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

function normalizeFilters(filters: RawQuery[], zone: string, now: Date): NormalizedFilter[] {
  return filters.map((filter) => {
    if (filter.or) return { ...filter, or: normalizeFilters(filter.or as RawQuery[], zone, now) } as NormalizedFilter;
    if (filter.and) return { ...filter, and: normalizeFilters(filter.and as RawQuery[], zone, now) } as NormalizedFilter;
    const operator = filter.operator as FilterOperator;
    const raw = filter.values as unknown[] | undefined;
    if ((!raw || raw.length === 0) && !['set', 'notSet', 'measureFilter'].includes(operator)) {
      throw new QueryError(`Values required for filter: ${JSON.stringify(filter)}`);
    }
    const leaf: RawQuery = { ...filter };
    if (raw) leaf.values = raw.map((v) => (v === null || v === undefined ? v : String(v)));
    if (filter.dimension) {
      leaf.member = filter.dimension;
      delete leaf.dimension;
    }
    return resolveDateFilterValues(leaf as unknown as NormalizedFilterLeaf, zone, now);
  });
}

/** Relative dates in date filters resolve as time dimensions' ranges do (Cube's `normalizeDateFilterValues`). */
function resolveDateFilterValues(filter: NormalizedFilterLeaf, zone: string, now: Date): NormalizedFilterLeaf {
  const values = filter.values;
  if (!values) return filter;
  if (DATE_RANGE_OPERATORS.has(filter.operator) && values.length > 1 && values.some((v) => typeof v === 'string' && !ABSOLUTE_DATE_TIME.test(v))) {
    throw new QueryError(
      `Relative-date strings are only supported when \`values\` has a single element for operator \`${filter.operator}\`. `
      + `Pass an absolute two-element [start, end] pair, or a single relative string like ["last 2 weeks"]. Got: ${JSON.stringify(values)}`,
    );
  }
  const [value] = values;
  if (values.length !== 1 || typeof value !== 'string') return filter;
  if (DATE_RANGE_OPERATORS.has(filter.operator)) return { ...filter, values: resolveDateRange(value, zone, now) };
  if (ABSOLUTE_DATE_TIME.test(value)) return filter;
  if (START_OPERATORS.has(filter.operator)) return { ...filter, values: [resolveDateRange(value, zone, now)[0]] };
  if (END_OPERATORS.has(filter.operator)) return { ...filter, values: [resolveDateRange(value, zone, now)[1]] };
  return filter;
}

/** `compareDateRange` on one time dimension makes one query per range (Cube's `compareDateRangeTransformer`). */
export function splitCompareDateRange(query: unknown): unknown[] | null {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return null;
  const timeDimensions = (query as RawQuery).timeDimensions;
  if (!Array.isArray(timeDimensions)) return null;
  const comparing = timeDimensions.map((td, index) => ({ td: td as RawQuery, index })).filter(({ td }) => td?.compareDateRange != null);
  if (comparing.length === 0) return null;
  if (comparing.length > 1) throw new QueryError('compareDateRange can only exist for one timeDimension');
  const { td: compared, index: comparedIndex } = comparing[0]!;
  if (!Array.isArray(compared.compareDateRange)) throw new QueryError('Invalid query format: "timeDimensions[0].compareDateRange" must be an array');
  return compared.compareDateRange.map((dateRange: unknown) => ({
    ...structuredClone(query),
    timeDimensions: timeDimensions.map((td: RawQuery, index) => {
      if (index !== comparedIndex) return td;
      const { compareDateRange: _, ...rest } = td;
      return { ...rest, dateRange };
    }),
  }));
}

export type QueryType = 'regularQuery' | 'compareDateRangeQuery' | 'blendingQuery';

const blendGranularities = (queries: NormalizedQuery[]) =>
  [...new Set(queries.map((q) => q.timeDimensions[0]?.granularity).filter((g): g is string => Boolean(g)))];

/** A blend's members (each once, in the queries' order) and its time axis, named `time`. */
function blendAxes(queries: NormalizedQuery[]) {
  return {
    measures: [...new Set(queries.flatMap((q) => q.measures ?? []))],
    dimensions: [...new Set(queries.flatMap((q) => q.dimensions))],
    timeDimensions: [{ dimension: 'time', granularity: blendGranularities(queries)[0] }],
  };
}

/** A data blend lines its queries up on one time axis: each query's first time dimension, at one granularity. */
export function checkBlendGranularity(queries: NormalizedQuery[]): void {
  const granularities = blendGranularities(queries);
  if (granularities.length > 1) throw new QueryError('Data blending query granularities must match');
  if (granularities.length === 0) throw new QueryError('Data blending query without granularity is not supported');
}

/**
 * The pivot query `/v1/dry-run` answers (the gateway's own `getPivotQuery`): for a blend, only its members
 * and time axis; otherwise the first query, which Cube's function also writes into, so dry-run's first
 * normalized query carries the same changes.
 */
export function gatewayPivotQuery(queryType: QueryType, queries: NormalizedQuery[]): Record<string, unknown> {
  if (queryType !== 'blendingQuery') return pivotQueryOf(queryType, queries);
  return { ...blendAxes(queries), queryType };
}

/** The pivot query of a `queryType=multi` load, as Cube's result writer makes it (its Rust `get_pivot_query`). */
export function pivotQueryOf(queryType: QueryType, queries: NormalizedQuery[]): NormalizedQuery & { queryType: QueryType } {
  const first = queries[0]!;
  if (queryType === 'compareDateRangeQuery') return { ...first, dimensions: ['compareDateRange', ...first.dimensions], queryType };
  if (queryType === 'blendingQuery') {
    // The blend's members, and its time axis named `time` (an empty member list is left out, as Cube writes it).
    const { dimensions: _, measures: __, ...rest } = first;
    const { measures, dimensions, timeDimensions } = blendAxes(queries);
    return {
      ...rest,
      ...(measures.length ? { measures } : {}),
      ...(dimensions.length ? { dimensions } : {}),
      timeDimensions,
      queryType,
    } as NormalizedQuery & { queryType: QueryType };
  }
  return { ...first, queryType };
}
