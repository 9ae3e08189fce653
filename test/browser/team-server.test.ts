import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlatform, type RunningPlatform } from '../../server/app';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { loadTeamConfig } from '../../server/team/config';
import type { PlatformClient } from '../../src/client';
import { startCompanyIdp, type CompanyAccount, type CompanyIdp } from '../support/company-idp';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster';
import { GROUP_URN, USER_URN } from '../support/scim-schemas';
import { provision, regionRewrite, signInThroughCompany, TEAM_OIDC_CLIENT_ID, teamSecrets, teamYaml } from '../support/team-server';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { chatEn } from '../../src/taskpane/i18n/chat-en';
import { freshWorkbench, place, placementRows, readCells } from './support/actions';
import { launchBrowser } from './support/browser';
import { buildForBrowserTests } from './support/build';
import { serveBuild, type StaticServer } from './support/serve';
import { screenshots } from './support/workbench';

/**
 * The add-in against a team's Report Sync Server (its state on PostgreSQL, in front of the team's Cube, signing people in
 * through the company's provider), as two of its people use it: Ada saves a report; Emma signs in from the workbench
 * and places it in two workbooks; Ada edits it; both placements turn Out of date, and Refresh all in each brings the
 * new numbers.
 */
jest.setTimeout(300_000);

const SECRETS = teamSecrets();
const ADA: CompanyAccount = { sub: 'idp-ada', email: 'ada@corp.example', email_verified: true };
const EMMA: CompanyAccount = { sub: 'idp-emma', email: 'emma@corp.example', email_verified: true };
const TITLE = 'Revenue by region';
const EMMAS_REGIONS = ['Europe', 'North America'];

let cluster: PostgresCluster;
let cube: RunningCubeCore;
let idp: CompanyIdp;
let server: StaticServer;
let platform: RunningPlatform;
let dir: string;
const browsers: Awaited<ReturnType<typeof launchBrowser>>[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  server = await serveBuild(await buildForBrowserTests(), join(__dirname, '..', '..', 'node_modules', '@microsoft', 'office-js', 'dist'));
  // The add-in's data requests go from its page straight to the Cube: CORS for the add-in's origin, as docs/cube-api.md says.
  cube = await startCubeCore({
    dataDir: ':memory:', port: 0, corsOrigins: [server.url], log: () => {}, jwt: { apiSecret: SECRETS.CUBEJS_API_SECRET }, queryRewrite: regionRewrite,
  });
  idp = await startCompanyIdp({ clientId: TEAM_OIDC_CLIENT_ID, clientSecret: SECRETS.OIDC_CLIENT_SECRET });
  idp.register(`${server.url}/oauth/company/callback`);
  dir = mkdtempSync(join(tmpdir(), 'team-workbench-'));
  const file = join(dir, 'team.yaml');
  writeFileSync(file, teamYaml({ publicUrl: server.url, issuer: idp.issuer, cubeApiUrl: cube.apiUrl, admins: [ADA.email!], regions: { 'EMEA Sales': EMMAS_REGIONS }, agentView: 'sales' }));
  const team = loadTeamConfig(file, { ...SECRETS, DATABASE_URL: cluster.url('postgres') });
  platform = await startPlatform({
    dataDir: ':memory:', port: 0, databaseUrl: team.database.url, publicUrl: server.url, team, companySignIn: team.signIn.oidc,
  });
  server.platformUrl = platform.url;
  const user = (userName: string, externalId: string) => provision(server.url, SECRETS.SCIM_TOKEN, 'Users', { schemas: [USER_URN], userName, externalId, active: true });
  await user(ADA.email!, ADA.sub);
  const emma = await user(EMMA.email!, EMMA.sub);
  await provision(server.url, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'EMEA Sales', members: [{ value: emma }] });
});
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await platform?.close();
  await server?.close();
  await idp?.close();
  await cube?.close();
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A workbook of its own (a browser profile of its own), signed in as Emma through the company's provider. */
async function emmasWorkbook(): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await freshWorkbench(page, `${server.url}/workbench.html`);
  idp.signInAs(EMMA);
  const [dialog] = await Promise.all([page.context().waitForEvent('page'), page.locator('.pane').getByRole('button', { name: 'Sign in' }).first().click()]);
  if (!dialog.isClosed()) await dialog.waitForEvent('close');
  return page;
}

const cardIn = (page: Page) => placementRows(page).filter({ hasText: TITLE });

