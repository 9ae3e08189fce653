/**
 * Date ranges and date filters, as Cube 1.7.43 resolves them.
 *
 * Sources: packages/cubejs-api-gateway/src/date-parser.ts (relative strings), query.ts (resolveDateRange,
 * normalizeDateFilterValues), schema-compiler/src/adapter/BaseFilter.js and Tesseract's
 * planner/filter/operators/date_single.rs (inclusive and exclusive bounds), docs
 * https://cube.dev/docs/product/apis-integrations/rest-api/query-format#relative-date-range and
 * #date-range-filters. The query clock is Sunday 2025-06-15T10:30:00Z (support.ts).
 *
 * Every expected count is independent SQL over the reference copy, with the bounds written here from Cube's
 * rules: a range is wall-clock time in the query's time zone, both ends inclusive, `[start, end]` resolved to
 * `YYYY-MM-DDTHH:mm:ss.SSS` strings.
 */
import { CUBE_TIME_FORMAT, localCreatedAt, pick, sqlTimestamp, useConformance, type Row } from './support';

const c = useConformance();

async function refCount(where: string): Promise<string> {
  const [row] = await c.ref(`SELECT count(*) AS n FROM orders WHERE ${where}`);
  return String(row!.n);
}
const between = (timeZone: string, [start, end]: readonly [string, string]) =>
  `${localCreatedAt(timeZone)} BETWEEN ${sqlTimestamp(start)} AND ${sqlTimestamp(end)}`;

type RangeCase = [expression: string, timeZone: string, start: string, end: string];

