import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { clickPlace, freshWorkbench, place, placementRows, readCells, typeInto } from './support/actions';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

/**
 * Trust you can see (issue 24), as a user meets it: a card never says a hand-edited placement is up to date, a
 * write never takes a hand edit without asking, and the question asked is in view with a safe default.
 */

const bench = useWorkbench();
const cardOf = (title: string) => placementRows(bench.page).filter({ hasText: title });

/** Right-clicks a row header in the workbench grid and picks a menu item, as a person does in Excel. */
async function rowMenu(row: number, item: RegExp) {
  await bench.page.getByRole('button', { name: `Row ${row}`, exact: true }).click({ button: 'right' });
  await bench.page.getByRole('menuitem', { name: item }).first().click();
}

/** The focused element's text and whether it is the question's default (primary) button. */
function focused() {
  return bench.page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return { text: element?.textContent ?? null, primary: element?.getAttribute('data-default') === 'true', inQuestion: !!element?.closest('[role="alertdialog"]') };
  });
}

/** Whether the whole element is inside the pane's visible area (the pane scrolls on its own). */
async function inView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const pane = await bench.page.locator('.pane').boundingBox();
  return !!box && !!pane && box.y >= pane.y - 1 && box.y + box.height <= pane.y + pane.height + 1;
}

beforeEach(async () => {
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
});

test('Stop with a hand-edited placement: the card still says Edited by hand, and the cell still holds what was typed', async () => {
  await place(bench.page, 'B3', 'Orders by status');
  await place(bench.page, 'B20', 'Top 10 customers by revenue');
  await typeInto(bench.page, 'C22', '12345');
  const edited = cardOf('Top 10 customers by revenue');
  await edited.locator('[data-status="EDITED"]').waitFor();

  // Every query of the run takes a minute: Stop comes while both are in flight.
  bench.platform.platform.faults.set([{ method: 'POST', path: '^/cubejs-api/v1/load$', latencyMs: 60_000 }]);
  try {
    await bench.page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
    await bench.page.locator('[data-run-state="refreshing"]').first().waitFor();
    await bench.page.getByRole('button', { name: 'Stop' }).click();
    await bench.page.getByText('Stopped: 2 not reached').waitFor();
  } finally {
    bench.platform.platform.faults.set([]);
  }
  await edited.locator('[data-status="EDITED"]').waitFor();
  expect(await edited.getByText('Up to date').count()).toBe(0);
  expect(await edited.textContent()).not.toMatch(/stopped before it reached/);
  const other = cardOf('Orders by status');
  await other.getByText('"Refresh all" was stopped before it reached this one.').waitFor();
  expect((await readCells(bench.page, 'C22')).values).toEqual([[12345]]);
  await bench.page.screenshot({ path: join(screenshots, 'stop-keeps-hand-edit.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
});

test('Place again here with a hand edit asks, in view, with a safe default; Cancel keeps the edit', async () => {
  await place(bench.page, 'B3', 'Orders by status');
  const card = cardOf('Orders by status');
  await card.getByText('Up to date').waitFor();
  await typeInto(bench.page, 'C5', '999');
  await card.locator('[data-status="EDITED"]').waitFor();
  // A row inside it deleted (not the edited one): Damaged, with Place again here.
  await rowMenu(7, /Delete/);
  await card.locator('[data-status="DAMAGED"]').waitFor();

  // A short pane, scrolled to the card at its bottom: the question must come into view where the user looks.
  await bench.page.setViewportSize({ width: 1280, height: 420 });
  try {
    await card.getByRole('button', { name: 'Place again here' }).scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Place again here' }).click();
    const question = bench.page.getByRole('alertdialog', { name: /edited by hand/i });
    await question.waitFor();
    await expect(question.textContent()).resolves.toMatch(/C5/);
    expect(await inView(question)).toBe(true);
    const focus = await focused();
    // The default is the safe answer: focused, primary, never the one that overwrites.
    expect(focus).toEqual({ text: 'Locate', primary: true, inQuestion: true });
    await bench.page.screenshot({ path: join(screenshots, 'question-in-view.png') });
    expect(await axeViolations(bench.page)).toEqual([]);

    // Enter on the default only selects the edited cells; nothing is written.
    await bench.page.keyboard.press('Enter');
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
  } finally {
    await bench.page.setViewportSize({ width: 1280, height: 800 });
  }
  expect((await readCells(bench.page, 'C5')).values).toEqual([[999]]);
  await card.locator('[data-status="DAMAGED"]').waitFor();
});

test('the question about foreign cells names them, and Cancel, not Overwrite, is its default', async () => {
  await typeInto(bench.page, 'C4', 'my note');
  await clickPlace(bench.page, 'B3', 'Orders by status');
  const question = bench.page.getByRole('alertdialog');
  await question.waitFor();
  await expect(question.textContent()).resolves.toMatch(/C4/);
  expect(await inView(question)).toBe(true);
  expect(await focused()).toEqual({ text: 'Cancel', primary: true, inQuestion: true });
  expect(await question.getByRole('button', { name: 'Overwrite' }).getAttribute('data-default')).toBeNull();
  await bench.page.keyboard.press('Enter');
  await question.waitFor({ state: 'detached' });
  expect((await readCells(bench.page, 'C4')).values).toEqual([['my note']]);
  expect(await placementRows(bench.page).count()).toBe(0);
});
