import type { Annotation, AnnotationEntry, CubeFilter, CubeQuery, Granularity, MemberFilter } from '../../src/contract';
import type { SqlParam } from '../store/database';
import { resolveDateRange } from './date-range';
import { QueryError } from './errors';
import type { DimensionDef, MeasureDef, MemberDef, SemanticModel } from './model';

export const DEFAULT_ROW_LIMIT = 10_000;

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
  normalizedQuery: CubeQuery & { limit: number; timezone: string };
  annotation: Annotation;
}

export interface CompileOptions {
  /** Largest `limit` the API accepts (Cube's row limit). */
  maxRowLimit: number;
  now?: Date;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** Compiles a Cube JSON query into one DuckDB statement over the model's table, with positional parameters. */
export function compileQuery(model: SemanticModel, query: CubeQuery, options: CompileOptions): CompiledQuery {
  const timezone = query.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new QueryError(`Unknown timezone: '${timezone}'`);
  }
  const limit = query.limit ?? DEFAULT_ROW_LIMIT;
  if (limit > options.maxRowLimit) {
    throw new QueryError(`The query limit has been exceeded: limit ${limit} is over the row limit of ${options.maxRowLimit}.`);
  }

  const sourceCubes = new Set<string>();
  const resolve = (name: string, expected: 'measure' | 'dimension'): MemberDef => {
    const member = model.member(name);
    if (!member) throw new QueryError(`'${name}' not found for path '${name}'`);
    if (member.kind !== expected) throw new QueryError(`'${name}' is a ${member.kind}, not a ${expected}`);
    sourceCubes.add(member.sourceCube);
    return member;
  };
  const measures = (query.measures ?? []).map((name) => resolve(name, 'measure') as MeasureDef);
  const dimensions = (query.dimensions ?? []).map((name) => resolve(name, 'dimension') as DimensionDef);
  const timeDimensions = (query.timeDimensions ?? []).map((td) => {
    const member = resolve(td.dimension, 'dimension') as DimensionDef;
    if (member.type !== 'time') throw new QueryError(`'${td.dimension}' is not a time dimension`);
    return { ...td, member };
  });
  const grouped = timeDimensions.filter((td) => td.granularity);
  if (measures.length + dimensions.length + grouped.length === 0) {
    throw new QueryError('Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid');
  }

  const params: SqlParam[] = [];
  const filterMembers: MemberDef[] = [];
  collectFilterMembers(query.filters ?? [], model, filterMembers);
  for (const member of filterMembers) sourceCubes.add(member.sourceCube);
  if (sourceCubes.size > 1) {
    throw new QueryError(`Can't find join path to join ${[...sourceCubes].map((c) => `'${c}'`).join(', ')}`);
  }
  const [sourceCube] = [...sourceCubes] as [string];
  const table = model.tableOf(sourceCube);
  const tableAlias = quote(sourceCube);
  const ctx: SqlContext = { model, tableAlias, timezone };

  const columns: ResultColumn[] = [];
  const select: string[] = [];
  const groupBy: number[] = [];
  for (const member of dimensions) {
    const alias = `d${columns.length}`;
    select.push(`${dimensionOutput(member, dimensionSql(ctx, member))} AS ${alias}`);
    columns.push({ alias, keys: [member.name], kind: 'dimension', member });
    groupBy.push(columns.length);
  }
  for (const td of grouped) {
    const alias = `t${columns.length}`;
    const truncated = `date_trunc('${td.granularity as Granularity}', ${localTime(ctx, td.member)})`;
    select.push(`${timeOutput(truncated)} AS ${alias}`);
    // Cube returns a granular time dimension under `member.granularity` and, for convenience, the plain name.
    columns.push({ alias, keys: [`${td.member.name}.${td.granularity}`, td.member.name], kind: 'time', member: td.member });
    groupBy.push(columns.length);
  }
  for (const member of measures) {
    const alias = `m${columns.length}`;
    select.push(`${measureSql(ctx, member)} AS ${alias}`);
    columns.push({ alias, keys: [member.name], kind: 'measure', member });
  }

