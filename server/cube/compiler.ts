import type { Annotation, AnnotationEntry } from '../../src/contract';
import type { SqlParam } from '../store/database';
import { utcBound } from './date-range';
import { CubePlainError, ModelQueryError } from './errors';
import { filterSql } from './filters';
import { dimensionSql, localTime, measureSql, memberByPath, type SqlContext } from './members';
import { dimensionFormat, measureFormat } from './meta';
import type { DimensionDef, MeasureDef, MemberDef, SegmentDef, SemanticModel } from './model';
import type { NormalizedQuery } from './normalize';

const GRANULARITIES = new Set(['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year']);

export interface ResultColumn {
  /** SQL alias of the column. */
  alias: string;
  /** Keys the value is returned under in each result row. */
  keys: string[];
  kind: 'measure' | 'dimension' | 'time';
  member: MemberDef;
}

export interface CompiledQuery {
  sql: string;
  params: SqlParam[];
  /** `count(*)` over the unlimited result, when the query asked for `total`. */
  totalSql?: string;
  columns: ResultColumn[];
  /** The order Cube applies: the query's, else its default order (`BaseQuery.defaultOrder`). */
  order: { id: string; desc: boolean }[];
  query: NormalizedQuery;
  annotation: Annotation;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Compiles a normalized Cube query into one DuckDB statement over the model's table, with positional parameters. */
export function compileQuery(model: SemanticModel, query: NormalizedQuery): CompiledQuery {
  const sourceCubes = new Set<string>();
  const use = <T extends MemberDef>(member: T): T => {
    sourceCubes.add(member.sourceCube);
    return member;
  };
  const measures = (query.measures ?? []).map((name) => use(memberByPath(model, 'measure', name)));
  const dimensions = query.dimensions.map((name) => use(memberByPath(model, 'dimension', name)));
  const segments = (query.segments ?? []).map((name) => use(memberByPath(model, 'segment', name)));
  const timeDimensions = query.timeDimensions.map((td) => {
    const member = use(memberByPath(model, 'dimension', td.dimension));
    if (td.granularity && !GRANULARITIES.has(td.granularity)) {
      throw new ModelQueryError(`Granularity "${td.granularity}" does not exist in dimension ${td.dimension}`);
    }
    return { ...td, member };
  });
  collectFilterCubes(query, model, sourceCubes);
  if (sourceCubes.size > 1) {
    throw new ModelQueryError(`Can't find join path to join ${[...sourceCubes].map((c) => `'${c}'`).join(', ')}`);
  }
  const [sourceCube] = [...sourceCubes] as [string];
  refuseHidden([...dimensions, ...measures], timeDimensions.filter((td) => td.granularity).map((td) => ({ member: td.member, key: `${td.dimension}.${td.granularity}` })));
  const ungrouped = query.ungrouped === true;
  const ctx: SqlContext = { model, tableAlias: quote(sourceCube), timezone: query.timezone, ungrouped };

  const columns: ResultColumn[] = [];
  const select: string[] = [];
  const add = (sql: string, column: Omit<ResultColumn, 'alias'>) => {
    // Cube's aliases: `orders.count` is `orders__count`, `orders.created_at` by month `orders__created_at_month`.
    const alias = column.keys[0]!.replace('.', '__').replace(/\./g, '_');
    select.push(`${sql} AS ${alias}`);
    columns.push({ ...column, alias });
  };
  for (const member of dimensions) {
    add(member.type === 'time' ? timeText(localTime(ctx, member)) : dimensionSql(ctx, member), { keys: [member.name], kind: 'dimension', member });
  }
  const grouped = timeDimensions.filter((td) => td.granularity);
  for (const td of grouped) {
    // Cube returns a granular time dimension under `member.granularity` and, for compatibility, the plain name.
    const keys = [`${td.member.name}.${td.granularity}`, ...(query.dimensions.includes(td.member.name) ? [] : [td.member.name])];
    add(timeText(`date_trunc('${td.granularity}', ${localTime(ctx, td.member)})`), { keys, kind: 'time', member: td.member });
  }
  for (const member of measures) add(measureSql(ctx, member), { keys: [member.name], kind: 'measure', member });

  const params: SqlParam[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const td of timeDimensions) {
    if (!td.dateRange) continue;
    params.push(utcBound(td.dateRange[0], 'start', ctx.timezone), utcBound(td.dateRange[1], 'end', ctx.timezone));
    const column = dimensionSql(ctx, td.member);
    where.push(`(${column} >= ?::TIMESTAMPTZ AND ${column} <= ?::TIMESTAMPTZ)`);
  }
  for (const filter of query.filters) {
    const compiled = filterSql(ctx, filter, params);
    if (compiled.onMeasure && ungrouped) throw new ModelQueryError("Measure filters aren't allowed in ungrouped query");
    (compiled.onMeasure ? having : where).push(compiled.sql);
  }
  for (const segment of segments) where.push(`(${dimensionSql(ctx, segment)})`);

  const order = query.order ?? defaultOrder(query, dimensions, grouped.map((td) => td.member), measures);
  const groupCount = ungrouped ? 0 : columns.filter((c) => c.kind !== 'measure').length;
  const body = [
    `FROM ${quote(model.tableOf(sourceCube))} AS ${ctx.tableAlias}`,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    groupCount ? `GROUP BY ${Array.from({ length: groupCount }, (_, i) => i + 1).join(', ')}` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
  ].filter(Boolean).join('\n');
  const base = `SELECT ${select.join(', ')}\n${body}`;
  const orderBy = orderClause(order, columns);
  const sql = `${base}${orderBy ? `\nORDER BY ${orderBy}` : ''}\nLIMIT ${query.limit}${query.offset ? ` OFFSET ${query.offset}` : ''}`;
  return {
    sql,
    params,
    totalSql: query.total ? `SELECT count(*) AS total FROM (${base}) AS result` : undefined,
    columns,
    order,
    query,
    annotation: annotate(columns, segments, grouped, query.dimensions),
  };
}

/**
 * A member the model hides (`public: false`) cannot be selected: Cube's result transform refuses it with
 * these words (filters and segments may still use it).
 */
function refuseHidden(members: MemberDef[], granular: { member: MemberDef; key: string }[]): void {
  const hidden = members.find((m) => !m.isVisible)?.name ?? granular.find((g) => !g.member.isVisible)?.key;
  if (hidden === undefined) return;
  throw new CubePlainError(
    `You requested hidden member: '${hidden}'. Please make it visible using \`public: true\`. Please note primaryKey fields are \`public: false\` by default: https://docs.cube.dev/reference/data-modeling/joins#setting-a-primary-key.`,
  );
}

/** Cube's time values: `YYYY-MM-DDTHH:mm:ss.SSS`, no zone. */
function timeText(sql: string): string {
  return `strftime(${sql}, '%Y-%m-%dT%H:%M:%S.%g')`;
}

function collectFilterCubes(query: NormalizedQuery, model: SemanticModel, into: Set<string>): void {
  const visit = (filters: NormalizedQuery['filters']) => {
    for (const filter of filters) {
      if ('and' in filter) visit(filter.and);
      else if ('or' in filter) visit(filter.or);
      else {
        const member = model.member(filter.member);
        if (member) into.add(member.sourceCube);
      }
    }
  };
  visit(query.filters);
}

/** Cube's default order: the first granular time dimension ascending; else, with dimensions, the first measure descending; else the first dimension ascending. */
function defaultOrder(query: NormalizedQuery, dimensions: DimensionDef[], grouped: DimensionDef[], measures: MeasureDef[]) {
  if (grouped.length) return [{ id: query.timeDimensions.find((td) => td.granularity)!.dimension, desc: false }];
  if (measures.length && dimensions.length) return [{ id: measures[0]!.name, desc: true }];
  if (dimensions.length) return [{ id: dimensions[0]!.name, desc: false }];
  return [];
}

/**
 * The order as SQL. A member the query does not select is skipped, as Cube skips it. Grouped columns not
 * named follow as tie-breakers: Cube leaves ties in any order, and a fixed one keeps `offset` paging stable.
 */
function orderClause(order: { id: string; desc: boolean }[], columns: ResultColumn[]): string {
  const parts: string[] = [];
  const used = new Set<string>();
  for (const { id, desc } of order) {
    const column = columns.find((c) => c.keys.includes(id) || (c.kind === 'time' && c.member.name === id));
    if (!column || used.has(column.alias)) continue;
    parts.push(`${column.alias} ${desc ? 'DESC' : 'ASC'}`);
    used.add(column.alias);
  }
  if (parts.length === 0 && order.length === 0) return '';
  for (const column of columns) if (column.kind !== 'measure' && !used.has(column.alias)) parts.push(`${column.alias} ASC`);
  return parts.join(', ');
}

function entryOf(member: MemberDef): AnnotationEntry {
  const entry = { title: member.title, shortTitle: member.shortTitle } as AnnotationEntry;
  if (member.description) entry.description = member.description;
  // A segment's annotation has no type (Cube's `prepareAnnotation` copies the meta, where segments have none).
  if (member.kind !== 'segment') entry.type = member.kind === 'dimension' ? member.type : 'number';
  if (member.kind !== 'segment') {
    if (member.format) entry.format = annotationFormat(member);
    if (member.currency) entry.currency = member.currency;
  }
  if (member.meta) entry.meta = member.meta;
  if (member.kind === 'measure') Object.assign(entry, { drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } });
  return entry;
}