// date-parser.ts: `(this|last|next) <unit>` → now ± 1 unit, start/end of that unit (weeks are ISO weeks,
// span 'isoWeek': Monday to Sunday); `last N <unit>` → start of (now − N units) .. end of (now − 1 unit);
// `next N <unit>` → start of (now + 1 unit) .. end of (now + N units); today/yesterday/tomorrow; `from A to B`
// parsed by chrono relative to now, widened to whole days unless the text names hour/minute/second; any other
// string parsed by chrono, widened to the whole day. The input is lower-cased first. "Now" is the query clock
// read in the query's time zone.
const relativeCases: RangeCase[] = [
  ['today', 'UTC', '2025-06-15T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['yesterday', 'UTC', '2025-06-14T00:00:00.000', '2025-06-14T23:59:59.999'],
  ['tomorrow', 'UTC', '2025-06-16T00:00:00.000', '2025-06-16T23:59:59.999'],
  ['this week', 'UTC', '2025-06-09T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['this month', 'UTC', '2025-06-01T00:00:00.000', '2025-06-30T23:59:59.999'],
  ['this quarter', 'UTC', '2025-04-01T00:00:00.000', '2025-06-30T23:59:59.999'],
  ['this year', 'UTC', '2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999'],
  ['last week', 'UTC', '2025-06-02T00:00:00.000', '2025-06-08T23:59:59.999'],
  ['last month', 'UTC', '2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999'],
  ['last quarter', 'UTC', '2025-01-01T00:00:00.000', '2025-03-31T23:59:59.999'],
  ['last year', 'UTC', '2024-01-01T00:00:00.000', '2024-12-31T23:59:59.999'],
  ['next week', 'UTC', '2025-06-16T00:00:00.000', '2025-06-22T23:59:59.999'],
  ['next month', 'UTC', '2025-07-01T00:00:00.000', '2025-07-31T23:59:59.999'],
  ['next quarter', 'UTC', '2025-07-01T00:00:00.000', '2025-09-30T23:59:59.999'],
  // No orders in 2026: Cube still answers one row, a count of "0".
  ['next year', 'UTC', '2026-01-01T00:00:00.000', '2026-12-31T23:59:59.999'],
  // Whole periods before the current one: start = now − N units at the start of its unit, end = now − 1 unit.
  ['last 7 days', 'UTC', '2025-06-08T00:00:00.000', '2025-06-14T23:59:59.999'],
  // now − 2 weeks is Sunday 2025-06-01, whose ISO week starts Monday 2025-05-26.
  ['last 2 weeks', 'UTC', '2025-05-26T00:00:00.000', '2025-06-08T23:59:59.999'],
  ['last 3 months', 'UTC', '2025-03-01T00:00:00.000', '2025-05-31T23:59:59.999'],
  ['last 2 quarters', 'UTC', '2024-10-01T00:00:00.000', '2025-03-31T23:59:59.999'],
  ['last 2 years', 'UTC', '2023-01-01T00:00:00.000', '2024-12-31T23:59:59.999'],
  ['last 12 months', 'UTC', '2024-06-01T00:00:00.000', '2025-05-31T23:59:59.999'],
  ['next 3 days', 'UTC', '2025-06-16T00:00:00.000', '2025-06-18T23:59:59.999'],
  ['next 2 months', 'UTC', '2025-07-01T00:00:00.000', '2025-08-31T23:59:59.999'],
  ['from 7 days ago to now', 'UTC', '2025-06-08T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['from 2024-01-01 to 2024-03-31', 'UTC', '2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999'],
  // No "hour"/"minute"/"second" in the text: the times are dropped, whole days kept (exactGranularity 'day').
  ['from 2024-01-01 10:00 to 2024-01-02 12:00', 'UTC', '2024-01-01T00:00:00.000', '2024-01-02T23:59:59.999'],
  // dateString.toLowerCase() comes first.
  ['This Month', 'UTC', '2025-06-01T00:00:00.000', '2025-06-30T23:59:59.999'],
  // A single date as a string goes through chrono: that whole day.
  ['2024-03-05', 'UTC', '2024-03-05T00:00:00.000', '2024-03-05T23:59:59.999'],
  // In Tokyo the clock reads 2025-06-15 19:30: the same calendar day as UTC.
  ['today', 'Asia/Tokyo', '2025-06-15T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['last 7 days', 'Asia/Tokyo', '2025-06-08T00:00:00.000', '2025-06-14T23:59:59.999'],
  ['from 2024-01-01 to 2024-03-31', 'Asia/Tokyo', '2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999'],
  // New York reads 06:30 the same Sunday.
  ['yesterday', 'America/New_York', '2025-06-14T00:00:00.000', '2025-06-14T23:59:59.999'],
  ['last month', 'America/New_York', '2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999'],
  ['this week', 'America/New_York', '2025-06-09T00:00:00.000', '2025-06-15T23:59:59.999'],
  // Kiritimati (UTC+14) reads Monday 2025-06-16 00:30: "now" is read in the query's zone, a new ISO week.
  ['today', 'Pacific/Kiritimati', '2025-06-16T00:00:00.000', '2025-06-16T23:59:59.999'],
  ['this week', 'Pacific/Kiritimati', '2025-06-16T00:00:00.000', '2025-06-22T23:59:59.999'],
  ['last week', 'Pacific/Kiritimati', '2025-06-09T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['last 7 days', 'Pacific/Kiritimati', '2025-06-09T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['next 3 days', 'Pacific/Kiritimati', '2025-06-17T00:00:00.000', '2025-06-19T23:59:59.999'],
  ['from 7 days ago to now', 'Pacific/Kiritimati', '2025-06-09T00:00:00.000', '2025-06-16T23:59:59.999'],
  // Pago Pago (UTC−11) reads Saturday 2025-06-14 23:30.
  ['today', 'Pacific/Pago_Pago', '2025-06-14T00:00:00.000', '2025-06-14T23:59:59.999'],
  ['tomorrow', 'Pacific/Pago_Pago', '2025-06-15T00:00:00.000', '2025-06-15T23:59:59.999'],
  ['last 7 days', 'Pacific/Pago_Pago', '2025-06-07T00:00:00.000', '2025-06-13T23:59:59.999'],
];

describe('relative dateRange strings (date-parser.ts), resolved and echoed in query.timeDimensions', () => {
  it.each(relativeCases)('%s in %s is %s .. %s', async (expression, timeZone, start, end) => {
    const query = {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', dateRange: expression }],
      ...(timeZone === 'UTC' ? {} : { timezone: timeZone }),
    };
    const body = await c.loadOk(query);
    // query.ts normalizeQuery: timeDimensions[].dateRange = resolveDateRange(...) → [start, end]; timezone defaults to UTC.
    expect(body.query.timeDimensions).toEqual([{ dimension: 'orders.created_at', dateRange: [start, end] }]);
    expect(body.query.timezone).toBe(timeZone);
    expect(body.data).toEqual([{ 'orders.count': await refCount(between(timeZone, [start, end])) }]);
  });
});

// query.ts resolveDateRange: an array of one element is [d, d]; a bare date becomes T00:00:00.000 at the start
// and T23:59:59.999 at the end; anything else is moment.utc(d) formatted as YYYY-MM-DDTHH:mm:ss.SSS.
const absoluteCases: [label: string, dateRange: string[], timeZone: string, start: string, end: string][] = [
  ['a pair of dates', ['2024-01-01', '2024-03-31'], 'UTC', '2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999'],
  ['a single-element array', ['2024-03-05'], 'UTC', '2024-03-05T00:00:00.000', '2024-03-05T23:59:59.999'],
  ['a pair with times, T and space separated', ['2024-03-10T06:00:00', '2024-03-10 18:30:00'], 'UTC', '2024-03-10T06:00:00.000', '2024-03-10T18:30:00.000'],
  ['a pair with milliseconds', ['2024-03-10T06:00:00.000', '2024-03-10T18:29:59.999'], 'UTC', '2024-03-10T06:00:00.000', '2024-03-10T18:29:59.999'],
  ['a pair with a UTC designator', ['2024-03-10T06:00:00Z', '2024-03-10T18:30:00Z'], 'UTC', '2024-03-10T06:00:00.000', '2024-03-10T18:30:00.000'],
  ['a pair of dates in Tokyo', ['2024-01-01', '2024-01-31'], 'Asia/Tokyo', '2024-01-01T00:00:00.000', '2024-01-31T23:59:59.999'],
  ['a pair with times in New York', ['2024-07-04T08:00:00', '2024-07-04T20:00:00'], 'America/New_York', '2024-07-04T08:00:00.000', '2024-07-04T20:00:00.000'],
];

describe('absolute dateRange arrays (query.ts resolveDateRange)', () => {
  it.each(absoluteCases)('%s: %j in %s', async (_label, dateRange, timeZone, start, end) => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', dateRange }],
      timezone: timeZone,
    });
    expect(body.query.timeDimensions[0].dateRange).toEqual([start, end]);
    expect(body.data).toEqual([{ 'orders.count': await refCount(between(timeZone, [start, end])) }]);
  });
});

/** Buckets as Cube returns them: the truncated wall-clock time in the query zone, YYYY-MM-DDTHH:mm:ss.SSS. */
async function refBuckets(granularity: string, timeZone: string, range: readonly [string, string]): Promise<unknown[][]> {
  const local = localCreatedAt(timeZone);
  const rows = await c.ref(`SELECT strftime(date_trunc('${granularity}', ${local}), ${CUBE_TIME_FORMAT}) AS t, count(*) AS n
    FROM orders WHERE ${between(timeZone, range)} GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => [r.t, String(r.n)]);
}

// Granularity buckets are truncated in the query's zone (DuckDBQuery.timeGroupedColumn over convertTz); with a
// granularity and no explicit order, Cube orders by that time dimension ascending (BaseQuery.defaultOrder).
const bucketCases: [dateRange: string | string[], granularity: string, timeZone: string, start: string, end: string][] = [
  ['last 7 days', 'day', 'Asia/Tokyo', '2025-06-08T00:00:00.000', '2025-06-14T23:59:59.999'],
  ['last 3 months', 'month', 'America/New_York', '2025-03-01T00:00:00.000', '2025-05-31T23:59:59.999'],
  ['this week', 'week', 'Pacific/Kiritimati', '2025-06-16T00:00:00.000', '2025-06-22T23:59:59.999'],
  ['this year', 'quarter', 'Asia/Tokyo', '2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999'],
  ['last 2 years', 'year', 'America/New_York', '2023-01-01T00:00:00.000', '2024-12-31T23:59:59.999'],
  // 2024-03-10 is the start of daylight saving time in New York: 23 local hours, no 02:00 bucket.
  [['2024-03-10', '2024-03-10'], 'hour', 'America/New_York', '2024-03-10T00:00:00.000', '2024-03-10T23:59:59.999'],
  [['2024-03-01', '2024-03-31'], 'day', 'America/New_York', '2024-03-01T00:00:00.000', '2024-03-31T23:59:59.999'],
  [['2024-02-01', '2024-03-31'], 'week', 'Asia/Tokyo', '2024-02-01T00:00:00.000', '2024-03-31T23:59:59.999'],
];

describe('granularity buckets in the query time zone', () => {
  it.each(bucketCases)('%j by %s in %s', async (dateRange, granularity, timeZone, start, end) => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity, dateRange }],
      timezone: timeZone,
    });
    expect(body.query.timeDimensions[0]).toEqual({ dimension: 'orders.created_at', granularity, dateRange: [start, end] });
    const member = `orders.created_at.${granularity}`;
    expect(pick(body.data, [member, 'orders.count'])).toEqual(await refBuckets(granularity, timeZone, [start, end]));
  });

  it('sends each row the time under the granularity member and, for compatibility, the bare dimension', async () => {
    // query_result_transform.rs get_vanilla_row: a `{cube}.{dim}.{granularity}` column is copied to `{cube}.{dim}`
    // when the bare dimension is not in the query.
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2024-01-01', '2024-03-31'] }],
      timezone: 'Asia/Tokyo',
    });
    const expected = await refBuckets('month', 'Asia/Tokyo', ['2024-01-01T00:00:00.000', '2024-03-31T23:59:59.999']);
    expect(body.data).toEqual(expected.map(([t, n]) => ({ 'orders.created_at.month': t, 'orders.created_at': t, 'orders.count': n })));
  });
});

type FilterCase = [label: string, filter: Row, timeZone: string, echoedValues: string[], where: string];
const last2Weeks = ['2025-05-26T00:00:00.000', '2025-06-08T23:59:59.999'] as const;

// query.ts normalizeDateFilterValues: inDateRange/notInDateRange with ONE string value resolve it like a dateRange;
// with two values they pass through unchanged. beforeDate/afterOrOnDate with one relative string take the
// resolved start, beforeOrOnDate/afterDate the resolved end; absolute values pass through. BaseFilter /
// date_single.rs: inDateRange is >= from AND <= to, notInDateRange < from OR > to, beforeDate <, beforeOrOnDate <=,
// afterDate >, afterOrOnDate >=; a bare date is its T00:00:00.000 as a lower bound (formatFromDate) and its
// T23:59:59.999 as the upper bound of a range (formatToDate). Values are wall-clock time in the query zone.
const filterCases: FilterCase[] = [
  ['inDateRange with two dates', { member: 'orders.created_at', operator: 'inDateRange', values: ['2024-03-01', '2024-03-31'] }, 'UTC',
    ['2024-03-01', '2024-03-31'], between('UTC', ['2024-03-01T00:00:00.000', '2024-03-31T23:59:59.999'])],
  ['inDateRange with two dates in Tokyo', { member: 'orders.created_at', operator: 'inDateRange', values: ['2024-03-01', '2024-03-31'] }, 'Asia/Tokyo',
    ['2024-03-01', '2024-03-31'], between('Asia/Tokyo', ['2024-03-01T00:00:00.000', '2024-03-31T23:59:59.999'])],
  ['inDateRange with a relative string', { member: 'orders.created_at', operator: 'inDateRange', values: ['last 2 weeks'] }, 'UTC',
    [...last2Weeks], between('UTC', last2Weeks)],
  ['inDateRange with a relative string in Kiritimati', { member: 'orders.created_at', operator: 'inDateRange', values: ['last 2 weeks'] }, 'Pacific/Kiritimati',
    ['2025-06-02T00:00:00.000', '2025-06-15T23:59:59.999'], between('Pacific/Kiritimati', ['2025-06-02T00:00:00.000', '2025-06-15T23:59:59.999'])],
  ['notInDateRange with two dates', { member: 'orders.created_at', operator: 'notInDateRange', values: ['2024-01-01', '2024-12-31'] }, 'UTC',
    ['2024-01-01', '2024-12-31'], `created_at < TIMESTAMP '2024-01-01 00:00:00' OR created_at > TIMESTAMP '2024-12-31 23:59:59.999'`],
  ['notInDateRange with a relative string', { member: 'orders.created_at', operator: 'notInDateRange', values: ['this year'] }, 'UTC',
    ['2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999'], `NOT (${between('UTC', ['2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999'])})`],
  ['beforeDate a date', { member: 'orders.created_at', operator: 'beforeDate', values: ['2024-03-01'] }, 'UTC',
    ['2024-03-01'], `created_at < TIMESTAMP '2024-03-01 00:00:00'`],
  ['beforeDate a date in New York', { member: 'orders.created_at', operator: 'beforeDate', values: ['2024-03-01'] }, 'America/New_York',
    ['2024-03-01'], `${localCreatedAt('America/New_York')} < TIMESTAMP '2024-03-01 00:00:00'`],
  ['afterOrOnDate a date', { member: 'orders.created_at', operator: 'afterOrOnDate', values: ['2024-03-01'] }, 'UTC',
    ['2024-03-01'], `created_at >= TIMESTAMP '2024-03-01 00:00:00'`],
  ['beforeDate a relative string takes its start', { member: 'orders.created_at', operator: 'beforeDate', values: ['last 2 weeks'] }, 'UTC',
    [last2Weeks[0]], `created_at < ${sqlTimestamp(last2Weeks[0])}`],
  ['beforeOrOnDate a relative string takes its end', { member: 'orders.created_at', operator: 'beforeOrOnDate', values: ['last 2 weeks'] }, 'UTC',
    [last2Weeks[1]], `created_at <= ${sqlTimestamp(last2Weeks[1])}`],
  ['afterDate a relative string takes its end', { member: 'orders.created_at', operator: 'afterDate', values: ['last 2 weeks'] }, 'UTC',
    [last2Weeks[1]], `created_at > ${sqlTimestamp(last2Weeks[1])}`],
  ['afterOrOnDate a relative string takes its start', { member: 'orders.created_at', operator: 'afterOrOnDate', values: ['last 2 weeks'] }, 'UTC',
    [last2Weeks[0]], `created_at >= ${sqlTimestamp(last2Weeks[0])}`],
];

describe('date filters (query.ts normalizeDateFilterValues, BaseFilter)', () => {
  it.each(filterCases)('%s', async (_label, filter, timeZone, echoedValues, where) => {
    const body = await c.loadOk({ measures: ['orders.count'], filters: [filter], timezone: timeZone });
    expect(body.query.filters).toEqual([{ member: filter.member, operator: filter.operator, values: echoedValues }]);
    expect(body.data).toEqual([{ 'orders.count': await refCount(where) }]);
  });

  it('compares a full timestamp exactly: < and <= differ by the orders at that very second', async () => {
    // An instant at which two orders were placed, found in the reference data.
    const [instant] = await c.ref(`SELECT strftime(created_at, ${CUBE_TIME_FORMAT}) AS t FROM orders GROUP BY created_at HAVING count(*) > 1 ORDER BY created_at LIMIT 1`);
    const t = String(instant!.t);
    // YYYY-MM-DDTHH:mm:ss.SSS passes through formatFromDate / formatToDate unchanged (BaseFilter dateTimeLocalMsRegex).
    const counts: Record<string, string> = {};
    for (const [operator, sqlOperator] of [['beforeDate', '<'], ['beforeOrOnDate', '<='], ['afterDate', '>'], ['afterOrOnDate', '>=']] as const) {
      const body = await c.loadOk({ measures: ['orders.count'], filters: [{ member: 'orders.created_at', operator, values: [t] }] });
      expect(body.query.filters[0].values).toEqual([t]);
      counts[operator] = body.data[0]['orders.count'];
      expect(counts[operator]).toBe(await refCount(`created_at ${sqlOperator} ${sqlTimestamp(t)}`));
    }
    expect(Number(counts.beforeOrOnDate) - Number(counts.beforeDate)).toBe(2);
    expect(Number(counts.afterOrOnDate) - Number(counts.afterDate)).toBe(2);
  });

  it('resolves a relative string inside an or group', async () => {
    // query.ts normalizeQueryFilters recurses into and/or groups before normalizeDateFilterValues.
    const body = await c.loadOk({
      measures: ['orders.count'],
      filters: [{ or: [
        { member: 'orders.created_at', operator: 'inDateRange', values: ['last month'] },
        { member: 'orders.status', operator: 'equals', values: ['returned'] },
      ] }],
    });
    expect(body.query.filters).toEqual([{ or: [
      { member: 'orders.created_at', operator: 'inDateRange', values: ['2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999'] },
      { member: 'orders.status', operator: 'equals', values: ['returned'] },
    ] }]);
    expect(body.data).toEqual([{ 'orders.count': await refCount(`${between('UTC', ['2025-05-01T00:00:00.000', '2025-05-31T23:59:59.999'])} OR status = 'returned'`) }]);
  });

  it('combines a timeDimensions dateRange with a date filter on the same dimension (both apply)', async () => {
    // BaseQuery: the time dimension's range and every filter are ANDed in WHERE.
    const body = await c.loadOk({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: 'last 3 months' }],
      filters: [{ member: 'orders.created_at', operator: 'afterOrOnDate', values: ['2025-04-15'] }],
    });
    const rows = await c.ref(`SELECT strftime(date_trunc('month', created_at), ${CUBE_TIME_FORMAT}) AS t, count(*) AS n FROM orders
      WHERE ${between('UTC', ['2025-03-01T00:00:00.000', '2025-05-31T23:59:59.999'])} AND created_at >= TIMESTAMP '2025-04-15 00:00:00'
      GROUP BY 1 ORDER BY 1`);
    expect(pick(body.data, ['orders.created_at.month', 'orders.count'])).toEqual(rows.map((r) => [r.t, String(r.n)]));
  });
});
