/**
 * Filter operators as Cube 1.7.43 applies them, against independent SQL over the reference copy.
 *
 * Sources: schema-compiler/src/adapter/BaseFilter.js (the SQL of each operator: `equals` with several values is
 * IN, `equals [null]` IS NULL, `notEquals`/`notContains`/`notStartsWith`/`notEndsWith` add `OR col IS NULL`,
 * LIKE operators are case-insensitive ILIKE with `%`, `_` and `\` escaped, number members compared as
 * CAST(? AS DOUBLE) in duckdb-driver DuckDBQuery.js, measure filters go to HAVING), Tesseract's
 * planner/filter/operators/{equality,like}.rs (the same semantics), api-gateway query.ts (values normalized to
 * strings, and/or groups); docs https://cube.dev/docs/product/apis-integrations/rest-api/query-format#filters-operators
 * and #boolean-logical-operators.
 *
 * The sample data has no NULLs, so "keeps NULLs" shows only in the generated SQL (checked loosely on /v1/sql).
 */
import { cubeDecimal, pick, useConformance, type Row } from './support';

const c = useConformance();

type Filter = Row;
type Case = [label: string, filters: Filter[], where: string];

async function expectFiltered(filters: Filter[], where: string, having = '') {
  const body = await c.loadOk({
    measures: ['orders.count', 'orders.total_amount'],
    dimensions: ['orders.category'],
    filters,
    order: { 'orders.category': 'asc' },
  });
  const expected = await c.ref(`SELECT category, count(*) AS n, sum(amount) AS s FROM orders
    ${where ? `WHERE ${where}` : ''} GROUP BY 1 ${having ? `HAVING ${having}` : ''} ORDER BY 1`);
  expect(pick(body.data, ['orders.category', 'orders.count', 'orders.total_amount']))
    .toEqual(expected.map((r) => [r.category, String(r.n), cubeDecimal(r.s)]));
  return body;
}

