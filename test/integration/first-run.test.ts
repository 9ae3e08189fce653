import { ApiError, PlatformClient } from '../../src/client';
import type { Folder, Report } from '../../src/contract';
import { canCreateReports, editableFolderIds } from '../../src/core/report-permissions';
import { startCheckedPlatform } from '../support/checked-platform';
import type { TestPlatform } from '../support/local-platform';
import { fetchOpenApi, type OpenApiChecker } from '../support/openapi';

/**
 * A first run with no dead ends, over HTTP on the seeded local platform: the workbench's default user (the
 * analyst) has a folder of her own, granted as the real API's `Policy` shape, where she creates, renames and
 * deletes reports, and nowhere else; the chat's Place in sheet is on, and the admin turns it off with the local
 * platform's `PUT /api/v1/app-config`. Every answer is checked against the OpenAPI document the platform serves.
 */

const OWN_FOLDER = "Anna's reports";

let t: TestPlatform;
let checker: OpenApiChecker;
let admin: PlatformClient;
let analyst: PlatformClient;
const problems: string[] = [];

beforeAll(async () => {
  ({ t, checker, admin, analyst } = await startCheckedPlatform(problems));
});
afterAll(() => t.close());
afterEach(() => {
  expect(problems.splice(0)).toEqual([]);
});

