import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ownAnswer, revenueIn } from '../support/own-queries';
import { cellMessage, freshWorkbench, readCells, runExcel, typeInto, workbenchReady } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * How the workbench shows the add-in functions' results, as Excel does: an error cell's message on hover and on
 * selection (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors), and function names in the
 * workbench's language whichever language they were typed in.
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

const workbenchUrl = (lang = '') => `${bench.workbench.server.url}/workbench.html${lang ? `?lang=${lang}` : ''}`;
const signedIn = (lang = '') => freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html${lang ? `?lang=${lang}` : ''}`, `token=${bench.platform.platform.tokens.analyst}`);

test('an RS.VALUE with a wrong argument shows #VALUE! and says why on selection and on hover', async () => {
  const { page } = bench;
  await signedIn();
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
  await typeInto(page, 'B2', '=RS.VALUE("Nonsense")');
  const cell = page.locator('td[data-cell="B2"]', { hasText: '#VALUE!' });
  await cell.waitFor();

  // Selected: the message is under the formula bar, naming the argument that is wrong.
  const message = await cellMessage(page, 'B2');
  expect(message).toContain('"Nonsense"');
  // Hovered: the same message, as Excel's error indicator gives it.
  await cell.hover();
  expect(await cell.getAttribute('title')).toBe(message);
  await page.screenshot({ path: join(screenshots, 'workbench-error-message.png') });

  // A cell without an error has no message.
  await typeInto(page, 'C2', '42');
  expect(await cellMessage(page, 'C2')).toBe('');
  expect((await readCells(page, 'B2')).values).toEqual([['#VALUE!']]);
});

/** Waits (at most 30 s) until `address` shows a number, and returns it. */
async function calculatedNumber(page: Page, address: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = (await readCells(page, address)).values[0]![0];
    if (typeof value === 'number') return value;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(value)}`);
    await page.waitForTimeout(100);
  }
}

/**
 * What the formula bar shows for `address`, selected with a click as a person does (clicked again while a workbook
 * just opened still restores its own selection).
 */
async function formulaBarOf(page: Page, address: string): Promise<string> {
  const selected = page.getByTestId('selection').filter({ hasText: new RegExp(`!${address}$`) });
  for (let attempt = 0; attempt < 10 && !(await selected.isVisible()); attempt += 1) {
    await page.locator(`td[data-cell="${address}"]`).click();
    await page.waitForTimeout(200);
  }
  await selected.waitFor();
  return page.getByLabel('Formula bar').inputValue();
}

test('the German workbench shows an RS.VALUE typed in English as RS.WERT, calculates it, and keeps it by id', async () => {
  const { page } = bench;
  await signedIn('de-DE');
  await page.locator('.pane').getByText(/noch keine Berichte platziert/).waitFor();
  await typeInto(page, 'A1', '1/1/2024');
  const english = '=RS.VALUE("Revenue","Region","Europe","sales.created_at.month",A1)';
  const german = '=RS.WERT("Revenue","Region","Europe","sales.created_at.month",A1)';
  await typeInto(page, 'B1', english);
  await typeInto(page, 'B2', german);
  const expected = await ownAnswer(await bench.platform.dataClient(bench.platform.analyst), revenueIn('Europe', ['2024-01-01', '2024-01-31']));
  expect(await calculatedNumber(page, 'B1')).toBe(expected);
  expect(await calculatedNumber(page, 'B2')).toBe(expected);

  // Shown in the workbench's language, wherever it was typed in; kept in English (Range.formulas), shown in German (formulasLocal).
  expect(await formulaBarOf(page, 'B1')).toBe(german);
  expect(await formulaBarOf(page, 'B2')).toBe(german);
  expect(await page.locator('td[data-cell="B1"]').getAttribute('title')).toBe(german);
  const read = await runExcel<{ formulas: string[][]; formulasLocal: string[][] }>(page, `
    const range = context.workbook.worksheets.getActiveWorksheet().getRange('B1:B2').load(['formulas', 'formulasLocal']);
    await context.sync();
    return { formulas: range.formulas, formulasLocal: range.formulasLocal };`);
  expect(read).toEqual({ formulas: [[english], [english]], formulasLocal: [[german], [german]] });
  await page.screenshot({ path: join(screenshots, 'workbench-german-function-names.png') });

  // The same workbook opened in the English workbench: the functions by their English names, still calculated.
  await page.goto(workbenchUrl());
  await workbenchReady(page);
  expect(await formulaBarOf(page, 'B2')).toBe(english);
  expect(await calculatedNumber(page, 'B2')).toBe(expected);
});
