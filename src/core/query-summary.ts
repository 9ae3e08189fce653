import type { CubeFilter, CubeQuery } from '../contract';

/** What a query asks for, as a tool call's details list it: members by role, filters as short lines, the limit. */
export interface QuerySummary {
  measures: string[];
  dimensions: string[];
  time: { member: string; granularity: string | null; dateRange: string | null }[];
  filters: string[];
  limit: number | null;
}

export function summarizeQuery(query: CubeQuery): QuerySummary {
  const filters: string[] = [];
  // Top-level filters (and the parts of an `and`) all apply: one line each. An `or` is one line of its parts.
  const visit = (filter: CubeFilter) => {
    if ('and' in filter) filter.and.forEach(visit);
    else if ('or' in filter) filters.push(filter.or.map(describeFilterLine).join(' or '));
    else filters.push(describeFilterLine(filter));
  };
  (query.filters ?? []).forEach(visit);
  for (const segment of query.segments ?? []) filters.push(segment);
  return {
    measures: query.measures ?? [],
    dimensions: query.dimensions ?? [],
    time: (query.timeDimensions ?? []).map((td) => ({
      member: td.dimension,
      granularity: td.granularity ?? null,
      dateRange: td.dateRange === undefined ? null : typeof td.dateRange === 'string' ? td.dateRange : td.dateRange.join(' – '),
    })),
    filters,
    limit: query.limit ?? null,
  };
}

function describeFilterLine(filter: CubeFilter): string {
  if ('and' in filter) return `(${filter.and.map(describeFilterLine).join(' and ')})`;
  if ('or' in filter) return `(${filter.or.map(describeFilterLine).join(' or ')})`;
  const values = (filter.values ?? []).map((v) => String(v)).join(', ');
  return `${filter.member ?? filter.dimension ?? ''} ${filter.operator}${values ? ` ${values}` : ''}`;
}
