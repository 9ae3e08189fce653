import { join } from 'node:path';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();

test('with "Refresh when this workbook opens" on, the pane runs Refresh all once when it opens', async () => {
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html#token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await bench.page.locator('[data-cell="A1"]').click();
  await bench.page.getByRole('searchbox', { name: 'Search reports' }).fill('Orders by status');
  await bench.page.locator('[aria-label="Reports"] li', { hasText: 'Orders by status' }).getByRole('button', { name: 'Place' }).click();
  await bench.page.getByText('Orders by status is in', { exact: false }).waitFor();

  // Off by default; turning it on saves it in the workbook (and asks Office to load the add-in with it).
  const choice = bench.page.getByRole('switch', { name: /Refresh when this workbook opens/ });
  expect(await choice.isChecked()).toBe(false);
  await choice.click();
  await bench.page.waitForFunction(() => (document.querySelector('[data-testid="refresh-on-open"]') as HTMLInputElement | null)?.checked === true);
  await expect(bench.page.evaluate(() => Office.addin.getStartupBehavior())).resolves.toBe('Load');

  // The pane opens again: the workbook's choice is read and the tracked run goes once.
  await bench.page.getByRole('button', { name: 'Reload pane' }).click();
  await bench.page.getByText('1 refreshed').waitFor();
  expect(await bench.page.getByRole('switch', { name: /Refresh when this workbook opens/ }).isChecked()).toBe(true);
  expect(await bench.page.locator('[data-run-state]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-run-state')))).toEqual(['done']);
  // Once: a while later it still says one run's summary, not a second run's progress.
  await bench.page.waitForTimeout(1000);
  await bench.page.getByText('1 refreshed').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'refresh-on-open.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // Off again: the next open runs nothing.
  await bench.page.getByRole('switch', { name: /Refresh when this workbook opens/ }).click();
  await bench.page.waitForFunction(() => (document.querySelector('[data-testid="refresh-on-open"]') as HTMLInputElement | null)?.checked === false);
  await expect(bench.page.evaluate(() => Office.addin.getStartupBehavior())).resolves.toBe('None');
  await bench.page.getByRole('button', { name: 'Reload pane' }).click();
  await bench.page.getByRole('switch', { name: /Refresh when this workbook opens/ }).waitFor();
  await bench.page.waitForTimeout(1000);
  expect(await bench.page.getByText('1 refreshed').count()).toBe(0);
});
