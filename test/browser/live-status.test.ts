import { join } from 'node:path';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, place, placementRows, readCells } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/** Right-clicks a row header in the workbench grid and picks a menu item, as a person does in Excel. */
async function rowMenu(row: number, item: RegExp) {
  await bench.page.getByRole('button', { name: `Row ${row}`, exact: true }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: item }).first().click();
}

test("an admin's change shows on focus, addresses follow inserted rows, deleted rows read Damaged, and a refresh says what changed", async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders by status');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();
  await row.getByTestId('placement-range').filter({ hasText: 'Sheet1!B3:D8' }).waitFor();

  // An admin edits the report on the platform: the pane hears of it when it regains focus, without "Reload pane".
  const report = await reportByPublicId(bench.platform.admin, bench.platform.salesDeploymentId, 'OrdersStatus');
  await bench.platform.admin.updateReport(bench.platform.salesDeploymentId, report.id, {
    jsonQuery: JSON.stringify({ ...(JSON.parse(report.jsonQuery!) as object), limit: 3 }),
  });
  await bench.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await row.locator('[data-status="CHANGED"]', { hasText: 'Out of date' }).waitFor();

  // Rows inserted above it in the sheet: the card's address follows at once (its name moved).
  await rowMenu(1, /Insert/);
  await row.getByTestId('placement-range').filter({ hasText: 'Sheet1!B4:D9' }).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'live-status-moved.png') });

  // Refreshed: the notice says what changed (header and 3 rows, was header and 5).
  await row.getByRole('button', { name: 'Refresh' }).click();
  await bench.page.getByText('Orders by status is in Sheet1!B4:D7. 4 rows, was 6.').waitFor();
  await row.getByText('Up to date').waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'refresh-rows-changed.png') });

  // A row inside it deleted: Damaged, with "Place again here".
  await rowMenu(5, /Delete/);
  await row.locator('[data-status="DAMAGED"]', { hasText: 'Damaged' }).waitFor();
  await row.getByTestId('placement-range').filter({ hasText: 'Sheet1!B4:D6' }).waitFor();
  await row.getByText(/Rows or columns inside it were deleted/).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'live-damaged.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // Placed again here: the whole result is back where it is, up to date.
  await row.getByRole('button', { name: 'Place again here' }).click();
  await row.getByText('Up to date').waitFor();
  await row.getByTestId('placement-range').filter({ hasText: 'Sheet1!B4:D7' }).waitFor();
  const cells = await readCells(bench.page, 'B4:D7');
  expect(cells.values.every((r) => r.every((v) => v !== ''))).toBe(true);
});

test('Refresh all writes a damaged placement whole again where it is, so it ends refreshed and Up to date', async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders by status');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();
  // Where its whole result is (the report may have been limited by the test before), and what it holds.
  const range = (await row.getByTestId('placement-range').textContent())!;
  const whole = await readCells(bench.page, range.replace('Sheet1!', ''));

  // A row inside it deleted: Damaged.
  await rowMenu(5, /Delete/);
  await row.locator('[data-status="DAMAGED"]', { hasText: 'Damaged' }).waitFor();

  // Refresh all writes its whole result again where it is, as Place again here does: refreshed, not "needs you".
  // The pane's own button (the workbench has one in its ribbon too).
  await bench.page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await bench.page.getByRole('status').filter({ hasText: /^1 refreshed$/ }).waitFor();
  await row.locator('[data-status="UP_TO_DATE"]', { hasText: 'Up to date' }).waitFor();
  await row.getByTestId('placement-range').filter({ hasText: range }).waitFor();
  expect(await row.getAttribute('data-run-state')).toBe('done');
  expect((await readCells(bench.page, range.replace('Sheet1!', ''))).values).toEqual(whole.values);
});
