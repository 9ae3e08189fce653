import { cubeAgentSource, CubeSourceError } from '../../server/agent/cube-source';
import { RefusedQueryError } from '../../server/agent/source';

/**
 * The agent's source on a team's Cube, against answers written by hand from Cube's REST API reference
 * (https://cube.dev/docs/product/apis-integrations/rest-api/reference): `/v1/load` answers `200 {"error": "Continue
 * wait"}` while a query runs, its result alone or in `{results: [...]}`, and `400 {error}` for a query's own mistake.
 */

const API_URL = 'https://cube.example.com/cubejs-api/v1';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.secret-signature';
const QUERY = { measures: ['sales.total_amount'], dimensions: ['sales.region'] };
const RESULT = {
  query: QUERY,
  data: [{ 'sales.region': 'Europe', 'sales.total_amount': '16948055' }],
  annotation: {
    measures: { 'sales.total_amount': { title: 'Sales Total Amount', shortTitle: 'Total Amount', type: 'number' } },
    dimensions: { 'sales.region': { title: 'Sales Region', shortTitle: 'Region', type: 'string' } },
    segments: {}, timeDimensions: {},
  },
};

/** A fetch answering each call with the next of `answers`, recording what was asked. */
function cubeAnswering(...answers: { status: number; body: string }[]) {
  const calls: { url: string; method: string; authorization: string | null; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), method: init?.method ?? 'GET', authorization: headers.get('authorization'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift();
    if (!answer) throw new TypeError('fetch failed');
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, source: cubeAgentSource(API_URL, TOKEN, 'viewer', fetchImpl) };
}
const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

it('posts the query with the token as the whole Authorization header, and waits through Continue wait', async () => {
  const { calls, source } = cubeAnswering(json(200, { error: 'Continue wait' }), json(200, { error: 'Continue wait' }), json(200, RESULT));
  expect(await source.load(QUERY)).toEqual({ rows: RESULT.data, annotation: RESULT.annotation });
  expect(calls).toHaveLength(3);
  for (const call of calls) expect(call).toEqual({ url: `${API_URL}/load`, method: 'POST', authorization: TOKEN, body: { query: QUERY } });
});

it('takes the result inside {results: [...]}, as newer Cubes answer', async () => {
  const { source } = cubeAnswering(json(200, { queryType: 'regularQuery', results: [RESULT] }));
  expect((await source.load(QUERY)).rows).toEqual(RESULT.data);
});

it('tells a query Cube refuses (400) from a Cube that fails, and never repeats the token', async () => {
  const refused = cubeAnswering(json(400, { error: "'sales.nope' not found for path 'sales.nope'" })).source.load(QUERY);
  await expect(refused).rejects.toThrow(new RefusedQueryError("'sales.nope' not found for path 'sales.nope'"));
  const failures = await Promise.all([
    cubeAnswering(json(500, { error: 'Error: Connection refused' })).source.load(QUERY),
    cubeAnswering({ status: 200, body: '<html>proxy error</html>' }).source.load(QUERY),
    cubeAnswering(json(200, { rows: [] })).source.load(QUERY),
    cubeAnswering().source.load(QUERY),
    cubeAnswering(json(403, { error: 'Invalid token' })).source.meta(),
    cubeAnswering(json(200, { cubes: 'none' })).source.meta(),
  ].map((loading) => loading.then(() => null, (error: unknown) => error)));
  expect(failures.map((error) => [error instanceof CubeSourceError, (error as Error).message])).toEqual([
    [true, 'The deployment\'s Cube answered /v1/load with 500: Error: Connection refused'],
    [true, 'The deployment\'s Cube answered /v1/load with 200 and a body that is not JSON'],
    [true, 'The deployment\'s Cube answered /v1/load, but not as a Cube REST API does'],
    [true, `The deployment's Cube at ${API_URL} could not be reached (fetch failed)`],
    [true, 'The deployment\'s Cube answered /v1/meta with 403: Invalid token'],
    [true, 'The deployment\'s Cube answered /v1/meta, but not as a Cube REST API does'],
  ]);
  for (const error of failures) expect((error as Error).message).not.toContain(TOKEN);
});

it('reads the cubes and views /v1/meta shows the token\'s holder', async () => {
  const view = { name: 'sales', type: 'view', measures: [{ name: 'sales.total_amount', type: 'number' }], dimensions: [], segments: [] };
  const { calls, source } = cubeAnswering(json(200, { cubes: [view] }));
  expect(await source.meta()).toEqual([view]);
  expect(calls).toEqual([{ url: `${API_URL}/meta`, method: 'GET', authorization: TOKEN, body: undefined }]);
});
