import { join } from 'node:path';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();

async function place(cell: string, search: string, title: string) {
  await bench.page.locator(`[data-cell="${cell}"]`).click();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill(search);
  await bench.page.locator('[aria-label="Reports"] li', { hasText: title }).getByRole('button', { name: 'Place' }).click();
  await bench.page.getByText(`${title} is in`, { exact: false }).waitFor();
}

test('refresh all finishes every placement it can and shows why one failed', async () => {
  await bench.platform.analyst.updateSettings({ sheets: { showAppliedFilters: false } });
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html#token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place('A1', 'Orders by status', 'Orders by status');
  await place('E1', 'Category KPIs', 'Category KPIs (measures on rows)');
  await place('A20', 'Order value', 'Order value and completion rate');

  // "In this workbook" narrows the list to the three placed reports, each saying how often it is here.
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('');
  await bench.page.getByRole('switch', { name: 'In this workbook' }).click();
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 3);
  expect(await bench.page.locator('[aria-label="Reports"] li').filter({ hasText: '· 1 here' }).count()).toBe(3);

  // The first data query of the run fails with a server error (not retried); the others answer.
  bench.platform.platform.faults.set([{ method: 'POST', path: '^/cubejs-api/v1/load$', status: 500, times: 1 }]);
  await bench.page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await bench.page.getByText('2 refreshed, 1 failed').waitFor();
  const states = await bench.page.locator('[data-run-state]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-run-state')));
  expect(states.sort()).toEqual(['done', 'done', 'failed']);
  await bench.page.locator('[data-run-state="failed"]').getByText('The platform had a problem answering. Try again in a moment.').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'refresh-all-one-failed.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  expect(await bench.page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
});

test('a sheet setting is saved for the user and is still set after a reload', async () => {
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html#token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByRole('button', { name: 'Settings' }).click();
  const field = bench.page.getByRole('combobox', { name: 'Write repeated row values once' });
  await field.click();
  await bench.page.getByRole('option', { name: 'On' }).click();
  // The choice shows once the platform has saved it.
  await bench.page.getByRole('combobox', { name: 'Write repeated row values once' }).filter({ hasText: /^On$/ }).waitFor();
  await expect(bench.platform.analyst.getCurrentUser()).resolves.toMatchObject({ settings: { sheets: { suppressDuplicateValues: true } } });
  await bench.page.reload();
  await bench.page.getByRole('button', { name: 'Settings' }).click();
  await expect(bench.page.getByRole('combobox', { name: 'Write repeated row values once' }).textContent()).resolves.toBe('On');
  await expect(bench.page.getByRole('combobox', { name: 'Show applied filters above tables' }).textContent()).resolves.toBe('Off');
  await bench.page.screenshot({ path: join(screenshots, 'settings.png') });
});

test('browsing pages through more reports than one page with Load more', async () => {
  // In the Sales folder, which the analyst may read.
  const { admin, salesDeploymentId } = bench.platform;
  const sales = (await admin.allFolders(salesDeploymentId)).find((folder) => folder.name === 'Sales')!;
  for (let i = 0; i < 52; i += 1) {
    await admin.createReport(salesDeploymentId, {
      name: `Bulk report ${String(i).padStart(2, '0')}`, folderId: sales.id, jsonQuery: JSON.stringify({ measures: ['orders.count'] }),
    });
  }
  // A fresh load (a hash-only navigation would keep the page, still showing Settings).
  await bench.page.goto('about:blank');
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html#token=${bench.platform.platform.tokens.analyst}`);
  // The search's own first page (sorted by name, the unfiltered list's first 50 are the same reports).
  const searched = bench.page.waitForResponse((r) => r.url().includes('search=Bulk'));
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('Bulk report');
  await searched;
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 50);
  await bench.page.getByRole('button', { name: 'Load more' }).click();
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 52);
  const last = await bench.page.locator('[aria-label="Reports"] li').last().textContent();
  expect(last).toContain('Bulk report 51');
  expect(await bench.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  await bench.page.locator('[aria-label="Reports"] li').last().scrollIntoViewIfNeeded();
  await bench.page.screenshot({ path: join(screenshots, 'browse-load-more.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});