  const where: string[] = [];
  const having: string[] = [];
  for (const td of timeDimensions) {
    if (!td.dateRange) continue;
    const range = resolveDateRange(td.dateRange, timezone, options.now);
    params.push(range.from, range.to);
    where.push(`${localTime(ctx, td.member)} BETWEEN ?::TIMESTAMP AND ?::TIMESTAMP`);
  }
  for (const filter of query.filters ?? []) {
    const compiled = filterSql(ctx, filter, params);
    (compiled.onMeasure ? having : where).push(compiled.sql);
  }

  const order = orderClause(query, columns);
  const body = [
    `FROM ${quote(table)} AS ${tableAlias}`,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    groupBy.length ? `GROUP BY ${groupBy.join(', ')}` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
  ].filter(Boolean).join('\n');
  const base = `SELECT ${select.join(', ')}\n${body}`;
  const sql = `${base}\nORDER BY ${order}\nLIMIT ${limit}${query.offset ? ` OFFSET ${query.offset}` : ''}`;

  return {
    sql,
    params,
    totalSql: query.total ? `SELECT count(*) AS total FROM (${base}) AS result` : undefined,
    columns,
    normalizedQuery: { ...query, limit, timezone, filters: query.filters ?? [], measures: query.measures ?? [], dimensions: query.dimensions ?? [], timeDimensions: query.timeDimensions ?? [] },
    annotation: annotate(columns, grouped),
  };
}

interface SqlContext {
  model: SemanticModel;
  tableAlias: string;
  timezone: string;
}

/** Replaces `{CUBE}` with the table alias and `{member}` / `{cube.member}` with that member's SQL. */
function expandSql(ctx: SqlContext, sql: string, owner: MemberDef, seen: Set<string>): string {
  return sql.replace(/\{([A-Za-z_][A-Za-z0-9_.]*)\}/g, (_, ref: string) => {
    if (ref === 'CUBE') return ctx.tableAlias;
    const name = ref.includes('.') ? ref : `${owner.sourceCube}.${ref}`;
    const member = ctx.model.member(name);
    if (!member) throw new QueryError(`'${name}' not found in the SQL of '${owner.name}'`);
    if (seen.has(member.name)) throw new QueryError(`'${owner.name}' refers to itself`);
    const next = new Set(seen).add(member.name);
    return member.kind === 'measure' ? `(${measureExpression(ctx, member, next)})` : `(${expandSql(ctx, member.sql, member, next)})`;
  });
}

function dimensionSql(ctx: SqlContext, member: DimensionDef): string {
  return expandSql(ctx, member.sql, member, new Set([member.name]));
}

/** A time column as wall-clock time in the query's zone. Stored times are UTC, so UTC needs no conversion. */
function localTime(ctx: SqlContext, member: DimensionDef): string {
  const column = dimensionSql(ctx, member);
  if (ctx.timezone === 'UTC' || ctx.timezone === 'Etc/UTC') return `(${column})`;
  return `timezone('${ctx.timezone.replace(/'/g, "''")}', (${column})::TIMESTAMPTZ)`;
}

function timeOutput(sql: string): string {
  return `strftime(${sql}, '%Y-%m-%dT%H:%M:%S.%g')`;
}

function dimensionOutput(member: DimensionDef, sql: string): string {
  return member.type === 'time' ? timeOutput(`(${sql})`) : sql;
}

function measureExpression(ctx: SqlContext, member: MeasureDef, seen: Set<string>): string {
  const filter = member.filters.map((f) => `(${expandSql(ctx, f, member, seen)})`).join(' AND ');
  const value = member.sql ? expandSql(ctx, member.sql, member, seen) : undefined;
  const guarded = (expr: string) => (filter ? `CASE WHEN ${filter} THEN ${expr} END` : expr);
  switch (member.aggregation) {
    case 'count':
      return value ? `count(${guarded(value)})` : filter ? `count(${guarded('1')})` : 'count(*)';
    case 'count_distinct':
    case 'count_distinct_approx':
      return `count(DISTINCT ${guarded(required(member, value))})`;
    case 'sum':
    case 'avg':
    case 'min':
    case 'max':
      return `${member.aggregation}(${guarded(required(member, value))})`;
    case 'number':
      return required(member, value);
  }
}