// Each row: filters as sent, and the WHERE clause written here from BaseFilter's SQL for that operator.
const dimensionCases: Case[] = [
  // equalsWhere: one value → `col = ?`; several → inWhere `col IN (?, ?)`.
  ['equals one string', [{ member: 'orders.status', operator: 'equals', values: ['returned'] }], `status = 'returned'`],
  ['equals several strings (IN)', [{ member: 'orders.region', operator: 'equals', values: ['Europe', 'Latin America'] }], `region IN ('Europe', 'Latin America')`],
  // Equality is exact (not ILIKE): a value in another case matches nothing.
  ['equals is case-sensitive', [{ member: 'orders.region', operator: 'equals', values: ['europe'] }], `region = 'europe'`],
  // notEqualsWhere: `col <> ? OR col IS NULL`; several → `col NOT IN (...) OR col IS NULL`.
  ['notEquals one string', [{ member: 'orders.status', operator: 'notEquals', values: ['completed'] }], `status <> 'completed' OR status IS NULL`],
  ['notEquals several strings (NOT IN)', [{ member: 'orders.status', operator: 'notEquals', values: ['completed', 'shipped'] }], `status NOT IN ('completed', 'shipped') OR status IS NULL`],
  // equals [null] → notSetWhere `col IS NULL`; notEquals [null] → setWhere `col IS NOT NULL`.
  ['equals [null] is IS NULL', [{ member: 'orders.status', operator: 'equals', values: [null] }], `status IS NULL`],
  ['notEquals [null] is IS NOT NULL', [{ member: 'orders.status', operator: 'notEquals', values: [null] }], `status IS NOT NULL`],
  // With null among several values: IN (the others) OR col IS NULL; notEquals: NOT IN (the others), NULLs excluded.
  ['equals a value and null', [{ member: 'orders.status', operator: 'equals', values: ['completed', null] }], `status = 'completed' OR status IS NULL`],
  ['notEquals a value and null', [{ member: 'orders.status', operator: 'notEquals', values: ['completed', null] }], `status NOT IN ('completed')`],
  ['set', [{ member: 'orders.customer_segment', operator: 'set' }], `customer_segment IS NOT NULL`],
  ['notSet', [{ member: 'orders.customer_segment', operator: 'notSet' }], `customer_segment IS NULL`],
  // likeOr / likeIgnoreCase: ILIKE '%' || ? || '%' (contains), ? || '%' (startsWith), '%' || ? (endsWith); several
  // values ORed, negated forms ANDed with NOT ILIKE, plus `OR col IS NULL`.
  ['contains is case-insensitive', [{ member: 'orders.region', operator: 'contains', values: ['AMER'] }], `region ILIKE '%amer%'`],
  ['contains several values (OR)', [{ member: 'orders.customer_name', operator: 'contains', values: ['0001', '77'] }], `customer_name ILIKE '%0001%' OR customer_name ILIKE '%77%'`],
  ['notContains several values (AND)', [{ member: 'orders.status', operator: 'notContains', values: ['ed', 'PRO'] }], `(status NOT ILIKE '%ed%' AND status NOT ILIKE '%pro%') OR status IS NULL`],
  ['startsWith', [{ member: 'orders.region', operator: 'startsWith', values: ['north', 'LAT'] }], `region ILIKE 'north%' OR region ILIKE 'lat%'`],
  ['notStartsWith', [{ member: 'orders.category', operator: 'notStartsWith', values: ['off'] }], `category NOT ILIKE 'off%' OR category IS NULL`],
  ['endsWith', [{ member: 'orders.region', operator: 'endsWith', values: ['AMERICA'] }], `region ILIKE '%america'`],
  ['notEndsWith', [{ member: 'orders.status', operator: 'notEndsWith', values: ['ED'] }], `status NOT ILIKE '%ed' OR status IS NULL`],
  // escapeWildcardChars: `_` and `%` in a value are literal characters, so these match no order.
  ['contains escapes _', [{ member: 'orders.customer_name', operator: 'contains', values: ['_'] }], `contains(customer_name, '_')`],
  ['contains escapes %', [{ member: 'orders.region', operator: 'contains', values: ['%'] }], `contains(region, '%')`],
  ['startsWith escapes _', [{ member: 'orders.customer_name', operator: 'startsWith', values: ['Customer_'] }], `starts_with(customer_name, 'Customer_')`],
  // Number dimensions: the value (a string after normalization) is compared as CAST(? AS DOUBLE).
  ['gt on a number dimension', [{ member: 'orders.amount', operator: 'gt', values: ['1000'] }], `amount > 1000`],
  ['gte on a number dimension, value given as a JSON number', [{ member: 'orders.amount', operator: 'gte', values: [1500.5] }], `amount >= 1500.5`],
  ['lt on a number dimension', [{ member: 'orders.amount', operator: 'lt', values: ['10.5'] }], `amount < 10.5`],
  ['lte on a number dimension', [{ member: 'orders.id', operator: 'lte', values: ['1000'] }], `id <= 1000`],
  ['equals several numbers', [{ member: 'orders.id', operator: 'equals', values: [42, '4242', 119999] }], `id IN (42, 4242, 119999)`],
  // A boolean dimension compared with the string "true" (values are strings after normalization).
  ['equals ["true"] on a boolean dimension', [{ member: 'orders.is_returning_customer', operator: 'equals', values: ['true'] }], `is_returning_customer = true`],
  ['equals [false] on a boolean dimension', [{ member: 'orders.is_returning_customer', operator: 'equals', values: [false] }], `is_returning_customer = false`],
  ['notEquals ["true"] on a boolean dimension', [{ member: 'orders.is_returning_customer', operator: 'notEquals', values: ['true'] }], `is_returning_customer <> true OR is_returning_customer IS NULL`],
  // The legacy `dimension` key names the member too (query.ts normalizeQueryFilters).
  ['a filter naming its member with `dimension`', [{ dimension: 'orders.customer_segment', operator: 'equals', values: ['Corporate'] }], `customer_segment = 'Corporate'`],
  // Top-level filters are ANDed; `or` / `and` groups nest (docs: boolean logical operators).
  ['several top-level filters are ANDed', [
    { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    { member: 'orders.amount', operator: 'gte', values: ['500'] },
  ], `region = 'Europe' AND amount >= 500`],
  ['or of two filters', [{ or: [
    { member: 'orders.status', operator: 'equals', values: ['returned'] },
    { member: 'orders.amount', operator: 'gt', values: ['2000'] },
  ] }], `status = 'returned' OR amount > 2000`],
  ['and nested in or, next to a plain filter', [
    { or: [
      { and: [
        { member: 'orders.region', operator: 'equals', values: ['Asia Pacific'] },
        { member: 'orders.customer_segment', operator: 'equals', values: ['Small Business'] },
      ] },
      { member: 'orders.status', operator: 'equals', values: ['cancelled'] },
    ] },
    { member: 'orders.is_returning_customer', operator: 'equals', values: ['true'] },
  ], `((region = 'Asia Pacific' AND customer_segment = 'Small Business') OR status = 'cancelled') AND is_returning_customer`],
  ['or nested in and', [{ and: [
    { or: [
      { member: 'orders.region', operator: 'startsWith', values: ['north'] },
      { member: 'orders.region', operator: 'startsWith', values: ['latin'] },
    ] },
    { member: 'orders.amount', operator: 'lt', values: ['100'] },
  ] }], `(region ILIKE 'north%' OR region ILIKE 'latin%') AND amount < 100`],
];

describe('dimension filters (WHERE)', () => {
  it.each(dimensionCases)('%s', async (_label, filters, where) => {
    await expectFiltered(filters, where);
  });

  it('echoes every value as a string, null kept (query.ts normalizeQueryFilters: v != null ? v.toString() : v)', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      filters: [
        { member: 'orders.id', operator: 'equals', values: [42, '43'] },
        { member: 'orders.is_returning_customer', operator: 'equals', values: [true] },
        { member: 'orders.status', operator: 'notEquals', values: [null] },
      ],
    });
    expect(body.query.filters).toEqual([
      { member: 'orders.id', operator: 'equals', values: ['42', '43'] },
      { member: 'orders.is_returning_customer', operator: 'equals', values: ['true'] },
      { member: 'orders.status', operator: 'notEquals', values: [null] },
    ]);
    const [expected] = await c.ref(`SELECT count(*) AS n FROM orders WHERE id IN (42, 43) AND is_returning_customer`);
    expect(body.data).toEqual([{ 'orders.count': String(expected!.n) }]);
  });

  it('filters a view through its own member names', async () => {
    const body = await c.loadOk({
      measures: ['sales.count', 'sales.total_amount'],
      dimensions: ['sales.region'],
      filters: [{ member: 'sales.category', operator: 'equals', values: ['Books'] }, { member: 'sales.status', operator: 'notEquals', values: ['cancelled'] }],
      order: { 'sales.region': 'asc' },
    });
    const expected = await c.ref(`SELECT region, count(*) AS n, sum(amount) AS s FROM orders WHERE category = 'Books' AND status <> 'cancelled' GROUP BY 1 ORDER BY 1`);
    expect(pick(body.data, ['sales.region', 'sales.count', 'sales.total_amount'])).toEqual(expected.map((r) => [r.region, String(r.n), cubeDecimal(r.s)]));
  });

  it('notEquals keeps NULL rows: the SQL adds `OR ... IS NULL` (BaseFilter.notEqualsWhere / equality.rs)', async () => {
    const { status, body } = await c.sql({ measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'notEquals', values: ['completed'] }] });
    expect(status).toBe(200);
    expect(body.sql.sql[0]).toMatch(/<>[\s\S]*IS NULL/i);
    const equals = await c.sql({ measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }] });
    expect(equals.body.sql.sql[0]).not.toMatch(/IS NULL/i);
  });

  it('a filter on a member not selected still applies, and the member stays out of the result', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], filters: [{ member: 'orders.order_link', operator: 'endsWith', values: ['/77'] }] });
    const [expected] = await c.ref(`SELECT count(*) AS n FROM orders WHERE ('https://shop.example.com/orders/' || id) ILIKE '%/77'`);
    expect(body.data).toEqual([{ 'orders.count': String(expected!.n) }]);
  });
});

