import { join } from 'node:path';
import { axeViolations, focusIsVisible, tabTo } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();
const workbenchUrl = () => `${bench.workbench.server.url}/workbench.html`;
const placements = () => bench.page.locator('[aria-label="Placements in this workbook"] li');
const reportRows = () => bench.page.locator('[aria-label="Reports"] li');

/** A fresh pane: nothing saved, an empty workbook. */
async function freshWorkbench() {
  await bench.page.goto('about:blank');
  await bench.page.goto(workbenchUrl());
  await bench.page.evaluate(() => (window as unknown as { workbench: { reset(): void } }).workbench.reset());
  await bench.page.goto('about:blank');
  await bench.page.goto(workbenchUrl());
}

async function selectCell(address: string) {
  await bench.page.evaluate(async (a) => {
    const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getActiveWorksheet().getRange(a).select();
      await context.sync();
    });
  }, address);
}

async function place(cell: string, title: string) {
  await selectCell(cell);
  await bench.page.getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await bench.page.waitForFunction((t) => [...document.querySelectorAll('[aria-label="Reports"] li')].some((li) => li.textContent?.includes(t)) && document.querySelectorAll('[aria-label="Reports"] li').length <= 3, title);
  await reportRows().filter({ hasText: title }).first().getByRole('button', { name: 'Place' }).click();
  await bench.page.getByText(`${title} is in`).waitFor();
}

test('keyboard only: sign in through the dialog, find a report and place it; axe finds nothing serious on the way', async () => {
  await freshWorkbench();
  await bench.page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);

  const toSignIn = await tabTo(bench.page, (el) => el.tagName === 'BUTTON' && el.textContent === 'Sign in');
  expect(await focusIsVisible(bench.page)).toBe(true);
  // The address field comes before the button, and the pane's controls come in reading order.
  expect(toSignIn.slice(-2)).toEqual([expect.stringContaining('Platform address'), 'Sign in']);
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), bench.page.keyboard.press('Enter')]);
  await dialog.getByRole('radio').first().waitFor();
  expect(await axeViolations(dialog, null)).toEqual([]);
  await tabTo(dialog, (el) => el instanceof HTMLInputElement && el.type === 'radio');
  await dialog.keyboard.press('ArrowDown');
  expect(await dialog.getByRole('radio', { name: /Anna Analyst/ }).isChecked()).toBe(true);
  await tabTo(dialog, (el) => el.tagName === 'BUTTON' && el.textContent === 'Sign in');
  await dialog.keyboard.press('Enter');
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();

  // Selecting the anchor is done in Excel itself (arrow keys there); the pane shows where Place writes.
  await selectCell('B3');
  await bench.page.getByTestId('place-target').filter({ hasText: 'Sheet1!B3' }).waitFor();
  await tabTo(bench.page, (el) => el instanceof HTMLInputElement && el.type === 'search');
  await bench.page.keyboard.type('Orders by status');
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 1);
  await tabTo(bench.page, (el) => el.textContent === 'Place' && (el.getAttribute('aria-describedby') ?? '').startsWith('report-'));
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

