/**
 * SCIM discovery (RFC 7644 §4) against RFC 7643 §5–§7. Expectations come from the RFC text, section by section,
 * and from what this platform's SCIM API does (the configuration must describe it truthfully).
 */
import { SCIM_ERROR_SCHEMA, SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from '../../src/contract';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function get(path: string, token: string | null = t.platform.tokens.scim): Promise<{ status: number; type: string | null; headers: Headers; body: Json }> {
  const response = await fetch(`${t.platform.url}/api/scim/v2${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), headers: response.headers, body: text ? (JSON.parse(text) as Json) : {} };
}

/** RFC 7644 §3.12: the SCIM Error object, `status` a string; §8.1: SCIM responses are application/scim+json. */
function expectScimError(result: { status: number; type: string | null; body: Json }, status: number): void {
  expect(result.status).toBe(status);
  expect(result.type).toMatch(/^application\/scim\+json/);
  expect(result.body).toMatchObject({ schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail: expect.any(String) });
}

describe('GET /ServiceProviderConfig (RFC 7643 §5)', () => {
  it('is readable without a token: RFC 7643 §5 asks for authenticationSchemes "publicly accessible without prior authentication"', async () => {
    const { status, type, body } = await get('/ServiceProviderConfig', null);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/scim\+json/);
    // RFC 7644 §4: the response uses the ServiceProviderConfig schema URN.
    expect(body.schemas).toEqual([SPC_SCHEMA]);
  });

  it('states patch, no bulk, filter with maxResults, and no changePassword, sort or etag', async () => {
    const { body } = await get('/ServiceProviderConfig');
    // RFC 7643 §5: each feature is a complex attribute with a REQUIRED boolean `supported`.
    expect(body.patch).toEqual({ supported: true });
    // Bulk unsupported: `maxOperations` and `maxPayloadSize` are REQUIRED even so; nothing is allowed.
    expect(body.bulk).toEqual({ supported: false, maxOperations: 0, maxPayloadSize: 0 });
    expect(body.filter).toEqual({ supported: true, maxResults: 200 });
    expect(body.changePassword).toEqual({ supported: false });
    expect(body.sort).toEqual({ supported: false });
    expect(body.etag).toEqual({ supported: false });
    // §5: `id` is not required of this resource; §3.1 meta gives resourceType and location.
    expect(body.meta).toEqual({ resourceType: 'ServiceProviderConfig', location: `${t.platform.url}/api/scim/v2/ServiceProviderConfig` });
  });

  it('names one OAuth bearer token scheme, the primary one, and that scheme authenticates the SCIM API', async () => {
    const { body } = await get('/ServiceProviderConfig');
    // RFC 7643 §5: `type` "oauthbearertoken" is a canonical value; `name` and `description` are REQUIRED.
    expect(body.authenticationSchemes).toHaveLength(1);
    expect(body.authenticationSchemes[0]).toMatchObject({ type: 'oauthbearertoken', name: 'OAuth Bearer Token', primary: true, description: expect.stringMatching(/SCIM token/) });
    expect((await get('/Users')).status).toBe(200);
    expect((await get('/Users', t.platform.tokens.admin)).status).toBe(200);
  });

  it('tells the truth: a filter works, lists stop at maxResults, there is no /Bulk and no ETag', async () => {
    const { body } = await get('/ServiceProviderConfig');
    // filter.supported: RFC 7644 §3.4.2.2 filtering by an attribute works.
    const filtered = await get(`/Users?filter=${encodeURIComponent('userName eq "admin@example.com"')}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.totalResults).toBe(1);
    // filter.maxResults: "the maximum number of resources returned in a response".
    const many = await get(`/Users?count=${body.filter.maxResults + 50}`);
    expect(many.body.itemsPerPage).toBeLessThanOrEqual(body.filter.maxResults);
    // bulk.supported false: RFC 7644 §3.7 /Bulk does not answer.
    const bulk = await fetch(`${t.platform.url}/api/scim/v2/Bulk`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.platform.tokens.scim}`, 'Content-Type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:BulkRequest'], Operations: [] }),
    });
    expect(bulk.status).toBeGreaterThanOrEqual(400);
    // etag.supported false: RFC 7644 §3.14 versions are not sent.
    const user = await get(`/Users/${filtered.body.Resources[0].id}`);
    expect(user.headers.get('etag')).toBeNull();
  });
});

describe('GET /ResourceTypes (RFC 7643 §6)', () => {
  it('lists User and Group as a ListResponse with their endpoints and core schemas', async () => {
    const { status, type, body } = await get('/ResourceTypes');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/scim\+json/);
    // RFC 7644 §4: several ResourceTypes come as a ListResponse.
    expect(body).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], totalResults: 2, startIndex: 1, itemsPerPage: 2 });
    const byId = Object.fromEntries(body.Resources.map((r: Json) => [r.id, r]));
    // §6: `name`, `endpoint` and `schema` are REQUIRED; endpoints are relative to the base URL.
    expect(byId.User).toMatchObject({ schemas: [RESOURCE_TYPE_SCHEMA], name: 'User', endpoint: '/Users', schema: SCIM_USER_SCHEMA, description: expect.any(String) });
    expect(byId.Group).toMatchObject({ schemas: [RESOURCE_TYPE_SCHEMA], name: 'Group', endpoint: '/Groups', schema: SCIM_GROUP_SCHEMA, description: expect.any(String) });
    expect(byId.User.meta).toEqual({ resourceType: 'ResourceType', location: `${t.platform.url}/api/scim/v2/ResourceTypes/User` });
  });

  it('returns one resource type by id, the same as in the list', async () => {
    const list = await get('/ResourceTypes');
    for (const id of ['User', 'Group']) {
      const one = await get(`/ResourceTypes/${id}`);
      expect(one.status).toBe(200);
      // RFC 7644 §4: a single ResourceType is returned as a single object, as a User is.
      expect(one.body).toEqual(list.body.Resources.find((r: Json) => r.id === id));
    }
  });

  it('answers 404 with the SCIM Error object for an unknown resource type', async () => {
    expectScimError(await get('/ResourceTypes/Printer'), 404);
  });
});

describe('GET /Schemas (RFC 7643 §7)', () => {
  const ATTRIBUTE_TYPES = ['string', 'boolean', 'decimal', 'integer', 'dateTime', 'reference', 'complex', 'binary'];

  /** RFC 7643 §7 / §2.2: every attribute carries its characteristics, with the RFC's values. */
  function expectRfcAttribute(a: Json): void {
    expect(a).toMatchObject({ name: expect.any(String), multiValued: expect.any(Boolean), description: expect.any(String), required: expect.any(Boolean), caseExact: expect.any(Boolean) });
    expect(ATTRIBUTE_TYPES).toContain(a.type);
    expect(['readOnly', 'readWrite', 'immutable', 'writeOnly']).toContain(a.mutability);
    expect(['always', 'never', 'default', 'request']).toContain(a.returned);
    expect(['none', 'server', 'global']).toContain(a.uniqueness);
    // §7: subAttributes "only if the attribute type is complex"; referenceTypes for "reference" types.
    if (a.type === 'complex') a.subAttributes.forEach(expectRfcAttribute);
    else expect(a.subAttributes).toBeUndefined();
    if (a.type === 'reference') expect(a.referenceTypes.length).toBeGreaterThan(0);
  }

  it('lists exactly the core User and Group schemas as a ListResponse', async () => {
    const { status, type, body } = await get('/Schemas');
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/scim\+json/);
    expect(body).toMatchObject({ schemas: [SCIM_LIST_SCHEMA], totalResults: 2 });
    expect(body.Resources.map((s: Json) => s.id).sort()).toEqual(['urn:ietf:params:scim:schemas:core:2.0:Group', 'urn:ietf:params:scim:schemas:core:2.0:User']);
    for (const schema of body.Resources as Json[]) {
      expect(schema.schemas).toEqual([SCHEMA_SCHEMA]);
      expect(schema.meta).toEqual({ resourceType: 'Schema', location: `${t.platform.url}/api/scim/v2/Schemas/${schema.id}` });
      schema.attributes.forEach(expectRfcAttribute);
      // §7: the common attributes (§3.1) are not part of a schema's attributes.
      expect(schema.attributes.map((a: Json) => a.name.toLowerCase())).toEqual(expect.not.arrayContaining(['id', 'externalid', 'meta']));
    }
  });

  it('describes userName as required and unique on the server, and Group displayName and members per §4.2', async () => {
    const user = await get(`/Schemas/${SCIM_USER_SCHEMA}`);
    expect(user.status).toBe(200);
    // RFC 7643 §4.1.1: userName is REQUIRED, and unique (§8.7.1: "uniqueness": "server"), a single string.
    expect(user.body.attributes.find((a: Json) => a.name === 'userName')).toMatchObject({ type: 'string', multiValued: false, required: true, uniqueness: 'server' });
    expect(user.body.attributes.find((a: Json) => a.name === 'active')).toMatchObject({ type: 'boolean', multiValued: false });
    expect(user.body.attributes.find((a: Json) => a.name === 'emails')).toMatchObject({ type: 'complex', multiValued: true });
    const group = await get(`/Schemas/${SCIM_GROUP_SCHEMA}`);
    expect(group.status).toBe(200);
    // §4.2: displayName is REQUIRED; members is multi-valued, with `value` and `$ref` sub-attributes.
    expect(group.body.attributes.find((a: Json) => a.name === 'displayName')).toMatchObject({ type: 'string', required: true });
    const members = group.body.attributes.find((a: Json) => a.name === 'members');
    expect(members).toMatchObject({ type: 'complex', multiValued: true });
    expect(members.subAttributes.map((a: Json) => a.name)).toEqual(expect.arrayContaining(['value', '$ref']));
    // A single schema is the same object the list holds (RFC 7644 §4).
    const list = await get('/Schemas');
    expect(list.body.Resources.find((s: Json) => s.id === SCIM_USER_SCHEMA)).toEqual(user.body);
  });

  it('answers 404 with the SCIM Error object for an unknown schema URN', async () => {
    expectScimError(await get('/Schemas/urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'), 404);
    expectScimError(await get('/Schemas/User'), 404);
  });
});

describe('discovery query parameters and authentication (RFC 7644 §4)', () => {
  it('ignores paging ("SHALL be ignored") and refuses a filter with 403', async () => {
    for (const path of ['/ResourceTypes', '/Schemas']) {
      expect((await get(`${path}?count=1&startIndex=2`)).body).toMatchObject({ totalResults: 2, startIndex: 1, itemsPerPage: 2 });
      // "If a 'filter' is provided, the service provider SHOULD respond with HTTP status code 403 (Forbidden)".
      expectScimError(await get(`${path}?filter=${encodeURIComponent('name eq "User"')}`), 403);
    }
  });

  it('keeps /ResourceTypes and /Schemas behind the SCIM token: 401 without one, 403 for a non-administrator', async () => {
    for (const path of ['/ResourceTypes', '/ResourceTypes/User', '/Schemas', `/Schemas/${SCIM_USER_SCHEMA}`]) {
      expectScimError(await get(path, null), 401);
      expectScimError(await get(path, t.platform.tokens.analyst), 403);
      expect((await get(path, t.platform.tokens.admin)).status).toBe(200);
    }
  });
});