function required(member: MeasureDef, sql: string | undefined): string {
  if (!sql) throw new QueryError(`measure '${member.name}' of type ${member.aggregation} needs sql`);
  return sql;
}

function measureSql(ctx: SqlContext, member: MeasureDef): string {
  return measureExpression(ctx, member, new Set([member.name]));
}

function isMemberFilter(filter: CubeFilter): filter is MemberFilter {
  return 'operator' in filter;
}

function filterMemberName(filter: MemberFilter): string {
  const name = filter.member ?? filter.dimension;
  if (!name) throw new QueryError('A filter needs a member');
  return name;
}

function collectFilterMembers(filters: CubeFilter[], model: SemanticModel, into: MemberDef[]): void {
  for (const filter of filters) {
    if (isMemberFilter(filter)) {
      const name = filterMemberName(filter);
      const member = model.member(name);
      if (!member) throw new QueryError(`'${name}' not found for path '${name}'`);
      into.push(member);
    } else {
      collectFilterMembers('and' in filter ? filter.and : filter.or, model, into);
    }
  }
}

interface CompiledFilter {
  sql: string;
  onMeasure: boolean;
}

function filterSql(ctx: SqlContext, filter: CubeFilter, params: SqlParam[]): CompiledFilter {
  if (!isMemberFilter(filter)) {
    const [joiner, parts] = 'and' in filter ? ['AND', filter.and] : ['OR', filter.or];
    if (parts.length === 0) return { sql: 'TRUE', onMeasure: false };
    const compiled = parts.map((part) => filterSql(ctx, part, params));
    const onMeasure = compiled.some((c) => c.onMeasure);
    if (onMeasure && compiled.some((c) => !c.onMeasure)) {
      throw new QueryError('You cannot use dimension and measure in same condition');
    }
    return { sql: `(${compiled.map((c) => c.sql).join(` ${joiner} `)})`, onMeasure };
  }
  const member = ctx.model.member(filterMemberName(filter))!;
  const onMeasure = member.kind === 'measure';
  const column = member.kind === 'measure'
    ? measureSql(ctx, member)
    : member.type === 'time' ? localTime(ctx, member) : dimensionSql(ctx, member);
  const type = member.kind === 'measure' ? 'number' : member.type;
  const values = (filter.values ?? []).filter((v): v is string | number | boolean => v !== null).map(String);
  const cast = type === 'number' ? '::DOUBLE' : type === 'boolean' ? '::BOOLEAN' : type === 'time' ? '::TIMESTAMP' : '::VARCHAR';
  const placeholders = (items: string[]) => items.map((v) => { params.push(v); return `?${cast}`; }).join(', ');
  const needValues = (count?: number) => {
    if (values.length === 0 || (count !== undefined && values.length < count)) {
      throw new QueryError(`Filter '${filter.operator}' on '${member.name}' needs ${count ?? 'at least one'} value${count === 1 ? '' : 's'}`);
    }
  };
  const textMatch = (fn: string, negate: boolean) => {
    needValues();
    const parts = values.map((v) => { params.push(v.toLowerCase()); return `${fn}(lower(${column}), ?)`; });
    const any = `(${parts.join(' OR ')})`;
    return negate ? `(NOT ${any} OR ${column} IS NULL)` : any;
  };
  const timeBound = (value: string, end: boolean) => {
    const range = resolveDateRange([value, value], ctx.timezone);
    params.push(end ? range.to : range.from);
    return '?::TIMESTAMP';
  };
  let sql: string;
  switch (filter.operator) {
    case 'equals': needValues(); sql = `${column} IN (${placeholders(values)})`; break;
    case 'notEquals': needValues(); sql = `(${column} NOT IN (${placeholders(values)}) OR ${column} IS NULL)`; break;
    case 'contains': sql = textMatch('contains', false); break;
    case 'notContains': sql = textMatch('contains', true); break;
    case 'startsWith': sql = textMatch('starts_with', false); break;
    case 'notStartsWith': sql = textMatch('starts_with', true); break;
    case 'endsWith': sql = textMatch('ends_with', false); break;
    case 'notEndsWith': sql = textMatch('ends_with', true); break;
    case 'gt': case 'gte': case 'lt': case 'lte': {
      needValues(1);
      const op = { gt: '>', gte: '>=', lt: '<', lte: '<=' }[filter.operator];
      sql = `${column} ${op} ${placeholders([values[0]!])}`;
      break;
    }
    case 'set': sql = `${column} IS NOT NULL`; break;
    case 'notSet': sql = `${column} IS NULL`; break;
    case 'inDateRange': case 'notInDateRange': {
      needValues(2);
      const range = resolveDateRange([values[0]!, values[1]!], ctx.timezone);
      params.push(range.from, range.to);
      const inside = `${column} BETWEEN ?::TIMESTAMP AND ?::TIMESTAMP`;
      sql = filter.operator === 'inDateRange' ? inside : `(NOT (${inside}) OR ${column} IS NULL)`;
      break;
    }
    case 'beforeDate': needValues(1); sql = `${column} < ${timeBound(values[0]!, false)}`; break;
    case 'beforeOrOnDate': needValues(1); sql = `${column} <= ${timeBound(values[0]!, true)}`; break;
    case 'afterDate': needValues(1); sql = `${column} > ${timeBound(values[0]!, true)}`; break;
    case 'afterOrOnDate': needValues(1); sql = `${column} >= ${timeBound(values[0]!, false)}`; break;
  }
  return { sql, onMeasure };
}

