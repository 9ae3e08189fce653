import { join } from 'node:path';
import { OAuthClient } from '../../src/client/oauth-client';
import { CLIENT_ID } from '../support/oauth-login';
import {
  freshWorkbench, place, placementRows, reportRows, selectCell, signInThroughDialog, storedConnection, workbookId,
} from './support/actions';
import { axeViolations, focusIsVisible, tabTo } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();
const workbenchUrl = () => `${bench.workbench.server.url}/workbench.html`;
const placements = () => placementRows(bench.page);
const reports = () => reportRows(bench.page);
const breadcrumb = () => bench.page.getByRole('navigation', { name: 'Folder path' });
const searchBox = () => bench.page.getByRole('searchbox', { name: 'Search reports' });

test('keyboard only: sign in through the dialog, find a report and place it; axe finds nothing serious on the way', async () => {
  await freshWorkbench(bench.page, workbenchUrl());
  await bench.page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);

  const toSignIn = await tabTo(bench.page, (el) => el.tagName === 'BUTTON' && el.textContent === 'Sign in');
  expect(await focusIsVisible(bench.page)).toBe(true);
  // The address field comes before the button, and the pane's controls come in reading order.
  expect(toSignIn.slice(-2)).toEqual([expect.stringContaining('Platform address'), 'Sign in']);
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), bench.page.keyboard.press('Enter')]);
  // The platform's login page (OAuth), listing the seeded users to sign in as.
  await dialog.getByRole('radio').first().waitFor();
  expect(await axeViolations(dialog, null)).toEqual([]);
  await tabTo(dialog, (el) => el instanceof HTMLInputElement && el.type === 'radio');
  await dialog.keyboard.press('ArrowDown');
  expect(await dialog.getByRole('radio', { name: /Anna Analyst/ }).isChecked()).toBe(true);
  await tabTo(dialog, (el) => el.tagName === 'BUTTON' && el.textContent === 'Sign in');
  await dialog.keyboard.press('Enter');
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  expect((await storedConnection(bench.page))?.kind).toBe('oauth');

  // Selecting the anchor is done in Excel itself (arrow keys there); the pane shows where Place writes.
  await selectCell(bench.page, 'B3');
  await bench.page.getByTestId('place-target').filter({ hasText: 'Sheet1!B3' }).waitFor();
  await tabTo(bench.page, (el) => el instanceof HTMLInputElement && el.type === 'search');
  await bench.page.keyboard.type('Orders by status');
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 1);
  await tabTo(bench.page, (el) => el.textContent === 'Place' && el.getAttribute('aria-label') === 'Place Orders by status');
  expect(await focusIsVisible(bench.page)).toBe(true);
  await bench.page.keyboard.press('Enter');
  await placements().first().getByText('Up to date').waitFor();
  await tabTo(bench.page, (el) => el.textContent === 'Refresh' && el.closest('[data-placement-id]') !== null);
  expect(await focusIsVisible(bench.page)).toBe(true);
  await bench.page.screenshot({ path: join(screenshots, 'keyboard-only.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // The other views: a question (disconnect), settings.
  await placements().first().getByRole('button', { name: 'Disconnect' }).click();
  await bench.page.getByRole('button', { name: 'Keep the cells' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
  await bench.page.getByRole('button', { name: 'Cancel' }).click();
  await bench.page.getByRole('button', { name: 'Settings' }).click();
  await bench.page.getByRole('combobox', { name: 'Write repeated row values once' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
  await bench.page.getByRole('button', { name: 'Back' }).click();
});

test("browse: search, a folder from a report's path with the breadcrumb, and back", async () => {
  // A failed load says so in words, with "Try again".
  bench.platform.platform.faults.set([{ method: 'GET', path: '^/api/v1/deployments/[^/]+/reports$', status: 500, times: 1 }]);
  await searchBox().fill('Monthly');
  await bench.page.getByText('The platform had a problem answering. Try again in a moment.').waitFor();
  await bench.page.getByRole('button', { name: 'Try again' }).click();
  await reports().filter({ hasText: 'Monthly revenue' }).waitFor();
  await searchBox().fill('');
  await reports().filter({ hasText: 'Monthly revenue' }).waitFor();

  // Each report shows its folder path; a segment opens that folder, with the breadcrumb from the platform.
  const monthly = reports().filter({ hasText: 'Monthly revenue' });
  expect(await monthly.getByTestId('folder-path').textContent()).toBe('Finance / Monthly');
  await monthly.getByRole('button', { name: 'Open folder Finance' }).click();
  await breadcrumb().getByRole('button', { name: 'Finance' }).waitFor();
  expect(await breadcrumb().getByRole('button').allTextContents()).toEqual(['All reports', 'Finance']);
  await reports().filter({ hasText: 'Order value and completion rate' }).waitFor();
  // Only the folder's own reports; its subfolder is listed to open, its reports are not.
  await bench.page.getByTestId('folders').getByRole('button', { name: 'Open folder Monthly' }).waitFor();
  expect(await reports().filter({ hasText: 'Monthly revenue' }).count()).toBe(0);
  expect(new Set(await reports().getByTestId('folder-path').allTextContents())).toEqual(new Set(['Finance']));
  await bench.page.screenshot({ path: join(screenshots, 'browse-folder.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // A search inside the folder looks in every folder; clearing it is back in the folder.
  await searchBox().fill('revenue');
  await bench.page.getByText('Results from all folders').waitFor();
  await reports().filter({ hasText: 'Monthly revenue' }).waitFor();
  await searchBox().fill('no report is called this');
  await bench.page.getByText('No reports match.').waitFor();
  await searchBox().fill('');
  await breadcrumb().getByRole('button', { name: 'Finance' }).waitFor();
  await reports().filter({ hasText: 'Order value and completion rate' }).waitFor();
  expect(await reports().filter({ hasText: 'Monthly revenue' }).count()).toBe(0);

  // Back to everything, then the last segment of a report's path: the whole breadcrumb comes with it.
  await breadcrumb().getByRole('button', { name: 'All reports' }).click();
  await reports().filter({ hasText: 'Monthly revenue' }).getByRole('button', { name: 'Open folder Monthly' }).click();
  await breadcrumb().getByRole('button', { name: 'Monthly' }).waitFor();
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Folder path"] button').length === 3);
  expect(await breadcrumb().getByRole('button').allTextContents()).toEqual(['All reports', 'Finance', 'Monthly']);
  await reports().filter({ hasText: 'Monthly revenue' }).waitFor();
  await bench.page.getByTestId('folders').getByRole('button', { name: 'Open folder Archive' }).waitFor();
  await breadcrumb().getByRole('button', { name: 'All reports' }).click();
  await reports().filter({ hasText: 'Orders by status' }).waitFor();
  await reports().filter({ hasText: 'Monthly revenue' }).waitFor();
  expect(await breadcrumb().getByRole('button').allTextContents()).toEqual(['All reports']);
  expect(await reports().count()).toBeGreaterThan(3);
});

test('Stop midway: the finished placement is new, the stopped ones stay exactly as they were and listed', async () => {
  // Below "Orders by status" (B3), whose one query is the first of the run; this one has a totals query too.
  await place(bench.page, 'A20', 'Revenue by region and quarter');
  await place(bench.page, 'A40', 'Top 10 customers by revenue');
  expect(await placements().count()).toBe(3);
  const externalWorkbookId = await workbookId(bench.page);
  const refreshTimes = async () => {
    const times = new Map<string, string | null | undefined>();
    for await (const report of bench.platform.analyst.iterateReports(bench.platform.salesDeploymentId, { externalWorkbookId })) {
      for (const p of report.externalWorkbookPlacements ?? []) times.set(p.id ?? p.resultLocation, p.refreshedAt);
    }
    return times;
  };
  const before = await refreshTimes();
  expect(before.size).toBe(3);
  const cellsBefore = await bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): { sheets: unknown } } } }).workbench.model.toJSON().sheets));

  // The first query (Orders by status, at the top) answers at once, the others take 60 s: Stop comes
  // while they are in flight, even on a loaded CI machine (20 s once let them finish first).
  bench.platform.platform.faults.set([
    { method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: 0, times: 1 },
    { method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: 60_000 },
  ]);
  try {
    await bench.page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
    await bench.page.locator('[data-run-state="done"]').waitFor();
    // The run carries on while the user looks at another view.
    await bench.page.getByRole('button', { name: 'Settings' }).click();
    await bench.page.getByRole('button', { name: 'Back' }).click();
    await bench.page.getByRole('button', { name: 'Stop' }).click();
    await bench.page.getByText('Stopped: 1 refreshed, 2 not reached').waitFor();
  } finally {
    bench.platform.platform.faults.set([]);
  }
  const states = await bench.page.locator('[data-run-state]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-run-state')));
  expect(states.sort()).toEqual(['done', 'stopped', 'stopped']);
  expect(await placements().count()).toBe(3);
  expect(await bench.page.locator('[data-status="UP_TO_DATE"]').count()).toBe(3);
  await bench.page.screenshot({ path: join(screenshots, 'refresh-all-stopped.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  // Same data, so a finished refresh rewrites identical values: every cell of the workbook is as before,
  // none half-written or cleared.
  const cellsAfter = await bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): { sheets: unknown } } } }).workbench.model.toJSON().sheets));
  expect(cellsAfter).toBe(cellsBefore);
  // On the platform, exactly one refresh was recorded.
  const after = await refreshTimes();
  expect([...after].filter(([id, at]) => at !== before.get(id))).toHaveLength(1);
});

