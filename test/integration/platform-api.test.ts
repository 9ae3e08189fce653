import { createHash } from 'node:crypto';
import { ApiError, InsecureTransportError, PlatformClient } from '../../src/client';
import type { ConnectWorkbook, CubeQuery, Report } from '../../src/contract';
import { platformClient, startTestPlatform, type TestPlatform } from '../support/local-platform';

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** RFC 8785 written apart from src/core so the server's checksum is checked, not restated. */
function jcs(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const checksumOf = (report: Pick<Report, 'pivot' | 'query'>) =>
  createHash('sha256').update(jcs({ pivot: report.pivot, query: report.query })).digest('hex');

async function expectApiError(promise: Promise<unknown>, status: number): Promise<ApiError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  expect((error as ApiError).message.length).toBeGreaterThan(0);
  return error as ApiError;
}

async function reportByPublicId(publicId: string): Promise<Report> {
  for await (const report of t.admin.iterateReports(t.salesDeploymentId)) if (report.publicId === publicId) return report;
  throw new Error(`no report ${publicId}`);
}

function placementBody(overrides: Partial<ConnectWorkbook> = {}): ConnectWorkbook {
  return {
    externalWorkbookId: 'wb-1', host: 'EXCEL', sheetId: 'sheet-1', sheetName: 'Sales Q1', anchorCell: 'B2',
    workbookName: 'Budget.xlsx', resultLocation: "'Sales Q1'!B2:D7", endResultCell: 'D7',
    queryChecksum: null, resultChecksum: 'abc', ...overrides,
  };
}

describe('authentication and transport', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    await expectApiError(platformClient(t.platform.url, '').getCurrentUser(), 401);
    await expectApiError(platformClient(t.platform.url, 'plt_not-a-token').listDeployments(), 401);
  });

  it('refuses to send a token over plain http to anything but loopback', () => {
    expect(() => new PlatformClient({ baseUrl: 'http://platform.example.com', accessToken: () => 't' })).toThrow(InsecureTransportError);
    expect(() => new PlatformClient({ baseUrl: 'http://10.0.0.5:4000', accessToken: () => 't' })).toThrow(InsecureTransportError);
    expect(() => new PlatformClient({ baseUrl: 'https://platform.example.com', accessToken: () => 't' })).not.toThrow();
    expect(() => new PlatformClient({ baseUrl: 'http://localhost:4000', accessToken: () => 't' })).not.toThrow();
    expect(() => new PlatformClient({ baseUrl: 'http://[::1]:4000', accessToken: () => 't' })).not.toThrow();
  });
});

