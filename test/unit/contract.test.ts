import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CoreDataClient, dataApiBase, PlatformClient, ResponseFormatError, tokenExpiry, type FetchLike,
} from '../../src/client';
import {
  AppConfigResponse, CubeQuery, Deployment, nextCursor, Report, ReportPlacement,
} from '../../src/contract';
import { reportDefinition } from '../../src/core/report-definition';
import { effectiveTimezone } from '../../src/core/timezone';

/**
 * The contract against payloads written by hand from Cube Cloud's published schemas (api.yaml, core-data.yaml;
 * test/fixtures/real-tenant), never copied from the local platform: every nullable field null somewhere, legacy
 * records sparse, deprecated fields present and absent, unknown fields and enum values of a newer server. Each is
 * read through the client the add-in uses, and the fields the add-in relies on must come out right.
 */

const BASE = 'https://acme.cubecloud.dev';

function fixture<T = Record<string, unknown>>(name: string): T {
  return JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'real-tenant', `${name}.json`), 'utf8')) as T;
}

/** A fetch that answers each path (with `?after=` when paging) with its fixture, like a tenant would. */
function tenant(answers: Record<string, unknown>): FetchLike {
  return async (input) => {
    const url = new URL(input);
    const after = url.searchParams.get('after');
    const body = answers[after ? `${url.pathname}?after=${after}` : url.pathname];
    if (body === undefined) return new Response(JSON.stringify({ error: `no fixture for ${url.pathname}` }), { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
}

const platform = (answers: Record<string, unknown>) =>
  new PlatformClient({ baseUrl: BASE, accessToken: () => 'plt_key', fetch: tenant(answers), sleep: async () => {} });

const dataClient = (answers: Record<string, unknown>) =>
  new CoreDataClient({
    apiUrl: 'https://sales-analytics.aws-us-east-1.cubecloudapp.dev/cubejs-api',
    tokens: { getToken: async () => 'cube.jwt', invalidate: () => {} },
    fetch: tenant(answers),
    sleep: async () => {},
  });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.any-signature`;

async function formatError(call: Promise<unknown>): Promise<string> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ResponseFormatError);
  return (error as Error).message;
}

describe('deployments', () => {
  it('reads a list with the deprecated data, count and pagination, then a page without them (pageInfo null)', async () => {
    const cursor = fixture<{ pageInfo: { endCursor: string } }>('deployments').pageInfo.endCursor;
    const client = platform({
      '/api/v1/deployments': fixture('deployments'),
      [`/api/v1/deployments?after=${cursor}`]: fixture('deployments.page-2.newer'),
    });
    const deployments = await client.listDeployments();
    expect(deployments.map(({ id, name, deploymentUrl, creationStep }) => ({ id, name, deploymentUrl, creationStep }))).toEqual([
      { id: 7, name: 'Sales Analytics', deploymentUrl: 'https://sales-analytics.aws-us-east-1.cubecloudapp.dev', creationStep: 'ready' },
      // A creation step of a newer server: the add-in does not act on it.
      { id: 12, name: 'Finance (onboarding)', deploymentUrl: 'https://finance.gcp-europe-west3.cubecloudapp.dev/', creationStep: null },
      { id: 31, name: 'Sandbox', deploymentUrl: 'https://sandbox.aws-eu-central-1.cubecloudapp.dev', creationStep: 'databases' },
    ]);
  });

  it('reads one deployment with an unknown extra field', async () => {
    const deployment = await platform({ '/api/v1/deployments/7': fixture('deployment') }).getDeployment(7);
    expect(deployment).toMatchObject({ id: 7, deploymentUrl: 'https://sales-analytics.aws-us-east-1.cubecloudapp.dev', creationStep: 'ready' });
  });

  it('names a missing required field in the error', async () => {
    const message = await formatError(platform({ '/api/v1/deployments': fixture('deployments.missing-url') }).listDeployments());
    expect(message).toMatch(/at 'items\.0\.deploymentUrl'/);
  });

  it('still refuses an enum value of the wrong type: only unknown strings fall back', () => {
    const deployment = fixture('deployment');
    const parsed = Deployment.safeParse({ ...deployment, creationStep: 5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['creationStep']);
  });
});

describe('environments and the data API base', () => {
  const deployment = { deploymentUrl: 'https://x.cubecloudapp.dev/' };
  const environments = (name: string) => platform({ '/api/v1/deployments/7/environments': fixture(name) }).listEnvironments(7);

  it('prefers the production REST credential, whose /v1 is not doubled; SQL credentials are ignored', async () => {
    const listed = await environments('environments');
    // A type and a credential type of a newer server are null; the rest of the list is still usable.
    expect(listed.map((e) => e.type)).toEqual(['staging', null, 'production', 'development']);
    expect(listed[2]!.api_credentials.map((c) => c.type)).toEqual(['sql', 'rest']);
    expect(listed[3]!.api_credentials[0]!.type).toBeNull();
    expect(listed[3]!.user).toBe('ana@acme.example');
    expect(dataApiBase(deployment, listed)).toBe('https://sales-analytics.aws-us-east-1.cubecloudapp.dev/cubejs-api');
  });

  it('strips /v1 with a trailing slash, and takes a URL without /v1 as it is', async () => {
    expect(dataApiBase(deployment, await environments('environments.trailing-slash'))).toBe('https://x.cubecloudapp.dev/cubejs-api');
    expect(dataApiBase(deployment, await environments('environments.without-v1'))).toBe('https://x.cubecloudapp.dev/cubejs-api');
  });

  it('falls back to deploymentUrl + /cubejs-api when the REST URL is null, whatever the SQL credential says', async () => {
    const listed = await environments('environments.null-url');
    expect(listed[0]!.api_credentials[0]!.url).toMatch(/^postgres:/);
    expect(dataApiBase(deployment, listed)).toBe('https://x.cubecloudapp.dev/cubejs-api');
    expect(dataApiBase({ deploymentUrl: 'https://y.cubecloudapp.dev' }, [])).toBe('https://y.cubecloudapp.dev/cubejs-api');
  });

  it('reads the deployment token and its expiry from the JWT', async () => {
    const { cubeApiToken } = await platform({ '/api/v1/deployments/7/token': fixture('token') }).issueDeploymentToken(7, 3600);
    expect(tokenExpiry(cubeApiToken)).toBe(1_767_312_000_000);
    expect(tokenExpiry(jwt({ sub: '42', exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
    expect(tokenExpiry(jwt({ sub: '42', iat: 1_767_225_600 }))).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
  });
});

describe('users/me and settings', () => {
  it('reads a User with every nullable field null, its settings and policies (an unknown resource type kept as null)', async () => {
    const me = await platform({ '/api/v1/users/me': fixture('users-me') }).getCurrentUser();
    expect(me).toMatchObject({ id: 42, email: 'ana@acme.example', username: 'ana', isAdmin: false, firstName: null, lastLogin: null });
    expect(me.settings).toMatchObject({ defaultDeploymentId: 12, timezone: 'Europe/Berlin', sheets: { showAppliedFilters: false, openExplorationFromSheet: true } });
    expect(me.userPolicies).toEqual([
      { resourceType: 'Deployment', actions: ['SchemaRead', 'DownloadData'], resources: ['7', '12'] },
      { resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: ['3'] },
      { resourceType: 'Report', actions: ['ReportRead', 'ReportEdit'], resources: ['118'] },
      { resourceType: null, actions: ['SemanticViewQuery'], resources: ['*'] },
    ]);
  });

  it('reads a User with only the required fields', async () => {
    const me = await platform({ '/api/v1/users/me': fixture('users-me.sparse') }).getCurrentUser();
    expect(me).toMatchObject({ id: 43, isAdmin: true });
    expect(me.settings?.defaultDeploymentId ?? null).toBeNull();
    expect(me.userPolicies ?? null).toBeNull();
  });

  it('reads the PATCH /users/me/settings answer', async () => {
    const me = await platform({ '/api/v1/users/me/settings': fixture('settings-patch') }).updateSettings({ defaultDeploymentId: 7 });
    expect(me.settings).toEqual({ defaultDeploymentId: 7, timezone: 'America/New_York', sheets: { showAppliedFilters: true } });
  });
});

describe('app-config', () => {
  it('reads palette seeds, time zone, sheets UI, chat and download switches, with the deprecated light/dark', async () => {
    const config = await platform({ '/api/v1/app-config': fixture('app-config') }).getAppConfig();
    expect(config.appTheme!.palette.accent).toEqual({ color: '#5B5FC7', hue: null, saturation: null });
    expect(config.appTheme!.palette.base).toEqual({ color: null, hue: 220, saturation: 12 });
    expect(config.appTheme!.palette.surfaceMode).toBe('tinted');
    expect(config.appTheme!.light!.accentColor).toBe('#5B5FC7');
    expect(config).toMatchObject({ restrictDataDownload: true, sheetsAgentChatEnabled: true, sheetsUi: { showAppliedFilters: true } });
    expect(config.timezoneSettings).toEqual({ allowUserOverride: false, enabled: true, timezone: 'America/Chicago' });
    expect(effectiveTimezone(config.timezoneSettings, 'Europe/Berlin')).toBe('America/Chicago');
  });

  it('reads a newer config without light/dark, with null sections and an unknown surface mode', async () => {
    const config = await platform({ '/api/v1/app-config': fixture('app-config.newer') }).getAppConfig();
    expect(config.appTheme).toMatchObject({ logoUrl: '', palette: { accent: { color: '#0F6CBD' }, surfaceMode: null } });
    expect(config.appTheme).not.toHaveProperty('light');
    expect(config).toMatchObject({ restrictDataDownload: false, sheetsAgentChatEnabled: false, sheetsUi: null, timezoneSettings: null });
    expect(effectiveTimezone(config.timezoneSettings, 'Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('names a missing required switch', () => {
    const { restrictDataDownload: _dropped, ...config } = fixture('app-config');
    const parsed = AppConfigResponse.safeParse(config);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['restrictDataDownload']);
  });
});

describe('reports', () => {
  const reportsPath = '/api/v1/deployments/7/reports';

  it('reads a page: jsonQuery text, pivot items with every display option, integer ids, folder path, placements', async () => {
    const page = await platform({ [reportsPath]: fixture('reports') }).listReports(7);
    expect(nextCursor(page)).toBe('Y3Vyc29yOjI=');
    const [full] = page.items;
    expect(full).toMatchObject({ id: 118, deploymentId: 7, publicId: 'k3Rv9QzX1mTa', folderId: 9, canEdit: true, version: 6 });
    expect(full!.folderPath).toEqual([{ id: 3, name: 'Sales' }, { id: 9, name: 'Regional' }]);
    const definition = reportDefinition(full!);
    expect(definition).toMatchObject({
      placeable: true,
      query: { measures: ['orders.total_amount', 'orders.count'], order: [['orders.total_amount', 'desc']], limit: 5000 },
      pivot: {
        rows: ['orders.region'], columns: ['orders.created_at.quarter'], measures: ['orders.count', 'orders.total_amount'],
        measuresAxis: 'rows', measuresPosition: 'before', displayScale: 'thousands',
        showAppliedFilters: true, showColumnTotals: true, showRowTotals: false,
      },
    });
    expect(full!.externalWorkbookPlacements![0]).toMatchObject({
      id: '6f1d2c9e-3b7a-4f0e-9d61-2a8c5e4b7f10', host: 'EXCEL', syncStatus: 'UP_TO_DATE', anchorCell: 'B3', placedByUserId: 42,
      resultChecksum: { v: 1, chunks: [{ from: 0, hash: '9f2c4e1a' }, { from: 500, hash: '07b3d8c2', to: 999 }], payload: 'ab12cd34ef56' },
    });
  });

  it('reads a legacy report: no pivotItems, no folderPath, canEdit null, a placement with only workbookId and resultLocation', async () => {
    const page = await platform({ [reportsPath]: fixture('reports') }).listReports(7);
    const legacy = page.items[1]!;
    expect(legacy.pivotItems).toBeUndefined();
    expect(legacy.folderPath).toBeUndefined();
    expect(legacy.canEdit).toBeNull();
    expect(legacy.externalWorkbookPlacements).toEqual([{ workbookId: '0b7d3f2a-91c4-4e58-a6d2-5c8e1f9b3a47', resultLocation: 'Sheet1!A1:B5' }]);
    expect(reportDefinition(legacy)).toMatchObject({
      placeable: true,
      pivot: { rows: ['orders.status'], columns: [], measures: ['orders.count'], measuresAxis: 'columns', measuresPosition: 'after', displayScale: 'model' },
    });
  });

  it('iterates into a newer page without the deprecated fields, with unknown types and display options', async () => {
    const client = platform({ [reportsPath]: fixture('reports'), [`${reportsPath}?after=Y3Vyc29yOjI=`]: fixture('reports.newer') });
    const all: Report[] = [];
    for await (const r of client.iterateReports(7)) all.push(r);
    expect(all.map((r) => r.id)).toEqual([118, 64, 301]);
    const newer = all[2]!;
    expect(newer).toMatchObject({ type: null, source: null, externalWorkbookPlacements: null, folderPath: [] });
    expect(newer.pivotItems).toMatchObject({ displayScale: null, measuresAxis: null });
    expect(reportDefinition(newer)).toMatchObject({ placeable: true, pivot: { displayScale: 'model', measuresAxis: 'columns' } });
  });

  it('reads one report: a changed, a legacy and a newer host’s placement (unknown status, host and checksum)', async () => {
    const r = await platform({ [`${reportsPath}/118`]: fixture('report') }).getReport(7, 118);
    const [changed, legacy, foreign] = r.externalWorkbookPlacements!;
    expect(changed).toMatchObject({ syncStatus: 'CHANGED', resultChecksum: { v: 1, chunks: [] }, sheetId: null });
    expect(legacy!.id ?? null).toBeNull();
    expect(foreign).toMatchObject({ syncStatus: 'UNKNOWN', host: null, resultChecksum: null, workbookName: 'Revenue' });
    expect(reportDefinition(r)).toMatchObject({ placeable: true, pivot: { measuresAxis: 'columns', showAppliedFilters: null, showRowTotals: false } });
  });

  it('lists a report whose jsonQuery does not parse, with the reason', async () => {
    const r = await platform({ [`${reportsPath}/140`]: fixture('report.unparseable-query') }).getReport(7, 140);
    expect(reportDefinition(r)).toEqual({ placeable: false, reason: { kind: 'invalid-json', detail: expect.any(String) } });
    expect(reportDefinition({ ...r, jsonQuery: '{"measures": "orders.count"}' })).toEqual({
      placeable: false, reason: { kind: 'invalid-query', detail: expect.stringContaining('measures') },
    });
  });

  it('names a missing required field of a report or of a placement', async () => {
    const { publicId: _publicId, ...noPublicId } = fixture('report');
    expect(await formatError(platform({ [`${reportsPath}/118`]: noPublicId }).getReport(7, 118))).toMatch(/at 'publicId'/);
    const broken = fixture<{ externalWorkbookPlacements: Record<string, unknown>[] }>('report');
    delete broken.externalWorkbookPlacements[1]!.resultLocation;
    expect(await formatError(platform({ [`${reportsPath}/118`]: broken }).getReport(7, 118))).toMatch(/at 'externalWorkbookPlacements\.1\.resultLocation'/);
  });

  it('keeps parsing as before: a non-string status fails, an unreadable checksum is none', () => {
    const placement = { workbookId: 'w', resultLocation: 'S!A1' };
    expect(ReportPlacement.safeParse({ ...placement, syncStatus: 7 }).success).toBe(false);
    expect(ReportPlacement.parse({ ...placement, resultChecksum: 'opaque' }).resultChecksum).toBeNull();
    expect(CubeQuery.parse({ measures: ['a.b'], segments: ['a.s'], ungrouped: true })).toEqual({ measures: ['a.b'], segments: ['a.s'], ungrouped: true });
  });
});

describe('folders', () => {
  it('reads a level with the deprecated fields, a folder with owner and path and a sparse one', async () => {
    const page = await platform({ '/api/v1/deployments/7/folders': fixture('folders') }).listFolders(7);
    expect(page.items[0]).toMatchObject({ id: 3, name: 'Sales', parentId: null, folderPath: [], createdAt: '2024-05-02', user: { id: 42, firstName: 'Ana' } });
    expect(page.items[1]).toMatchObject({ id: 5, name: 'Board', user: null, type: 'FOLDER' });
    expect(page.items[1]!.parentId ?? null).toBeNull();
    expect(nextCursor(page)).toBeNull();
  });

  it('reads ancestors from the root down to the folder', async () => {
    const chain = await platform({ '/api/v1/deployments/7/folders/9/ancestors': fixture('folder-ancestors') }).folderAncestors(7, 9);
    expect(chain.map((f) => [f.id, f.parentId])).toEqual([[3, null], [9, 3]]);
    expect(chain[1]!.folderPath).toEqual([{ id: 3, name: 'Sales' }]);
  });
});

describe('external-document placements', () => {
  it('reads granted, denied (no report name, the owner to ask), legacy and unknown-access entries', async () => {
    const workbook = '0b7d3f2a-91c4-4e58-a6d2-5c8e1f9b3a47';
    const entries = await platform({ [`/api/v1/external-documents/${workbook}/placements`]: fixture('external-document-placements') })
      .externalDocumentPlacements(workbook);
    expect(entries.map((e) => [e.access, e.deploymentId, e.reportId, e.reportName ?? null])).toEqual([
      ['GRANTED', 7, 118, 'Revenue by region and quarter'],
      ['DENIED', 12, 201, null],
      ['GRANTED', 7, 64, 'Orders by status'],
      // An access level of a newer server is treated as no access.
      ['DENIED', 31, 7, null],
    ]);
    expect(entries[1]).toMatchObject({ ownerName: 'Ben Ortiz', ownerEmail: 'ben@acme.example', syncStatus: null, resultLocation: 'Budget!D2:F20' });
    expect(entries[2]!.id).toBeNull();
  });
});

describe('Core data API', () => {
  const query = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'] };

  it('reads /v1/load in the {results: [...]} form: annotation formats, currency, an unknown member type as text', async () => {
    const result = await dataClient({ '/cubejs-api/v1/load': fixture('load.results') }).load(query);
    expect(result.data[0]).toMatchObject({ 'orders.count': '42', 'orders.total_amount': '12345.67', 'orders.location': '52.5200,13.4050' });
    expect(result.data[1]!['orders.total_amount']).toBeNull();
    expect(result.annotation.measures['orders.total_amount']).toMatchObject({
      type: 'number', currency: 'USD', format: { type: 'custom-numeric', value: '$,.2f', alias: 'currency' },
    });
    expect(result.annotation.timeDimensions['orders.created_at']!.format).toEqual({ type: 'custom-time', value: '%Y-%m-%d' });
    expect(result.annotation.dimensions['orders.location']!.type).toBe('string');
    expect(result.lastRefreshTime).toBe('2026-03-09T16:41:07.123Z');
  });

  it('reads /v1/load in the single-result form', async () => {
    const result = await dataClient({ '/cubejs-api/v1/load': fixture('load.single') }).load(query);
    expect(result.data).toEqual([{ 'orders.status': 'completed', 'orders.count': '42' }, { 'orders.status': 'processing', 'orders.count': '9' }]);
    expect(result.annotation.measures['orders.count']!.type).toBe('number');
  });

  it('reads /v1/meta with format objects and names, and segments (which have no type)', async () => {
    const meta = await dataClient({ '/cubejs-api/v1/meta': fixture('meta') }).meta();
    const [orders] = meta.cubes;
    expect(orders!.type).toBe('view');
    expect(Object.fromEntries(orders!.measures.map((m) => [m.name, m.format]))).toEqual({
      'orders.count': undefined,
      'orders.average_amount': { type: 'custom-numeric', value: '.2f' },
      'orders.completed_share': 'percent',
      'orders.total_amount': 'currency',
    });
    expect(Object.fromEntries(orders!.dimensions.map((d) => [d.name, d.format]))).toEqual({
      'orders.created_at': { type: 'custom-time', value: '%Y-%m-%d' },
      'orders.invoice_url': { type: 'link', label: 'Open' },
      'orders.id': 'id',
      'orders.location': undefined,
    });
    expect(orders!.segments).toEqual([expect.objectContaining({ name: 'orders.large', title: 'Orders Large' })]);
  });
});
