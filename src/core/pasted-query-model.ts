import type { CubeFilter, CubeMeta, CubeQuery, MemberType } from '../contract';
import { Granularity } from '../contract';
import { filterProblem } from './exploration-filters';
import { closestMembers } from './member-suggestions';
import type { MemberRole, PastedQueryProblem } from './pasted-query-problems';

/**
 * A pasted query's members against the deployment's model (`/v1/meta`, cubes and views alike): each is known, and of
 * the kind its place asks for (a measure in `measures`, a time dimension in `timeDimensions`, a segment in
 * `segments`); each filter can run as the builder keeps it. An unknown name gets the model's closest names of that
 * kind. Every problem is told, in the order the query names them.
 */

const KNOWN_TYPES: readonly string[] = ['string', 'number', 'time', 'boolean'];

interface ModelNames {
  measures: Set<string>;
  /** Each dimension's type (a type the add-in does not know is text, as the builder treats it). */
  dimensions: Map<string, MemberType>;
  segments: Set<string>;
}

function namesOf(meta: CubeMeta): ModelNames {
  const names: ModelNames = { measures: new Set(), dimensions: new Map(), segments: new Set() };
  for (const cube of meta.cubes) {
    for (const m of cube.measures) names.measures.add(m.name);
    for (const d of cube.dimensions) names.dimensions.set(d.name, KNOWN_TYPES.includes(d.type) ? (d.type as MemberType) : 'string');
    for (const s of cube.segments) names.segments.add(s.name);
  }
  return names;
}

/** Every problem of a well-formed query's members against the model. */
export function modelProblems(query: CubeQuery, meta: CubeMeta): PastedQueryProblem[] {
  const model = namesOf(meta);
  const problems: PastedQueryProblem[] = [];
  const measures = [...model.measures];
  const dimensions = [...model.dimensions.keys()];
  const times = dimensions.filter((d) => model.dimensions.get(d) === 'time');
  const unknown = (path: string, member: string, role: MemberRole, among: readonly string[]): PastedQueryProblem =>
    ({ kind: 'unknown-member', path, member, role, suggestions: nearest(member, among) });

  (query.measures ?? []).forEach((member, i) => {
    const path = `measures[${i}]`;
    if (model.measures.has(member)) return;
    if (model.dimensions.has(member)) problems.push({ kind: 'dimension-as-measure', path, member });
    else if (model.segments.has(member)) problems.push({ kind: 'segment-as-member', path, member, field: 'measures' });
    else problems.push(unknown(path, member, 'measure', measures));
  });

  (query.dimensions ?? []).forEach((name, i) => {
    const path = `dimensions[${i}]`;
    // `cube.time.month`: a time dimension at a granularity, as Cube's format allows in `dimensions` too.
    const [cube, member, granularity, ...rest] = name.split('.');
    const base = `${cube}.${member}`;
    if (granularity !== undefined && model.dimensions.get(base) === 'time') {
      if (rest.length || !Granularity.safeParse(granularity).success) {
        problems.push({ kind: 'not-one-of', path, value: name.slice(base.length + 1), allowed: Granularity.options });
      }
      return;
    }
    if (model.dimensions.has(name)) return;
    if (model.measures.has(name)) problems.push({ kind: 'measure-as-dimension', path, member: name, field: 'dimensions' });
    else if (model.segments.has(name)) problems.push({ kind: 'segment-as-member', path, member: name, field: 'dimensions' });
    else problems.push(unknown(path, name, 'dimension', dimensions));
  });

  (query.timeDimensions ?? []).forEach((td, i) => {
    const path = `timeDimensions[${i}]`;
    const member = td.dimension;
    const type = model.dimensions.get(member);
    if (type === 'time') {
      if (td.dateRange === undefined) return;
      const values = typeof td.dateRange === 'string' ? [td.dateRange] : [...td.dateRange];
      const problem = filterProblem({ member, operator: 'inDateRange', values }, 'time');
      if (problem) problems.push({ kind: 'date-range', path: `${path}.dateRange`, member, problem });
    } else if (type !== undefined) problems.push({ kind: 'not-time-dimension', path, member, type });
    else if (model.measures.has(member)) problems.push({ kind: 'measure-as-dimension', path, member, field: 'timeDimensions' });
    else if (model.segments.has(member)) problems.push({ kind: 'segment-as-member', path, member, field: 'timeDimensions' });
    else problems.push(unknown(path, member, 'time-dimension', times));
  });

  (query.segments ?? []).forEach((member, i) => {
    const path = `segments[${i}]`;
    if (model.segments.has(member)) return;
    if (model.measures.has(member)) problems.push({ kind: 'not-a-segment', path, member, is: 'measure' });
    else if (model.dimensions.has(member)) problems.push({ kind: 'not-a-segment', path, member, is: 'dimension' });
    else problems.push(unknown(path, member, 'segment', [...model.segments]));
  });

  // The shape check lets only plain member filters through (groups are refused there).
  (query.filters ?? []).forEach((filter: CubeFilter, i) => {
    if (!('operator' in filter)) return;
    const path = `filters[${i}]`;
    const member = filter.member ?? filter.dimension ?? '';
    const type: MemberType | undefined = model.measures.has(member) ? 'number' : model.dimensions.get(member);
    if (type === undefined) {
      if (model.segments.has(member)) problems.push({ kind: 'segment-as-member', path, member, field: 'filters' });
      else problems.push(unknown(path, member, 'member', [...measures, ...dimensions]));
      return;
    }
    // Values as the builder keeps them (text); a filter it could not run would be left out of what is placed.
    const values = (filter.values ?? []).map((v) => (v === null ? '' : String(v)));
    const problem = filterProblem({ member, operator: filter.operator, values }, type);
    if (problem) problems.push({ kind: 'filter-values', path, member, problem });
  });

  const order = Array.isArray(query.order) ? query.order.map(([member]) => member) : Object.keys(query.order ?? {});
  order.forEach((name, i) => {
    const path = Array.isArray(query.order) ? `order[${i}]` : `order.${name}`;
    // Ordered by a time dimension at a granularity (`cube.time.month`) or by the member itself.
    const member = name.split('.').slice(0, 2).join('.');
    if (model.measures.has(member) || model.dimensions.has(member)) return;
    if (model.segments.has(member)) problems.push({ kind: 'segment-as-member', path, member, field: 'order' });
    else problems.push(unknown(path, name, 'member', [...measures, ...dimensions]));
  });
  return problems;
}

/**
 * The model's names closest to an unknown one: those of the cube or view it names first (`sales.total_amont` is
 * `sales.total_amount`, not also `orders.total_amount`), else any.
 */
function nearest(member: string, among: readonly string[]): string[] {
  const prefix = `${member.split('.')[0]}.`;
  const near = closestMembers(member, among.filter((name) => name.startsWith(prefix)));
  return near.length ? near : closestMembers(member, among);
}
