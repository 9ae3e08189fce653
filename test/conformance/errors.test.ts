/**
 * Errors of Cube 1.7.43's data API: status codes and exact wording.
 *
 * How Cube answers an error (api-gateway gateway.ts handleError): a CubejsHandlerError — which includes the
 * api-gateway's own UserError (query.ts: query validation, date parsing) — is `{error: message}` with its
 * status (400); a schema-compiler UserError (schema-compiler/src/compiler/UserError.ts, e.g. an unknown member
 * from CubeEvaluator.byPath) is 400 `{type: 'UserError', error: message}`; any other Error is 500
 * `{error: e.toString()}`, i.e. "Error: <message>"; `{error: 'Continue wait'}` is 200. Outside dev mode no
 * stack or requestId is sent. Authentication failures come from checkAuthWrapper: `{error}` with 403.
 * Docs: https://cube.dev/docs/product/apis-integrations/rest-api#error-handling and
 * https://cube.dev/docs/product/apis-integrations/rest-api#continue-wait.
 */
import type { FaultRule } from '../../server/faults';
import { useConformance } from './support';

const c = useConformance();

// schema-compiler CubeEvaluator.byPath / cubeNameFromPath, and Granularity.js.
const unknownMembers: [label: string, query: object, message: string][] = [
  ['unknown measure', { measures: ['orders.nope'] }, "'nope' not found for path 'orders.nope'"],
  ['unknown dimension', { dimensions: ['orders.nope'] }, "'nope' not found for path 'orders.nope'"],
  ['unknown cube', { measures: ['nope.count'] }, "Cube 'nope' not found for path 'nope.count'"],
  ['unknown segment', { measures: ['orders.count'], segments: ['orders.nope'] }, "'nope' not found for path 'orders.nope'"],
  ['unknown member in a filter', { measures: ['orders.count'], filters: [{ member: 'orders.nope', operator: 'equals', values: ['x'] }] }, "'nope' not found for path 'orders.nope'"],
  ['unknown time dimension', { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.nope', granularity: 'day' }] }, "'nope' not found for path 'orders.nope'"],
  // A measure is looked up among dimensions and vice versa.
  ['a measure used as a dimension', { dimensions: ['orders.count'] }, "'count' not found for path 'orders.count'"],
  ['a dimension used as a measure', { measures: ['orders.status'] }, "'status' not found for path 'orders.status'"],
  // The view does not include customer_id.
  ['a cube member the view does not include', { dimensions: ['sales.customer_id'] }, "'customer_id' not found for path 'sales.customer_id'"],
  // BaseQuery.initUngrouped.
  ['a measure filter in an ungrouped query', { measures: ['orders.count'], dimensions: ['orders.id'], ungrouped: true, filters: [{ member: 'orders.count', operator: 'gt', values: ['0'] }] },
    "Measure filters aren't allowed in ungrouped query"],
  ['an unknown granularity', { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'fortnight' }] },
    'Granularity "fortnight" does not exist in dimension orders.created_at'],
];

describe('unknown members: 400 {type: "UserError", error}', () => {
  it.each(unknownMembers)('%s', async (_label, query, message) => {
    const { status, body } = await c.load(query);
    expect(status).toBe(400);
    expect(body).toEqual({ type: 'UserError', error: message });
  });

  it('are refused the same way by /v1/sql and /v1/dry-run', async () => {
    for (const reply of [await c.sql({ measures: ['orders.nope'] }), await c.dryRun({ measures: ['orders.nope'] })]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ type: 'UserError', error: "'nope' not found for path 'orders.nope'" });
    }
  });
});

