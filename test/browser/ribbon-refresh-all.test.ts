import { join } from 'node:path';
import { freshWorkbench, place, signInThroughDialog } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/**
 * The ribbon's "Refresh all" (manifest: ExecuteFunction refreshAll in the pane's shared runtime). The workbench's
 * ribbon runs it as Office does, through Office.js's AppCommandManager; the button stays busy until the function
 * calls completed().
 */
const ribbonRefreshAll = () => bench.page.getByRole('toolbar').getByRole('button', { name: 'Refresh all' });
const runSummary = () => bench.page.locator('.pane').getByRole('status').filter({ hasText: /refreshed|failed|needs you/ });

async function clickRibbonRefreshAll() {
  await ribbonRefreshAll().click();
  await bench.page.locator('[data-testid="ribbon-refresh-all"][aria-busy="false"]').waitFor();
}

test('Refresh all from the ribbon runs the tracked run with the pane closed, and its result is there when the pane opens', async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders by status');
  await place(bench.page, 'H3', 'Category KPIs (measures on rows)');

  await bench.page.getByRole('button', { name: 'Close pane' }).click();
  await bench.page.locator('aside.pane').waitFor({ state: 'hidden' });
  await clickRibbonRefreshAll();
  // The command ended with the run: still closed, the pane has its summary ready.
  expect(await bench.page.locator('aside.pane').isHidden()).toBe(true);

  await bench.page.getByRole('toolbar').getByRole('button', { name: 'Report Sync' }).click();
  await runSummary().filter({ hasText: /^2 refreshed$/ }).waitFor();
  const states = await bench.page.locator('.pane [data-run-state]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-run-state')));
  expect(states).toEqual(['done', 'done']);
  await bench.page.screenshot({ path: join(screenshots, 'ribbon-refresh-all.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});

test('Refresh all from the ribbon while signed out shows the pane, says it waits, and runs once the user signs in', async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders by status');
  await bench.page.getByRole('button', { name: 'Sign out' }).click();
  await bench.page.getByRole('button', { name: 'Close pane' }).click();

  // Nobody signed in: the command shows the pane (Office.addin.showAsTaskpane) and the request waits there.
  await clickRibbonRefreshAll();
  await bench.page.locator('aside.pane').waitFor({ state: 'visible' });
  await bench.page.getByTestId('ribbon-waiting').getByText('"Refresh all" from the ribbon runs once you sign in.').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'ribbon-refresh-waits.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  await signInThroughDialog(bench.page, () => bench.page.locator('.pane').getByRole('button', { name: 'Sign in' }).first().click());
  await runSummary().filter({ hasText: /^1 refreshed$/ }).waitFor();
  expect(await bench.page.getByTestId('ribbon-waiting').count()).toBe(0);
});
