import type { DataClient } from '../ports/data-source';
import type { CubeLoadResult, CubeQuery } from '../contract';

export interface FetchLimits {
  /** Rows per request: the data API's row limit. */
  pageSize: number;
  /** Most rows the add-in fetches for one report; past this the result is cut and the user told. */
  maxRows: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { pageSize: 50_000, maxRows: 500_000 };

export interface FetchedResult {
  result: CubeLoadResult;
  /** Set when more rows existed than `maxRows`: how many were kept. */
  cutAt: number | null;
}

/**
 * The report's whole result, page by page with limit and offset when it is larger than one request may
 * return, up to the report's own limit and the add-in's maximum.
 */
export async function fetchResult(
  data: Pick<DataClient, 'load'>,
  query: CubeQuery,
  limits: FetchLimits = DEFAULT_FETCH_LIMITS,
  signal?: AbortSignal,
): Promise<FetchedResult> {
  const wanted = Math.min(query.limit ?? Infinity, limits.maxRows);
  // When the maximum, not the report, bounds the result, one extra row tells whether anything was cut.
  const target = (query.limit ?? Infinity) > limits.maxRows ? wanted + 1 : wanted;
  const rows: CubeLoadResult['data'] = [];
  let first: CubeLoadResult | null = null;
  let offset = query.offset ?? 0;
  while (rows.length < target) {
    const limit = Math.min(limits.pageSize, target - rows.length);
    const page = await data.load({ ...query, limit, offset }, { signal });
    first ??= page;
    // A loop, not push(...page.data): a page can hold more rows than a call may take arguments.
    for (const row of page.data) rows.push(row);
    offset += page.data.length;
    if (page.data.length < limit) break;
  }
  if (!first) throw new Error('No rows were requested.');
  const cut = rows.length > wanted;
  if (cut) rows.length = wanted;
  return { result: { ...first, data: rows }, cutAt: cut ? wanted : null };
}