// api-gateway query.ts normalizeQuery (Joi querySchema, then its own checks) and date-parser.ts.
const invalidQueries: [label: string, query: object, message: string][] = [
  ['a member name without a cube', { measures: ['nope'] },
    'Invalid query format: "measures[0]" with value "nope" fails to match the required pattern: /^[a-zA-Z0-9_]+\\.[a-zA-Z0-9_]+$/'],
  ['an empty query', {}, 'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid'],
  ['only a time dimension without granularity', { timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'last year' }] },
    'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid'],
  ['an unknown time zone', { measures: ['orders.count'], timezone: 'Mars/Base' }, 'Invalid query format: "timezone" must be a valid IANA time zone, got "Mars/Base"'],
  ['a limit that is a string', { measures: ['orders.count'], limit: '10' }, 'Invalid query format: "limit" must be a number'],
  ['a negative limit', { measures: ['orders.count'], limit: -1 }, 'Invalid query format: "limit" must be greater than or equal to 0'],
  ['an unknown order direction', { measures: ['orders.count'], order: { 'orders.count': 'up' } }, 'Invalid query format: "order.orders.count" must be one of [asc, desc]'],
  ['an unknown filter operator', { measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'like', values: ['a'] }] },
    'Invalid query format: "filters[0]" does not match any of the allowed types'],
  ['a filter without values', { measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'equals' }] },
    'Values required for filter: {"member":"orders.status","operator":"equals"}'],
  ['a filter with empty values', { measures: ['orders.count'], filters: [{ member: 'orders.status', operator: 'equals', values: [] }] },
    'Values required for filter: {"member":"orders.status","operator":"equals","values":[]}'],
  ['an unknown query property', { measures: ['orders.count'], foo: 1 }, 'Invalid query format: "foo" is not allowed'],
  ['an unknown responseFormat', { measures: ['orders.count'], responseFormat: 'csv' }, 'Invalid query format: "responseFormat" must be one of [default, compact, columnar]'],
  ['a dateRange of three dates', { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', dateRange: ['2024-01-01', '2024-02-01', '2024-03-01'] }] },
    'Invalid query format: "timeDimensions[0].dateRange" must contain less than or equal to 2 items'],
  ['an unparseable dateRange', { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'not a date' }] }, "Can't parse date: 'not a date'"],
  ['an unparseable end of "from … to …"', { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'from 2024-01-01 to soon-ish' }] }, "Can't parse date: 'soon-ish'"],
  ['an unparseable relative filter value', { measures: ['orders.count'], filters: [{ member: 'orders.created_at', operator: 'inDateRange', values: ['not a date'] }] }, "Can't parse date: 'not a date'"],
  ['a relative string among two inDateRange values', { measures: ['orders.count'], filters: [{ member: 'orders.created_at', operator: 'inDateRange', values: ['last 2 weeks', 'today'] }] },
    'Relative-date strings are only supported when `values` has a single element for operator `inDateRange`. Pass an absolute two-element [start, end] pair, or a single relative string like ["last 2 weeks"]. Got: ["last 2 weeks","today"]'],
  // gateway.ts compareDateRangeTransformer.
  ['compareDateRange on two time dimensions', { measures: ['orders.count'], timeDimensions: [
    { dimension: 'orders.created_at', compareDateRange: ['this year', 'last year'] },
    { dimension: 'orders.created_at', compareDateRange: ['this month', 'last month'] },
  ] }, 'compareDateRange can only exist for one timeDimension'],
];

describe('invalid queries: 400 {error}', () => {
  it.each(invalidQueries)('%s', async (_label, query, message) => {
    const { status, body } = await c.load(query, { queryType: 'multi' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
  });

  it('the same validation on /v1/sql and /v1/dry-run', async () => {
    for (const reply of [await c.sql({}), await c.dryRun({})]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: 'Query should contain either measures, dimensions or timeDimensions with granularities in order to be valid' });
    }
  });

  it('a request without a query (gateway.ts parseQueryParam)', async () => {
    for (const reply of [await c.request('/v1/load'), await c.request('/v1/load', { method: 'POST', body: {} })]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ error: 'Query param is required' });
    }
  });

  it('a query parameter that is not JSON (gateway.ts parseQueryParam)', async () => {
    const { status, body } = await c.request(`/v1/load?query=${encodeURIComponent('{"measures": [orders.count]}')}`);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatch(/^Unable to decode query param as JSON, error: /);
  });
});

describe('the query limit (query.ts normalizeQuery: a plain Error, so 500)', () => {
  it('refuses a limit over 50000 with 500 "Error: The query limit has been exceeded."', async () => {
    const { status, body } = await c.load({ measures: ['orders.count'], limit: 50_001 });
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Error: The query limit has been exceeded.' });
  });

  it('accepts a limit of exactly 50000', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], limit: 50_000 });
    expect(body.query).toMatchObject({ limit: 50_000, rowLimit: 50_000 });
    expect(body.data).toEqual([{ 'orders.count': '120000' }]);
  });
});

