import { z } from 'zod';
import {
  SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, SCIM_PATCH_SCHEMA, ScimError, ScimGroup, ScimGroupInput, ScimGroupListResponse, ScimListResponse, ScimMeta, ScimPatchOp, ScimUser, ScimUserInput,
} from '../../src/contract';
import type { Method, Parameter } from './operations';

/**
 * What each SCIM 2.0 route of the local platform (`/api/scim/v2`) takes and answers, in the words of scim.yaml
 * (operation ids, the tags Users and Groups, its schema names) and of RFC 7643/7644 where scim.yaml is silent.
 * `document.ts` puts them in the same OpenAPI document as the Platform API: their components are prefixed `Scim`
 * (the Platform API has its own `User`), and each says its scim.yaml name in `title`. scim.yaml's server is
 * `{base_url}/api` with paths `/scim/v2/…`; here the server is the base and the paths start `/api/scim/v2/`.
 */

export type ScimErrorStatus = 400 | 403 | 404 | 409;

export interface ScimOperation {
  method: Method;
  /** As the router has it: `/api/scim/v2/Users/:id`. */
  path: string;
  operationId: string;
  summary: string;
  /** scim.yaml's tag (Users, Groups); discovery, which scim.yaml lacks, is tagged Discovery. */
  tag: 'Users' | 'Groups' | 'Discovery';
  description?: string;
  pathParameters?: Record<string, Parameter>;
  query?: Record<string, Parameter>;
  body?: { schema: z.ZodType; required: boolean };
  /** The success answer: a SCIM JSON body (`200`, or `201` with a `Location` header), or none (`204`). */
  response: { status: 200 | 201; schema: z.ZodType; description: string } | { noContent: true; description: string };
  /** Why each error status besides `401` and `403` (the SCIM token or an administrator's is needed) is answered; a `403` here adds a reason. */
  errors: Partial<Record<ScimErrorStatus, string>>;
  /** Readable without a token (RFC 7643 §5: `ServiceProviderConfig` names the authentication schemes): no `401`, no `403`. */
  anonymous?: true;
  /** RFC 7644 standard but not in scim.yaml (`x-not-in-scim-yaml`): identity providers read it; Cube Cloud does not publish it. */
  notInScimYaml?: true;
}

/** A component: the contract's schema, its name in this document, and its name where it comes from. */
export interface ScimComponent {
  schema: z.ZodType;
  name: string;
  title: string;
  description: string;
  /** What a refinement checks, which zod cannot say in JSON Schema: keywords added to the named properties. */
  refinements?: Record<string, Record<string, unknown>>;
}

// Discovery (RFC 7643 §5–7), loosely: what a client relies on; everything else passes.
const ScimServiceProviderConfig = z.looseObject({
  schemas: z.array(z.string()),
  patch: z.looseObject({ supported: z.boolean() }),
  bulk: z.looseObject({ supported: z.boolean() }),
  filter: z.looseObject({ supported: z.boolean(), maxResults: z.number().int().optional() }),
  changePassword: z.looseObject({ supported: z.boolean() }),
  sort: z.looseObject({ supported: z.boolean() }),
  etag: z.looseObject({ supported: z.boolean() }),
  authenticationSchemes: z.array(z.looseObject({ type: z.string(), name: z.string(), description: z.string() })),
});
const ScimResourceType = z.looseObject({
  schemas: z.array(z.string()).optional(), id: z.string().optional(), name: z.string(), endpoint: z.string(), schema: z.string(),
});
const ScimSchema = z.looseObject({
  schemas: z.array(z.string()).optional(), id: z.string(), name: z.string().optional(), attributes: z.array(z.looseObject({ name: z.string(), type: z.string() })),
});
const looseList = (resource: z.ZodType) => z.looseObject({ schemas: z.array(z.string()), totalResults: z.number().int(), Resources: z.array(resource) });
const ScimResourceTypeListResponse = looseList(ScimResourceType);
const ScimSchemaListResponse = looseList(ScimSchema);

