import type { CubeQuery } from '../../src/contract';
import type { DataClient } from '../../src/ports/data-source';

/**
 * What a formula's own query answers, sent by the test itself: the measure filtered as the formula asks, no
 * dimensions, so Cube returns one row (an empty set aggregates to 0 for a count, null for the rest).
 */
export async function ownAnswer(data: DataClient, query: CubeQuery): Promise<number | ''> {
  const result = await data.load(query);
  if (result.data.length !== 1) throw new Error(`A query without dimensions answered ${result.data.length} rows`);
  const value = result.data[0]![query.measures![0]!];
  return value === null || value === undefined ? '' : Number(value);
}

/** The sample model's revenue in one region over a date range, as one cell of a P&L asks for it. */
export const revenueIn = (region: string, [from, to]: [string, string]): CubeQuery => ({
  measures: ['sales.total_amount'],
  filters: [{ member: 'sales.region', operator: 'equals', values: [region] }],
  timeDimensions: [{ dimension: 'sales.created_at', dateRange: [from, to] }],
});
