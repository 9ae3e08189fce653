import { z } from 'zod';
import { openEnum } from './common';

/** Cube's REST API query and result shapes (the parts the add-in and the local platform use). */

export const Granularity = z.enum(['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year']);
export type Granularity = z.infer<typeof Granularity>;

export const FilterOperator = z.enum([
  'equals', 'notEquals', 'contains', 'notContains', 'startsWith', 'notStartsWith', 'endsWith', 'notEndsWith',
  'gt', 'gte', 'lt', 'lte', 'set', 'notSet', 'inDateRange', 'notInDateRange', 'beforeDate', 'beforeOrOnDate',
  'afterDate', 'afterOrOnDate',
]);
export type FilterOperator = z.infer<typeof FilterOperator>;

export const MemberFilter = z.object({
  member: z.string().optional(),
  /** Older Cube clients send `dimension` instead of `member`. */
  dimension: z.string().optional(),
  operator: FilterOperator,
  values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type MemberFilter = z.infer<typeof MemberFilter>;

export type CubeFilter = MemberFilter | { and: CubeFilter[] } | { or: CubeFilter[] };
export const CubeFilter: z.ZodType<CubeFilter> = z.lazy(() =>
  z.union([MemberFilter, z.object({ and: z.array(CubeFilter) }), z.object({ or: z.array(CubeFilter) })]),
);

export const DateRange = z.union([z.string(), z.tuple([z.string(), z.string()])]);

export const TimeDimension = z.object({
  dimension: z.string(),
  granularity: Granularity.optional(),
  dateRange: DateRange.optional(),
});
export type TimeDimension = z.infer<typeof TimeDimension>;

export const OrderDirection = z.enum(['asc', 'desc']);
export const QueryOrder = z.union([
  z.record(z.string(), OrderDirection),
  z.array(z.tuple([z.string(), OrderDirection])),
]);

/** A Cube JSON query. Unknown keys (segments, ungrouped, …) are kept, so a stored query round-trips intact. */
export const CubeQuery = z.looseObject({
  measures: z.array(z.string()).optional(),
  dimensions: z.array(z.string()).optional(),
  timeDimensions: z.array(TimeDimension).optional(),
  filters: z.array(CubeFilter).optional(),
  segments: z.array(z.string()).optional(),
  order: QueryOrder.optional(),
  limit: z.number().int().nonnegative().optional(),
  offset: z.number().int().nonnegative().optional(),
  total: z.boolean().optional(),
  timezone: z.string().optional(),
});
export type CubeQuery = z.infer<typeof CubeQuery>;

export const MEMBER_TYPES = ['string', 'number', 'time', 'boolean'] as const;
export const MemberType = z.enum(MEMBER_TYPES);
export type MemberType = z.infer<typeof MemberType>;

/**
 * core-data.yaml `V1CubeMetaFormat`: a named format (`percent`, `currency`, `number`, `imageUrl`, `id`,
 * `link`), a link with a label, a custom time format, or a custom numeric format (a d3-format specifier).
 * A format this add-in does not know is kept as sent; it is shown as General.
 */
export const MemberFormat = z.union([
  z.string(),
  z.looseObject({ type: z.literal('link'), label: z.string().optional() }),
  z.looseObject({ type: z.literal('custom-time'), value: z.string() }),
  z.looseObject({ type: z.literal('custom-numeric'), value: z.string(), alias: z.string().optional() }),
  z.looseObject({ type: z.string() }),
]);
export type MemberFormat = z.infer<typeof MemberFormat>;

export const AnnotationEntry = z.looseObject({
  title: z.string(),
  shortTitle: z.string(),
  // A type this add-in does not convert (Cube's `geo`, a newer one) is written as the text it is.
  type: openEnum(MEMBER_TYPES, 'string'),
  format: MemberFormat.optional(),
  currency: z.string().optional(),
  meta: z.unknown().optional(),
});
export type AnnotationEntry = z.infer<typeof AnnotationEntry>;

export const Annotation = z.object({
  measures: z.record(z.string(), AnnotationEntry),
  dimensions: z.record(z.string(), AnnotationEntry),
  segments: z.record(z.string(), z.unknown()),
  timeDimensions: z.record(z.string(), AnnotationEntry),
});
export type Annotation = z.infer<typeof Annotation>;

/** A cell value as Cube sends it: numbers as strings, times as `YYYY-MM-DDTHH:mm:ss.SSS` strings. */
export const CubeCellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CubeCellValue = z.infer<typeof CubeCellValue>;

export const CubeLoadResult = z.looseObject({
  query: z.unknown(),
  data: z.array(z.record(z.string(), CubeCellValue)),
  annotation: Annotation,
  lastRefreshTime: z.string().optional(),
  total: z.number().nullable().optional(),
});
export type CubeLoadResult = z.infer<typeof CubeLoadResult>;

/** `200 {"error": "Continue wait"}`: the query is still running; send it again. */
export const CONTINUE_WAIT = 'Continue wait';
export const ContinueWait = z.object({ error: z.literal(CONTINUE_WAIT) });

/** core-data.yaml `V1LoadResponse`: the results in a list (`queryType: multi`, and newer servers always). */
export const CubeLoadResults = z.looseObject({
  results: z.array(CubeLoadResult).min(1),
  queryType: z.string().optional(),
  pivotQuery: z.unknown().optional(),
  slowQuery: z.boolean().optional(),
});
export type CubeLoadResults = z.infer<typeof CubeLoadResults>;

/** `/v1/load` answers Continue wait, a single result, or `{results: [...]}`, each with status 200. */
export const CubeLoadResponse = z.union([ContinueWait, CubeLoadResults, CubeLoadResult]);

export const MetaMember = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  shortTitle: z.string().optional(),
  type: z.string(),
  format: MemberFormat.optional(),
  /** core-data.yaml `V1CubeMetaMeasure.currency`: the ISO 4217 code a `currency` format shows. */
  currency: z.string().optional(),
  description: z.string().optional(),
  isVisible: z.boolean().optional(),
});
export type MetaMember = z.infer<typeof MetaMember>;

/** core-data.yaml `V1CubeMetaSegment`: a segment has no `type`. */
export const MetaSegment = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  shortTitle: z.string().optional(),
  description: z.string().optional(),
});
export type MetaSegment = z.infer<typeof MetaSegment>;

/** core-data.yaml `V1CubeMeta.folders`: a folder's members, nested folders' members merged in. */
export const MetaFolder = z.looseObject({ name: z.string(), members: z.array(z.string()) });
export type MetaFolder = z.infer<typeof MetaFolder>;

export const MetaCube = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  type: openEnum(['cube', 'view'], null).optional(),
  description: z.string().optional(),
  measures: z.array(MetaMember),
  dimensions: z.array(MetaMember),
  segments: z.array(MetaSegment),
  folders: z.array(MetaFolder).optional(),
});
export type MetaCube = z.infer<typeof MetaCube>;

export const CubeMeta = z.looseObject({ cubes: z.array(MetaCube) });
export type CubeMeta = z.infer<typeof CubeMeta>;

/**
 * `/v1/sql` (Cube's REST API reference, https://cube.dev/docs/rest-api) answers the SQL a query compiles to
 * as `[text, parameters]`. Only that pair is demanded; the rest (order, aliases, pre-aggregations) differs
 * between servers and is kept as sent.
 */
export const CubeSqlResponse = z.looseObject({
  sql: z.looseObject({ sql: z.tuple([z.string(), z.array(z.unknown())]) }),
});
export type CubeSqlResponse = z.infer<typeof CubeSqlResponse>;
