import { coveringDateRange, periodEnd, periodOfCubeTime, periodStart, periodsBetween } from '../../src/core/formula-periods';

// Serials worked out by hand: 45292 is 2024-01-01; 2024 has 366 days, so 45658 is 2025-01-01, and
// 2025-03-14 is 31 + 28 + 13 = 72 days later: 45730. 2025-01-01 was a Wednesday, so 2025-03-14 is a Friday.
describe('periodStart', () => {
  it('reads a year as text, as a number, and from a date or a date serial', () => {
    expect(periodStart('2025', 'year')).toBe('2025-01-01');
    expect(periodStart(2025, 'year')).toBe('2025-01-01');
    expect(periodStart('2025-03-14', 'year')).toBe('2025-01-01');
    expect(periodStart(45730, 'year')).toBe('2025-01-01');
  });

  it('reads a quarter as 2025-Q1 (any case, dash optional) or from a date', () => {
    expect(periodStart('2025-Q1', 'quarter')).toBe('2025-01-01');
    expect(periodStart('2025q3', 'quarter')).toBe('2025-07-01');
    expect(periodStart('2025-05-20', 'quarter')).toBe('2025-04-01');
    expect(periodStart(45730, 'quarter')).toBe('2025-01-01');
    expect(periodStart('2025-Q5', 'quarter')).toBeNull();
  });

  it('reads a month as 2025-03 or 2025-3, or from a date', () => {
    expect(periodStart('2025-03', 'month')).toBe('2025-03-01');
    expect(periodStart('2025-3', 'month')).toBe('2025-03-01');
    expect(periodStart('2025-03-14', 'month')).toBe('2025-03-01');
    expect(periodStart(45730, 'month')).toBe('2025-03-01');
    expect(periodStart('2025-13', 'month')).toBeNull();
  });

  it('takes a week from any day in it, starting on Monday (also across a year end)', () => {
    expect(periodStart('2025-03-14', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-03-10', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-03-16', 'week')).toBe('2025-03-10');
    expect(periodStart('2025-01-01', 'week')).toBe('2024-12-30');
  });

  it('reads a day from ISO text (a time of day ignored) or an Excel serial (its fraction ignored)', () => {
    expect(periodStart('2025-03-14', 'day')).toBe('2025-03-14');
    expect(periodStart(' 2025-03-14T00:00:00.000 ', 'day')).toBe('2025-03-14');
    expect(periodStart(45730, 'day')).toBe('2025-03-14');
    expect(periodStart(45730.75, 'day')).toBe('2025-03-14');
  });

  it('refuses what is no period of the granularity', () => {
    expect(periodStart('2025-02-30', 'day')).toBeNull();
    expect(periodStart('March', 'month')).toBeNull();
    expect(periodStart('2025', 'month')).toBeNull();
    expect(periodStart('2025-03', 'day')).toBeNull();
    expect(periodStart('14/03/2025', 'day')).toBeNull();
    expect(periodStart(true, 'day')).toBeNull();
    expect(periodStart(0, 'day')).toBeNull();
    expect(periodStart(-5, 'month')).toBeNull();
  });
});

describe('period arithmetic', () => {
  it('ends each period on its last day', () => {
    expect(periodEnd('2025-01-01', 'year')).toBe('2025-12-31');
    expect(periodEnd('2025-04-01', 'quarter')).toBe('2025-06-30');
    expect(periodEnd('2024-02-01', 'month')).toBe('2024-02-29');
    expect(periodEnd('2025-02-01', 'month')).toBe('2025-02-28');
    expect(periodEnd('2024-12-30', 'week')).toBe('2025-01-05');
    expect(periodEnd('2025-03-14', 'day')).toBe('2025-03-14');
  });

  it('counts the periods from one start to another, both counted', () => {
    expect(periodsBetween('2023-01-01', '2025-01-01', 'year')).toBe(3);
    expect(periodsBetween('2024-10-01', '2025-04-01', 'quarter')).toBe(3);
    expect(periodsBetween('2025-01-01', '2025-12-01', 'month')).toBe(12);
    expect(periodsBetween('2025-03-10', '2025-03-24', 'week')).toBe(3);
    expect(periodsBetween('2025-02-27', '2025-03-01', 'day')).toBe(3);
  });

  it('covers sorted periods from the first start to the last end', () => {
    expect(coveringDateRange(['2025-01-01', '2025-03-01'], 'month')).toEqual(['2025-01-01', '2025-03-31']);
    expect(coveringDateRange(['2025-07-01'], 'quarter')).toEqual(['2025-07-01', '2025-09-30']);
  });

  it("reads Cube's time buckets as their first day", () => {
    expect(periodOfCubeTime('2025-03-01T00:00:00.000')).toBe('2025-03-01');
    expect(periodOfCubeTime('2025-03-01')).toBe('2025-03-01');
    expect(periodOfCubeTime('March 2025')).toBeNull();
  });
});
