import { join } from 'node:path';
import { freshWorkbench, place, placementRows, readCells, typeInto as typeIntoCell } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();

/** Types an entry into a cell of the workbench grid, as a person does in Excel (not through Office.js). */
const typeInto = (address: string, text: string) => typeIntoCell(bench.page, address, text);

test('a hand edit in a placement shows as "Edited by hand" at once, without a click in the pane, and goes when typed back', async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(bench.page, 'B3', 'Orders by status');
  const row = placementRows(bench.page).first();
  await row.getByText('Up to date').waitFor();

  // B3:D8: Status, Count, Revenue; C4 is the first status's count.
  const original = (await readCells(bench.page, 'C4')).values[0]![0] as number;
  expect(typeof original).toBe('number');
  await typeInto('C4', '12345');
  // Nothing clicked in the pane: the sheet's onChanged told it.
  await row.locator('[data-status="EDITED"]', { hasText: 'Edited by hand' }).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'live-hand-edit.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // Typed back to what was written: the cells match the platform's record again.
  await typeInto('C4', String(original));
  await row.getByText('Up to date').waitFor();
  expect(await row.locator('[data-status="EDITED"]').count()).toBe(0);

  // Edited again, then Refresh all finds the hand edit and leaves it for the user.
  await typeInto('C4', '12345');
  await row.locator('[data-status="EDITED"]').waitFor();
  // The pane's own button (the workbench has one in its ribbon too).
  await bench.page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await bench.page.getByRole('status').filter({ hasText: /^1 needs you$/ }).waitFor();
  await row.locator('[data-status="EDITED"]', { hasText: 'Edited by hand' }).waitFor();
  // Typed back: the run's finding goes too, and the card reads Up to date.
  await typeInto('C4', String(original));
  await row.locator('[data-status="UP_TO_DATE"]', { hasText: 'Up to date' }).waitFor();
  expect(await row.locator('[data-status="EDITED"]').count()).toBe(0);
});
