import { z } from 'zod';
import {
  AppConfigResponse, AppConfigUpdateInput, ConnectReportToWorkbookInput, CreateDeploymentTokenInput, CreateReportInput, Deployment,
  DeploymentEnvironmentsListResponse, DeploymentsListResponse, DeploymentTokenResponse, DisconnectReportFromWorkbookInput,
  EXTERNAL_DOCUMENT_MAX_PLACEMENTS, ExternalDocumentPlacementsListResponse, FolderAncestors, FoldersListResponse, IntegerId,
  PublicId, RefreshReportInput, Report, REPORT_SORT_BY, REPORTS_PAGE_DEFAULT, REPORTS_PAGE_MAX, ReportsListResponse,
  SORT_DIRECTIONS, UpdateReportInput, User, UserSettingsInput,
} from '../../src/contract';

/**
 * What each Platform API route of the local platform takes and answers, in the words of api.yaml (operation ids,
 * tags, the schemas' names). The schemas are the contract's zod schemas; `document.ts` turns them into JSON
 * Schema. SCIM (`/api/scim/v2`, scim.yaml) is described beside it, in the same document, by `scim-operations.ts`.
 * The Core data API (`/cubejs-api`, core-data.yaml) and the Agent chat API (chat.yaml) are other APIs with their
 * own documents and authentication, and are not described here.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus = 400 | 403 | 404 | 409 | 422;

export interface Parameter {
  schema: z.ZodType;
  description: string;
}

export interface Operation {
  method: Method;
  /** As the router has it: `/api/v1/deployments/:deploymentId`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  description?: string;
  query?: Record<string, Parameter>;
  body?: { schema: z.ZodType; required: boolean };
  /** The `200` answer and what it is. */
  /** The success answer: a JSON body (`200`), or none (`204`). */
  response: { schema: z.ZodType; description: string } | { noContent: true; description: string };
  /** Why each error status besides `401` (every operation needs a token) is answered. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** Only the local platform has it (`x-local-platform-only`): a stand-in for what the real platform does in its console. */
  localOnly?: true;
}

/** The OpenAPI document itself, as far as a client reading it relies on. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.looseObject({})),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** Path parameters by name: ids are integers, as in api.yaml. */
export const PATH_PARAMETERS: Record<string, Parameter> = {
  deploymentId: { schema: IntegerId, description: 'The deployment.' },
  reportId: { schema: IntegerId, description: 'The report.' },
  folderId: { schema: IntegerId, description: 'The folder.' },
  publicId: { schema: PublicId, description: "The report's public id: 12 letters or digits." },
  externalWorkbookId: { schema: z.string().min(1), description: "The spreadsheet's id (for Excel, the GUID in the workbook's custom document property)." },
};

// The short lists (deployments, environments, folders) page 100 at a time (`pageOf` in server/routes/cursor.ts).
const LIST_PAGE_MAX = 100;
const first = (max: number, fallback: number): Parameter => ({
  schema: z.number().int().min(1).max(max).default(fallback),
  description: 'Page size.',
});
const after: Parameter = { schema: z.string(), description: "`pageInfo.endCursor` of the previous page; a cursor belongs to the list (and sort) that gave it." };
const paging = { first: first(LIST_PAGE_MAX, LIST_PAGE_MAX), after };

const BAD_ID = 'An id in the path is not an integer, or a paging parameter is invalid.';
const NO_DEPLOYMENT = 'No such deployment, or the caller may not see it.';
const NO_REPORT = 'No such deployment or report.';
const CANNOT_READ = 'The caller lacks ReportRead on the report.';
const PLACEMENT_BODY = 'The body is invalid (a field of the wrong type, too many checksum chunks, a hash over 64 characters, an unreadable `resultLocation`).';

const deployment = '/api/v1/deployments/:deploymentId';
const report = `${deployment}/reports/:reportId`;