describe('deployments, environments, tokens', () => {
  it('lists both seeded deployments and each one environment with its data API address', async () => {
    const deployments = await t.admin.listDeployments();
    expect(deployments.map((d) => d.name)).toEqual(['Sales Analytics', 'Finance Sandbox']);
    const environments = await t.admin.listEnvironments(t.salesDeploymentId);
    expect(environments).toHaveLength(1);
    expect(environments[0]!.apiUrl).toBe(`${t.platform.url}/cubejs-api`);
    await expectApiError(t.admin.listEnvironments('no-such-deployment'), 404);
  });

  it('issues a JWT whose exp is expiresAt, default 24 hours, and rejects expiresIn outside 60..86400', async () => {
    const before = Date.now();
    const issued = await t.analyst.issueDeploymentToken(t.salesDeploymentId, 600);
    const payload = JSON.parse(Buffer.from(issued.token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(payload.exp * 1000).toBe(Date.parse(issued.expiresAt));
    expect(Date.parse(issued.expiresAt) - before).toBeGreaterThanOrEqual(599_000);
    expect(Date.parse(issued.expiresAt) - before).toBeLessThanOrEqual(601_000);
    const byDefault = await t.analyst.issueDeploymentToken(t.salesDeploymentId);
    expect(Date.parse(byDefault.expiresAt) - before).toBeGreaterThan(86_398_000);
    await t.analyst.issueDeploymentToken(t.salesDeploymentId, 60);
    await t.analyst.issueDeploymentToken(t.salesDeploymentId, 86_400);
    await expectApiError(t.analyst.issueDeploymentToken(t.salesDeploymentId, 59), 400);
    await expectApiError(t.analyst.issueDeploymentToken(t.salesDeploymentId, 86_401), 400);
    await expectApiError(t.analyst.issueDeploymentToken(t.salesDeploymentId, 90.5), 400);
    await expectApiError(t.analyst.issueDeploymentToken('no-such-deployment', 600), 404);
  });
});

describe('users and settings', () => {
  it('describes the caller with policies: admin has WorkbookEdit, analyst does not', async () => {
    const admin = await t.admin.getCurrentUser();
    const analyst = await t.analyst.getCurrentUser();
    expect(admin.username).toBe('admin@example.com');
    expect(admin.userPolicies.map((p) => p.action)).toContain('WorkbookEdit');
    expect(analyst).toMatchObject({ username: 'analyst@example.com', email: 'analyst@example.com', firstName: 'Anna', lastName: 'Analyst' });
    expect(analyst.userPolicies.map((p) => p.action)).not.toContain('WorkbookEdit');
  });

  it('merges settings patches: omitted fields stay, sheets merge per field, null clears', async () => {
    await t.analyst.updateSettings({ locale: 'de-DE', defaultDeploymentId: t.salesDeploymentId, sheets: { showAppliedFilters: true, suppressDuplicateValues: false } });
    let user = await t.analyst.updateSettings({ sheets: { revealSheetOnOpen: true }, lastSeenChangelogId: 'ignored' });
    expect(user.settings).toEqual({
      locale: 'de-DE', defaultDeploymentId: t.salesDeploymentId,
      sheets: { showAppliedFilters: true, suppressDuplicateValues: false, revealSheetOnOpen: true },
    });
    user = await t.analyst.updateSettings({ locale: null, sheets: { showAppliedFilters: null } });
    expect(user.settings).toEqual({ defaultDeploymentId: t.salesDeploymentId, sheets: { suppressDuplicateValues: false, revealSheetOnOpen: true } });
    expect((await t.analyst.getCurrentUser()).settings).toEqual(user.settings);
    expect((await t.admin.getCurrentUser()).settings.locale).toBeUndefined();
    await expectApiError(t.analyst.updateSettings({ sheets: { showAppliedFilters: 'yes' as unknown as boolean } }), 400);
  });

  it('serves the app config', async () => {
    const config = await t.analyst.getAppConfig();
    expect(config.sheetsUi?.showAppliedFilters).toBe(true);
    expect(config.creatorMode?.localizedTitles).toContainEqual({ locale: 'de-DE', value: 'Berichte' });
    expect(config.appTheme?.palette?.primary).toMatch(/^#[0-9A-F]{6}$/i);
  });
});

describe('reports', () => {
  it('seeds at least six reports in nested folders, each with its checksum of {pivot, query}', async () => {
    const reports: Report[] = [];
    for await (const report of t.admin.iterateReports(t.salesDeploymentId)) reports.push(report);
    expect(reports.length).toBeGreaterThanOrEqual(6);
    for (const report of reports) expect(report.currentQueryChecksum).toBe(checksumOf(report));
    const monthly = reports.find((r) => r.publicId === 'monthly-revenue')!;
    expect(monthly.folderPath.map((f) => f.name)).toEqual(['Finance', 'Monthly']);
    expect(monthly.pivot).toEqual({
      rows: ['orders.created_at.month'], columns: [], measuresAxis: 'columns', measuresPosition: 'after',
      displayScale: 'model', showColumnTotals: false,
    });
    const archived = reports.find((r) => r.publicId === 'revenue-thousands-by-year')!;
    expect(archived.folderPath.map((f) => f.name)).toEqual(['Finance', 'Monthly', 'Archive']);
    expect(reports.find((r) => r.publicId === 'category-kpis')!.pivot.measuresAxis).toBe('rows');
    expect(reports.find((r) => r.publicId === 'revenue-region-quarter')!.pivot.columns).toEqual(['orders.created_at.quarter']);
    expect(reports.find((r) => r.publicId === 'europe-electronics-completed')!.query.filters).toHaveLength(3);
  });

  it('sorts by updatedAt (default), name, createdAt and lastViewedAt', async () => {
    const byDefault = (await t.admin.listReports(t.salesDeploymentId, { first: 100 })).items;
    expect(byDefault.map((r) => r.updatedAt)).toEqual([...byDefault.map((r) => r.updatedAt)].sort().reverse());
    const byName = (await t.admin.listReports(t.salesDeploymentId, { first: 100, sortBy: 'name' })).items;
    expect(byName.map((r) => r.name.toLowerCase())).toEqual(byName.map((r) => r.name.toLowerCase()).sort());
    const byCreated = (await t.admin.listReports(t.salesDeploymentId, { first: 100, sortBy: 'createdAt' })).items;
    expect(byCreated.map((r) => r.createdAt)).toEqual([...byCreated.map((r) => r.createdAt)].sort().reverse());
    const byViewed = await t.admin.listReports(t.salesDeploymentId, { first: 3, sortBy: 'lastViewedAt' });
    const viewed = byViewed.items.map((r) => r.lastViewedAt);
    expect(viewed.every((v) => v !== null)).toBe(true);
    expect(viewed).toEqual([...viewed].sort().reverse());
    expect(byViewed.pageInfo).toEqual({ hasNextPage: true, endCursor: null });
  });

  it('rejects first outside 1..100, lastViewedAt with after, and foreign or broken cursors', async () => {
    await expectApiError(t.admin.listReports(t.salesDeploymentId, { first: 0 }), 400);
    await expectApiError(t.admin.listReports(t.salesDeploymentId, { first: 101 }), 400);
    const page = await t.admin.listReports(t.salesDeploymentId, { first: 2 });
    await expectApiError(t.admin.listReports(t.salesDeploymentId, { sortBy: 'lastViewedAt', after: page.pageInfo.endCursor! }), 400);
    await expectApiError(t.admin.listReports(t.salesDeploymentId, { sortBy: 'name', after: page.pageInfo.endCursor! }), 400);
    await expectApiError(t.admin.listReports(t.salesDeploymentId, { after: 'garbage' }), 400);
    await expectApiError(t.admin.listReports('no-such-deployment'), 404);
  });

  it('searches names and titles case-insensitively and filters by folder', async () => {
    const found = (await t.admin.listReports(t.salesDeploymentId, { search: 'MEASURES ON' })).items;
    expect(found.map((r) => r.publicId)).toEqual(['category-kpis']);
    const regional = (await reportByPublicId('revenue-region-quarter')).folderPath.at(-1)!;
    const inFolder = (await t.admin.listReports(t.salesDeploymentId, { folderId: regional.id })).items;
    expect(inFolder.map((r) => r.publicId).sort()).toEqual(['europe-electronics-completed', 'revenue-region-quarter']);
  });

  it('creates (201) and updates (200) by public id, needing WorkbookEdit, with 255-character limits', async () => {
    const query: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'] };
    const created = await t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-create', { name: 'Created in a test', query });
    expect(created).toMatchObject({ name: 'Created in a test', title: 'Created in a test', publicId: 'it-create', folderPath: [] });
    expect(created.pivot.rows).toEqual(['orders.region']);
    const updated = await t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-create', { name: 'Renamed', title: 'Renamed title', query });
    expect(updated.id).toBe(created.id);
    expect(updated.title).toBe('Renamed title');
    expect(updated.createdAt).toBe(created.createdAt);
    expect(updated.currentQueryChecksum).toBe(created.currentQueryChecksum);

    await expectApiError(t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-long', { name: 'x'.repeat(256), query }), 400);
    await expectApiError(t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-long', { name: 'ok', title: 't'.repeat(256), query }), 400);
    await t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-long', { name: 'x'.repeat(255), title: 't'.repeat(255), query });
    const denied = await expectApiError(t.analyst.upsertReportByPublicId(t.salesDeploymentId, 'it-analyst', { name: 'No', query }), 403);
    expect(denied.message).toMatch(/WorkbookEdit/);
    await expectApiError(t.admin.upsertReportByPublicId(t.salesDeploymentId, 'it-folder', { name: 'F', query, folderId: 'nope' }), 400);
  });

  it('answers the status codes themselves: 201 on create, 200 on update', async () => {
    const put = () => fetch(`${t.platform.url}/api/v1/deployments/${t.salesDeploymentId}/reports/by-public-id/it-status`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.platform.tokens.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Status', query: { measures: ['orders.count'] } }),
    });
    expect((await put()).status).toBe(201);
    expect((await put()).status).toBe(200);
    const denied = await fetch(`${t.platform.url}/api/v1/users/me`);
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ error: expect.any(String) });
  });

  it('pages through more reports than one page, each exactly once', async () => {
    for (let i = 0; i < 25; i += 1) {
      await t.admin.upsertReportByPublicId(t.sandboxDeploymentId, `paging-${i}`, {
        name: `Paging report ${String(i).padStart(2, '0')}`, query: { measures: ['orders.count'] },
      });
    }
    for (const sortBy of ['name', 'updatedAt', 'createdAt'] as const) {
      const pages: number[] = [];
      let after: string | undefined;
      const seen: string[] = [];
      do {
        const page = await t.admin.listReports(t.sandboxDeploymentId, { first: 10, sortBy, after });
        pages.push(page.items.length);
        seen.push(...page.items.map((r) => r.id));
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor! : undefined;
      } while (after);
      expect(pages).toEqual([10, 10, 6]);
      expect(new Set(seen).size).toBe(26);
    }
    const all: Report[] = [];
    for await (const report of t.admin.iterateReports(t.sandboxDeploymentId, { first: 7, sortBy: 'name', search: 'paging' })) all.push(report);
    expect(all.map((r) => r.name)).toEqual(Array.from({ length: 25 }, (_, i) => `Paging report ${String(i).padStart(2, '0')}`));
  });
});

describe('placements', () => {
  it('connects, updates the same placement by location or id, refreshes and disconnects', async () => {
    const report = await reportByPublicId('orders-by-status');
    // The analyst lacks WorkbookEdit but may connect: it needs only read access.
    let updated = await t.analyst.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ queryChecksum: report.currentQueryChecksum }));
    const placement = updated.externalWorkbookPlacements.find((p) => p.workbookId === 'wb-1')!;
    const analyst = await t.analyst.getCurrentUser();
    expect(placement).toMatchObject({
      host: 'EXCEL', sheetId: 'sheet-1', sheetName: 'Sales Q1', anchorCell: 'B2', workbookName: 'Budget.xlsx',
      resultLocation: "'Sales Q1'!B2:D7", endResultCell: 'D7', placedByUserId: analyst.id, refreshedAt: null,
      refreshedByUserId: null, queryChecksum: report.currentQueryChecksum, syncStatus: 'UP_TO_DATE', resultChecksum: 'abc',
    });

    updated = await t.analyst.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ resultChecksum: 'def', queryChecksum: report.currentQueryChecksum }));
    expect(updated.externalWorkbookPlacements.filter((p) => p.workbookId === 'wb-1')).toHaveLength(1);
    expect(updated.externalWorkbookPlacements.find((p) => p.workbookId === 'wb-1')).toMatchObject({ id: placement.id, resultChecksum: 'def' });

    updated = await t.analyst.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ placementId: placement.id, sheetName: 'Renamed', anchorCell: 'B4', resultLocation: 'Renamed!B4:D9', endResultCell: 'D9', queryChecksum: report.currentQueryChecksum }));
    expect(updated.externalWorkbookPlacements.find((p) => p.id === placement.id)).toMatchObject({ sheetName: 'Renamed', anchorCell: 'B4' });

    updated = await t.admin.recordRefresh(t.salesDeploymentId, report.id, {
      placementId: placement.id, anchorCell: 'B6', resultLocation: 'Renamed!B6:D12', endResultCell: 'D12',
      resultChecksum: 'ghi', queryChecksum: report.currentQueryChecksum,
    });
    const admin = await t.admin.getCurrentUser();
    const refreshed = updated.externalWorkbookPlacements.find((p) => p.id === placement.id)!;
    expect(refreshed).toMatchObject({ anchorCell: 'B6', sheetName: 'Renamed', endResultCell: 'D12', refreshedByUserId: admin.id, resultChecksum: 'ghi' });
    expect(Date.parse(refreshed.refreshedAt!)).toBeGreaterThan(Date.now() - 60_000);

    updated = await t.admin.recordRefresh(t.salesDeploymentId, report.id, {
      externalWorkbookId: 'wb-1', sheetName: 'Renamed', anchorCell: 'B6', resultLocation: 'Renamed!B6:D13', endResultCell: 'D13',
      resultChecksum: 'jkl', queryChecksum: report.currentQueryChecksum,
    });
    expect(updated.externalWorkbookPlacements.find((p) => p.id === placement.id)!.endResultCell).toBe('D13');
    await expectApiError(t.admin.recordRefresh(t.salesDeploymentId, report.id, {
      externalWorkbookId: 'wb-1', sheetName: 'Renamed', anchorCell: 'Z99', resultLocation: 'x', endResultCell: 'A1', resultChecksum: null, queryChecksum: null,
    }), 404);

    const filtered = (await t.admin.listReports(t.salesDeploymentId, { externalWorkbookId: 'wb-1' })).items;
    expect(filtered.map((r) => r.id)).toEqual([report.id]);

    updated = await t.analyst.disconnectWorkbook(t.salesDeploymentId, report.id, { externalWorkbookId: 'wb-1', sheetName: 'Renamed', anchorCell: 'B6' });
    expect(updated.externalWorkbookPlacements.find((p) => p.id === placement.id)).toBeUndefined();
    await expectApiError(t.analyst.disconnectWorkbook(t.salesDeploymentId, report.id, { placementId: placement.id }), 404);
    expect((await t.admin.listReports(t.salesDeploymentId, { externalWorkbookId: 'wb-1' })).items).toEqual([]);
  });

  it('answers 404 for unknown reports and placements and 400 for a malformed body', async () => {
    const report = await reportByPublicId('orders-by-status');
    await expectApiError(t.admin.connectWorkbook(t.salesDeploymentId, 'no-such-report', placementBody()), 404);
    await expectApiError(t.admin.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ placementId: 'nope' })), 404);
    await expectApiError(t.admin.recordRefresh(t.salesDeploymentId, report.id, { placementId: 'nope', resultLocation: 'x', endResultCell: 'A1', resultChecksum: null, queryChecksum: null }), 404);
    await expectApiError(t.admin.disconnectWorkbook(t.salesDeploymentId, 'no-such-report', { placementId: 'nope' }), 404);
    await expectApiError(t.admin.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ anchorCell: 'not a cell' })), 400);
    await expectApiError(t.admin.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ host: 'NUMBERS' as 'EXCEL' })), 400);
  });

  it('reports UP_TO_DATE, then CHANGED after the query is edited, then UP_TO_DATE after a refresh records the new checksum', async () => {
    const report = await reportByPublicId('monthly-revenue');
    const placed = await t.admin.connectWorkbook(t.salesDeploymentId, report.id, placementBody({
      externalWorkbookId: 'wb-sync', queryChecksum: report.currentQueryChecksum,
    }));
    const placementId = placed.externalWorkbookPlacements.find((p) => p.workbookId === 'wb-sync')!.id;
    const statusOf = (r: Report) => r.externalWorkbookPlacements.find((p) => p.id === placementId)!.syncStatus;
    expect(statusOf(placed)).toBe('UP_TO_DATE');

    const edited = await t.admin.upsertReportByPublicId(t.salesDeploymentId, 'monthly-revenue', {
      name: report.name, query: { ...report.query, measures: ['orders.total_amount'] }, pivot: report.pivot, folderId: report.folderPath.at(-1)!.id,
    });
    expect(edited.currentQueryChecksum).not.toBe(report.currentQueryChecksum);
    expect(edited.currentQueryChecksum).toBe(checksumOf(edited));
    expect(statusOf(edited)).toBe('CHANGED');
    expect(statusOf(await reportByPublicId('monthly-revenue'))).toBe('CHANGED');

    const refreshed = await t.analyst.recordRefresh(t.salesDeploymentId, report.id, {
      placementId, resultLocation: "'Sales Q1'!B2:C38", endResultCell: 'C38', resultChecksum: 'new', queryChecksum: edited.currentQueryChecksum,
    });
    expect(statusOf(refreshed)).toBe('UP_TO_DATE');

    const unknown = await t.admin.connectWorkbook(t.salesDeploymentId, report.id, placementBody({ externalWorkbookId: 'wb-unknown', queryChecksum: null }));
    expect(unknown.externalWorkbookPlacements.find((p) => p.workbookId === 'wb-unknown')!.syncStatus).toBe('UNKNOWN');

    const pivotOnly = await t.admin.upsertReportByPublicId(t.salesDeploymentId, 'monthly-revenue', {
      name: report.name, query: edited.query, pivot: { ...edited.pivot, displayScale: 'thousands' }, folderId: report.folderPath.at(-1)!.id,
    });
    expect(statusOf(pivotOnly)).toBe('CHANGED');
  });
});
