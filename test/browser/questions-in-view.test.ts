import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { freshWorkbench, place, placementRows, reportRows, selectCell } from './support/actions';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

/**
 * Questions you can see (issue 42), as a user meets them: a refusal caused far down the pane comes to where they
 * look and takes the focus; a banner about a run is replaced by the next run's and goes when its cells move; the
 * button refreshing a report's placements says what it does, in English and German.
 */

const bench = useWorkbench();
const pane = () => bench.page.locator('.pane');

/** Whether the whole element is inside the pane's visible area (the pane scrolls on its own). */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const area = await pane().boundingBox();
  return !!box && !!area && box.y >= area.y - 1 && box.y + box.height <= area.y + area.height + 1;
}

const focusInside = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement));

/** Inserts rows above `row` through the grid's row menu, as a person does in Excel. */
async function insertRowAbove(row: number) {
  await bench.page.getByRole('button', { name: `Row ${row}`, exact: true }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: /^Insert/ }).first().click();
}

beforeEach(async () => {
  await bench.page.setViewportSize({ width: 1280, height: 800 });
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
});

test('Place far down the list over another placement: the refusal is in view and focused', async () => {
  await place(bench.page, 'B3', 'Orders by status');
  // The whole list again, in a short pane: the last report that can be placed is well below the fold.
  await pane().getByRole('searchbox', { name: 'Search reports' }).fill('');
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length > 5);
  await bench.page.setViewportSize({ width: 1280, height: 600 });
  const target = reportRows(bench.page).filter({ has: bench.page.getByRole('button', { name: /^Place /, disabled: false }) }).last();
  const title = (await target.locator('.fui-Text').first().textContent())!;
  expect(title).not.toBe('Orders by status');
  expect(await inView(target)).toBe(false);

  // Inside the placement at B3: whatever this report returns would cover it.
  await selectCell(bench.page, 'B4');
  await pane().getByTestId('place-target').filter({ hasText: '!B4' }).waitFor();
  await target.getByRole('button', { name: /^Place / }).click();
  const refusal = pane().locator('.fui-MessageBar', { hasText: 'would cover "Orders by status" at Sheet1!B3:D8' });
  await refusal.waitFor();
  // Clicked far down, the pane had scrolled to the report; the refusal is where the user looks, and has the focus.
  expect(await pane().evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  expect(await inView(refusal)).toBe(true);
  expect(await focusInside(refusal)).toBe(true);
  expect(await placementRows(bench.page).count()).toBe(1);
  await settledPaint(bench.page);
  await bench.page.screenshot({ path: join(screenshots, 'refusal-in-view.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  // Tab goes on from the refusal: to the next control below it, not back to the top of the pane.
  await bench.page.keyboard.press('Tab');
  expect(await bench.page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test('a banner about a run: replaced by the next run, gone when rows are inserted above; the report\'s button named by what it does', async () => {
  await place(bench.page, 'B3', 'Orders by status');
  await place(bench.page, 'B20', 'Orders by status');
  const cards = placementRows(bench.page);
  await bench.page.waitForFunction(() => document.querySelectorAll('[aria-label="Placements in this workbook"] li').length === 2);

  // One button refreshes both of the report's placements, and says so.
  const both = pane().getByRole('button', { name: 'Refresh both placements' });
  await both.waitFor();
  expect(await pane().getByRole('button', { name: /Refresh all \d/ }).count()).toBe(0);

  // Refresh all: its summary, then a single refresh replaces it with its own notice.
  await pane().getByRole('button', { name: 'Refresh all', exact: true }).click();
  await pane().getByText('2 refreshed').waitFor();
  await cards.first().getByRole('button', { name: 'Refresh', exact: true }).click();
  const notice = pane().getByTestId('pane-notice');
  await notice.filter({ hasText: 'Orders by status is in Sheet1!B3:D8' }).waitFor();
  expect(await pane().getByText('2 refreshed').count()).toBe(0);

  // Rows inserted above it: the address said is no longer true, and the notice goes; the card says where it is now.
  await insertRowAbove(1);
  await notice.waitFor({ state: 'detached' });
  await cards.first().getByTestId('placement-range').filter({ hasText: 'Sheet1!B4:D9' }).waitFor();

  // Refresh both: the run's banner (the last write's notice) names where it is now; rows inserted above take it down too.
  await both.click();
  await notice.filter({ hasText: 'Orders by status is in Sheet1!B21:D26' }).waitFor();
  await pane().getByRole('button', { name: 'Refresh all', exact: true }).click();
  await pane().getByText('2 refreshed').waitFor();
  expect(await notice.count()).toBe(0);
  await insertRowAbove(2);
  await pane().getByText('2 refreshed').waitFor({ state: 'detached' });
  await cards.first().getByTestId('placement-range').filter({ hasText: 'Sheet1!B5:D10' }).waitFor();
  await settledPaint(bench.page);
  await bench.page.screenshot({ path: join(screenshots, 'run-banner-gone.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // German: the same button, in German words.
  await bench.page.goto('about:blank');
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html?lang=de-DE#token=${bench.platform.platform.tokens.analyst}`);
  await pane().getByRole('button', { name: 'Beide Platzierungen aktualisieren' }).waitFor();
  await settledPaint(bench.page);
  await bench.page.screenshot({ path: join(screenshots, 'refresh-both-german.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});