export const OPERATIONS: Operation[] = [
  {
    method: 'GET', path: '/api/v1/deployments', operationId: 'getDeployments', summary: 'Get deployments', tag: 'Deployments',
    query: paging,
    response: { schema: DeploymentsListResponse, description: 'The deployments the caller may see, with the deprecated `data`, `count` and `pagination`.' },
    errors: { 400: BAD_ID },
  },
  {
    method: 'GET', path: deployment, operationId: 'getDeployment', summary: 'Get deployment', tag: 'Deployments',
    response: { schema: Deployment, description: 'The deployment.' },
    errors: { 400: BAD_ID, 404: NO_DEPLOYMENT },
  },
  {
    method: 'GET', path: `${deployment}/environments`, operationId: 'getDeploymentEnvironments', summary: 'Get deployment environments', tag: 'Environments',
    query: { type: { schema: z.enum(['production', 'staging', 'development']), description: 'Only environments of this type.' }, ...paging },
    response: { schema: DeploymentEnvironmentsListResponse, description: "The deployment's environments with their API credentials." },
    errors: { 400: BAD_ID, 404: NO_DEPLOYMENT },
  },
  {
    method: 'POST', path: `${deployment}/token`, operationId: 'deploymentToken', summary: 'Create a Cube API token for the deployment', tag: 'Deployments',
    description: "The token is a JWT for the Core data API; its expiry is its `exp` claim. It expires after `expiresIn` seconds (60 to 86400), 24 hours when omitted.",
    body: { schema: CreateDeploymentTokenInput, required: false },
    response: { schema: DeploymentTokenResponse, description: 'The token.' },
    errors: { 400: '`expiresIn` is not an integer from 60 to 86400.', 404: NO_DEPLOYMENT },
  },
  {
    method: 'GET', path: '/api/v1/users/me', operationId: 'getMe', summary: 'Get the calling user', tag: 'Users',
    response: { schema: User, description: 'The caller, with `settings` and `userPolicies`.' },
    errors: {},
  },
  {
    method: 'PATCH', path: '/api/v1/users/me/settings', operationId: 'updateMySettings', summary: "Update the calling user's settings", tag: 'Users',
    description: 'Omitted fields are left as they are; `sheets` merges field by field, and an explicit `null` clears a field.',
    body: { schema: UserSettingsInput, required: true },
    response: { schema: User, description: 'The caller with the merged settings.' },
    errors: { 400: 'A setting has the wrong type (`defaultDeploymentId` must be an integer).' },
  },
  {
    method: 'GET', path: '/api/v1/app-config', operationId: 'getAppConfig', summary: 'Get app config', tag: 'App Theme',
    response: { schema: AppConfigResponse, description: "The tenant's app configuration." },
    errors: {},
  },
  {
    method: 'PUT', path: '/api/v1/app-config', operationId: 'updateAppConfig', summary: 'Change app config (local platform only)', tag: 'App Theme',
    description: "Not part of the real Platform API, whose admin sets the app config in the console. The top-level fields sent replace the stored ones (e.g. `{\"sheetsAgentChatEnabled\": false}`); an unknown field is refused.",
    body: { schema: AppConfigUpdateInput, required: true },
    response: { schema: AppConfigResponse, description: 'The app configuration as it is now.' },
    errors: { 400: 'The body names no field, an unknown field, or a field of the wrong type.', 403: 'The caller is not an admin.' },
    localOnly: true,
  },
  {
    method: 'GET', path: `${deployment}/reports`, operationId: 'getReports', summary: 'Get reports', tag: 'Reports',
    description: 'Only the reports the caller may read. Cursor pagination is not available when sorting by `lastViewedAt`.',
    query: {
      first: first(REPORTS_PAGE_MAX, REPORTS_PAGE_DEFAULT),
      after,
      sortBy: { schema: z.enum(REPORT_SORT_BY).default('updatedAt'), description: 'Sort key.' },
      sortDirection: { schema: z.enum(SORT_DIRECTIONS), description: 'Sort direction; ascending for `name`, descending otherwise when omitted.' },
      search: { schema: z.string(), description: 'Case-insensitive text in the name or title.' },
      folderId: { schema: IntegerId, description: 'Only reports directly in this folder.' },
      externalWorkbookId: { schema: z.string(), description: 'Only reports placed in this spreadsheet.' },
    },
    response: { schema: ReportsListResponse, description: 'One page of reports.' },
    errors: { 400: 'A parameter is invalid, the cursor belongs to another sort, or `after` is combined with sorting by `lastViewedAt`.', 404: NO_DEPLOYMENT },
  },
  {
    method: 'POST', path: `${deployment}/reports`, operationId: 'createReport', summary: 'Create report', tag: 'Reports',
    description: 'Supply a `publicId` (12 letters or digits) or omit it to have one generated.',
    body: { schema: CreateReportInput, required: false },
    response: { schema: Report, description: 'The new report.' },
    errors: {
      400: 'The body is invalid (`name` or `title` over 255 characters, a malformed `publicId`, an unknown folder).',
      403: 'The caller lacks ReportEdit on the deployment or the folder.',
      404: NO_DEPLOYMENT,
      409: 'The `publicId` is taken.',
    },
  },
  {
    method: 'PUT', path: `${deployment}/reports/by-public-id/:publicId`, operationId: 'upsertReportByPublicId', summary: 'Create or update a report by its public id', tag: 'Reports',
    description: 'Creates the report when no report has the public id, else updates it (`source` is create-only).',
    body: { schema: CreateReportInput, required: false },
    response: { schema: Report, description: 'The created or updated report.' },
    errors: {
      400: 'The public id or the body is invalid.',
      403: 'The caller may not create or edit the report.',
      404: NO_DEPLOYMENT,
      409: 'The public id belongs to a report in another deployment.',
    },
  },
  {
    method: 'GET', path: report, operationId: 'getReport', summary: 'Get report', tag: 'Reports',
    response: { schema: Report, description: 'The report with its placements.' },
    errors: { 400: BAD_ID, 403: CANNOT_READ, 404: NO_REPORT },
  },
  {
    method: 'PUT', path: report, operationId: 'updateReport', summary: 'Update report', tag: 'Reports',
    description: 'Only the fields sent change. `publicId` is write-once.',
    body: { schema: UpdateReportInput, required: false },
    response: { schema: Report, description: 'The updated report.' },
    errors: {
      400: 'The body is invalid, or it changes `publicId`.',
      403: 'The caller lacks ReportEdit on the report.',
      404: NO_REPORT,
      409: '`expectedVersion` is not the report\'s version.',
    },
  },
  {
    method: 'DELETE', path: report, operationId: 'deleteReport', summary: 'Delete report', tag: 'Reports',
    description: 'Deletes the report and its placements. The published description documents no answer body; this answers as `deleteFolder` does, `204 No Content`.',
    response: { noContent: true, description: 'Deleted.' },
    errors: { 400: BAD_ID, 403: 'The caller lacks ReportManage on the report.', 404: NO_REPORT },
  },
  {
    method: 'PUT', path: `${report}/connect-workbook`, operationId: 'connectReportToWorkbook', summary: 'Connect a report to a workbook', tag: 'Reports',
    description: "Upserts the placement (by `placementId`, else by workbook, sheet and anchor cell) and stamps it with the report's current query checksum; `addressOnly` changes only where it is. Needs only read access.",
    body: { schema: ConnectReportToWorkbookInput, required: true },
    response: { schema: Report, description: 'The report with its placements.' },
    errors: { 400: PLACEMENT_BODY, 403: CANNOT_READ, 404: NO_REPORT },
  },
  {
    method: 'DELETE', path: `${report}/connect-workbook`, operationId: 'disconnectReportFromWorkbook', summary: 'Disconnect a report from a workbook', tag: 'Reports',
    description: 'The target is a JSON body: `placementId`, or `externalWorkbookId` with `sheetName` and `anchorCell` (or a `resultLocation` naming both); `sheetId` narrows. A target that matches nothing changes nothing.',
    body: { schema: DisconnectReportFromWorkbookInput, required: false },
    response: { schema: Report, description: 'The report with its remaining placements.' },
    errors: { 400: 'The body addresses no placement.', 403: CANNOT_READ, 404: NO_REPORT },
  },
  {
    method: 'PUT', path: `${report}/refresh`, operationId: 'refreshReport', summary: 'Record a refresh of a placement', tag: 'Reports',
    description: "Records when and by whom the placement was rewritten, where it is now and what was written, and stamps the report's current query checksum.",
    body: { schema: RefreshReportInput, required: false },
    response: { schema: Report, description: 'The report with its placements.' },
    errors: { 400: 'The body addresses no placement.', 403: CANNOT_READ, 404: 'No such deployment, report or placement.' },
  },
  {
    method: 'GET', path: `${deployment}/folders`, operationId: 'getFolders', summary: 'Get folders', tag: 'Folders',
    description: 'One level: the workspace root, or the children of `parentId`. Folders the caller may not read are listed only as the way to something they may read.',
    query: { parentId: { schema: IntegerId, description: 'The folder whose children to list.' }, ...paging },
    response: { schema: FoldersListResponse, description: 'One page of folders.' },
    errors: { 400: BAD_ID, 404: 'No such deployment, or `parentId` is not a folder the caller sees.' },
  },
  {
    method: 'GET', path: `${deployment}/folders/:folderId/ancestors`, operationId: 'getFolderAncestors', summary: 'Get folder ancestors', tag: 'Folders',
    response: { schema: FolderAncestors, description: 'The folders from the workspace root down to and including the folder.' },
    errors: { 400: BAD_ID, 404: 'No such deployment or folder, or the caller does not see it.' },
  },
  {
    method: 'GET', path: '/api/v1/external-documents/:externalWorkbookId/placements', operationId: 'getExternalDocumentPlacements',
    summary: 'Get the placements in an external document', tag: 'Reports',
    description: 'Every placement in the spreadsheet across the tenant, including those whose report the caller may not read (`access: DENIED`, without the report name). Omitting `first` returns all of them.',
    query: { first: first(EXTERNAL_DOCUMENT_MAX_PLACEMENTS, EXTERNAL_DOCUMENT_MAX_PLACEMENTS), after },
    response: { schema: ExternalDocumentPlacementsListResponse, description: 'One page of placements.' },
    errors: { 400: 'A paging parameter is invalid.', 422: 'The document holds more than 500 placed reports or 2000 placements.' },
  },
  {
    method: 'GET', path: '/api/v1/spec', operationId: 'getSpec', summary: 'Get the OpenAPI document', tag: 'OpenAPI Spec',
    response: { schema: OpenApiDocument, description: 'The OpenAPI 3.1 document of this API.' },
    errors: {},
  },
];