const NOT_IN_SCIM_YAML = 'Not in scim.yaml: RFC 7643';
const listUrn = { schemas: { contains: { const: SCIM_LIST_SCHEMA } } };
export const SCIM_RESPONSE_SCHEMAS: ScimComponent[] = [
  { schema: ScimUser, name: 'ScimUser', title: 'User', description: 'scim.yaml `User` (RFC 7643 §4.1): the core User as answered.' },
  { schema: ScimGroup, name: 'ScimGroup', title: 'Group', description: 'scim.yaml `Group` (RFC 7643 §4.2): the core Group as answered; `members` is absent when excluded.' },
  { schema: ScimMeta, name: 'ScimMeta', title: 'Meta', description: 'scim.yaml `Meta` (RFC 7643 §3.1): read-only.' },
  { schema: ScimListResponse, name: 'ScimUserListResponse', title: 'UserListResponse', description: 'scim.yaml `UserListResponse`: a `ListResponse` (RFC 7644 §3.4.2) of Users.', refinements: listUrn },
  { schema: ScimGroupListResponse, name: 'ScimGroupListResponse', title: 'GroupListResponse', description: 'scim.yaml `GroupListResponse`: a `ListResponse` of Groups.', refinements: listUrn },
  { schema: ScimError, name: 'ScimError', title: 'Error', description: 'scim.yaml `Error` (RFC 7644 §3.12): `status` is a string; `scimType` where the RFC names one.',
    refinements: { schemas: { contains: { const: SCIM_ERROR_SCHEMA } } },
  },
  { schema: ScimServiceProviderConfig, name: 'ScimServiceProviderConfig', title: 'ServiceProviderConfig', description: `${NOT_IN_SCIM_YAML} §5.` },
  { schema: ScimResourceType, name: 'ScimResourceType', title: 'ResourceType', description: `${NOT_IN_SCIM_YAML} §6.` },
  { schema: ScimResourceTypeListResponse, name: 'ScimResourceTypeListResponse', title: 'ListResponse', description: `${NOT_IN_SCIM_YAML} §6, as a ListResponse.` },
  { schema: ScimSchema, name: 'ScimSchema', title: 'Schema', description: `${NOT_IN_SCIM_YAML} §7: a resource's attributes and their characteristics.` },
  { schema: ScimSchemaListResponse, name: 'ScimSchemaListResponse', title: 'ListResponse', description: `${NOT_IN_SCIM_YAML} §7, as a ListResponse.` },
];

export const SCIM_REQUEST_SCHEMAS: ScimComponent[] = [
  {
    schema: ScimUserInput, name: 'ScimUserInput', title: 'User',
    description: 'scim.yaml `User` as a request body: `id`, `meta` and attributes this platform does not define are ignored, not stored.',
  },
  { schema: ScimGroupInput, name: 'ScimGroupInput', title: 'Group', description: 'scim.yaml `Group` as a request body: members by user id; `display` is ignored.' },
  {
    schema: ScimPatchOp, name: 'ScimPatchOp', title: 'PatchOp',
    description: 'scim.yaml `PatchOp` (RFC 7644 §3.5.2). `op` is matched case-insensitively (Entra ID sends `Replace`, `Add`).',
    refinements: { schemas: { contains: { const: SCIM_PATCH_SCHEMA } } },
  },
];

const filter: Parameter = {
  schema: z.string(),
  description: 'RFC 7644 §3.4.2.2: `eq ne co sw ew pr gt ge lt le` (`gt`…`le` order strings and dates), `and`, `or`, `not (…)`, '
    + 'parentheses, value paths (`emails[type eq "work"]`). Names, and values of attributes that are not case-exact, match '
    + 'case-insensitively. E.g. `userName eq "jane@example.com"`.',
};
const paging: Record<string, Parameter> = {
  startIndex: { schema: z.number().int().min(1).default(1), description: 'The 1-based index of the first result (a smaller value is read as 1).' },
  count: { schema: z.number().int().min(0).default(100), description: 'How many results at most: up to 200 (`ServiceProviderConfig` `filter.maxResults`); more is read as 200.' },
};
const excludedAttributes: Parameter = {
  schema: z.string(),
  description: 'Comma-separated attributes to leave out (RFC 7644 §3.4.2.5), e.g. `members`; `id` and `schemas` are always returned.',
};
const userId: Record<string, Parameter> = { id: { schema: z.string(), description: "The user's SCIM id: the platform user's integer id, as a string." } };
const groupId: Record<string, Parameter> = { id: { schema: z.string(), description: "The group's SCIM id: an integer, as a string." } };

const users = '/api/scim/v2/Users';
const user = `${users}/:id`;
const groups = '/api/scim/v2/Groups';
const group = `${groups}/:id`;

