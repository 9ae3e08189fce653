import { z } from 'zod';
import {
  AppConfigResponse, AppTheme, AppThemePalette, AppThemeScheme, ApiCredential, clientFallbacks, ConnectReportToWorkbookInput,
  CreateDeploymentTokenInput, CreateReportInput, CreatorMode, Deployment, DeploymentEnvironment, DeploymentEnvironmentsListResponse,
  DeploymentsListResponse, DeploymentTokenResponse, DisconnectReportFromWorkbookInput, EmbedSettings, ErrorBody,
  ExternalDocumentPlacement, ExternalDocumentPlacementsListResponse, Folder, FolderPathEntry, FoldersListResponse, LocalizedValue,
  PageInfo, PaletteSeed, PivotItems, PivotItemsInput, Policy, RefreshReportInput, Report, ReportPlacement, ReportsListResponse,
  ResourceOwner, ResultChecksum, ResultChunk, ScimError, SheetsUiSettings, TimezoneSettings, UpdateReportInput, User, UserSettingsInput,
} from '../../src/contract';
import { OPERATIONS, PATH_PARAMETERS, type ErrorStatus, type OpenApiDocument, type Parameter } from './operations';
import { SCIM_OPERATIONS, SCIM_REQUEST_SCHEMAS, SCIM_RESPONSE_SCHEMAS, type ScimComponent, type ScimErrorStatus } from './scim-operations';

type JsonSchema = Record<string, unknown>;

/** Response schemas by the names api.yaml gives them (`components.schemas`). */
const RESPONSE_SCHEMAS: [z.ZodType, string][] = [
  [AppConfigResponse, 'AppConfigResponse'], [AppTheme, 'AppTheme'], [AppThemePalette, 'AppThemePalette'],
  [PaletteSeed, 'AppThemePaletteSeed'], [AppThemeScheme, 'AppThemeScheme'], [CreatorMode, 'CreatorMode'],
  [LocalizedValue, 'LocalizedValue'], [SheetsUiSettings, 'SheetsUiSettings'], [TimezoneSettings, 'TimezoneSettings'],
  [EmbedSettings, 'EmbedSettings'], [PageInfo, 'PageInfo'], [Deployment, 'Deployment'], [DeploymentsListResponse, 'DeploymentsListResponse'],
  [DeploymentEnvironment, 'DeploymentEnvironment'], [ApiCredential, 'DeploymentEnvironmentApiCredential'],
  [DeploymentEnvironmentsListResponse, 'DeploymentEnvironmentsListResponse'], [DeploymentTokenResponse, 'DeploymentTokenResponse'],
  [User, 'User'], [Policy, 'Policy'], [ResourceOwner, 'ResourceOwner'], [FolderPathEntry, 'WorkspaceFolderPathEntry'],
  [Report, 'Report'], [ReportsListResponse, 'ReportsListResponse'], [ReportPlacement, 'ReportPlacement'],
  [ResultChecksum, 'ReportPlacementResultChecksum'], [ResultChunk, 'ReportPlacementResultChunk'], [PivotItems, 'PivotItems'],
  [Folder, 'Folder'], [FoldersListResponse, 'FoldersListResponse'],
  [ExternalDocumentPlacement, 'ExternalDocumentPlacementResponse'], [ExternalDocumentPlacementsListResponse, 'ExternalDocumentPlacementsListResponse'],
  // Not in api.yaml, which declares no error bodies; contract.md fixes `{error, code?}`.
  [ErrorBody, 'ErrorBody'],
];

/** Request body schemas by their api.yaml names (`…Input`). */
const REQUEST_SCHEMAS: [z.ZodType, string][] = [
  [CreateDeploymentTokenInput, 'CreateDeploymentTokenInput'], [UserSettingsInput, 'UserSettingsInput'],
  [CreateReportInput, 'CreateReportInput'], [UpdateReportInput, 'UpdateReportInput'], [PivotItemsInput, 'PivotItemsInput'],
  [ResultChecksum, 'ReportPlacementResultChecksumInput'], [ResultChunk, 'ReportPlacementResultChunkInput'],
  [ConnectReportToWorkbookInput, 'ConnectReportToWorkbookInput'], [RefreshReportInput, 'RefreshReportInput'],
  [DisconnectReportFromWorkbookInput, 'DisconnectReportFromWorkbookInput'],
];

const UNAUTHORIZED = 'No token, an invalid or expired one, or one of a deactivated user.';
const SCIM_UNAUTHORIZED = 'Neither the SCIM token nor a valid Platform API token (`WWW-Authenticate: Bearer`).';
const SCIM_FORBIDDEN = 'A Platform API token of a user who is not an administrator.';
/** SCIM takes its own token, or an administrator's Platform API token. */
const SCIM_SECURITY = [{ scimBearer: [] }, { bearerAuth: [] }];
/** What a SCIM server answers with, and what it accepts (RFC 7644 §3.1 and §8.1): both bodies are the same JSON. */
const SCIM_MEDIA_TYPES = ['application/scim+json', 'application/json'];

