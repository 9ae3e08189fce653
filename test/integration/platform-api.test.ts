import { createHash } from 'node:crypto';
import { ApiError, dataApiBase, PlatformClient, tokenExpiry } from '../../src/client';
import type { ConnectReportToWorkbookInput, Folder, Report, ReportPlacement, ReportSortBy, ResultChecksum, SortDirection } from '../../src/contract';
import { SEED_REPORTS } from '../../server/store/seed-content';
import { startCheckedPlatform } from '../support/checked-platform';
import type { TestPlatform } from '../support/local-platform';
import type { OpenApiChecker } from '../support/openapi';

/**
 * The Platform API of the local platform, driven through the add-in's own client (raw requests only for what
 * the client would never send). Every answer, errors included, is checked against the OpenAPI document the
 * platform serves (`GET /api/v1/spec`).
 */

let t: TestPlatform;
let checker: OpenApiChecker;
let admin: PlatformClient;
let analyst: PlatformClient;
let clientFor: (token: string) => PlatformClient;
const problems: string[] = [];

beforeAll(async () => {
  ({ t, checker, admin, analyst, clientFor } = await startCheckedPlatform(problems));
});
afterAll(() => t.close());
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** A request the client would not send as it is (a wrong type, a missing field, no token). */
async function raw(method: string, path: string, options: { token?: string | null; body?: unknown } = {}) {
  const token = options.token === undefined ? t.platform.tokens.admin : options.token;
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await checker.fetch(problems)(`${t.platform.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

async function expectApiError(promise: Promise<unknown>, status: number): Promise<ApiError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  expect((error as ApiError).message).not.toBe('');
  return error as ApiError;
}

/** RFC 8785 for the plain JSON values reports hold, written apart from src/core so the server is checked, not restated. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** contract.md: SHA-256 of `{"jsonQuery": <parsed>, "pivotItems": …}`; a query text that is not JSON is hashed as text. */
function expectedChecksum(report: Pick<Report, 'jsonQuery' | 'pivotItems'>): string {
  let query: unknown = report.jsonQuery ?? null;
  try {
    if (typeof query === 'string') query = JSON.parse(query);
  } catch {
    // The server keeps an unparseable text as it is.
  }
  return createHash('sha256').update(canonical({ jsonQuery: query, pivotItems: report.pivotItems ?? null })).digest('hex');
}

const jwtPayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp?: number; iat?: number };

async function allReports(client: PlatformClient, deploymentId: number, params: { sortBy?: ReportSortBy; sortDirection?: SortDirection } = {}): Promise<Report[]> {
  const all: Report[] = [];
  for await (const report of client.iterateReports(deploymentId, { ...params, first: 100 })) all.push(report);
  return all;
}

async function report(publicId: string, client = admin, deploymentId = t.salesDeploymentId): Promise<Report> {
  const found = (await allReports(client, deploymentId)).find((r) => r.publicId === publicId);
  if (!found) throw new Error(`no report ${publicId}`);
  return found;
}

async function folderByName(name: string, deploymentId = t.salesDeploymentId): Promise<Folder> {
  const search = async (parentId?: number): Promise<Folder | undefined> => {
    for (const folder of await admin.allFolders(deploymentId, parentId)) {
      if (folder.name === name) return folder;
      const inside = await search(folder.id);
      if (inside) return inside;
    }
    return undefined;
  };
  const found = await search();
  if (!found) throw new Error(`no folder ${name}`);
  return found;
}

const deploymentPath = () => `/api/v1/deployments/${t.salesDeploymentId}`;
const placementsOf = (r: Report) => r.externalWorkbookPlacements ?? [];

function placementBody(overrides: Partial<ConnectReportToWorkbookInput> = {}): ConnectReportToWorkbookInput {
  return {
    externalWorkbookId: 'wb-main', host: 'EXCEL', sheetId: 'sheet-1', sheetName: 'Sales Q1', workbookName: 'Budget.xlsx',
    resultLocation: "'Sales Q1'!B2:D7", ...overrides,
  };
}

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a token and with an unknown one', async () => {
    for (const path of ['/api/v1/deployments', '/api/v1/users/me', '/api/v1/deployments/1/reports', '/api/v1/external-documents/x/placements']) {
      const missing = await raw('GET', path, { token: null });
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toBe('Bearer');
      expect(missing.body.error).toEqual(expect.any(String));
      expect((await raw('GET', path, { token: 'plt_not-a-token' })).status).toBe(401);
    }
    await expectApiError(clientFor('plt_not-a-token').listDeployments(), 401);
  });
});

describe('deployments', () => {
  it('lists deployments with integer ids, the deployment URL and the list envelope with its deprecated fields', async () => {
    const page = await raw('GET', '/api/v1/deployments');
    expect(page.status).toBe(200);
    const items = page.body.items as { id: number; name: string; deploymentUrl: string; creationStep: string }[];
    expect(items.map((d) => d.name)).toEqual(['Sales Analytics', 'Finance Sandbox']);
    for (const d of items) {
      expect(Number.isInteger(d.id)).toBe(true);
      expect(d.deploymentUrl).toBe(t.platform.url);
      expect(d.creationStep).toBe('ready');
    }
    expect(page.body).toMatchObject({
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
      data: items,
      count: 2,
      pagination: { total: 2, offset: 0, limit: 2 },
    });
    expect(await admin.listDeployments()).toEqual(items);
    expect(await analyst.listDeployments()).toEqual(items);
  });

  it('pages deployments with first and after', async () => {
    const first = await raw('GET', '/api/v1/deployments?first=1');
    const info = first.body.pageInfo as { hasNextPage: boolean; endCursor: string };
    expect(info.hasNextPage).toBe(true);
    const second = await raw('GET', `/api/v1/deployments?first=1&after=${encodeURIComponent(info.endCursor)}`);
    expect((second.body.items as { id: number }[]).map((d) => d.id)).toEqual([t.sandboxDeploymentId]);
    expect(second.body.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // The deprecated offset pagination still says where each page starts.
    expect(first.body.pagination).toEqual({ total: 2, offset: 0, limit: 1 });
    expect(second.body.pagination).toEqual({ total: 2, offset: 1, limit: 1 });
    expect((await raw('GET', '/api/v1/deployments?first=0')).status).toBe(400);
    expect((await raw('GET', '/api/v1/deployments?after=not-a-cursor')).status).toBe(400);
  });

  it('gets one deployment; an unknown one is 404 and a non-integer id 400', async () => {
    const [sales] = await admin.listDeployments();
    expect(await admin.getDeployment(t.salesDeploymentId)).toEqual(sales);
    await expectApiError(admin.getDeployment(999), 404);
    expect((await raw('GET', '/api/v1/deployments/sales')).status).toBe(400);
  });

  it('lists environments with the REST credential URL with /v1 (Sales) and null (Sandbox)', async () => {
    const sales = await admin.listEnvironments(t.salesDeploymentId);
    expect(sales).toEqual([expect.objectContaining({ type: 'production', api_credentials: [expect.objectContaining({ type: 'rest', version: 1, url: `${t.platform.url}/cubejs-api/v1` })] })]);
    const sandbox = await admin.listEnvironments(t.sandboxDeploymentId);
    expect(sandbox[0]!.api_credentials[0]!.url).toBeNull();
    for (const [id, environments] of [[t.salesDeploymentId, sales], [t.sandboxDeploymentId, sandbox]] as const) {
      expect(dataApiBase(await admin.getDeployment(id), environments)).toBe(`${t.platform.url}/cubejs-api`);
    }
    const staging = await raw('GET', `${deploymentPath()}/environments?type=staging`);
    expect(staging.body.items).toEqual([]);
    await expectApiError(admin.listEnvironments(999), 404);
  });

  it("issues a Cube token whose exp is now + expiresIn, 24 hours by default, and refuses other lifetimes", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { cubeApiToken } = await analyst.issueDeploymentToken(t.salesDeploymentId, 600);
    const after = Math.ceil(Date.now() / 1000);
    const claims = jwtPayload(cubeApiToken);
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(tokenExpiry(cubeApiToken)).toBe(claims.exp! * 1000);
    const byDefault = jwtPayload((await analyst.issueDeploymentToken(t.salesDeploymentId)).cubeApiToken);
    expect(byDefault.exp! - byDefault.iat!).toBe(86_400);
    const noBody = await raw('POST', `${deploymentPath()}/token`);
    expect(jwtPayload(noBody.body.cubeApiToken as string)).toMatchObject({ exp: expect.any(Number) });
    expect(Object.keys(noBody.body)).toEqual(['cubeApiToken']);
    await analyst.issueDeploymentToken(t.salesDeploymentId, 60);
    await analyst.issueDeploymentToken(t.salesDeploymentId, 86_400);
    for (const expiresIn of [59, 86_401, 90.5, 'x']) {
      const refused = await raw('POST', `${deploymentPath()}/token`, { body: { expiresIn } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/expiresIn/);
    }
    await expectApiError(analyst.issueDeploymentToken(999), 404);
  });
});

describe('users/me and settings', () => {
  it('answers the caller as a User with policies', async () => {
    const me = await analyst.getCurrentUser();
    expect(me).toMatchObject({ email: 'analyst@example.com', username: 'analyst@example.com', isAdmin: false, notifications: {}, firstName: 'Anna' });
    expect(Number.isInteger(me.id)).toBe(true);
    expect(me).not.toHaveProperty('lastName');
    expect(me.userPolicies!.length).toBeGreaterThan(0);
    for (const policy of me.userPolicies!) {
      expect(policy).toEqual({ resourceType: expect.any(String), actions: expect.any(Array), resources: expect.any(Array) });
    }
    expect(await admin.getCurrentUser()).toMatchObject({ isAdmin: true, userPolicies: [{ resourceType: 'Global', actions: ['All'], resources: ['*'] }] });
  });

  it('merges a settings PATCH: omitted fields stay, sheets merges per field, null clears', async () => {
    let me = await analyst.updateSettings({ defaultDeploymentId: t.sandboxDeploymentId, timezone: 'Europe/Berlin', sheets: { showAppliedFilters: true, revealSheetOnOpen: false } });
    expect(me.settings).toMatchObject({ defaultDeploymentId: t.sandboxDeploymentId, timezone: 'Europe/Berlin', sheets: { showAppliedFilters: true, revealSheetOnOpen: false } });
    me = await analyst.updateSettings({ sheets: { suppressDuplicateValues: true } });
    expect(me.settings).toMatchObject({ defaultDeploymentId: t.sandboxDeploymentId, timezone: 'Europe/Berlin' });
    expect(me.settings!.sheets).toEqual({ showAppliedFilters: true, revealSheetOnOpen: false, suppressDuplicateValues: true });
    me = await analyst.updateSettings({ timezone: null, sheets: { revealSheetOnOpen: null } });
    expect(me.settings!.timezone ?? null).toBeNull();
    expect(me.settings!.sheets).toEqual({ showAppliedFilters: true, suppressDuplicateValues: true });
    expect(me.settings!.defaultDeploymentId).toBe(t.sandboxDeploymentId);
    me = await analyst.updateSettings({ sheets: null, lastSeenChangelogId: 7 });
    expect(me.settings!.sheets ?? null).toBeNull();
    expect(me.settings).not.toHaveProperty('lastSeenChangelogId');
    expect((await analyst.getCurrentUser()).settings).toEqual(me.settings);
    expect((await admin.getCurrentUser()).settings!.defaultDeploymentId ?? null).toBeNull();
  });

  it('refuses a defaultDeploymentId that is not an integer', async () => {
    for (const defaultDeploymentId of [String(t.salesDeploymentId), 1.5]) {
      const refused = await raw('PATCH', '/api/v1/users/me/settings', { token: t.platform.tokens.analyst, body: { defaultDeploymentId } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/defaultDeploymentId/);
    }
    expect((await raw('PATCH', '/api/v1/users/me/settings', { body: { timezone: 5 } })).status).toBe(400);
  });
});

describe('app-config', () => {
  it('answers an AppConfigResponse and reflects the admin console', async () => {
    const config = await analyst.getAppConfig();
    expect(config).toMatchObject({ applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: true });
    expect(config.appTheme!.palette.accent).toMatchObject({ color: expect.any(String) });
    expect(config.timezoneSettings).toEqual({ enabled: true, timezone: 'UTC', allowUserOverride: true });
    expect(config.sheetsUi).toEqual({ showAppliedFilters: true });
    expect(config.timezoneSettings).not.toHaveProperty('defaultTimezone');
    await t.platform.testing.setAppConfig({ restrictDataDownload: true, timezoneSettings: null });
    expect(await analyst.getAppConfig()).toMatchObject({ restrictDataDownload: true, timezoneSettings: null });
    await t.platform.testing.setAppConfig({ restrictDataDownload: false, timezoneSettings: config.timezoneSettings });
  });
});

describe('reports: reading', () => {
  it("gives every report the checksum of its jsonQuery and pivotItems (recomputed here)", async () => {
    const reports = [...await allReports(admin, t.salesDeploymentId), ...await allReports(admin, t.sandboxDeploymentId)];
    expect(reports).toHaveLength(SEED_REPORTS.length);
    for (const r of reports) expect({ publicId: r.publicId, checksum: r.currentQueryChecksum }).toEqual({ publicId: r.publicId, checksum: expectedChecksum(r) });
    const sql = reports.find((r) => r.sqlQuery)!;
    expect(sql.currentQueryChecksum).toBe(expectedChecksum({ jsonQuery: null, pivotItems: null }));
  });

  it('answers the real Report shape: integer ids, 12-character publicId, jsonQuery text, folderPath of integer ids', async () => {
    const r = await report('RevRegionQtr');
    expect(r).toMatchObject({ type: 'REPORT', deploymentId: t.salesDeploymentId, canEdit: true, canManage: true, user: { email: 'admin@example.com' } });
    expect(r.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(Number.isInteger(r.id)).toBe(true);
    expect(JSON.parse(r.jsonQuery!)).toMatchObject({ measures: ['orders.total_amount'] });
    expect(r.folderPath).toEqual([{ id: expect.any(Number), name: 'Sales' }, { id: r.folderId, name: 'Regional' }]);
    expect(r.pivotItems).toMatchObject({ rows: ['orders.region'], showColumnTotals: true, showRowTotals: true });
    for (const absent of ['query', 'pivot', 'lastViewedAt']) expect(r).not.toHaveProperty(absent);
    expect(await admin.getReport(t.salesDeploymentId, r.id)).toEqual(r);
  });

  it.each<[ReportSortBy, SortDirection]>([
    ['name', 'ASC'], ['name', 'DESC'], ['createdAt', 'ASC'], ['createdAt', 'DESC'], ['updatedAt', 'ASC'], ['updatedAt', 'DESC'],
  ])('pages by %s %s with first/after, in that order', async (sortBy, sortDirection) => {
    const pages: Report[][] = [];
    let after: string | undefined;
    do {
      const page = await admin.listReports(t.salesDeploymentId, { sortBy, sortDirection, first: 3, after });
      pages.push(page.items);
      after = page.pageInfo?.hasNextPage ? page.pageInfo.endCursor ?? undefined : undefined;
    } while (after);
    expect(pages.slice(0, -1).every((p) => p.length === 3)).toBe(true);
    const key = (r: Report) => ({ name: r.name.toLowerCase(), createdAt: r.createdAt, updatedAt: r.updatedAt })[sortBy as 'name' | 'createdAt' | 'updatedAt'];
    const sign = sortDirection === 'ASC' ? 1 : -1;
    const expected = [...pages.flat()].sort((a, b) => (key(a) === key(b) ? a.id - b.id : key(a) < key(b) ? -1 : 1) * sign);
    expect(pages.flat().map((r) => r.publicId)).toEqual(expected.map((r) => r.publicId));
    expect(pages.flat()).toHaveLength(SEED_REPORTS.filter((s) => s.deployment === 'sales').length);
  });

  it('sorts by lastViewedAt without cursors, never-viewed reports last, and refuses after with it', async () => {
    const seeded = SEED_REPORTS.filter((s) => s.deployment === 'sales');
    const ids = new Map((await allReports(admin, t.salesDeploymentId)).map((r) => [r.publicId, r.id]));
    for (const direction of ['ASC', 'DESC'] as const) {
      const sign = direction === 'ASC' ? 1 : -1;
      const expected = [...seeded].sort((a, b) => {
        if (a.lastViewedAt === b.lastViewedAt) return (ids.get(a.publicId)! - ids.get(b.publicId)!) * sign;
        if (a.lastViewedAt === null) return 1;
        if (b.lastViewedAt === null) return -1;
        return (a.lastViewedAt < b.lastViewedAt ? -1 : 1) * sign;
      });
      const page = await admin.listReports(t.salesDeploymentId, { sortBy: 'lastViewedAt', sortDirection: direction, first: 100 });
      expect(page.items.map((r) => r.publicId)).toEqual(expected.map((s) => s.publicId));
      expect(page.pageInfo?.endCursor ?? null).toBeNull();
    }
    const cursor = (await admin.listReports(t.salesDeploymentId, { first: 1 })).pageInfo!.endCursor!;
    await expectApiError(admin.listReports(t.salesDeploymentId, { sortBy: 'lastViewedAt', after: cursor }), 400);
  });

  it('defaults to updatedAt DESC and refuses a cursor of another sort or direction', async () => {
    const byDefault = await admin.listReports(t.salesDeploymentId, { first: 100 });
    const explicit = await admin.listReports(t.salesDeploymentId, { first: 100, sortBy: 'updatedAt', sortDirection: 'DESC' });
    expect(byDefault.items).toEqual(explicit.items);
    expect(byDefault.count).toBe(byDefault.items.length);
    expect(byDefault.data).toEqual(byDefault.items);
    const cursor = (await admin.listReports(t.salesDeploymentId, { sortBy: 'name', sortDirection: 'ASC', first: 2 })).pageInfo!.endCursor!;
    await expectApiError(admin.listReports(t.salesDeploymentId, { sortBy: 'updatedAt', after: cursor }), 400);
    await expectApiError(admin.listReports(t.salesDeploymentId, { sortBy: 'name', sortDirection: 'DESC', after: cursor }), 400);
    await expectApiError(admin.listReports(t.salesDeploymentId, { after: 'garbage' }), 400);
    expect((await raw('GET', `${deploymentPath()}/reports?sortBy=popularity`)).status).toBe(400);
    expect((await raw('GET', `${deploymentPath()}/reports?first=101`)).status).toBe(400);
  });

  it('searches name or title case-insensitively, and filters by folder', async () => {
    const names = async (client: PlatformClient, search: string) => (await client.listReports(t.salesDeploymentId, { search, first: 100 })).items.map((r) => r.publicId).sort();
    expect(await names(admin, 'kpis')).toEqual(['BoardPackKpi', 'CategoryKpis']);
    expect(await names(admin, 'MEASURES ON ROWS')).toEqual(['CategoryKpis']);
    expect(await names(analyst, 'KPIs')).toEqual(['CategoryKpis']);
    const regional = await folderByName('Regional');
    const inRegional = await admin.listReports(t.salesDeploymentId, { folderId: regional.id, first: 100 });
    expect(inRegional.items.map((r) => r.publicId).sort()).toEqual(['EuElecComplt', 'RevRegionQtr']);
    const archive = await folderByName('Archive');
    expect((await analyst.listReports(t.salesDeploymentId, { folderId: archive.id })).items.map((r) => r.publicId)).toEqual(['RevThousYear']);
  });

  it('shows the analyst only what they may read: not the Board folder report, 403 on it; the admin sees all', async () => {
    const forAdmin = await allReports(admin, t.salesDeploymentId);
    const forAnalyst = await allReports(analyst, t.salesDeploymentId);
    expect(forAdmin.map((r) => r.publicId)).toContain('BoardPackKpi');
    expect(forAnalyst.map((r) => r.publicId).sort()).toEqual(forAdmin.map((r) => r.publicId).filter((p) => p !== 'BoardPackKpi').sort());
    expect(forAnalyst.every((r) => r.canEdit === false)).toBe(true);
    const board = forAdmin.find((r) => r.publicId === 'BoardPackKpi')!;
    await expectApiError(analyst.getReport(t.salesDeploymentId, board.id), 403);
    expect((await admin.getReport(t.salesDeploymentId, board.id)).name).toBe('Board pack KPIs');
  });

  it('answers 404 for an unknown report and for a report of another deployment, 400 for a non-integer id', async () => {
    const sandboxReport = await report('WeeklyOrders', admin, t.sandboxDeploymentId);
    await expectApiError(admin.getReport(t.salesDeploymentId, sandboxReport.id), 404);
    await expectApiError(admin.getReport(t.salesDeploymentId, 99_999), 404);
    await expectApiError(admin.listReports(999), 404);
    expect((await raw('GET', `${deploymentPath()}/reports/first`)).status).toBe(400);
  });
});

describe('reports: creating and updating', () => {
  const query = JSON.stringify({ measures: ['orders.count'], dimensions: ['orders.status'] });
  const pivotItems = { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: [] };

  it('creates with a given publicId or a generated one', async () => {
    const given = await admin.createReport(t.salesDeploymentId, { name: 'Given id', publicId: 'GivenId00001', jsonQuery: query, pivotItems });
    expect(given).toMatchObject({ publicId: 'GivenId00001', name: 'Given id', deploymentId: t.salesDeploymentId, version: 1, jsonQuery: query, pivotItems });
    expect(given.currentQueryChecksum).toBe(expectedChecksum(given));
    expect(given.user.email).toBe('admin@example.com');
    const generated = await admin.createReport(t.salesDeploymentId, { name: 'Generated id' });
    expect(generated.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(generated.currentQueryChecksum).toBe(expectedChecksum({ jsonQuery: null, pivotItems: null }));
  });

  it('refuses a bad or taken publicId, names and titles over 255 characters, an unknown folder', async () => {
    for (const publicId of ['short', 'has-dash-123', 'ThirteenChars']) {
      expect((await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'x', publicId }), 400)).message).toMatch(/publicId/);
    }
    await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'x', publicId: 'OrdersStatus' }), 409);
    expect((await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'n'.repeat(256) }), 400)).message).toMatch(/name/);
    expect((await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'x', title: 't'.repeat(256) }), 400)).message).toMatch(/title/);
    expect((await admin.createReport(t.salesDeploymentId, { name: 'n'.repeat(255), title: 't'.repeat(255) })).name).toHaveLength(255);
    await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'x', folderId: 99_999 }), 400);
    const experiments = await folderByName('Experiments', t.sandboxDeploymentId);
    await expectApiError(admin.createReport(t.salesDeploymentId, { name: 'x', folderId: experiments.id }), 400);
  });

  it('refuses the analyst where she has no ReportEdit (the top level, Sales) with 403', async () => {
    await expectApiError(analyst.createReport(t.salesDeploymentId, { name: 'Mine' }), 403);
    const sales = await folderByName('Sales');
    await expectApiError(analyst.createReport(t.salesDeploymentId, { name: 'Mine', folderId: sales.id }), 403);
  });

  it('updates only the fields sent; the checksum follows jsonQuery and pivotItems and nothing else', async () => {
    const created = await admin.createReport(t.salesDeploymentId, { name: 'Update me', title: 'Old title', jsonQuery: query, pivotItems });
    const retitled = await admin.updateReport(t.salesDeploymentId, created.id, { title: 'New title' });
    expect(retitled).toMatchObject({ name: 'Update me', title: 'New title', jsonQuery: query, pivotItems, folderId: null, publicId: created.publicId, version: 2 });
    expect(retitled.currentQueryChecksum).toBe(created.currentQueryChecksum);
    const respaced = await admin.updateReport(t.salesDeploymentId, created.id, { jsonQuery: JSON.stringify(JSON.parse(query), null, 2) });
    expect(respaced.currentQueryChecksum).toBe(created.currentQueryChecksum);
    const requeried = await admin.updateReport(t.salesDeploymentId, created.id, { jsonQuery: JSON.stringify({ measures: ['orders.total_amount'] }) });
    expect(requeried.currentQueryChecksum).not.toBe(created.currentQueryChecksum);
    expect(requeried.currentQueryChecksum).toBe(expectedChecksum(requeried));
    expect(requeried.title).toBe('New title');
    const repivoted = await admin.updateReport(t.salesDeploymentId, created.id, { pivotItems: { ...pivotItems, displayScale: 'thousands' } });
    expect(repivoted.currentQueryChecksum).not.toBe(requeried.currentQueryChecksum);
    expect(repivoted.currentQueryChecksum).toBe(expectedChecksum(repivoted));
    const sqlOnly = await admin.updateReport(t.salesDeploymentId, created.id, { sqlQuery: 'SELECT 1' });
    expect(sqlOnly.currentQueryChecksum).toBe(repivoted.currentQueryChecksum);
    const moved = await admin.updateReport(t.salesDeploymentId, created.id, { folderId: (await folderByName('Finance')).id });
    expect(moved.folderPath).toEqual([{ id: moved.folderId, name: 'Finance' }]);
    expect(moved.currentQueryChecksum).toBe(repivoted.currentQueryChecksum);
  });

  it('checks expectedVersion (409), keeps publicId write-once (400), refuses the analyst (403)', async () => {
    const created = await admin.createReport(t.salesDeploymentId, { name: 'Versioned' });
    const conflict = await expectApiError(admin.updateReport(t.salesDeploymentId, created.id, { name: 'Late', expectedVersion: created.version! + 1 }), 409);
    expect(conflict.message).toMatch(/version/);
    expect((await admin.updateReport(t.salesDeploymentId, created.id, { name: 'On time', expectedVersion: created.version })).version).toBe(created.version! + 1);
    await expectApiError(admin.updateReport(t.salesDeploymentId, created.id, { publicId: 'AnotherId123' }), 400);
    expect((await admin.updateReport(t.salesDeploymentId, created.id, { publicId: created.publicId })).publicId).toBe(created.publicId);
    const top = await report('TopCustomers', analyst);
    await expectApiError(analyst.updateReport(t.salesDeploymentId, top.id, { title: 'Mine now' }), 403);
  });

  it('creates and then updates by public id; 409 when the public id is in another deployment', async () => {
    const created = await admin.upsertReportByPublicId(t.salesDeploymentId, 'UpsertMe0001', { name: 'Upserted', jsonQuery: query, source: 'EXCEL' });
    expect(created).toMatchObject({ publicId: 'UpsertMe0001', name: 'Upserted', version: 1, source: 'EXCEL' });
    const updated = await admin.upsertReportByPublicId(t.salesDeploymentId, 'UpsertMe0001', { title: 'Now titled', source: 'PLAYGROUND' });
    expect(updated).toMatchObject({ id: created.id, name: 'Upserted', title: 'Now titled', version: 2, source: 'EXCEL', jsonQuery: query });
    await expectApiError(admin.upsertReportByPublicId(t.sandboxDeploymentId, 'UpsertMe0001', { name: 'Elsewhere' }), 409);
    expect((await raw('PUT', `${deploymentPath()}/reports/by-public-id/bad-id`, { body: { name: 'x' } })).status).toBe(400);
  });
});

describe('reports: deleting', () => {
  it('deletes with the manage right (204, no body) and its placements with it; refuses the analyst (403); 404 afterwards', async () => {
    const folderId = (await folderByName('Sales')).id;
    const doomed = await admin.createReport(t.salesDeploymentId, { name: 'Doomed', folderId, jsonQuery: JSON.stringify({ measures: ['sales.count'] }) });
    await admin.connectWorkbook(t.salesDeploymentId, doomed.id, { externalWorkbookId: 'wb-doomed', resultLocation: 'Sheet1!A1:A2' });
    await expectApiError(analyst.deleteReport(t.salesDeploymentId, doomed.id), 403);
    const answer = await raw('DELETE', `/api/v1/deployments/${t.salesDeploymentId}/reports/${doomed.id}`);
    expect(answer).toMatchObject({ status: 204, body: undefined });
    await expectApiError(admin.getReport(t.salesDeploymentId, doomed.id), 404);
    expect(await admin.externalDocumentPlacements('wb-doomed')).toEqual([]);
    await expectApiError(admin.deleteReport(t.salesDeploymentId, doomed.id), 404);
  });
});

describe('placements', () => {
  const checksum: ResultChecksum = { v: 1, chunks: [{ from: 0, hash: 'a'.repeat(64) }, { from: 500, hash: 'b1' }], payload: 'grid-hash' };
  const only = (r: Report, workbookId: string) => placementsOf(r).filter((p) => p.workbookId === workbookId);

  it('requires externalWorkbookId and resultLocation; a queryChecksum sent is ignored and the current one stamped', async () => {
    const target = await report('OrdersStatus');
    const path = `${deploymentPath()}/reports/${target.id}/connect-workbook`;
    expect((await raw('PUT', path, { body: { resultLocation: 'Sheet1!A1:B2' } })).body.error).toMatch(/externalWorkbookId/);
    expect((await raw('PUT', path, { body: { externalWorkbookId: 'wb-stamp' } })).body.error).toMatch(/resultLocation/);
    expect((await raw('PUT', path)).status).toBe(400);
    const connected = await raw('PUT', path, { body: { externalWorkbookId: 'wb-stamp', resultLocation: 'Sheet1!A1:B2', queryChecksum: 'forged' } });
    expect(connected.status).toBe(200);
    const [placement] = only(connected.body as unknown as Report, 'wb-stamp');
    expect(placement).toMatchObject({ queryChecksum: target.currentQueryChecksum, syncStatus: 'UP_TO_DATE', sheetName: 'Sheet1', anchorCell: 'A1', endResultCell: 'B2' });
    expect(placement!.id).toEqual(expect.any(String));
  });

  it('round-trips the resultChecksum object and refuses more than 2000 chunks or a hash over 64 characters', async () => {
    const target = await report('OrdersStatus');
    const connected = await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-checksum', resultChecksum: checksum }));
    expect(only(connected, 'wb-checksum')[0]!.resultChecksum).toEqual(checksum);
    const tooMany = { v: 1, chunks: Array.from({ length: 2001 }, (_, i) => ({ from: i, hash: 'h' })) };
    await expectApiError(admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-checksum', resultChecksum: tooMany })), 400);
    await expectApiError(admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({
      externalWorkbookId: 'wb-checksum', resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'x'.repeat(65) }] },
    })), 400);
    const atLimit = { v: 1, chunks: Array.from({ length: 2000 }, (_, i) => ({ from: i, hash: 'h' })) };
    await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-checksum', resultChecksum: atLimit }));
  });

  it('upserts by placementId and by workbook, sheet name and anchor cell', async () => {
    const target = await report('CategoryKpis');
    const first = await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-upsert', placementId: 'pl-upsert-1' }));
    expect(only(first, 'wb-upsert')).toEqual([expect.objectContaining({ id: 'pl-upsert-1', anchorCell: 'B2', endResultCell: 'D7', sheetName: 'Sales Q1' })]);
    const moved = await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({
      externalWorkbookId: 'wb-upsert', placementId: 'pl-upsert-1', sheetName: 'Renamed', resultLocation: 'Renamed!C5:E9',
    }));
    expect(only(moved, 'wb-upsert')).toEqual([expect.objectContaining({ id: 'pl-upsert-1', sheetName: 'Renamed', anchorCell: 'C5', endResultCell: 'E9', resultLocation: 'Renamed!C5:E9' })]);
    const byPlace = await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-upsert', sheetName: 'Renamed', resultLocation: 'Renamed!C5:F12' }));
    expect(only(byPlace, 'wb-upsert')).toEqual([expect.objectContaining({ id: 'pl-upsert-1', endResultCell: 'F12' })]);
    const another = await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-upsert', sheetName: 'Other', resultLocation: 'Other!A1:B2' }));
    expect(only(another, 'wb-upsert')).toHaveLength(2);
  });

  it('needs only read access: the analyst may place a report they cannot edit, not one they cannot read', async () => {
    const top = await report('TopCustomers', analyst);
    expect(top.canEdit).toBe(false);
    const connected = await analyst.connectWorkbook(t.salesDeploymentId, top.id, placementBody({ externalWorkbookId: 'wb-analyst' }));
    const me = await analyst.getCurrentUser();
    expect(only(connected, 'wb-analyst')).toEqual([expect.objectContaining({ placedByUserId: me.id, syncStatus: 'UP_TO_DATE' })]);
    const board = await report('BoardPackKpi');
    await expectApiError(analyst.connectWorkbook(t.salesDeploymentId, board.id, placementBody({ externalWorkbookId: 'wb-analyst' })), 403);
  });

  it('goes UP_TO_DATE → CHANGED after an edit → UP_TO_DATE after a refresh, which records when, by whom and where', async () => {
    const created = await admin.createReport(t.salesDeploymentId, { name: 'Sync cycle', jsonQuery: JSON.stringify({ measures: ['orders.count'] }) });
    const placed = await admin.connectWorkbook(t.salesDeploymentId, created.id, placementBody({ externalWorkbookId: 'wb-cycle', placementId: 'pl-cycle', resultChecksum: checksum }));
    expect(only(placed, 'wb-cycle')[0]).toMatchObject({ syncStatus: 'UP_TO_DATE', refreshedAt: null, refreshedByUserId: null });
    const edited = await admin.updateReport(t.salesDeploymentId, created.id, { jsonQuery: JSON.stringify({ measures: ['orders.total_amount'] }) });
    const changed = only(edited, 'wb-cycle')[0]!;
    expect(changed.syncStatus).toBe('CHANGED');
    expect(changed.queryChecksum).not.toBe(edited.currentQueryChecksum);

    // addressOnly corrects the place and keeps both checksums: still CHANGED, the grid's checksum unchanged.
    const readdressed = await admin.connectWorkbook(t.salesDeploymentId, created.id, placementBody({
      externalWorkbookId: 'wb-cycle', placementId: 'pl-cycle', addressOnly: true, sheetName: 'Moved', resultLocation: 'Moved!B2:D7',
      resultChecksum: { v: 1, chunks: [] },
    }));
    expect(only(readdressed, 'wb-cycle')[0]).toMatchObject({ sheetName: 'Moved', syncStatus: 'CHANGED', resultChecksum: checksum, queryChecksum: changed.queryChecksum });

    const before = Date.now();
    const written: ResultChecksum = { v: 1, chunks: [{ from: 0, hash: 'c0ffee' }] };
    const refreshed = await admin.recordRefresh(t.salesDeploymentId, created.id, { placementId: 'pl-cycle', sheetName: 'Moved', resultLocation: 'Moved!B4:E20', resultChecksum: written });
    const placement = only(refreshed, 'wb-cycle')[0]!;
    expect(placement).toMatchObject({
      syncStatus: 'UP_TO_DATE', queryChecksum: refreshed.currentQueryChecksum, resultChecksum: written,
      resultLocation: 'Moved!B4:E20', anchorCell: 'B4', endResultCell: 'E20', refreshedByUserId: (await admin.getCurrentUser()).id,
    });
    expect(Date.parse(placement.refreshedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(refreshed.refreshedBy).toBe(placement.refreshedByUserId);
  });

  it('refreshes with the real body only: endResultCell and queryChecksum are not inputs; 404 when nothing matches', async () => {
    const target = await report('OrderValComp');
    await admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-refresh', placementId: 'pl-refresh' }));
    const path = `${deploymentPath()}/reports/${target.id}/refresh`;
    const refreshed = await raw('PUT', path, { body: { externalWorkbookId: 'wb-refresh', sheetName: 'Sales Q1', anchorCell: 'B2', queryChecksum: 'forged', endResultCell: 'Z99' } });
    expect(refreshed.status).toBe(200);
    expect(only(refreshed.body as unknown as Report, 'wb-refresh')[0]).toMatchObject({ queryChecksum: target.currentQueryChecksum, endResultCell: 'D7', refreshedAt: expect.any(String) });
    // Addressed by id with a renamed sheet and no new range: the recorded range, on the renamed sheet.
    const renamed = await admin.recordRefresh(t.salesDeploymentId, target.id, { placementId: 'pl-refresh', sheetName: 'Q1 (final)' });
    expect(only(renamed, 'wb-refresh')[0]).toMatchObject({ sheetName: 'Q1 (final)', resultLocation: "'Q1 (final)'!B2:D7", anchorCell: 'B2' });
    await expectApiError(admin.recordRefresh(t.salesDeploymentId, target.id, { placementId: 'pl-nowhere' }), 404);
    await expectApiError(admin.recordRefresh(t.salesDeploymentId, target.id, { externalWorkbookId: 'wb-refresh', sheetName: 'Sales Q1', anchorCell: 'Z1' }), 404);
    await expectApiError(admin.recordRefresh(t.salesDeploymentId, target.id, {}), 400);
  });

  it('disconnects with a JSON body by id, by place, by resultLocation; sheetId narrows; no match changes nothing', async () => {
    const target = await report('MonthlyRevnu');
    const connect = (sheetName: string, extra: Partial<ConnectReportToWorkbookInput> = {}) =>
      admin.connectWorkbook(t.salesDeploymentId, target.id, placementBody({ externalWorkbookId: 'wb-disconnect', sheetName, resultLocation: `${sheetName}!A1:B2`, ...extra }));
    await connect('One', { placementId: 'pl-one' });
    await connect('Two');
    await connect('Three');
    await connect('Four', { sheetId: 'sheet-4' });
    const count = (r: Report) => only(r, 'wb-disconnect').length;
    const disconnect = (body: Parameters<PlatformClient['disconnectWorkbook']>[2]) => admin.disconnectWorkbook(t.salesDeploymentId, target.id, body);
    expect(count(await disconnect({ placementId: 'pl-nowhere' }))).toBe(4);
    expect(count(await disconnect({ externalWorkbookId: 'wb-disconnect', sheetName: 'One', anchorCell: 'C3' }))).toBe(4);
    expect(only(await disconnect({ placementId: 'pl-one' }), 'wb-disconnect').map((p) => p.sheetName)).toEqual(['Two', 'Three', 'Four']);
    expect(only(await disconnect({ externalWorkbookId: 'wb-disconnect', sheetName: 'Two', anchorCell: 'A1' }), 'wb-disconnect').map((p) => p.sheetName)).toEqual(['Three', 'Four']);
    expect(only(await disconnect({ externalWorkbookId: 'wb-disconnect', resultLocation: 'Three!A1:B2' }), 'wb-disconnect').map((p) => p.sheetName)).toEqual(['Four']);
    expect(count(await disconnect({ externalWorkbookId: 'wb-disconnect', resultLocation: 'Four!A1:B2', sheetId: 'sheet-other' }))).toBe(1);
    expect(count(await disconnect({ externalWorkbookId: 'wb-disconnect', resultLocation: 'Four!A1:B2', sheetId: 'sheet-4' }))).toBe(0);
    expect(count(await disconnect({ placementId: 'pl-one' }))).toBe(0);
    // The target is a body, never query parameters.
    const asQuery = await raw('DELETE', `${deploymentPath()}/reports/${target.id}/connect-workbook?placementId=pl-one`);
    expect(asQuery.status).toBe(400);
  });

  it('filters the report list by externalWorkbookId', async () => {
    const listed = await admin.listReports(t.salesDeploymentId, { externalWorkbookId: 'wb-upsert', first: 100 });
    expect(listed.items.map((r) => r.publicId)).toEqual(['CategoryKpis']);
    expect((await admin.listReports(t.salesDeploymentId, { externalWorkbookId: 'wb-none' })).items).toEqual([]);
  });
});

describe('folders', () => {
  const names = (folders: Folder[]) => folders.map((f) => f.name);

  it('lists one level at a time: the root, then a parent’s children', async () => {
    const root = await admin.allFolders(t.salesDeploymentId);
    expect(names(root)).toEqual(['Sales', 'Finance', 'Board', "Anna's reports"]);
    for (const folder of root) {
      expect(folder).toMatchObject({ type: 'FOLDER', parentId: null, folderPath: [], deploymentId: t.salesDeploymentId });
      expect(Number.isInteger(folder.id)).toBe(true);
    }
    const finance = root.find((f) => f.name === 'Finance')!;
    const monthly = await admin.allFolders(t.salesDeploymentId, finance.id);
    expect(monthly).toEqual([expect.objectContaining({ name: 'Monthly', parentId: finance.id, folderPath: [{ id: finance.id, name: 'Finance' }] })]);
    const archive = await admin.allFolders(t.salesDeploymentId, monthly[0]!.id);
    expect(archive).toEqual([expect.objectContaining({ name: 'Archive', folderPath: [{ id: finance.id, name: 'Finance' }, { id: monthly[0]!.id, name: 'Monthly' }] })]);
    expect(names(await admin.allFolders(t.sandboxDeploymentId))).toEqual(['Experiments']);
    const page = await admin.listFolders(t.salesDeploymentId, { first: 2 });
    expect(names(page.items)).toEqual(['Sales', 'Finance']);
    const rest = await admin.listFolders(t.salesDeploymentId, { first: 2, after: page.pageInfo!.endCursor! });
    expect(names(rest.items)).toEqual(['Board', "Anna's reports"]);
    await expectApiError(admin.listFolders(t.salesDeploymentId, { parentId: 99_999 }), 404);
  });

  it('answers the ancestors from the root down to the folder itself; unknown is 404', async () => {
    const archive = await folderByName('Archive');
    expect(names(await admin.folderAncestors(t.salesDeploymentId, archive.id))).toEqual(['Finance', 'Monthly', 'Archive']);
    const sales = await folderByName('Sales');
    expect(names(await analyst.folderAncestors(t.salesDeploymentId, sales.id))).toEqual(['Sales']);
    await expectApiError(admin.folderAncestors(t.salesDeploymentId, 99_999), 404);
    await expectApiError(admin.folderAncestors(t.sandboxDeploymentId, archive.id), 404);
  });

  it('hides the Board folder from the analyst until it leads to something they may read', async () => {
    const board = await folderByName('Board');
    expect(names(await analyst.allFolders(t.salesDeploymentId))).toEqual(['Sales', 'Finance', "Anna's reports"]);
    await expectApiError(analyst.listFolders(t.salesDeploymentId, { parentId: board.id }), 404);
    await expectApiError(analyst.folderAncestors(t.salesDeploymentId, board.id), 404);
    expect((await analyst.listReports(t.salesDeploymentId, { folderId: board.id })).items).toEqual([]);

    // TopCustomers is granted to the analyst report by report: moved into Board, it makes Board the way to it.
    const top = await report('TopCustomers');
    await admin.updateReport(t.salesDeploymentId, top.id, { folderId: board.id });
    try {
      expect(names(await analyst.allFolders(t.salesDeploymentId))).toEqual(['Sales', 'Finance', 'Board', "Anna's reports"]);
      expect(names(await analyst.folderAncestors(t.salesDeploymentId, board.id))).toEqual(['Board']);
      const inBoard = await analyst.listReports(t.salesDeploymentId, { folderId: board.id });
      expect(inBoard.items.map((r) => r.publicId)).toEqual(['TopCustomers']);
    } finally {
      await admin.updateReport(t.salesDeploymentId, top.id, { folderId: null });
    }
    expect(names(await analyst.allFolders(t.salesDeploymentId))).toEqual(['Sales', 'Finance', "Anna's reports"]);
  });
});

describe('external-document placements', () => {
  const workbook = 'wb-shared-5f2c';

  beforeAll(async () => {
    await admin.connectWorkbook(t.salesDeploymentId, (await report('OrdersStatus')).id, placementBody({ externalWorkbookId: workbook, sheetName: 'A', resultLocation: 'A!A1:B3' }));
    await admin.connectWorkbook(t.sandboxDeploymentId, (await report('WeeklyOrders', admin, t.sandboxDeploymentId)).id, placementBody({ externalWorkbookId: workbook, sheetName: 'B', resultLocation: 'B!A1:B3' }));
    await admin.connectWorkbook(t.salesDeploymentId, (await report('BoardPackKpi')).id, placementBody({ externalWorkbookId: workbook, sheetName: 'C', resultLocation: 'C!A1:B3' }));
    await t.platform.testing.addLegacyPlacement((await report('RevThousYear')).id, workbook, 'Legacy!A1:C9');
  });

  it('lists every placement across both deployments, the Board one DENIED to the analyst without its name', async () => {
    const entries = await analyst.externalDocumentPlacements(workbook);
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => e.deploymentId))).toEqual(new Set([t.salesDeploymentId, t.sandboxDeploymentId]));
    const denied = entries.filter((e) => e.access === 'DENIED');
    expect(denied).toEqual([expect.objectContaining({
      reportName: null, ownerName: 'Ada Admin', ownerEmail: 'admin@example.com', sheetName: 'C', resultLocation: 'C!A1:B3',
      queryChecksum: null, syncStatus: null, resultChecksum: null, deploymentId: t.salesDeploymentId,
    })]);
    const granted = entries.filter((e) => e.access === 'GRANTED');
    expect(granted.map((e) => e.reportName).sort()).toEqual(['Orders by status', 'Revenue in thousands by category and year', 'Weekly orders in 2025']);
    const legacy = entries.find((e) => e.resultLocation === 'Legacy!A1:C9')!;
    expect(legacy).toMatchObject({ id: null, workbookId: workbook, access: 'GRANTED', syncStatus: 'UNKNOWN' });
    expect((await admin.externalDocumentPlacements(workbook)).every((e) => e.access === 'GRANTED')).toBe(true);
  });

  it('pages with first and after', async () => {
    const seen: (string | null | undefined)[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const query = new URLSearchParams({ first: '1', ...(after ? { after } : {}) });
      const page = await raw('GET', `/api/v1/external-documents/${workbook}/placements?${query}`, { token: t.platform.tokens.analyst });
      const items = page.body.items as ReportPlacement[];
      expect(items).toHaveLength(1);
      seen.push(items[0]!.resultLocation);
      const info = page.body.pageInfo as { hasNextPage: boolean; endCursor: string };
      after = info.hasNextPage ? info.endCursor : undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(4);
    expect(seen).toEqual((await analyst.externalDocumentPlacements(workbook)).map((e) => e.resultLocation));
    expect(await analyst.externalDocumentPlacements('wb-unknown')).toEqual([]);
  });
});

describe('a user deactivated by SCIM', () => {
  it('is refused with 401 until active again', async () => {
    const [user] = (await t.scim.listUsers({ filter: 'userName eq "analyst@example.com"' })).Resources;
    await t.scim.replaceUser(user!.id!, { ...user!, active: false });
    try {
      await expectApiError(analyst.getCurrentUser(), 401);
      await expectApiError(analyst.listReports(t.salesDeploymentId), 401);
    } finally {
      await t.scim.replaceUser(user!.id!, { ...user!, active: true });
    }
    expect((await analyst.getCurrentUser()).email).toBe('analyst@example.com');
  });
});
