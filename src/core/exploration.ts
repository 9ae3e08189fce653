import type { CubeFilter, CubeQuery, Granularity, MemberType, PivotItemsInput, TimeDimension } from '../contract';
import { filterProblem, type ExplorationFilter } from './exploration-filters';
import { resolvePivot, type Pivot } from './report-definition';

/**
 * An exploration as the builder edits it: members on Rows, Columns, Measures and Filters, order, limit and
 * display options. It turns into the two things a report stores, a Cube query (`jsonQuery`) and `pivotItems`,
 * and comes back from them. Pure: the builder view renders it and the controller runs it.
 *
 * A time dimension on Rows or Columns is written `cube.member.granularity` (as pivots and results name it).
 */

export type BuilderAxis = 'rows' | 'columns' | 'measures' | 'filters';

/** The display options of a report's pivot (`showAppliedFilters` null leaves it to the user's and the admin's setting). */
export type ExplorationDisplay = Omit<Pivot, 'rows' | 'columns' | 'measures'>;

export interface Exploration {
  rows: string[];
  columns: string[];
  measures: string[];
  filters: ExplorationFilter[];
  /** Segments applied, by full name (`sales.completed`): Cube's `segments` query field. */
  segments: string[];
  order: { member: string; direction: 'asc' | 'desc' }[];
  limit: number | null;
  display: ExplorationDisplay;
}

/** What the builder knows of a member, from `/v1/meta`. */
export interface MemberInfo {
  name: string;
  kind: 'measure' | 'dimension';
  type: MemberType;
}

export const DEFAULT_GRANULARITY: Granularity = 'month';

export function emptyExploration(): Exploration {
  // A pivot with nothing chosen has every display option at its default.
  const { rows, columns, measures, ...display } = resolvePivot({ rows: [], columns: [], measures: [], filters: [] }, {});
  return { rows, columns, measures, filters: [], segments: [], order: [], limit: null, display };
}

/** The member a placed name stands for: `orders.created_at.month` → `orders.created_at`. */
export function baseMember(name: string): string {
  return name.split('.').slice(0, 2).join('.');
}

/** The axis a member is on, or null. Filters are found by their member. */
export function axisOf(exploration: Exploration, member: string): BuilderAxis | null {
  if (exploration.measures.includes(member)) return 'measures';
  if (exploration.rows.some((m) => baseMember(m) === member)) return 'rows';
  if (exploration.columns.some((m) => baseMember(m) === member)) return 'columns';
  if (exploration.filters.some((f) => f.member === member)) return 'filters';
  return null;
}

/**
 * Puts a member on an axis (at `index`, else at the end), taking it off the grouping axis it was on: a member
 * is on Rows or Columns or Measures once, and may be filtered besides. A measure goes on Measures whatever
 * axis was asked (or Filters); a dimension never goes on Measures. A time dimension placed for grouping gets
 * the default granularity unless it brings one.
 */
export function placeMember(exploration: Exploration, member: MemberInfo, axis: BuilderAxis, index?: number, filter?: ExplorationFilter): Exploration {
  if (axis === 'filters') {
    if (!filter) throw new Error('a filter needs its operator and values');
    return { ...exploration, filters: [...exploration.filters, filter] };
  }
  const target: BuilderAxis = member.kind === 'measure' ? 'measures' : axis === 'measures' ? 'rows' : axis;
  const current = [...exploration.rows, ...exploration.columns].find((m) => baseMember(m) === member.name);
  const placed = target === 'measures' ? member.name
    : member.type === 'time' ? (current ?? `${member.name}.${DEFAULT_GRANULARITY}`) : member.name;
  const without = removeFromGrouping(exploration, member.name);
  const list = [...without[target]];
  list.splice(index === undefined ? list.length : Math.max(0, Math.min(index, list.length)), 0, placed);
  return { ...without, [target]: list };
}

function removeFromGrouping(exploration: Exploration, member: string): Exploration {
  const keep = (m: string) => baseMember(m) !== member;
  return { ...exploration, rows: exploration.rows.filter(keep), columns: exploration.columns.filter(keep), measures: exploration.measures.filter(keep) };
}

/** Takes a member off every axis, its filters and its order. */
export function removeMember(exploration: Exploration, member: string): Exploration {
  const without = removeFromGrouping(exploration, member);
  return {
    ...without,
    filters: without.filters.filter((f) => f.member !== member),
    order: without.order.filter((o) => baseMember(o.member) !== member),
  };
}

/** Moves the item at `from` to `to` within one axis (Filters included). */
export function reorder(exploration: Exploration, axis: BuilderAxis, from: number, to: number): Exploration {
  const list = [...exploration[axis]] as unknown[];
  if (from < 0 || from >= list.length) return exploration;
  const [item] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, item);
  return { ...exploration, [axis]: list };
}

/** Changes the granularity of a time dimension on Rows or Columns. */
export function setGranularity(exploration: Exploration, member: string, granularity: Granularity): Exploration {
  const change = (m: string) => (baseMember(m) === member ? `${member}.${granularity}` : m);
  return {
    ...exploration,
    rows: exploration.rows.map(change),
    columns: exploration.columns.map(change),
    order: exploration.order.map((o) => ({ ...o, member: baseMember(o.member) === member ? `${member}.${granularity}` : o.member })),
  };
}

