import { MAX_BODY_BYTES } from '../../server/http';
import { SCIM_ERROR_SCHEMA } from '../../src/contract';
import { MAX_JSON_DEPTH } from '../../src/core/json-depth';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { raw, type RawResponse } from '../support/raw-http';

/**
 * The platform's hardening holds on every SCIM route, the new ones included: the Host check, no CORS, and a clear
 * SCIM Error (4xx, `application/scim+json`) for every bad input, promptly, never a 500. Raw requests, so Host and
 * Origin are whatever the test says.
 */
let t: TestPlatform;
let routes: { method: string; path: string }[];
beforeAll(async () => {
  t = await startTestPlatform();
  routes = t.platform.testing.routes().filter((r) => r.path.startsWith('/api/scim/v2/'));
});
afterAll(() => t.close());

const auth = () => ({ Authorization: `Bearer ${t.platform.tokens.scim}`, 'Content-Type': 'application/scim+json' });
const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** A route's path with its `:id` filled in: the analyst and the Analysts group exist (2 and 1). */
const concrete = (path: string, id = '1') => path.replace(/:id\b/, id);

function expectScimError(answer: RawResponse, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/scim\+json/);
  expect(JSON.parse(answer.body)).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail: expect.any(String) });
}

it('covers the routes of Users, Groups and discovery', () => {
  const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
  for (const expected of ['POST /api/scim/v2/Users', 'PATCH /api/scim/v2/Users/:id', 'DELETE /api/scim/v2/Users/:id', 'GET /api/scim/v2/Groups',
    'PATCH /api/scim/v2/Groups/:id', 'GET /api/scim/v2/ServiceProviderConfig']) {
    expect(paths).toContain(expected);
  }
});

it('refuses a foreign Host (421) and sends no CORS header, on every SCIM route', async () => {
  const port = new URL(t.platform.url).port;
  for (const route of routes) {
    const url = `${t.platform.url}${concrete(route.path, '999')}`;
    const body = hasBody(route.method) ? '{}' : undefined;
    const rebound = await raw(url, { method: route.method, headers: { ...auth(), Host: `attacker.example:${port}` }, body });
    expect([route.method, route.path, rebound.status, rebound.body]).toEqual([route.method, route.path, 421, expect.any(String)]);
    const foreign = await raw(url, { method: route.method, headers: { ...auth(), Origin: 'https://evil.example' }, body });
    expect(Object.keys(foreign.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await raw(url, {
      method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': route.method, 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  }
});

describe('bad input: a SCIM Error, never a 500', () => {
  const writes = () => routes.filter((r) => hasBody(r.method));

  it.each([
    ['malformed JSON', '{"userName": '],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"x"'],
    ['an empty object', '{}'],
    ['wrong types', '{"userName": 5, "displayName": [], "Operations": "replace", "schemas": {}}'],
  ])('answers 400 to %s on every write', async (_what, body) => {
    for (const route of writes()) {
      const id = route.path.includes('/Users/') ? '2' : '1';
      const answer = await raw(`${t.platform.url}${concrete(route.path, id)}`, { method: route.method, headers: auth(), body });
      expect([route.method, route.path, answer.status]).toEqual([route.method, route.path, 400]);
      expectScimError(answer, 400);
    }
  });

  it(`answers 400 to a body nested deeper than ${MAX_JSON_DEPTH} levels, and 413 to one over the size limit`, async () => {
    const deep = `{"userName":"deep@example.com","name":${'{"x":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    expectScimError(await raw(`${t.platform.url}/api/scim/v2/Users`, { method: 'POST', headers: auth(), body: deep }), 400);
    const big = JSON.stringify({ displayName: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expectScimError(await raw(`${t.platform.url}/api/scim/v2/Groups`, { method: 'POST', headers: auth(), body: big }), 413);
  });

  it('answers 404 to ids that are no integer of the id columns, on every route with an id', async () => {
    for (const route of routes.filter((r) => r.path.includes(':id') && !/ResourceTypes|Schemas/.test(r.path))) {
      for (const id of ['99999999999999999999', '-1', '1.5', '0x10', 'abc', '%00']) {
        const body = route.method === 'PATCH'
          ? JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: true }] })
          : JSON.stringify({ userName: 'x@example.com', displayName: 'x' });
        const answer = await raw(`${t.platform.url}${concrete(route.path, id)}`, { method: route.method, headers: auth(), body: hasBody(route.method) ? body : undefined });
        expect([route.method, route.path, id, answer.status, answer.body]).toEqual([route.method, route.path, id, 404, expect.any(String)]);
      }
    }
  });

  it('answers a filter nested as deep as a URL allows (2,600 parentheses), not a 500', async () => {
    const deep = `${'('.repeat(2_600)}userName eq "analyst@example.com"${')'.repeat(2_600)}`;
    const answer = await raw(`${t.platform.url}/api/scim/v2/Users?filter=${encodeURIComponent(deep)}`, { headers: auth() });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ totalResults: 1 });
  });

  it('answers 400 invalidFilter, not 500, to filters that are long or odd', async () => {
    const filters = [
      Array.from({ length: 300 }, () => 'userName eq "x"').join(' or ').replace(/^/, 'not ('),
      'userName eq "\\u0000"]',
      'emails[emails[value eq "x"]]',
      'userName[value eq "x"]',
    ];
    for (const filter of filters) {
      for (const resource of ['Users', 'Groups']) {
        const answer = await raw(`${t.platform.url}/api/scim/v2/${resource}?filter=${encodeURIComponent(filter)}`, { headers: auth() });
        expect([filter.slice(0, 40), answer.status]).toEqual([filter.slice(0, 40), 400]);
        expectScimError(answer, 400);
      }
    }
  });
});
