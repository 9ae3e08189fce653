import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/*
 * Cube Cloud's SCIM component schemas, written by hand as JSON Schema 2020-12 from cube-js/cube
 * docs-mintlify/api-reference/scim.yaml (components.schemas: User, Group, PatchOp, ListResponse,
 * UserListResponse, GroupListResponse, Meta, Error), condensed in /work/shared/spec/platform-openapi/scim.excerpt.yaml.
 * Where scim.yaml says less than RFC 7643/7644, the RFC is cited beside the addition. Objects stay open
 * (no additionalProperties: false): RFC 7643 lets a service provider return attributes scim.yaml does not list.
 */
export const USER_URN = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_URN = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_URN = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_URN = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_URN = 'urn:ietf:params:scim:api:messages:2.0:Error';

const Meta = {
  type: 'object',
  properties: {
    resourceType: { type: 'string' },
    created: { type: 'string', format: 'date-time' },
    lastModified: { type: 'string', format: 'date-time' },
    location: { type: 'string' },
  },
};

const User = {
  type: 'object',
  required: ['userName'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    id: { type: 'string', readOnly: true },
    userName: { type: 'string' },
    name: { type: 'object', properties: { givenName: { type: 'string' }, familyName: { type: 'string' } } },
    // `type` ("work", "home") is RFC 7643 §4.1.2's; scim.yaml lists value and primary.
    emails: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, primary: { type: 'boolean' }, type: { type: 'string' } } } },
    active: { type: 'boolean' },
    externalId: { type: 'string' },
    meta: { $ref: '#/$defs/Meta' },
  },
};

const Group = {
  type: 'object',
  required: ['displayName'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    id: { type: 'string', readOnly: true },
    displayName: { type: 'string' },
    members: { type: 'array', items: { type: 'object', properties: { value: { type: 'string' }, display: { type: 'string' } } } },
    meta: { $ref: '#/$defs/Meta' },
  },
};

const PatchOp = {
  type: 'object',
  required: ['schemas', 'Operations'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    Operations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op'],
        properties: { op: { enum: ['add', 'remove', 'replace'] }, path: { type: 'string' }, value: {} },
      },
    },
  },
};

// RFC 7644 §3.4.2: totalResults is REQUIRED (scim.yaml marks no property required).
const listOf = (resource: string) => ({
  type: 'object',
  required: ['schemas', 'totalResults'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    totalResults: { type: 'integer' },
    startIndex: { type: 'integer' },
    itemsPerPage: { type: 'integer' },
    Resources: { type: 'array', items: { $ref: `#/$defs/${resource}` } },
  },
});

const ErrorSchema = {
  type: 'object',
  required: ['schemas', 'status'],
  properties: {
    schemas: { type: 'array', items: { type: 'string' } },
    status: { type: 'string' },
    detail: { type: 'string' },
    // RFC 7644 §3.12, Table 9: the only scimType values.
    scimType: { enum: ['invalidFilter', 'tooMany', 'uniqueness', 'mutability', 'invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue', 'invalidVers', 'sensitive'] },
  },
};

const defs = { Meta, User, Group, PatchOp, ListResponse: listOf('User'), UserListResponse: listOf('User'), GroupListResponse: listOf('Group'), Error: ErrorSchema };
export type ScimSchemaName = keyof typeof defs;

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'scim', $defs: defs });

const problems = (name: ScimSchemaName, value: unknown): ErrorObject[] => {
  const validate = ajv.getSchema(`scim#/$defs/${name}`)!;
  return validate(value) ? [] : (validate.errors ?? []);
};

/** Fails the test, listing Ajv's errors, unless `value` is a valid scim.yaml `name`. */
export function expectValid(name: ScimSchemaName, value: unknown): void {
  const errors = problems(name, value);
  if (errors.length > 0) {
    throw new Error(`not a valid ${name}:\n${errors.map((e) => `  ${e.instancePath || '/'} ${e.message}`).join('\n')}\n${JSON.stringify(value)}`);
  }
}

/** Fails the test if `value` IS a valid `name`: for bodies a test sends out of the spec on purpose. */
export function expectInvalid(name: ScimSchemaName, value: unknown): void {
  if (problems(name, value).length === 0) throw new Error(`expected an invalid ${name}: ${JSON.stringify(value)}`);
}

/** One SCIM exchange on the wire. Bodies are JSON of many shapes; tests assert on them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export interface ScimAnswer { status: number; headers: Headers; body: any; text: string }

/** What a request body should be under scim.yaml, by method and resource. */
function requestSchema(method: string, path: string): ScimSchemaName | undefined {
  if (method === 'PATCH') return 'PatchOp';
  if (method !== 'POST' && method !== 'PUT') return undefined;
  return path.startsWith('/Groups') ? 'Group' : 'User';
}

/** What an answer should be under scim.yaml, by method, resource and status. */
function answerSchema(method: string, path: string, status: number): ScimSchemaName | undefined {
  if (status >= 400) return 'Error';
  if (status === 204) return undefined;
  const group = path.startsWith('/Groups');
  const collection = !/^\/(Users|Groups)\/[^/?]+/.test(path);
  if (method === 'GET' && collection) return group ? 'GroupListResponse' : 'UserListResponse';
  return group ? 'Group' : 'User';
}

/**
 * Sends one SCIM request with fetch (so the test checks the wire, not a client) to `${baseUrl}/api/scim/v2${path}`,
 * validating the request body (or, with `nonConforming`, that it is deliberately invalid) and the answer.
 */
export async function scimFetch(
  platform: { url: string; tokens: { scim: string } },
  method: string,
  path: string,
  body?: unknown,
  options: { nonConforming?: boolean; raw?: string } = {},
): Promise<ScimAnswer> {
  const schema = requestSchema(method, path);
  if (schema && body !== undefined) (options.nonConforming ? expectInvalid : expectValid)(schema, body);
  const response = await fetch(`${platform.url}/api/scim/v2${path}`, {
    method,
    headers: { Authorization: `Bearer ${platform.tokens.scim}`, 'Content-Type': 'application/scim+json', Accept: 'application/scim+json' },
    body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  const answer: ScimAnswer = { status: response.status, headers: response.headers, text, body: text ? JSON.parse(text) : undefined };
  const expected = answerSchema(method, path, response.status);
  if (expected) expectValid(expected, answer.body);
  // RFC 7643 §3 / RFC 7644 §3.4.2, §3.12: every resource and message names its schema URN.
  const urn = { User: USER_URN, Group: GROUP_URN, UserListResponse: LIST_URN, GroupListResponse: LIST_URN } as Record<string, string>;
  if (expected && urn[expected]) expect(answer.body.schemas).toContain(urn[expected]);
  if (expected === 'Error') {
    expect(answer.body.schemas).toEqual([ERROR_URN]);
    expect(answer.body.status).toBe(String(response.status)); // RFC 7644 §3.12: status is a string
  }
  return answer;
}

/** A name no other test uses. */
let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
