import { join } from 'node:path';
import type { SheetSettingKey } from '../../src/core/sheet-settings';
import { en } from '../../src/taskpane/i18n/en';
import { freshWorkbench, reportRows } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();
const page = () => bench.page;

test('the pane names who is signed in, labels its sort, shows a spinner instead of stale results while searching, names each Place by its report, and explains each setting', async () => {
  const { email } = await bench.platform.analyst.getCurrentUser();
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  expect(await page().getByTestId('signed-in-user').textContent()).toBe(`Signed in as ${email}`);

  // The sort control's label is on screen, and is its name.
  await page().getByText('Sort by', { exact: true }).waitFor();
  await page().getByRole('combobox', { name: 'Sort by' }).waitFor();

  // While a search is on its way, the last list is gone and a spinner says so; then only the matches show.
  await reportRows(page()).nth(1).waitFor();
  bench.platform.platform.faults.set([{ method: 'GET', path: '^/api/v1/deployments/[^/]+/reports$', latencyMs: 2_000, times: 1 }]);
  await page().getByRole('searchbox', { name: 'Search reports' }).fill('Orders by status');
  await page().getByRole('progressbar').filter({ hasText: 'Searching reports…' }).waitFor();
  expect(await reportRows(page()).count()).toBe(0);
  await page().screenshot({ path: join(screenshots, 'report-search-spinner.png') });
  await reportRows(page()).filter({ hasText: 'Orders by status' }).waitFor();
  expect(await reportRows(page()).count()).toBe(1);
  expect(await page().getByRole('progressbar').count()).toBe(0);

  // Each Place button says which report it places.
  await reportRows(page()).getByRole('button', { name: 'Place Orders by status', exact: true }).waitFor();
  expect(await axeViolations(page())).toEqual([]);

  // Every sheet setting carries a line of help, tied to its control.
  await page().getByRole('button', { name: 'Settings' }).click();
  for (const [key, label] of Object.entries(en.settingLabels)) {
    const control = page().getByRole('combobox', { name: label });
    await control.waitFor();
    const described = await control.evaluate((el) => (el.getAttribute('aria-describedby') ?? '')
      .split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());
    expect(described).toBe(en.settingHints[key as SheetSettingKey]);
    await page().getByText(en.settingHints[key as SheetSettingKey]).waitFor();
  }
  expect(await axeViolations(page())).toEqual([]);
  await page().screenshot({ path: join(screenshots, 'settings-hints.png') });
  await page().getByRole('button', { name: 'Back' }).click();
});