const TAGS: Record<string, string> = {
  Users: 'Platform API `/api/v1/users/me…`, and SCIM Users (scim.yaml\'s tag; also tagged SCIM).',
  Groups: 'SCIM Groups (scim.yaml\'s tag).',
  Discovery: 'SCIM service provider discovery (RFC 7644 §4); not in scim.yaml.',
  SCIM: 'Every SCIM 2.0 operation (`/api/scim/v2`, scim.yaml): the SCIM token or an administrator\'s Platform API token; SCIM Error bodies.',
};

const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * Drops the branches of a union that only clients need (`clientFallbacks`: an open enum's "any other string"):
 * the document says what this server sends, e.g. an enum's values rather than "any string".
 */
function withoutClientFallbacks({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  caseInsensitivePattern(zodSchema, jsonSchema);
  if (!(zodSchema instanceof z.ZodUnion) || !Array.isArray(jsonSchema.anyOf)) return;
  const branches = jsonSchema.anyOf as JsonSchema[];
  const kept = branches.filter((_, i) => !clientFallbacks.has(zodSchema.options[i]!));
  if (kept.length === branches.length) return;
  delete jsonSchema.anyOf;
  if (kept.length === 1) Object.assign(jsonSchema, { ...kept[0], ...jsonSchema });
  else jsonSchema.anyOf = kept;
}

/**
 * JSON Schema has no regex flags: a case-insensitive pattern of plain letters (`/^(add|remove|replace)$/i`,
 * PatchOp's `op`) is spelt with a class per letter, so the document accepts `Replace` as the server does.
 */
function caseInsensitivePattern(zodSchema: z.core.$ZodType, jsonSchema: JsonSchema): void {
  if (!(zodSchema instanceof z.ZodString) || typeof jsonSchema.pattern !== 'string') return;
  const regex = (zodSchema._zod.def.checks ?? []).map((check) => (check._zod.def as { pattern?: RegExp }).pattern)
    .find((pattern) => pattern?.source === jsonSchema.pattern);
  if (!regex?.flags.includes('i') || /[\\[]/.test(regex.source)) return;
  jsonSchema.pattern = regex.source.replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);
}

/** SCIM components with their scim.yaml (or RFC) name as `title`, beside the document's own name. */
const described = (schemas: Record<string, JsonSchema>, components: ScimComponent[]) => {
  for (const { name, title, description, refinements = {} } of components) {
    const schema = schemas[name] as JsonSchema & { properties: Record<string, JsonSchema> };
    for (const [property, keywords] of Object.entries(refinements)) Object.assign(schema.properties[property]!, keywords);
    schemas[name] = { title, description, ...schema };
  }
  return schemas;
};

/**
 * JSON Schema (2020-12, OpenAPI 3.1's dialect) for one direction: `output` for what the server answers, `input`
 * for what it accepts. Named schemas become components that refer to each other; `schemaFor` gives the schema
 * of an operation's body or answer: a reference to its component, or the schema itself when it has no name.
 */
function generate(io: 'input' | 'output', named: [z.ZodType, string][], unnamed: z.ZodType[]) {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const inline = new Map<z.ZodType, string>();
  for (const schema of unnamed) {
    if (registry.has(schema) || inline.has(schema)) continue;
    const id = `${io}-${inline.size}`;
    inline.set(schema, id);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // The only transforms are client fallbacks, which the override removes.
    unrepresentable: 'any',
    uri: componentRef,
    override: withoutClientFallbacks,
  });
  const clean = (schema: JsonSchema): JsonSchema => {
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    return rest;
  };
  const components = Object.fromEntries(named.map(([, id]) => [id, clean(schemas[id] as JsonSchema)]));
  const schemaFor = (schema: z.ZodType): JsonSchema => {
    const id = inline.get(schema);
    return id ? clean(schemas[id] as JsonSchema) : { $ref: componentRef(registry.get(schema)!.id) };
  };
  return { components, schemaFor };
}

function parameterSchema(parameter: Parameter): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(parameter.schema, { target: 'draft-2020-12', io: 'input' }) as JsonSchema;
  return schema;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const scimJson = (schema: JsonSchema) => Object.fromEntries(SCIM_MEDIA_TYPES.map((type) => [type, { schema }]));

/** The path and query parameters of an operation; path parameters are looked up in `pathParameters`. */
function parametersOf(path: string, pathParameters: Record<string, Parameter>, query: Record<string, Parameter> = {}) {
  return [
    ...[...path.matchAll(/:(\w+)/g)].map(([, name]) => {
      const parameter = pathParameters[name!];
      if (!parameter) throw new Error(`No description of the path parameter ${name} of ${path}`);
      return { in: 'path', name, required: true, description: parameter.description, schema: parameterSchema(parameter) };
    }),
    ...Object.entries(query).map(([name, parameter]) => (
      { in: 'query', name, required: false, description: parameter.description, schema: parameterSchema(parameter) }
    )),
  ];
}

/**
 * The OpenAPI 3.1 document of the Platform API and of SCIM as the local platform implements them (`GET /api/v1/spec`),
 * generated from the contract's zod schemas, `OPERATIONS` and `SCIM_OPERATIONS`.
 */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  const named = (components: ScimComponent[]) => components.map(({ schema, name }): [z.ZodType, string] => [schema, name]);
  const bodies = (operations: { body?: { schema: z.ZodType } }[]) => operations.flatMap((o) => (o.body ? [o.body.schema] : []));
  const answers = (operations: { response: object }[]) =>
    operations.flatMap((o) => ('schema' in o.response ? [(o.response as { schema: z.ZodType }).schema] : []));
  const responses = generate('output', [...RESPONSE_SCHEMAS, ...named(SCIM_RESPONSE_SCHEMAS)], [...answers(OPERATIONS), ...answers(SCIM_OPERATIONS)]);
  const requests = generate('input', [...REQUEST_SCHEMAS, ...named(SCIM_REQUEST_SCHEMAS)], [...bodies(OPERATIONS), ...bodies(SCIM_OPERATIONS)]);
  const clash = Object.keys(requests.components).find((name) => name in responses.components);
  if (clash) throw new Error(`OpenAPI component ${clash} is named twice`);

  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, method: string, operation: Record<string, unknown>) => {
    (paths[path.replace(/:(\w+)/g, '{$1}')] ??= {})[method.toLowerCase()] = operation;
  };
  const errorBody = responses.schemaFor(ErrorBody);
  for (const operation of OPERATIONS) {
    const parameters = parametersOf(operation.path, PATH_PARAMETERS, operation.query);
    const errors: Partial<Record<401 | ErrorStatus, string>> = { 401: UNAUTHORIZED, ...operation.errors };
    add(operation.path, operation.method, {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      ...(operation.localOnly ? { 'x-local-platform-only': true } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body
        ? { requestBody: { required: operation.body.required, content: json(requests.schemaFor(operation.body.schema)) } }
        : {}),
      responses: {
        ...('schema' in operation.response
          ? { 200: { description: operation.response.description, content: json(responses.schemaFor(operation.response.schema)) } }
          : { 204: { description: operation.response.description } }),
        ...Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, { description, content: json(errorBody) }])),
      },
    });
  }

  const scimError = responses.schemaFor(ScimError);
  for (const operation of SCIM_OPERATIONS) {
    const parameters = parametersOf(operation.path, operation.pathParameters ?? {}, operation.query);
    const errors: Partial<Record<401 | ScimErrorStatus, string>> = {
      ...(operation.anonymous ? {} : { 401: SCIM_UNAUTHORIZED, 403: SCIM_FORBIDDEN }),
      ...operation.errors,
      ...(operation.errors[403] ? { 403: `${SCIM_FORBIDDEN} ${operation.errors[403]}` } : {}),
    };
    const { response } = operation;
    add(operation.path, operation.method, {
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag, 'SCIM'],
      ...(operation.notInScimYaml ? { 'x-not-in-scim-yaml': true } : {}),
      security: operation.anonymous ? [{}, ...SCIM_SECURITY] : SCIM_SECURITY,
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body
        ? { requestBody: { required: operation.body.required, content: scimJson(requests.schemaFor(operation.body.schema)) } }
        : {}),
      responses: {
        ...('schema' in response
          ? {
            [response.status]: {
              description: response.description,
              ...(response.status === 201
                ? { headers: { Location: { description: 'The new resource\'s URI (its `meta.location`).', required: true, schema: { type: 'string', format: 'uri' } } } }
                : {}),
              content: scimJson(responses.schemaFor(response.schema)),
            },
          }
          : { 204: { description: response.description } }),
        ...Object.fromEntries(Object.entries(errors).map(([status, description]) => [status, {
          description,
          ...(status === '401' ? { headers: { 'WWW-Authenticate': { description: '`Bearer`.', schema: { type: 'string' } } } } : {}),
          content: scimJson(scimError),
        }])),
      },
    });
  }

  const tags = [...new Set([...OPERATIONS.map((o) => o.tag), ...SCIM_OPERATIONS.map((o) => o.tag), 'SCIM'])];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Report Sync local platform: Platform API and SCIM',
      version: '1.0.0',
      description: "The parts of Cube Cloud's Platform API (api.yaml) and SCIM API (scim.yaml) that the local platform implements, "
        + "generated from the contract's schemas. Operations marked `x-local-platform-only` are not in the real API: they stand in "
        + 'for its admin console. SCIM operations (tag SCIM) answer `application/scim+json` with SCIM Error bodies; their '
        + "components are prefixed `Scim` and titled with scim.yaml's names. Those marked `x-not-in-scim-yaml` (discovery, "
        + 'RFC 7644 §4) are standard SCIM that scim.yaml does not publish.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: tags.map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name })),
    paths,
    components: {
      schemas: {
        ...described(responses.components, SCIM_RESPONSE_SCHEMAS),
        ...described(requests.components, SCIM_REQUEST_SCHEMAS),
      },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An OAuth access token or an API key: `Authorization: Bearer <token>`.' },
        scimBearer: {
          type: 'http',
          scheme: 'bearer',
          description: "The tenant's SCIM token (scim.yaml: `Authorization: Bearer <SCIM token>`); SCIM operations also take an administrator's `bearerAuth` token.",
        },
      },
    },
  };
}