// A filter on a measure is applied after aggregation, in HAVING (BaseQuery measureFilters → havingFilters).
const measureCases: [label: string, filters: Filter[], where: string, having: string][] = [
  ['gt on a count', [{ member: 'orders.count', operator: 'gt', values: ['23000'] }], '', `count(*) > 23000`],
  ['gte on a sum', [{ member: 'orders.total_amount', operator: 'gte', values: ['12000000'] }], '', `sum(amount) >= 12000000`],
  ['lt on a count', [{ member: 'orders.count', operator: 'lt', values: [21512] }], '', `count(*) < 21512`],
  ['lte on a count, the boundary included', [{ member: 'orders.count', operator: 'lte', values: ['21512'] }], '', `count(*) <= 21512`],
  ['gt on an average', [{ member: 'orders.average_amount', operator: 'gt', values: ['470'] }], '', `avg(amount) > 470`],
  ['a measure filter with a dimension filter', [
    { member: 'orders.region', operator: 'equals', values: ['Europe'] },
    { member: 'orders.count', operator: 'gt', values: ['6000'] },
  ], `region = 'Europe'`, `count(*) > 6000`],
  ['equals on a count', [{ member: 'orders.count', operator: 'equals', values: ['14678'] }], '', `count(*) = 14678`],
  ['an or group of measure filters', [{ or: [
    { member: 'orders.count', operator: 'lt', values: ['15000'] },
    { member: 'orders.count', operator: 'gt', values: ['30000'] },
  ] }], '', `count(*) < 15000 OR count(*) > 30000`],
];

describe('measure filters (HAVING)', () => {
  it.each(measureCases)('%s', async (_label, filters, where, having) => {
    await expectFiltered(filters, where, having);
  });

  it('filters groups by a measure that is not selected', async () => {
    const body = await c.loadOk({
      measures: ['orders.count'],
      dimensions: ['orders.customer_segment'],
      filters: [{ member: 'orders.average_amount', operator: 'gt', values: ['450'] }],
      order: { 'orders.customer_segment': 'asc' },
    });
    const expected = await c.ref(`SELECT customer_segment, count(*) AS n FROM orders GROUP BY 1 HAVING avg(amount) > 450 ORDER BY 1`);
    expect(pick(body.data, ['orders.customer_segment', 'orders.count'])).toEqual(expected.map((r) => [r.customer_segment, String(r.n)]));
  });
});