/** Explicit order, else Cube's default: first granular time dimension ascending, else first measure descending, else first dimension ascending. Every grouped column follows as a tie-breaker so paging with offset is stable. */
function orderClause(query: CubeQuery, columns: ResultColumn[]): string {
  const entries: [string, 'asc' | 'desc'][] = Array.isArray(query.order)
    ? query.order
    : Object.entries(query.order ?? {});
  const parts: string[] = [];
  const used = new Set<string>();
  for (const [name, direction] of entries) {
    const column = columns.find((c) => c.keys.includes(name));
    if (!column) throw new QueryError(`Order member '${name}' is not in the query`);
    parts.push(`${column.alias} ${direction.toUpperCase()} NULLS LAST`);
    used.add(column.alias);
  }
  if (entries.length === 0 && query.order === undefined) {
    const first = columns.find((c) => c.kind === 'time') ?? columns.find((c) => c.kind === 'measure') ?? columns[0];
    if (first) {
      parts.push(`${first.alias} ${first.kind === 'measure' ? 'DESC' : 'ASC'} NULLS LAST`);
      used.add(first.alias);
    }
  }
  for (const column of columns) {
    if (column.kind !== 'measure' && !used.has(column.alias)) parts.push(`${column.alias} ASC NULLS LAST`);
  }
  return parts.length ? parts.join(', ') : '1';
}

function entryOf(member: MemberDef): AnnotationEntry {
  const entry: AnnotationEntry = { title: member.title, shortTitle: member.shortTitle, type: member.type };
  if (member.format) entry.format = member.format;
  if (member.kind === 'measure') Object.assign(entry, { drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] } });
  return entry;
}

function annotate(columns: ResultColumn[], grouped: { member: DimensionDef; granularity?: Granularity }[]): Annotation {
  const annotation: Annotation = { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} };
  for (const column of columns) {
    if (column.kind === 'measure') annotation.measures[column.member.name] = entryOf(column.member);
    if (column.kind === 'dimension') annotation.dimensions[column.member.name] = entryOf(column.member);
  }
  for (const td of grouped) {
    const granularity = td.granularity!;
    const entry = entryOf(td.member);
    annotation.timeDimensions[`${td.member.name}.${granularity}`] = {
      ...entry,
      granularity: { name: granularity, title: granularity.charAt(0).toUpperCase() + granularity.slice(1), interval: `1 ${granularity}` },
    };
    annotation.timeDimensions[td.member.name] = entry;
  }
  return annotation;
}
