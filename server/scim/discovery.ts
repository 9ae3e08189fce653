/**
 * SCIM discovery (RFC 7644 §4): `/ServiceProviderConfig`, `/ResourceTypes` and `/Schemas`, built from the same
 * attribute list filters and PATCH use (`attributes.ts`), so what discovery says is what the API does.
 */
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA } from '../../src/contract';
import type { PlatformContext } from '../context';
import type { ApiRequest, ApiResponse, Router } from '../http';
import { GROUP_ATTRIBUTES, USER_ATTRIBUTES, type AttributeDefinition } from './attributes';
import { authorizeScim, SCIM_MAX_RESULTS, scimError, scimList, scimOk } from './http';

export const SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCIM_RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
export const SCIM_SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

const BASE = '/api/scim/v2';

/** RFC 7643 §7: the common attributes (§3.1) belong to every resource, so they are not in a schema's `attributes`. */
const COMMON_NAMES = new Set(['id', 'externalid', 'meta']);

interface Described {
  /** ResourceType id and name (RFC 7643 §6). */
  name: 'User' | 'Group';
  endpoint: string;
  schema: string;
  description: string;
  schemaName: string;
  schemaDescription: string;
  attributes: AttributeDefinition[];
}

const RESOURCES: Described[] = [
  {
    name: 'User',
    endpoint: '/Users',
    schema: SCIM_USER_SCHEMA,
    description: 'A platform user: signs in, owns reports and settings.',
    schemaName: 'User',
    schemaDescription: 'User Account',
    attributes: USER_ATTRIBUTES,
  },
  {
    name: 'Group',
    endpoint: '/Groups',
    schema: SCIM_GROUP_SCHEMA,
    description: 'A group of platform users.',
    schemaName: 'Group',
    schemaDescription: 'Group',
    attributes: GROUP_ATTRIBUTES,
  },
];

/** An attribute in RFC 7643 §7 form; `subAttributes` and `referenceTypes` only where the definition has them. */
function rfcAttribute(a: AttributeDefinition): Record<string, unknown> {
  return {
    name: a.name,
    type: a.type,
    multiValued: a.multiValued,
    description: a.description,
    required: a.required,
    caseExact: a.caseExact,
    mutability: a.mutability,
    returned: a.returned,
    uniqueness: a.uniqueness,
    ...(a.subAttributes ? { subAttributes: a.subAttributes.map(rfcAttribute) } : {}),
    ...(a.referenceTypes ? { referenceTypes: a.referenceTypes } : {}),
  };
}

function schemaResource(ctx: PlatformContext, r: Described): object {
  return {
    schemas: [SCIM_SCHEMA_SCHEMA],
    id: r.schema,
    name: r.schemaName,
    description: r.schemaDescription,
    attributes: r.attributes.filter((a) => !COMMON_NAMES.has(a.name.toLowerCase())).map(rfcAttribute),
    meta: { resourceType: 'Schema', location: `${ctx.publicUrl()}${BASE}/Schemas/${r.schema}` },
  };
}

function resourceType(ctx: PlatformContext, r: Described): object {
  return {
    schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
    id: r.name,
    name: r.name,
    endpoint: r.endpoint,
    description: r.description,
    schema: r.schema,
    meta: { resourceType: 'ResourceType', location: `${ctx.publicUrl()}${BASE}/ResourceTypes/${r.name}` },
  };
}

/** RFC 7643 §5: only what this platform does; `filter.maxResults` is the cap `scimPage` applies. */
function serviceProviderConfig(ctx: PlatformContext): object {
  return {
    schemas: [SCIM_SERVICE_PROVIDER_CONFIG_SCHEMA],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The SCIM token, or an administrator's Platform API token, as an Authorization: Bearer header.",
        specUri: 'https://www.rfc-editor.org/info/rfc6750',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${ctx.publicUrl()}${BASE}/ServiceProviderConfig` },
  };
}

/**
 * RFC 7644 §4: query parameters on these endpoints "SHALL be ignored", and "If a 'filter' is provided, the
 * service provider SHOULD respond with HTTP status code 403 (Forbidden)" so no client thinks a filter matched.
 */
function refuseFilter(request: ApiRequest): void {
  if (request.query.has('filter')) throw scimError(403, 'Discovery endpoints do not take a filter');
}

/** A ListResponse of every item: paging parameters are ignored here (RFC 7644 §4), so the query is dropped. */
const listAll = (request: ApiRequest, items: object[]): ApiResponse => scimList({ ...request, query: new URLSearchParams() }, items);

/**
 * Authentication: RFC 7644 §4 itself only says these endpoints "MAY be retrieved using HTTP GET" (§2 leaves the
 * scheme to the implementer). What decides it is RFC 7643 §5 on `authenticationSchemes`: "To enable seamless
 * discovery of configurations, the service provider SHOULD, with the appropriate security considerations, make
 * the authenticationSchemes attribute publicly accessible without prior authentication." So
 * `/ServiceProviderConfig` is public (it holds nothing secret: the features and how to authenticate), while
 * `/ResourceTypes` and `/Schemas`, which no sentence asks to be public, stay behind the SCIM token like the
 * rest of the API.
 */
export function scimDiscoveryRoutes(router: Router, ctx: PlatformContext): void {
  router
    .add('GET', `${BASE}/ServiceProviderConfig`, async (request) => {
      refuseFilter(request);
      return scimOk(serviceProviderConfig(ctx));
    })
    .add('GET', `${BASE}/ResourceTypes`, async (request) => {
      await authorizeScim(ctx, request);
      refuseFilter(request);
      return listAll(request, RESOURCES.map((r) => resourceType(ctx, r)));
    })
    .add('GET', `${BASE}/ResourceTypes/:id`, async (request) => {
      await authorizeScim(ctx, request);
      const found = RESOURCES.find((r) => r.name === request.params.id);
      if (!found) throw scimError(404, `Resource type ${request.params.id} not found`);
      return scimOk(resourceType(ctx, found));
    })
    .add('GET', `${BASE}/Schemas`, async (request) => {
      await authorizeScim(ctx, request);
      refuseFilter(request);
      return listAll(request, RESOURCES.map((r) => schemaResource(ctx, r)));
    })
    .add('GET', `${BASE}/Schemas/:id`, async (request) => {
      await authorizeScim(ctx, request);
      const found = RESOURCES.find((r) => r.schema === request.params.id);
      if (!found) throw scimError(404, `Schema ${request.params.id} not found`);
      return scimOk(schemaResource(ctx, found));
    });
}