describe('hidden members (public: false)', () => {
  // The native result transform refuses a hidden member among the result's columns
  // (rust/cube/cubeorchestrator/src/query_result_transform.rs ensure_member_in_annotation: the annotation only
  // holds visible members); the error is a plain Error, so handleError answers 500.
  const hidden = "You requested hidden member: 'orders.customer_id'. Please make it visible using `public: true`. " +
    'Please note primaryKey fields are `public: false` by default: https://docs.cube.dev/reference/data-modeling/joins#setting-a-primary-key.';

  it.each([
    ['as a dimension', { dimensions: ['orders.customer_id'] }],
    ['as a dimension next to a measure', { measures: ['orders.count'], dimensions: ['orders.customer_id'] }],
  ])('refuses one selected %s', async (_label, query) => {
    const { status, body } = await c.load(query);
    expect(status).toBe(500);
    expect(body).toEqual({ error: `Error: ${hidden}` });
  });

  it('does not refuse one used only in a filter (no result column, nothing to annotate)', async () => {
    const body = await c.loadOk({ measures: ['orders.count'], filters: [{ member: 'orders.customer_id', operator: 'equals', values: ['5'] }] });
    const [expected] = await c.ref(`SELECT count(*) AS n FROM orders WHERE customer_id = 5`);
    expect(body.data).toEqual([{ 'orders.count': String(expected!.n) }]);
    expect(body.annotation.dimensions).toEqual({});
  });
});

describe('authentication (gateway.ts checkAuthWrapper, createDefaultCheckAuth)', () => {
  const query = { measures: ['orders.count'] };

  it.each(['/v1/load', '/v1/meta', '/v1/sql', '/v1/dry-run'])('%s without a token: 403 "Authorization header isn\'t set"', async (path) => {
    const suffix = path === '/v1/meta' ? '' : `?query=${encodeURIComponent(JSON.stringify(query))}`;
    const { status, body } = await c.request(`${path}${suffix}`, { token: null });
    expect(status).toBe(403);
    expect(body).toEqual({ error: "Authorization header isn't set" });
  });

  it.each(['not-a-jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'])('a token that does not verify (%s): 403 "Invalid token"', async (token) => {
    for (const reply of [await c.load(query, { token }), await c.request('/v1/meta', { token })]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ error: 'Invalid token' });
    }
  });

  // extractAuthorizationHeaderWithSchema: `x-cube-authorization` or `authorization`; with a space, the part after it.
  it('accepts the token after a scheme: "Bearer <jwt>"', async () => {
    const bearer = await c.load(query, { token: `Bearer ${c.token}` });
    expect(bearer.status).toBe(200);
    expect(bearer.body.data).toEqual([{ 'orders.count': '120000' }]);
    await c.clientPivots(query);
  });

  it('accepts the token in the x-cube-authorization header', async () => {
    const response = await fetch(`${c.base}/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { 'x-cube-authorization': c.token } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual([{ 'orders.count': '120000' }]);
    await c.clientPivots(query);
  });
});

describe('Continue wait (gateway.ts handleError: 200 {error: "Continue wait"})', () => {
  const setFaults = (rules: FaultRule[]) => c.platform.platform.faults.set(rules);
  afterEach(() => setFaults([]));

  it('answers 200 {error: "Continue wait"} while the query runs, then the result', async () => {
    setFaults([{ path: '^/cubejs-api/v1/load$', continueWait: 1 }]);
    const query = { measures: ['orders.count'], dimensions: ['orders.region'] };
    const waiting = await c.load(query);
    expect(waiting).toEqual({ status: 200, body: { error: 'Continue wait' } });
    const done = await c.load(query);
    expect(done.status).toBe(200);
    const expected = await c.ref(`SELECT region, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC`);
    expect(done.body.data.map((r: Record<string, unknown>) => [r['orders.region'], r['orders.count']])).toEqual(expected.map((r) => [r.region, String(r.n)]));
    await c.clientPivots(query);
  });

  it("is retried by Cube's own client library until the result comes", async () => {
    setFaults([{ path: '^/cubejs-api/v1/load$', continueWait: 2 }]);
    const resultSet = await c.clientPivots({ measures: ['orders.count'], dimensions: ['orders.status'] });
    const expected = await c.ref(`SELECT status, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC`);
    expect(resultSet.rawData().map((r) => [r['orders.status'], r['orders.count']])).toEqual(expected.map((r) => [r.status, String(r.n)]));
  });
});
