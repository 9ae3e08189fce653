import type { SqlParam } from '../store/database';
import { CubePlainError, ModelQueryError } from './errors';
import { utcBound } from './date-range';
import { dimensionSql, filterMember, measureSql, type SqlContext } from './members';
import type { NormalizedFilter, NormalizedFilterLeaf } from './normalize';

/**
 * Filters written as Cube's `BaseFilter` writes them (Cube 1.7, legacy planner), so NULLs fall where Cube
 * puts them:
 * - `equals` one value is `= ?`, several `IN (…)`, and `[null]` is `IS NULL`; a null among values adds `OR IS NULL`.
 * - `notEquals` keeps rows whose value is NULL (`<> ? OR IS NULL`) unless a value is null (then `IS NOT NULL`).
 * - `contains`, `startsWith`, `endsWith` are case-insensitive `ILIKE`, their negations keep NULLs.
 * - Date operators compare the stored (UTC) time with bounds turned from the query's zone into UTC.
 *   `beforeDate`/`afterDate`/`…OrOn` compare with the given value's start (a relative value was already
 *   resolved to the range's start or end by normalization).
 */

export interface CompiledFilter {
  sql: string;
  /** A filter on a measure goes to HAVING. */
  onMeasure: boolean;
}

export function filterSql(ctx: SqlContext, filter: NormalizedFilter, params: SqlParam[]): CompiledFilter {
  if ('and' in filter || 'or' in filter) {
    const [joiner, parts] = 'and' in filter ? ['AND', filter.and] : ['OR', filter.or];
    if (parts.length === 0) return { sql: '1 = 1', onMeasure: false };
    const compiled = parts.map((part) => filterSql(ctx, part, params));
    const onMeasure = compiled.some((c) => c.onMeasure);
    if (onMeasure && compiled.some((c) => !c.onMeasure)) {
      throw new ModelQueryError('You cannot use dimension and measure in same condition');
    }
    return { sql: `(${compiled.map((c) => c.sql).join(` ${joiner} `)})`, onMeasure };
  }
  return leafSql(ctx, filter, params);
}

function leafSql(ctx: SqlContext, filter: NormalizedFilterLeaf, params: SqlParam[]): CompiledFilter {
  const member = filterMember(ctx.model, filter.member);
  const onMeasure = member.kind === 'measure';
  const column = member.kind === 'measure' ? measureSql(ctx, member) : dimensionSql(ctx, member);
  const isNumber = member.kind === 'measure' || member.type === 'number';
  const values = filter.values ?? [];
  const present = values.filter((v): v is string => v !== null);
  const hasNull = values.includes(null);
  const param = (value: string) => {
    params.push(value);
    return isNumber ? 'CAST(? AS DOUBLE)' : '?';
  };
  const first = () => {
    // Cube's BaseFilter raises this as a plain error (`gt` with only a null value, say).
    if (present.length === 0) throw new CubePlainError('Expected one parameter but nothing found');
    return param(present[0]!);
  };
  const orNull = (add: boolean) => (add ? ` OR ${column} IS NULL` : '');
  const like = (negate: boolean, prefix: boolean, suffix: boolean) => {
    const parts = present.map((value) => {
      params.push(value.replace(/([\\_%])/g, '\\$1'));
      return `${column}${negate ? ' NOT' : ''} ILIKE ${prefix ? "'%' || " : ''}?${suffix ? " || '%'" : ''} ESCAPE '\\'`;
    });
    return `${parts.join(negate ? ' AND ' : ' OR ')}${orNull(negate ? !hasNull : hasNull)}`;
  };
  const timestamp = (value: string | null | undefined, side: 'start' | 'end') => {
    if (!value) return undefined;
    params.push(utcBound(value, side, ctx.timezone));
    return '?::TIMESTAMPTZ';
  };
  const several = values.length > 1;
  let sql: string;
  switch (filter.operator) {
    case 'equals':
    case 'in':
      sql = several ? `${column} IN (${present.map(param).join(', ')})${orNull(hasNull)}`
        : hasNull ? `${column} IS NULL` : `${column} = ${first()}`;
      break;
    case 'notEquals':
    case 'notIn':
      sql = several ? `${column} NOT IN (${present.map(param).join(', ')})${orNull(!hasNull)}`
        : hasNull ? `${column} IS NOT NULL` : `${column} <> ${first()}${orNull(true)}`;
      break;
    case 'contains': sql = like(false, true, true); break;
    case 'notContains': sql = like(true, true, true); break;
    case 'startsWith': sql = like(false, false, true); break;
    case 'notStartsWith': sql = like(true, false, true); break;
    case 'endsWith': sql = like(false, true, false); break;
    case 'notEndsWith': sql = like(true, true, false); break;
    case 'gt': sql = `${column} > ${first()}`; break;
    case 'gte': sql = `${column} >= ${first()}`; break;
    case 'lt': sql = `${column} < ${first()}`; break;
    case 'lte': sql = `${column} <= ${first()}`; break;
    case 'set': sql = `${column} IS NOT NULL`; break;
    case 'notSet': sql = `${column} IS NULL`; break;
    case 'inDateRange':
    case 'onTheDate':
    case 'notInDateRange': {
      const from = timestamp(values[0], 'start');
      const to = timestamp(values[1], 'end');
      if (!from || !to) sql = '1 = 1';
      else sql = filter.operator === 'notInDateRange' ? `${column} < ${from} OR ${column} > ${to}` : `${column} >= ${from} AND ${column} <= ${to}`;
      break;
    }
    case 'beforeDate':
    case 'beforeOrOnDate':
    case 'afterDate':
    case 'afterOrOnDate': {
      const bound = timestamp(values[0], 'start');
      const op = { beforeDate: '<', beforeOrOnDate: '<=', afterDate: '>', afterOrOnDate: '>=' }[filter.operator];
      sql = bound ? `${column} ${op} ${bound}` : '1 = 1';
      break;
    }
    case 'measureFilter':
      throw new ModelQueryError(`Operator measureFilter is not supported on '${filter.member}'`);
  }
  return { sql: `(${sql})`, onMeasure };
}
