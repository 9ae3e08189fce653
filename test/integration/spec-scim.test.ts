import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from '../../src/contract';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { fetchOpenApi, OpenApiChecker, pointer, SPEC_KEY, type OpenApi } from '../support/openapi';

/**
 * `GET /api/v1/spec` on SCIM: named as scim.yaml names it, and describing what the live SCIM API accepts and
 * answers (spec.test.ts checks the document as a whole, SCIM routes included).
 */

let t: TestPlatform;
let document: OpenApi;
let checker: OpenApiChecker;

interface Operation {
  operationId: string;
  tags: string[];
  security?: unknown;
  'x-not-in-scim-yaml'?: boolean;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })));
const scimOperations = () => operations().filter(({ path }) => path.startsWith('/api/scim/v2/'));
const SCIM_MEDIA_TYPES = ['application/scim+json', 'application/json'];

/** What is wrong with one SCIM answer against the document (RFC 7644 §8.1: bodies are application/scim+json). */
async function scimProblems(method: string, template: string, response: Response): Promise<string[]> {
  const where = `${method} ${template} → ${response.status}`;
  const documented = (document.paths[template]?.[method.toLowerCase()] as unknown as Operation | undefined)?.responses[response.status];
  if (!documented) return [`${where}: not documented`];
  const text = await response.text();
  if (!documented.content) return text === '' ? [] : [`${where}: a body where none is documented`];
  if (!/^application\/scim\+json/.test(response.headers.get('content-type') ?? '')) return [`${where}: content type ${response.headers.get('content-type')}`];
  const at = pointer('paths', template, method.toLowerCase(), 'responses', String(response.status), 'content', 'application/scim+json', 'schema');
  const validate = checker.ajv.getSchema(`${SPEC_KEY}${at}`)!;
  return validate(JSON.parse(text)) ? [] : [`${where}: ${checker.ajv.errorsText(validate.errors, { dataVar: 'body' })}`];
}

const scimFetch = (path: string, token: string | null, init: RequestInit = {}) => fetch(`${t.platform.url}${path}`, {
  ...init, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/scim+json' },
});

beforeAll(async () => {
  t = await startTestPlatform();
  document = await fetchOpenApi(t.platform.url, t.platform.tokens.admin);
  checker = new OpenApiChecker(document);
});
afterAll(() => t.close());

it('names SCIM operations, tags and schemas as scim.yaml does, secured by scimBearer or bearerAuth, with the SCIM Error for errors', () => {
  const ids = Object.fromEntries(scimOperations().map(({ path, method, operation }) => [`${method.toUpperCase()} ${path}`, operation.operationId]));
  const users = '/api/scim/v2/Users';
  const groups = '/api/scim/v2/Groups';
  const scimYaml = {
    [`GET ${users}`]: 'listUsers', [`POST ${users}`]: 'createUser', [`GET ${users}/{id}`]: 'getUser', [`PUT ${users}/{id}`]: 'replaceUser',
    [`PATCH ${users}/{id}`]: 'patchUser', [`DELETE ${users}/{id}`]: 'deleteUser', [`GET ${groups}`]: 'listGroups', [`POST ${groups}`]: 'createGroup',
    [`GET ${groups}/{id}`]: 'getGroup', [`PUT ${groups}/{id}`]: 'replaceGroup', [`PATCH ${groups}/{id}`]: 'patchGroup', [`DELETE ${groups}/{id}`]: 'deleteGroup',
  };
  const discovery = {
    'GET /api/scim/v2/ServiceProviderConfig': 'getServiceProviderConfig', 'GET /api/scim/v2/ResourceTypes': 'listResourceTypes',
    'GET /api/scim/v2/ResourceTypes/{id}': 'getResourceType', 'GET /api/scim/v2/Schemas': 'listSchemas', 'GET /api/scim/v2/Schemas/{id}': 'getSchema',
  };
  expect(ids).toEqual({ ...scimYaml, ...discovery });
  const schemas = document.components.schemas as Record<string, { title?: string }>;
  const titles = {
    ScimUser: 'User', ScimUserInput: 'User', ScimGroup: 'Group', ScimGroupInput: 'Group', ScimPatchOp: 'PatchOp', ScimMeta: 'Meta',
    ScimUserListResponse: 'UserListResponse', ScimGroupListResponse: 'GroupListResponse', ScimError: 'Error',
  };
  expect(Object.fromEntries(Object.keys(titles).map((name) => [name, schemas[name]?.title]))).toEqual(titles);
  for (const { path, method, operation } of scimOperations()) {
    const key = `${method.toUpperCase()} ${path}`;
    const anonymous = operation.operationId === 'getServiceProviderConfig';
    expect({ key, tags: operation.tags, notInScimYaml: operation['x-not-in-scim-yaml'] }).toEqual({
      key, tags: [key in discovery ? 'Discovery' : path.startsWith(groups) ? 'Groups' : 'Users', 'SCIM'], notInScimYaml: key in discovery ? true : undefined,
    });
    expect(operation.security).toEqual([...(anonymous ? [{}] : []), { scimBearer: [] }, { bearerAuth: [] }]);
    const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    expect({ key, success }).toEqual({ key, success: [method === 'post' ? '201' : method === 'delete' ? '204' : '200'] });
    if (method === 'post') expect(operation.responses['201']!.headers).toHaveProperty('Location');
    if (!anonymous) expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status === '204') expect(response.content).toBeUndefined();
      else expect(Object.keys(response.content!)).toEqual(SCIM_MEDIA_TYPES);
      if (!status.startsWith('2')) {
        for (const type of SCIM_MEDIA_TYPES) expect(response.content![type]!.schema).toEqual({ $ref: '#/components/schemas/ScimError' });
      }
    }
  }
});

