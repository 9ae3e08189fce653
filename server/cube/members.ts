import { ModelQueryError } from './errors';
import type { DimensionDef, MeasureDef, MemberDef, SegmentDef, SemanticModel } from './model';

/**
 * Member lookup and member SQL, as Cube's evaluator resolves them. Errors are Cube's (`CubeEvaluator.byPath`):
 * `Cube 'nope' not found for path 'nope.count'` and `'nope' not found for path 'orders.nope'`.
 */

export interface SqlContext {
  model: SemanticModel;
  tableAlias: string;
  timezone: string;
  /** Cube's ungrouped mode: measures are written per row, without aggregation. */
  ungrouped: boolean;
}

type Kind = MemberDef['kind'];
type Of<K extends Kind> = Extract<MemberDef, { kind: K }>;

export function memberByPath<K extends Kind>(model: SemanticModel, kind: K, path: string): Of<K> {
  const [cubeName, memberName] = path.split('.') as [string, string | undefined];
  if (!model.cube(cubeName)) throw new ModelQueryError(`Cube '${cubeName}' not found for path '${path}'`);
  const member = model.member(`${cubeName}.${memberName}`);
  if (!member || member.kind !== kind) throw new ModelQueryError(`'${memberName}' not found for path '${path}'`);
  return member as Of<K>;
}

/** A filter's member: a measure, else a dimension (Cube's `BaseFilter` asks in that order). */
export function filterMember(model: SemanticModel, path: string): MeasureDef | DimensionDef {
  const member = model.member(path);
  if (member?.kind === 'measure') return member;
  return memberByPath(model, 'dimension', path);
}

/** Replaces `{CUBE}` with the table alias and `{member}` / `{cube.member}` with that member's SQL. */
function expandSql(ctx: SqlContext, sql: string, owner: MemberDef, seen: Set<string>): string {
  return sql.replace(/\{([A-Za-z_][A-Za-z0-9_.]*)\}/g, (_, ref: string) => {
    if (ref === 'CUBE') return ctx.tableAlias;
    const name = ref.includes('.') ? ref : `${owner.sourceCube}.${ref}`;
    const member = ctx.model.member(name);
    if (!member) throw new ModelQueryError(`'${name}' not found in the SQL of '${owner.name}'`);
    if (seen.has(member.name)) throw new ModelQueryError(`'${owner.name}' refers to itself`);
    const next = new Set(seen).add(member.name);
    return member.kind === 'measure' ? `(${measureExpression(ctx, member, next)})` : `(${expandSql(ctx, member.sql, member, next)})`;
  });
}

export function dimensionSql(ctx: SqlContext, member: DimensionDef | SegmentDef): string {
  return expandSql(ctx, member.sql, member, new Set([member.name]));
}

/** A time column as wall-clock time in the query's zone, as Cube's DuckDB dialect converts it (`convertTz`). */
export function localTime(ctx: SqlContext, member: DimensionDef): string {
  // Stored times are UTC and every connection's zone is UTC, so UTC needs no conversion.
  if (ctx.timezone === 'UTC') return `(${dimensionSql(ctx, member)})`;
  return `timezone('${ctx.timezone.replace(/'/g, "''")}', (${dimensionSql(ctx, member)})::TIMESTAMPTZ)`;
}

export function measureSql(ctx: SqlContext, member: MeasureDef): string {
  return measureExpression(ctx, member, new Set([member.name]));
}

function measureExpression(ctx: SqlContext, member: MeasureDef, seen: Set<string>): string {
  const filter = member.filters.map((f) => `(${expandSql(ctx, f, member, seen)})`).join(' AND ');
  const value = member.sql ? expandSql(ctx, member.sql, member, seen) : undefined;
  const guarded = (expr: string) => (filter ? `CASE WHEN ${filter} THEN ${expr} END` : expr);
  switch (member.aggregation) {
    case 'count':
      if (ctx.ungrouped) return value ? `CASE WHEN (${guarded(value)}) IS NOT NULL THEN 1 END` : filter ? guarded('1') : '1';
      return value ? `count(${guarded(value)})` : filter ? `count(${guarded('1')})` : 'count(*)';
    case 'count_distinct':
    case 'count_distinct_approx': {
      const counted = guarded(required(member, value));
      return ctx.ungrouped ? `CASE WHEN (${counted}) IS NOT NULL THEN 1 END` : `count(DISTINCT ${counted})`;
    }
    case 'sum':
    case 'avg':
    case 'min':
    case 'max': {
      const aggregated = guarded(required(member, value));
      return ctx.ungrouped ? aggregated : `${member.aggregation}(${aggregated})`;
    }
    case 'number':
      return required(member, value);
  }
}

function required(member: MeasureDef, sql: string | undefined): string {
  if (!sql) throw new ModelQueryError(`measure '${member.name}' of type ${member.aggregation} needs sql`);
  return sql;
}
