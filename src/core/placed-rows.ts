import type { CubeQuery } from '../contract';

/** How many result rows placing fetches at most: the query's own limit, within the add-in's maximum. */
export const wantedRows = (query: CubeQuery, maxRows: number): number => Math.min(query.limit ?? Infinity, maxRows);

/**
 * The result rows placing would fetch, from Cube's `total`: those past the query's offset, up to its limit and
 * the add-in's maximum (`fetchResult`'s rule); `cutAt` when the maximum, not the report, stops it.
 */
export function placedRows(total: number, query: CubeQuery, maxRows: number): { rows: number; cutAt: number | null } {
  const available = Math.max(0, total - (query.offset ?? 0));
  const rows = Math.min(available, wantedRows(query, maxRows));
  const cut = available > maxRows && (query.limit ?? Infinity) > maxRows;
  return { rows, cutAt: cut ? maxRows : null };
}