test('browse: search, folders through the report paths and a breadcrumb back', async () => {
  // A failed load says so in words, with "Try again".
  bench.platform.platform.faults.set([{ method: 'GET', path: '^/api/v1/deployments/[^/]+/reports$', status: 500, times: 1 }]);
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('Monthly');
  await bench.page.getByText('The platform had a problem answering. Try again in a moment.').waitFor();
  await bench.page.getByRole('button', { name: 'Try again' }).click();
  await reportRows().filter({ hasText: 'Monthly revenue' }).waitFor();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('');
  await reportRows().filter({ hasText: 'Monthly revenue' }).waitFor();
  // Each report shows its folder path; a segment opens that folder.
  const monthly = reportRows().filter({ hasText: 'Monthly revenue' });
  expect(await monthly.getByTestId('folder-path').textContent()).toBe('Finance / Monthly');
  await monthly.getByRole('button', { name: 'Open folder Finance' }).click();
  const breadcrumb = bench.page.getByRole('navigation', { name: 'Folder path' });
  await breadcrumb.getByText('Finance').waitFor();
  await reportRows().filter({ hasText: 'Order value and completion rate' }).waitFor();
  expect(await reportRows().count()).toBe(1);
  expect(await reportRows().getByTestId('folder-path').textContent()).toBe('Finance');
  await bench.page.screenshot({ path: join(screenshots, 'browse-folder.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  // Search works inside the folder too, and the breadcrumb leads back to everything.
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('revenue');
  await bench.page.getByText('No reports match.').waitFor();
  await breadcrumb.getByRole('button', { name: 'All reports' }).click();
  await reportRows().filter({ hasText: 'Monthly revenue' }).waitFor();
  expect(await reportRows().count()).toBeGreaterThan(1);
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('');
});

test('Stop midway: the finished placement is new, the stopped ones stay exactly as they were and listed', async () => {
  // Below "Orders by status" (B3), whose one query is the first of the run; this one has a totals query too.
  await place('A20', 'Revenue by region and quarter');
  await place('A40', 'Top 10 customers by revenue');
  expect(await placements().count()).toBe(3);
  const workbookId = await bench.page.evaluate(() => (window as unknown as { workbench: { model: { settings: Map<string, unknown> } } }).workbench.model.settings.get('reportSync.workbookId') as string);
  const refreshTimes = async () => {
    const times = new Map<string, string | null>();
    for await (const report of bench.platform.analyst.iterateReports(bench.platform.salesDeploymentId, { externalWorkbookId: workbookId })) {
      for (const p of report.externalWorkbookPlacements) times.set(p.id, p.refreshedAt);
    }
    return times;
  };
  const before = await refreshTimes();
  const cellsBefore = await bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): { sheets: unknown } } } }).workbench.model.toJSON().sheets));

  // The first query (Orders by status, at the top) answers at once, the others take 20 s: Stop comes
  // while they are in flight.
  bench.platform.platform.faults.set([
    { method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: 0, times: 1 },
    { method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: 20_000 },
  ]);
  try {
    await bench.page.getByRole('button', { name: 'Refresh all' }).click();
    await bench.page.locator('[data-testid="run-state"][data-state="done"]').waitFor();
    // The run carries on while the user looks at another view.
    await bench.page.getByRole('button', { name: 'Settings' }).click();
    await bench.page.getByRole('button', { name: 'Back' }).click();
    await bench.page.getByRole('button', { name: 'Stop' }).click();
    await bench.page.getByText('3 of 3 refreshed').waitFor();
  } finally {
    bench.platform.platform.faults.set([]);
  }
  const states = await bench.page.locator('[data-testid="run-state"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-state')));
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

test('a session that ends mid-work brings the sign-in back; after it, the refresh carries on', async () => {
  const row = placements().filter({ hasText: 'Orders by status' });
  // The platform ends the session (as an expiry or a revoke would): the next request gets 401.
  const token = await bench.page.evaluate(() => (JSON.parse(localStorage.getItem('report-sync.connection')!) as { accessToken: string }).accessToken);
  await fetch(`${bench.workbench.server.url}/auth/sign-out`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  await row.getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText('Your session has ended').waitFor();
  // What the pane was doing is still there, waiting.
  await bench.page.getByText('Refreshing Orders by status…').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'session-ended.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  const alert = bench.page.getByRole('alert').filter({ hasText: 'Your session has ended' });
  const [dialog] = await Promise.all([bench.page.context().waitForEvent('page'), alert.getByRole('button', { name: 'Sign in' }).click()]);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).check();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await bench.page.getByText('Orders by status is in Sheet1!B3:D8.').waitFor();
  expect(await bench.page.getByText('Your session has ended').count()).toBe(0);
  const renewed = await bench.page.evaluate(() => (JSON.parse(localStorage.getItem('report-sync.connection')!) as { accessToken: string }).accessToken);
  expect(renewed).not.toBe(token);

  // Sign out forgets the token here and ends the session on the platform.
  await bench.page.getByRole('button', { name: 'Sign out' }).click();
  await bench.page.getByRole('button', { name: 'Sign in' }).waitFor();
  expect(await bench.page.evaluate(() => localStorage.getItem('report-sync.connection'))).toBeNull();
  const after = await fetch(`${bench.workbench.server.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${renewed}` } });
  expect(after.status).toBe(401);
});

test("inside Office's dialog the sign-in page answers through messageParent", async () => {
  // The page straight from the platform, where /office-js/office.js is absent, with a stand-in for the
  // dialog's Office.context.ui, as Office provides it to a dialog page.
  const dialog = await bench.page.context().newPage();
  await dialog.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, {
      sent,
      Office: { onReady: () => Promise.resolve({ host: 'Excel' }), context: { ui: { messageParent: (message: string) => sent.push(message) } } },
    });
  });
  await dialog.goto(`${bench.platform.platform.url}/auth/sign-in`);
  await dialog.getByRole('radio', { name: /Anna Analyst/ }).check();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await dialog.waitForFunction(() => (window as unknown as { sent: string[] }).sent.length === 1);
  const [message] = await dialog.evaluate(() => (window as unknown as { sent: string[] }).sent);
  const parsed = JSON.parse(message!) as { type: string; accessToken: string };
  expect(parsed.type).toBe('report-sync:signed-in');
  const me = await fetch(`${bench.platform.platform.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${parsed.accessToken}` } });
  expect(((await me.json()) as { username: string }).username).toBe('analyst@example.com');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await dialog.evaluate(() => (window as unknown as { sent: string[] }).sent[1])).toBe('{"type":"report-sync:cancelled"}');
  await dialog.close();
});
