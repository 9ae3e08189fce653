import type { CubeFilter, CubeQuery } from '../contract';
import { ENGLISH_CELL_WORDS, type FilterWords } from './cell-words';

/** The words above a table that say which filters made it. */

/** A member that is only filtered on has no annotation: `orders.customer_segment` reads "Customer segment". */
export function humanizeMember(member: string): string {
  const name = member.slice(member.lastIndexOf('.') + 1).replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * "Completed orders; Status is completed; Region is not Europe or Asia Pacific; Created at between 2025-01-01 and
 * 2025-12-31": the segments applied (each a named filter of the model's, by its title) first, then the filters.
 */
export function filterSummary(query: CubeQuery, titleOf: (member: string) => string, words: FilterWords = ENGLISH_CELL_WORDS): string {
  const and = ` ${words.and} `;
  const or = ` ${words.or} `;
  const describe = (filter: CubeFilter): string => {
    if (!('operator' in filter)) {
      const [joiner, parts] = 'and' in filter ? [and, filter.and] : [or, filter.or];
      return `(${parts.map(describe).join(joiner)})`;
    }
    const member = titleOf(filter.member ?? filter.dimension ?? '');
    const operator = words.operators[filter.operator] ?? filter.operator;
    const values = (filter.values ?? []).map(String);
    if (filter.operator === 'set' || filter.operator === 'notSet') return `${member} ${operator}`;
    if (filter.operator.endsWith('DateRange')) {
      // One value is a relative range Cube resolves ("last year"): written as the time dimension's own range is.
      if (values.length === 1) return `${member} ${filter.operator === 'notInDateRange' ? `${words.not} ` : ''}${values[0]}`;
      return `${member} ${operator} ${values[0] ?? ''}${and}${values[1] ?? ''}`;
    }
    return `${member} ${operator} ${values.join(or)}`;
  };
  const parts = [...(query.segments ?? []).map(titleOf), ...(query.filters ?? []).map(describe)];
  for (const td of query.timeDimensions ?? []) {
    if (!td.dateRange) continue;
    const range = Array.isArray(td.dateRange) ? `${words.operators.inDateRange} ${td.dateRange[0]}${and}${td.dateRange[1]}` : td.dateRange;
    parts.push(`${titleOf(td.dimension)} ${range}`);
  }
  return parts.join('; ');
}