it('documents SCIM request bodies as the server checks them, and the Location of what POST creates', async () => {
  const users = '/api/scim/v2/Users';
  const groups = '/api/scim/v2/Groups';
  const analyst = (await (await scimFetch(`${users}?filter=${encodeURIComponent('userName eq "analyst@example.com"')}`, t.platform.tokens.scim)).json()) as { Resources: { id: string }[] };
  const patchOp = (Operations: unknown[], schemas = [SCIM_PATCH_SCHEMA]) => ({ schemas, Operations });
  const samples: [string, string, unknown][] = [
    ['POST', users, { schemas: [SCIM_USER_SCHEMA], userName: 'spec-sample@example.com', emails: [{ value: 'spec-sample@example.com', primary: true }] }],
    ['POST', users, { schemas: [SCIM_USER_SCHEMA], name: { givenName: 'No' } }],
    ['POST', users, { userName: 7 }],
    ['PATCH', `${users}/${analyst.Resources[0]!.id}`, patchOp([{ op: 'Replace', path: 'active', value: true }])],
    ['PATCH', `${users}/${analyst.Resources[0]!.id}`, patchOp([{ op: 'replace', path: 'active', value: true }], [SCIM_USER_SCHEMA])],
    ['PATCH', `${users}/${analyst.Resources[0]!.id}`, patchOp([])],
    ['PATCH', `${users}/${analyst.Resources[0]!.id}`, patchOp([{ op: 'move', path: 'active', value: true }])],
    ['POST', groups, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Spec sample group', members: [] }],
    ['POST', groups, { members: [] }],
  ];
  for (const [method, path, body] of samples) {
    const template = Object.keys(document.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))!;
    const operation = document.paths[template]![method.toLowerCase()] as unknown as Operation;
    const success = Number(Object.keys(operation.responses).find((status) => status.startsWith('2')));
    const validate = checker.ajv.getSchema(`${SPEC_KEY}${pointer('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/scim+json', 'schema')}`)!;
    const response = await scimFetch(path, t.platform.tokens.scim, { method, body: JSON.stringify(body) });
    expect({ method, path, body, status: response.status }).toEqual({ method, path, body, status: validate(body) ? success : 400 });
    if (response.status === 201) {
      const created = (await response.clone().json()) as { meta: { location: string } };
      expect(response.headers.get('location')).toBe(created.meta.location);
    }
    expect(await scimProblems(method, template, response)).toEqual([]);
  }
});

it('describes what every SCIM GET answers: to the SCIM token and an admin, to an analyst (403), without a token (401), for an unknown id (404)', async () => {
  const list = async (path: string) => ((await (await scimFetch(path, t.platform.tokens.scim)).json()) as { Resources: { id: string }[] }).Resources;
  const values: Record<string, string> = {
    '/api/scim/v2/Users/{id}': (await list('/api/scim/v2/Users'))[0]!.id,
    '/api/scim/v2/Groups/{id}': (await list('/api/scim/v2/Groups'))[0]!.id,
    '/api/scim/v2/ResourceTypes/{id}': 'User',
    '/api/scim/v2/Schemas/{id}': SCIM_USER_SCHEMA,
  };
  const gets = scimOperations().filter((o) => o.method === 'get');
  expect(gets).toHaveLength(9);
  for (const { path, operation } of gets) {
    const url = path.includes('{id}') ? path.replace('{id}', encodeURIComponent(values[path]!)) : path;
    const anonymous = operation.operationId === 'getServiceProviderConfig';
    const expected: [string | null, number][] = [
      [t.platform.tokens.scim, 200], [t.platform.tokens.admin, 200], [t.platform.tokens.analyst, anonymous ? 200 : 403], [null, anonymous ? 200 : 401],
    ];
    for (const [token, status] of expected) {
      const response = await scimFetch(url, token);
      expect({ url, token, status: response.status }).toEqual({ url, token, status });
      expect(await scimProblems('GET', path, response)).toEqual([]);
    }
    if (path.includes('{id}')) {
      const missing = await scimFetch(path.replace('{id}', '999999'), t.platform.tokens.scim);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(await scimProblems('GET', path, missing)).toEqual([]);
    }
  }
});