const NO_USER = 'No user has this id (`404`, no `scimType`).';
const NO_GROUP = 'No group has this id.';
const BAD_FILTER = 'A filter this platform cannot evaluate (`invalidFilter`), or `startIndex` or `count` is not an integer.';
const USER_BODY = 'The body is not a User (`invalidValue`, naming the attribute): e.g. no `userName`.';
const GROUP_BODY = 'The body is not a Group (`invalidValue`): no `displayName`, or a member `value` that names no user.';
const PATCH_ERRORS = '`invalidSyntax`: not a PatchOp (its `schemas` URN, `Operations`, an `op` other than add, remove, replace); '
  + '`invalidPath`: a `path` naming no attribute or a malformed one; `invalidValue`: a value of the wrong type; `mutability`: '
  + 'changing a read-only attribute (`id`, `meta`); `noTarget`: a `remove` without `path`, or a value filter in `path` that matches nothing where RFC 7644 §3.5.2 needs a match.';
const ENDS_SESSIONS = 'Setting `active` to false ends the user\'s sessions: OAuth grants with their tokens, and the Core data tokens issued to them.';

export const SCIM_OPERATIONS: ScimOperation[] = [
  {
    method: 'GET', path: users, operationId: 'listUsers', summary: 'List users', tag: 'Users',
    query: { filter, ...paging },
    response: { status: 200, schema: ScimListResponse, description: 'One page of users, oldest first.' },
    errors: { 400: BAD_FILTER },
  },
  {
    method: 'POST', path: users, operationId: 'createUser', summary: 'Create user', tag: 'Users',
    description: 'Omitted `active` is true. The new user has no policies of their own: their rights come from their groups.',
    body: { schema: ScimUserInput, required: true },
    response: { status: 201, schema: ScimUser, description: 'The new user; `Location` is its `meta.location`.' },
    errors: { 400: USER_BODY, 409: 'Another user has this `userName`, compared case-insensitively (`uniqueness`).' },
  },
  {
    method: 'GET', path: user, operationId: 'getUser', summary: 'Get user', tag: 'Users', pathParameters: userId,
    response: { status: 200, schema: ScimUser, description: 'The user.' },
    errors: { 404: NO_USER },
  },
  {
    method: 'PUT', path: user, operationId: 'replaceUser', summary: 'Replace user', tag: 'Users', pathParameters: userId,
    description: `Every attribute takes the value sent; omitted ones are cleared, omitted \`active\` is true. ${ENDS_SESSIONS}`,
    body: { schema: ScimUserInput, required: true },
    response: { status: 200, schema: ScimUser, description: 'The user as replaced.' },
    errors: { 400: USER_BODY, 404: NO_USER, 409: 'Another user has the `userName` (`uniqueness`).' },
  },
  {
    method: 'PATCH', path: user, operationId: 'patchUser', summary: 'Patch user', tag: 'Users', pathParameters: userId,
    description: 'Operations apply in order, all or none; commonly `{"op": "replace", "path": "active", "value": false}` '
      + `(Entra ID sends \`"Replace"\` and \`"False"\`: both are taken). ${ENDS_SESSIONS}`,
    body: { schema: ScimPatchOp, required: true },
    response: { status: 200, schema: ScimUser, description: 'The user as patched.' },
    errors: { 400: PATCH_ERRORS, 404: NO_USER, 409: 'The patch gives the user a `userName` another user has (`uniqueness`).' },
  },
  {
    method: 'DELETE', path: user, operationId: 'deleteUser', summary: 'Delete user', tag: 'Users', pathParameters: userId,
    description: 'Ends their sessions, revokes their API keys and removes them from their groups. Their reports and placements stay, '
      + 'owned by a record emptied of the person (name, emails, `externalId`); the id is never reused, the `userName` is free again.',
    response: { noContent: true, description: 'Deleted.' },
    errors: { 404: NO_USER },
  },
  {
    method: 'GET', path: groups, operationId: 'listGroups', summary: 'List groups', tag: 'Groups',
    query: { filter, ...paging, excludedAttributes },
    response: { status: 200, schema: ScimGroupListResponse, description: 'One page of groups.' },
    errors: { 400: BAD_FILTER },
  },
  {
    method: 'POST', path: groups, operationId: 'createGroup', summary: 'Create group', tag: 'Groups',
    description: 'A new group has no policies: the platform gives groups rights in its console, not through SCIM.',
    body: { schema: ScimGroupInput, required: true },
    response: { status: 201, schema: ScimGroup, description: 'The new group; `Location` is its `meta.location`.' },
    errors: { 400: GROUP_BODY, 409: 'Another group has this `displayName`, compared case-insensitively (`uniqueness`).' },
  },
  {
    method: 'GET', path: group, operationId: 'getGroup', summary: 'Get group', tag: 'Groups', pathParameters: groupId,
    query: { excludedAttributes },
    response: { status: 200, schema: ScimGroup, description: 'The group.' },
    errors: { 404: NO_GROUP },
  },
  {
    method: 'PUT', path: group, operationId: 'replaceGroup', summary: 'Replace group', tag: 'Groups', pathParameters: groupId,
    description: 'Replaces the name and the full membership list (omitted `members`: none). Its policies stay.',
    body: { schema: ScimGroupInput, required: true },
    response: { status: 200, schema: ScimGroup, description: 'The group as replaced.' },
    errors: { 400: GROUP_BODY, 404: NO_GROUP, 409: 'Another group has the `displayName` (`uniqueness`).' },
  },
  {
    method: 'PATCH', path: group, operationId: 'patchGroup', summary: 'Patch group', tag: 'Groups', pathParameters: groupId,
    description: 'Commonly `{"op": "add"|"remove", "path": "members", "value": [{"value": "<user id>"}]}`; also `remove` with '
      + '`members[value eq "<user id>"]`, `replace` of `members` or `displayName`. Adding a member twice keeps one.',
    body: { schema: ScimPatchOp, required: true },
    response: { status: 200, schema: ScimGroup, description: 'The group as patched.' },
    errors: { 400: `${PATCH_ERRORS} A member \`value\` naming no user is \`invalidValue\`.`, 404: NO_GROUP, 409: 'The patch gives the group a `displayName` another group has (`uniqueness`).' },
  },
  {
    method: 'DELETE', path: group, operationId: 'deleteGroup', summary: 'Delete group', tag: 'Groups', pathParameters: groupId,
    description: 'Its members are not deleted; they lose the rights they had through it.',
    response: { noContent: true, description: 'Deleted.' },
    errors: { 404: NO_GROUP },
  },
  ...discovery(),
];