test('a session that ends mid-refresh brings the sign-in back; after it, the same refresh carries on', async () => {
  const row = placements().filter({ hasText: 'Orders by status' });
  const signedIn = (await storedConnection(bench.page))!;
  expect(signedIn.kind).toBe('oauth');
  // The platform ends the whole sign-in (revoking its refresh token revokes the grant, the access token too):
  // the next request gets 401 and the silent renewal is refused.
  const oauth = await OAuthClient.discover(bench.workbench.server.url, { clientId: CLIENT_ID });
  await oauth.revoke(signedIn.refreshToken!, 'refresh_token');
  await row.getByRole('button', { name: 'Refresh' }).click();
  const alert = bench.page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  await alert.waitFor();
  // What the pane was doing is still there, waiting.
  await bench.page.getByText('Refreshing Orders by status…').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'session-ended.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  await signInThroughDialog(bench.page, () => alert.getByRole('button', { name: 'Sign in' }).click());
  await bench.page.getByText('Orders by status is in Sheet1!B3:D8.').waitFor();
  await row.getByText('Up to date').waitFor();
  expect(await bench.page.getByText('Your session has ended').count()).toBe(0);
  const renewed = (await storedConnection(bench.page))!;
  expect(renewed.accessToken).not.toBe(signedIn.accessToken);

  // Sign out forgets the tokens here and ends the session on the platform.
  const revoked = bench.page.waitForResponse((r) => r.url().endsWith('/oauth/revoke') && Boolean(r.request().postData()?.includes('token_type_hint=access_token')));
  await bench.page.getByRole('button', { name: 'Sign out' }).click();
  await bench.page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await storedConnection(bench.page)).toBeNull();
  expect((await revoked).status()).toBe(200);
  const after = await fetch(`${bench.workbench.server.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${renewed.accessToken}` } });
  expect(after.status).toBe(401);
});