function annotationFormat(member: MeasureDef | DimensionDef): AnnotationEntry['format'] {
  return (member.kind === 'measure' ? measureFormat(member.format) : dimensionFormat(member.format, member.type)) as AnnotationEntry['format'];
}

/** Cube's `prepareAnnotation`: visible members only, granular time dimensions with `{name, title, interval}`. */
function annotate(columns: ResultColumn[], segments: SegmentDef[], grouped: { member: DimensionDef; granularity?: string }[], dimensions: string[]): Annotation {
  const annotation: Annotation = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const column of columns) {
    if (!column.member.isVisible) continue;
    if (column.kind === 'measure') annotation.measures[column.member.name] = entryOf(column.member);
    if (column.kind === 'dimension') annotation.dimensions[column.member.name] = entryOf(column.member);
  }
  for (const segment of segments) if (segment.isVisible) annotation.segments[segment.name] = entryOf(segment);
  for (const td of grouped) {
    if (!td.member.isVisible) continue;
    const granularity = td.granularity!;
    annotation.timeDimensions[`${td.member.name}.${granularity}`] = {
      ...entryOf(td.member), granularity: { name: granularity, title: granularity, interval: `1 ${granularity}` },
    };
    if (!dimensions.includes(td.member.name)) annotation.timeDimensions[td.member.name] = entryOf(td.member);
  }
  return annotation;
}
