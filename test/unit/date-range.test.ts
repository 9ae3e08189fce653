import { resolveDateRange } from '../../server/cube/date-range';
import { QueryError } from '../../server/cube/errors';

const now = new Date('2026-03-18T10:00:00Z'); // a Wednesday

describe('resolveDateRange', () => {
  it('makes an explicit range inclusive of whole days', () => {
    expect(resolveDateRange(['2024-01-01', '2024-12-31'], 'UTC', now)).toEqual(['2024-01-01T00:00:00.000', '2024-12-31T23:59:59.999']);
    expect(resolveDateRange(['2024-01-01T10:30', '2024-01-02 11:00:05.5'], 'UTC', now)).toEqual(['2024-01-01T10:30:00.000', '2024-01-02T11:00:05.500']);
  });

  it('resolves relative phrases in the query time zone', () => {
    expect(resolveDateRange('today', 'UTC', now)).toEqual(['2026-03-18T00:00:00.000', '2026-03-18T23:59:59.999']);
    expect(resolveDateRange('yesterday', 'UTC', now)[0]).toBe('2026-03-17T00:00:00.000');
    expect(resolveDateRange('this week', 'UTC', now)).toEqual(['2026-03-16T00:00:00.000', '2026-03-22T23:59:59.999']);
    expect(resolveDateRange('last month', 'UTC', now)).toEqual(['2026-02-01T00:00:00.000', '2026-02-28T23:59:59.999']);
    expect(resolveDateRange('this quarter', 'UTC', now)).toEqual(['2026-01-01T00:00:00.000', '2026-03-31T23:59:59.999']);
    expect(resolveDateRange('last year', 'UTC', now)).toEqual(['2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999']);
    expect(resolveDateRange('last 7 days', 'UTC', now)).toEqual(['2026-03-11T00:00:00.000', '2026-03-17T23:59:59.999']);
    expect(resolveDateRange('from 2025-01-01 to 2025-01-31', 'UTC', now)[1]).toBe('2025-01-31T23:59:59.999');
    // 01:00 UTC on the 18th is still the 17th in Los Angeles.
    expect(resolveDateRange('today', 'America/Los_Angeles', new Date('2026-03-18T01:00:00Z'))[0]).toBe('2026-03-17T00:00:00.000');
  });

  it('refuses what it cannot parse', () => {
    expect(() => resolveDateRange('next fortnight', 'UTC', now)).toThrow(QueryError);
    expect(() => resolveDateRange(['2024/01/01', '2024-02-01'], 'UTC', now)).toThrow(QueryError);
  });
});
