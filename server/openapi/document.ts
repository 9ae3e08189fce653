import { z } from 'zod';
import {
  AppConfigResponse, AppTheme, AppThemePalette, AppThemeScheme, ApiCredential, clientFallbacks, ConnectReportToWorkbookInput,
  CreateDeploymentTokenInput, CreateReportInput, CreatorMode, Deployment, DeploymentEnvironment, DeploymentEnvironmentsListResponse,
  DeploymentsListResponse, DeploymentTokenResponse, DisconnectReportFromWorkbookInput, EmbedSettings, ErrorBody,
  ExternalDocumentPlacement, ExternalDocumentPlacementsListResponse, Folder, FolderPathEntry, FoldersListResponse, LocalizedValue,
  PageInfo, PaletteSeed, PivotItems, PivotItemsInput, Policy, RefreshReportInput, Report, ReportPlacement, ReportsListResponse,
  ResourceOwner, ResultChecksum, ResultChunk, SheetsUiSettings, TimezoneSettings, UpdateReportInput, User, UserSettingsInput,
} from '../../src/contract';
import { OPERATIONS, PATH_PARAMETERS, type ErrorStatus, type OpenApiDocument, type Parameter } from './operations';

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

const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * Drops the branches of a union that only clients need (`clientFallbacks`: an open enum's "any other string"):
 * the document says what this server sends, e.g. an enum's values rather than "any string".
 */
function withoutClientFallbacks({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  if (!(zodSchema instanceof z.ZodUnion) || !Array.isArray(jsonSchema.anyOf)) return;
  const branches = jsonSchema.anyOf as JsonSchema[];
  const kept = branches.filter((_, i) => !clientFallbacks.has(zodSchema.options[i]!));
  if (kept.length === branches.length) return;
  delete jsonSchema.anyOf;
  if (kept.length === 1) Object.assign(jsonSchema, { ...kept[0], ...jsonSchema });
  else jsonSchema.anyOf = kept;
}

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

/**
 * The OpenAPI 3.1 document of the Platform API as the local platform implements it (`GET /api/v1/spec`),
 * generated from the contract's zod schemas and `OPERATIONS`.
 */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  const responses = generate('output', RESPONSE_SCHEMAS, OPERATIONS.flatMap((o) => ('schema' in o.response ? [o.response.schema] : [])));
  const requests = generate('input', REQUEST_SCHEMAS, OPERATIONS.flatMap((o) => (o.body ? [o.body.schema] : [])));
  const clash = Object.keys(requests.components).find((name) => name in responses.components);
  if (clash) throw new Error(`OpenAPI component ${clash} is named twice`);

  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const names = [...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const parameters = [
      ...names.map((name) => {
        const parameter = PATH_PARAMETERS[name];
        if (!parameter) throw new Error(`No description of the path parameter ${name}`);
        return { in: 'path', name, required: true, description: parameter.description, schema: parameterSchema(parameter) };
      }),
      ...Object.entries(operation.query ?? {}).map(([name, parameter]) => (
        { in: 'query', name, required: false, description: parameter.description, schema: parameterSchema(parameter) }
      )),
    ];
    const errors: Partial<Record<401 | ErrorStatus, string>> = { 401: UNAUTHORIZED, ...operation.errors };
    const errorBody = responses.schemaFor(ErrorBody);
    (paths[operation.path.replace(/:(\w+)/g, '{$1}')] ??= {})[operation.method.toLowerCase()] = {
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
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Report Sync local platform: Platform API',
      version: '1.0.0',
      description: "The part of Cube Cloud's Platform API that the local platform implements, generated from the contract's schemas. "
        + 'Operations marked `x-local-platform-only` are not in the real API: they stand in for its admin console.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...responses.components, ...requests.components },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An OAuth access token or an API key: `Authorization: Bearer <token>`.' },
      },
    },
  };
}