it('a report one user saved, placed by another in two workbooks, turns Out of date in both when edited; Refresh all in each', async () => {
  const ada: PlatformClient = await signInThroughCompany(server.url, idp, ADA);
  const [sales] = await ada.listDeployments();
  const report = await ada.createReport(sales!.id, { name: TITLE, jsonQuery: JSON.stringify({ measures: ['sales.total_amount'], dimensions: ['sales.region'] }) });

  const workbooks = [await emmasWorkbook(), await emmasWorkbook()];
  for (const page of workbooks) {
    await page.getByText(/No reports are placed in this workbook yet/).waitFor();
    await place(page, 'B2', TITLE);
    await cardIn(page).getByText('Up to date').waitFor();
  }
  // Emma's groups allow two regions: the Cube's queryRewrite shows her those rows only (a header and two rows).
  const rowsBefore = await workbooks[0]!.locator('td[data-cell="B5"]').textContent();

  // Ada edits the report: a count beside the revenue. Each pane hears of it when it regains focus.
  await ada.updateReport(sales!.id, report.id, { jsonQuery: JSON.stringify({ measures: ['sales.total_amount', 'sales.count'], dimensions: ['sales.region'] }) });
  for (const page of workbooks) {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await cardIn(page).locator('[data-status="CHANGED"]').waitFor();
  }
  await workbooks[1]!.screenshot({ path: join(screenshots, 'team-server-out-of-date.png') });

  for (const page of workbooks) {
    await page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
    await cardIn(page).getByText('Up to date').waitFor();
    // The new column is in the cells now.
    await page.locator('td[data-cell="D2"]').filter({ hasText: /\S/ }).waitFor();
  }
  expect(rowsBefore).toBe('');
  const placed = await ada.getReport(sales!.id, report.id);
  expect(placed.externalWorkbookPlacements).toHaveLength(2);
  expect(new Set(placed.externalWorkbookPlacements!.map((p) => p.workbookId)).size).toBe(2);
});

it('chats as the signed-in user at the deployment\'s agent, with no key: the agent sees only her regions', async () => {
  const page = await emmasWorkbook();
  const [sales] = await (await signInThroughCompany(server.url, idp, EMMA)).listDeployments();
  // Settings → Agent chat: the deployment's agent's URL, and no key (it answers with her sign-in).
  await page.locator('.pane').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('textbox', { name: chatEn.settings.url }).fill(`${server.url}/api/v1/public/team/deployments/${sales!.id}/chat/stream-chat-state`);
  await page.getByRole('button', { name: chatEn.settings.save }).click();
  await page.getByText(chatEn.settings.saved).waitFor();
  await page.locator('.pane').getByRole('button', { name: 'Back' }).click();
  await page.getByRole('tab', { name: chatEn.chatTab }).click();
  await page.getByRole('textbox', { name: chatEn.inputLabel }).fill('Revenue by region');
  await page.getByRole('textbox', { name: chatEn.inputLabel }).press('Enter');
  // The answer streams in word by word: whole once Stop has given way to Send again.
  await page.getByTestId('chat-answer').filter({ hasText: '$' }).last().waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: chatEn.stop }).waitFor({ state: 'hidden', timeout: 60_000 });
  const answer = (await page.getByTestId('chat-answer').last().innerText()).trim();
  await page.screenshot({ path: join(screenshots, 'team-server-chat.png') });

  // Her figures, from SQL over an independent copy of the sample data; the other regions' are nowhere.
  const reference = await Database.open(':memory:');
  await reference.transaction((tx) => createSampleData(tx));
  const totals = (await reference.read((tx) => tx.all(`SELECT region, sum(amount) AS total FROM orders GROUP BY region ORDER BY total DESC`)))
    .map((row) => ({ region: String(row.region), total: Number(row.total) }));
  await reference.close();
  const hers = totals.filter((row) => EMMAS_REGIONS.includes(row.region));
  const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;
  const sum = hers.reduce((all, row) => all + row.total, 0);
  expect(answer).toContain(`${hers[0]!.region} leads with ${dollars(hers[0]!.total)} of ${dollars(sum)} across 2 regions.`);
  for (const { region } of totals.filter((row) => !EMMAS_REGIONS.includes(row.region))) expect(answer).not.toContain(region);

  // Place in sheet: the answer's query runs on the Cube with her data token, so the cells hold her two regions too.
  await page.getByRole('button', { name: chatEn.placeInSheet }).click();
  await page.getByTestId('builder').waitFor();
  await page.locator('td[data-cell="A3"]').filter({ hasText: /\S/ }).waitFor();
  const placed = (await readCells(page, 'A2:B4')).values;
  expect(placed).toEqual([...hers.map((row) => [row.region, row.total]), ['', '']]);
});