function discovery(): ScimOperation[] {
  const not = 'RFC 7644 §4 discovery, not in scim.yaml: identity providers (and SCIM validators) read it to learn what this service provider supports.';
  const list = 'Paging parameters are ignored (RFC 7644 §4: "SHALL be ignored"); a `filter` is refused with `403`.';
  const filtered = { 403: 'A `filter` was sent (RFC 7644 §4).' };
  const byId = (what: string, example: string): Record<string, Parameter> => ({ id: { schema: z.string(), description: `The ${what}'s id, e.g. \`${example}\`.` } });
  const op = (path: string, operationId: string, summary: string, schema: z.ZodType, answer: string, extra: Partial<ScimOperation> = {}): ScimOperation => ({
    method: 'GET', path: `/api/scim/v2${path}`, operationId, summary, tag: 'Discovery', description: not, notInScimYaml: true,
    response: { status: 200, schema, description: answer }, errors: {}, ...extra,
  });
  return [
    op('/ServiceProviderConfig', 'getServiceProviderConfig', 'Get the service provider configuration', ScimServiceProviderConfig,
      'What is supported: PATCH and filters yes (at most 200 results), bulk, sort, ETags and password changes no; one OAuth bearer token scheme.',
      { anonymous: true, description: `${not} Readable without a token (RFC 7643 §5).` }),
    op('/ResourceTypes', 'listResourceTypes', 'List resource types', ScimResourceTypeListResponse, 'User and Group.',
      { description: `${not} ${list}`, errors: filtered }),
    op('/ResourceTypes/:id', 'getResourceType', 'Get a resource type', ScimResourceType, 'The resource type.',
      { pathParameters: byId('resource type', 'User'), errors: { 404: 'No such resource type.' } }),
    op('/Schemas', 'listSchemas', 'List schemas', ScimSchemaListResponse, 'The core User and Group schemas, with their attributes.',
      { description: `${not} ${list}`, errors: filtered }),
    op('/Schemas/:id', 'getSchema', 'Get a schema', ScimSchema, 'The schema.',
      { pathParameters: byId('schema', 'urn:ietf:params:scim:schemas:core:2.0:User'), errors: { 404: 'No such schema.' } }),
  ];
}