export function replaceFilter(exploration: Exploration, index: number, filter: ExplorationFilter): Exploration {
  return { ...exploration, filters: exploration.filters.map((f, i) => (i === index ? filter : f)) };
}

export function removeFilter(exploration: Exploration, index: number): Exploration {
  return { ...exploration, filters: exploration.filters.filter((_, i) => i !== index) };
}

/** Applies a segment (`sales.completed`) or takes it off; applied segments keep the order they were applied in. */
export function applySegment(exploration: Exploration, segment: string, applied: boolean): Exploration {
  const without = exploration.segments.filter((s) => s !== segment);
  return { ...exploration, segments: applied ? [...without, segment] : without };
}

/** Something to run: at least one measure or one member on Rows or Columns. An empty exploration writes nothing. */
export function isRunnable(exploration: Exploration): boolean {
  return exploration.measures.length + exploration.rows.length + exploration.columns.length > 0;
}

const isGranular = (name: string) => name.split('.').length === 3;

/**
 * The Cube query of an exploration. Granular time members become time dimensions; a date-range filter on a
 * time member that is also grouped becomes that time dimension's `dateRange` (as Cube's own playground writes
 * it), other filters stay filters. Filters that cannot run yet (`filterProblem`) are left out.
 */
export function toQuery(exploration: Exploration, typeOf: (member: string) => MemberType | undefined, timezone?: string): CubeQuery {
  const grouped = [...exploration.rows, ...exploration.columns];
  const runnable = exploration.filters.filter((f) => {
    const type = typeOf(f.member);
    return type !== undefined && filterProblem(f, type) === null;
  });
  const timeDimensions: TimeDimension[] = grouped.filter(isGranular).map((name) => {
    const [cube, member, granularity] = name.split('.') as [string, string, Granularity];
    return { dimension: `${cube}.${member}`, granularity };
  });
  const filters: CubeFilter[] = [];
  for (const filter of runnable) {
    const td = timeDimensions.find((t) => t.dimension === filter.member && !t.dateRange);
    if (filter.operator === 'inDateRange' && td) {
      td.dateRange = filter.values.length === 1 ? filter.values[0]! : [filter.values[0]!, filter.values[1]!];
    } else {
      filters.push({ member: filter.member, operator: filter.operator, ...(filter.values.length ? { values: filter.values } : {}) });
    }
  }
  const query: CubeQuery = {
    measures: exploration.measures,
    dimensions: grouped.filter((name) => !isGranular(name)),
    timeDimensions,
    filters,
  };
  if (exploration.segments.length) query.segments = exploration.segments;
  if (exploration.order.length) query.order = exploration.order.map((o): [string, 'asc' | 'desc'] => [o.member, o.direction]);
  if (exploration.limit !== null) query.limit = exploration.limit;
  if (timezone) query.timezone = timezone;
  return query;
}

/** The report's `pivotItems` for an exploration: its axes, the members it filters on, its display options. */
export function toPivotItems(exploration: Exploration): PivotItemsInput {
  return {
    rows: exploration.rows,
    columns: exploration.columns,
    measures: exploration.measures,
    filters: [...new Set(exploration.filters.map((f) => f.member))],
    ...exploration.display,
  };
}

const valuesOf = (values: unknown[] | undefined) => (values ?? []).map((v) => (v === null ? '' : String(v)));

/**
 * An exploration from a saved report (its query and pivot items). Filters in and/or groups, which the builder
 * does not edit, are named in `unsupported` and left out; a time dimension's `dateRange` comes back as a
 * date-range filter on it.
 */
export function fromReport(query: CubeQuery, items: PivotItemsInput | null | undefined): { exploration: Exploration; unsupported: string[] } {
  const { rows, columns, measures, ...display } = resolvePivot(items, query);
  const unsupported: string[] = [];
  const filters: ExplorationFilter[] = [];
  for (const filter of query.filters ?? []) {
    if ('operator' in filter) filters.push({ member: filter.member ?? filter.dimension ?? '', operator: filter.operator, values: valuesOf(filter.values) });
    else unsupported.push('and' in filter ? 'and' : 'or');
  }
  for (const td of query.timeDimensions ?? []) {
    if (td.dateRange === undefined) continue;
    filters.push({ member: td.dimension, operator: 'inDateRange', values: typeof td.dateRange === 'string' ? [td.dateRange] : [...td.dateRange] });
  }
  const order = Array.isArray(query.order) ? query.order : Object.entries(query.order ?? {});
  return {
    exploration: { rows, columns, measures, filters, segments: [...(query.segments ?? [])], order: order.map(([member, direction]) => ({ member, direction })), limit: query.limit ?? null, display },
    unsupported,
  };
}

/** Members an exploration names that the model no longer has (the model changed since it was saved). */
export function unknownMembers(exploration: Exploration, known: (member: string) => boolean): string[] {
  const named = [
    ...exploration.rows, ...exploration.columns, ...exploration.measures,
    ...exploration.filters.map((f) => f.member), ...exploration.order.map((o) => o.member), ...exploration.segments,
  ].map(baseMember);
  return [...new Set(named)].filter((member) => !known(member));
}
