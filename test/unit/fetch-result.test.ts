import type { CubeLoadResult, CubeQuery } from '../../src/contract';
import { fetchResult } from '../../src/placements/fetch-result';

function source(total: number) {
  const calls: { limit?: number; offset?: number }[] = [];
  const load = async (query: CubeQuery): Promise<CubeLoadResult> => {
    calls.push({ limit: query.limit, offset: query.offset });
    const start = query.offset ?? 0;
    const end = Math.min(total, start + (query.limit ?? 10_000));
    const data = Array.from({ length: Math.max(0, end - start) }, (_, i) => ({ 'o.id': String(start + i) }));
    return { query, data, annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} } };
  };
  return { load, calls };
}

describe('fetchResult', () => {
  it('fetches page after page until a short page', async () => {
    const s = source(25);
    const { result, cutAt } = await fetchResult(s, { dimensions: ['o.id'] }, { pageSize: 10, maxRows: 100 });
    expect(result.data.map((r) => Number(r['o.id']))).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(s.calls).toEqual([{ limit: 10, offset: 0 }, { limit: 10, offset: 10 }, { limit: 10, offset: 20 }]);
    expect(cutAt).toBeNull();
  });

  it('keeps the report\'s own limit without calling it cut', async () => {
    const s = source(1000);
    const { result, cutAt } = await fetchResult(s, { dimensions: ['o.id'], limit: 15 }, { pageSize: 10, maxRows: 100 });
    expect(result.data).toHaveLength(15);
    expect(cutAt).toBeNull();
  });

  it('cuts at the maximum and says so', async () => {
    const s = source(1000);
    const { result, cutAt } = await fetchResult(s, { dimensions: ['o.id'] }, { pageSize: 10, maxRows: 30 });
    expect(result.data).toHaveLength(30);
    expect(cutAt).toBe(30);
    const exact = await fetchResult(source(30), { dimensions: ['o.id'] }, { pageSize: 10, maxRows: 30 });
    expect(exact.cutAt).toBeNull();
  });
});