/** A request the client never sends (the local-only PUT, bad bodies), checked against the document all the same. */
async function raw(method: string, path: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await checker.fetch(problems)(`${t.platform.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/** The refusal, with its words. */
async function refusal(promise: Promise<unknown>, status: number): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  return (error as ApiError).message;
}

async function rootFolder(client: PlatformClient, name: string): Promise<Folder> {
  const found = (await client.allFolders(t.salesDeploymentId)).find((f) => f.name === name);
  if (!found) throw new Error(`no folder ${name} at the top level`);
  return found;
}

const revenueByRegion = { jsonQuery: JSON.stringify({ measures: ['sales.total_amount'], dimensions: ['sales.region'] }) };

describe("the analyst's own folder", () => {
  it('is hers: created by her, listed to her and the admin, granted to her in the real Policy shape', async () => {
    const own = await rootFolder(analyst, OWN_FOLDER);
    expect(own).toMatchObject({ type: 'FOLDER', parentId: null, deploymentId: t.salesDeploymentId, user: { email: 'analyst@example.com' } });
    expect((await analyst.allFolders(t.salesDeploymentId)).map((f) => f.name)).toEqual(['Sales', 'Finance', OWN_FOLDER]);
    expect((await rootFolder(admin, OWN_FOLDER)).id).toBe(own.id);

    const me = await analyst.getCurrentUser();
    expect(me.isAdmin).toBe(false);
    expect(me.userPolicies).toContainEqual({
      resourceType: 'Folder', actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'], resources: [String(own.id)],
    });
    // What the add-in reads before offering Save: she may create there, and not at the deployment's top level.
    expect([...editableFolderIds(me)]).toEqual([own.id]);
    expect(canCreateReports(me, t.salesDeploymentId, [own.id])).toBe(true);
    expect(canCreateReports(me, t.salesDeploymentId)).toBe(false);
    expect(canCreateReports(me, t.sandboxDeploymentId)).toBe(false);
  });

  it('takes her report, which she then renames, moves within it and deletes', async () => {
    const own = await rootFolder(analyst, OWN_FOLDER);
    const created = await analyst.createReport(t.salesDeploymentId, { name: 'My revenue by region', folderId: own.id, source: 'EXCEL', ...revenueByRegion });
    expect(created).toMatchObject({ folderId: own.id, folderPath: [{ id: own.id, name: OWN_FOLDER }], canEdit: true, canManage: true });
    expect(created.user.email).toBe('analyst@example.com');

    const renamed = await analyst.updateReport(t.salesDeploymentId, created.id, { name: 'Revenue by region, mine', title: 'Revenue by region', expectedVersion: created.version });
    expect(renamed).toMatchObject({ name: 'Revenue by region, mine', title: 'Revenue by region', version: created.version! + 1, folderId: own.id });
    // Sending the folder it is already in moves nothing and needs no more right.
    expect((await analyst.updateReport(t.salesDeploymentId, created.id, { folderId: own.id })).folderId).toBe(own.id);
    const listed = await analyst.listReports(t.salesDeploymentId, { folderId: own.id });
    expect(listed.items.map((r) => r.name)).toEqual(['Revenue by region, mine']);

    await analyst.deleteReport(t.salesDeploymentId, created.id);
    expect(await refusal(analyst.getReport(t.salesDeploymentId, created.id), 404)).toMatch(/not found/);
  });

  it('gives her the reports others put in it too (the folder grant covers what is inside)', async () => {
    const own = await rootFolder(admin, OWN_FOLDER);
    const shared = await admin.createReport(t.salesDeploymentId, { name: 'For Anna', folderId: own.id, ...revenueByRegion });
    const seen = await analyst.getReport(t.salesDeploymentId, shared.id);
    expect(seen).toMatchObject({ canEdit: true, canManage: true });
    expect((await analyst.updateReport(t.salesDeploymentId, shared.id, { name: 'For Anna, renamed' })).name).toBe('For Anna, renamed');
    await analyst.deleteReport(t.salesDeploymentId, shared.id);
  });
});

describe('elsewhere the analyst is refused, in words', () => {
  it('creating at the top level, in a folder she may only read, or in the other deployment', async () => {
    const sales = await rootFolder(analyst, 'Sales');
    expect(await refusal(analyst.createReport(t.salesDeploymentId, { name: 'Mine', folderId: sales.id }), 403))
      .toBe('You lack the ReportEdit permission to create reports in the folder "Sales"');
    expect(await refusal(analyst.createReport(t.salesDeploymentId, { name: 'Mine' }), 403))
      .toBe('You lack the ReportEdit permission to create reports at the top level of this deployment');
    expect(await refusal(analyst.createReport(t.sandboxDeploymentId, { name: 'Mine' }), 403)).toMatch(/ReportEdit/);
  });

  it('moving her own report out of her folder into one she may only read', async () => {
    const own = await rootFolder(analyst, OWN_FOLDER);
    const finance = await rootFolder(analyst, 'Finance');
    const mine = await analyst.createReport(t.salesDeploymentId, { name: 'Stays home', folderId: own.id });
    expect(await refusal(analyst.updateReport(t.salesDeploymentId, mine.id, { folderId: finance.id }), 403))
      .toBe('You lack the ReportEdit permission to move reports in the folder "Finance"');
    expect(await refusal(analyst.updateReport(t.salesDeploymentId, mine.id, { folderId: null }), 403)).toMatch(/top level/);
    expect((await analyst.getReport(t.salesDeploymentId, mine.id)).folderId).toBe(own.id);
    await analyst.deleteReport(t.salesDeploymentId, mine.id);
  });

  it("renaming or deleting the admin's reports she may only read", async () => {
    const sales = await rootFolder(analyst, 'Sales');
    const [orders] = (await analyst.listReports(t.salesDeploymentId, { folderId: sales.id, search: 'Orders by status' })).items as [Report];
    expect(orders).toMatchObject({ canEdit: false, canManage: false });
    expect(await refusal(analyst.updateReport(t.salesDeploymentId, orders.id, { name: 'Mine now' }), 403)).toBe(`You lack the ReportEdit permission on report ${orders.id}`);
    expect(await refusal(analyst.deleteReport(t.salesDeploymentId, orders.id), 403)).toBe(`You lack the ReportManage permission on report ${orders.id}`);
    expect((await admin.getReport(t.salesDeploymentId, orders.id)).name).toBe('Orders by status');
  });
});

describe("the chat's Place in sheet, on by default, and the admin's way to turn it off", () => {
  const path = '/api/v1/app-config';

  it('is on as seeded', async () => {
    expect(await analyst.getAppConfig()).toMatchObject({ sheetsAgentChatEnabled: true, restrictDataDownload: false });
  });

  it('turns off and on again with PUT /api/v1/app-config as the admin, merging only the fields sent', async () => {
    const before = await admin.getAppConfig();
    const off = await raw('PUT', path, t.platform.tokens.admin, { sheetsAgentChatEnabled: false });
    expect(off).toEqual({ status: 200, body: { ...before, sheetsAgentChatEnabled: false } });
    expect(await analyst.getAppConfig()).toEqual({ ...before, sheetsAgentChatEnabled: false });
    expect((await raw('PUT', path, t.platform.tokens.admin, { sheetsAgentChatEnabled: true })).body).toEqual(before);
  });

  it('refuses the analyst with 403, changing nothing', async () => {
    const refused = await raw('PUT', path, t.platform.tokens.analyst, { sheetsAgentChatEnabled: false });
    expect(refused).toEqual({ status: 403, body: { error: 'Only an admin may change the app config' } });
    expect((await admin.getAppConfig()).sheetsAgentChatEnabled).toBe(true);
  });

  it.each([
    [{ sheetsAgentChatEnabled: 'no' }, /^Invalid 'sheetsAgentChatEnabled': .*boolean/],
    [{ sheetsAgentChatEnabled: null }, /^Invalid 'sheetsAgentChatEnabled'/],
    [{ sheetsAgentChatEnable: false }, /^Invalid request body: Unrecognized key: "sheetsAgentChatEnable"/],
    [{}, /^Invalid request body: name at least one app config field to change/],
    [[{ sheetsAgentChatEnabled: false }], /^Invalid request body: .*object/],
    [{ timezoneSettings: { enabled: 'yes' } }, /^Invalid 'timezoneSettings.enabled'/],
  ])('refuses %j with 400 in words, changing nothing', async (body, words) => {
    const before = await admin.getAppConfig();
    const refused = await raw('PUT', path, t.platform.tokens.admin, body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(words);
    expect(await admin.getAppConfig()).toEqual(before);
  });

  it('is documented in the served OpenAPI document as the local platform only', async () => {
    const document = await fetchOpenApi(t.platform.url, t.platform.tokens.analyst);
    const put = document.paths[path]!.put as unknown as Record<string, unknown>;
    expect(put).toMatchObject({ operationId: 'updateAppConfig', 'x-local-platform-only': true });
    expect(put.description).toMatch(/Not part of the real Platform API/);
    expect(document.paths[path]!.get).not.toHaveProperty('x-local-platform-only');
  });
});
