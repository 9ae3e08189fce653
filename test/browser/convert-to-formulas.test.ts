import { join } from 'node:path';
import { freshWorkbench, place, placementRows, readCells, runExcel } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * "Convert to formulas" as a person uses it in the workbench: a pivot placed, the card's action, the question with
 * Cancel as its default; Cancel writes nothing; the answer replaces the data cells by RS.VALUE formulas that the
 * workbench calculates to the numbers the pivot showed, cell by cell, and the placement's card is gone.
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

const TITLE = 'Category KPIs (measures on rows)';

/** The cells' formulas (a constant's formula is the constant) through the standard Excel API. */
const formulasOf = (address: string) => runExcel<unknown[][]>(bench.page, `
  const range = context.workbook.worksheets.getItem('Sheet1').getRange(${JSON.stringify(address)});
  range.load('formulas');
  await context.sync();
  return range.formulas;`);

test('a pivot converted to RS.VALUE formulas shows the same numbers, after asking with Cancel as the default', async () => {
  const { page } = bench;
  await freshWorkbench(page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
  await place(page, 'B2', TITLE);
  const card = placementRows(page).filter({ hasText: TITLE });
  await card.getByText('Up to date').waitFor();
  const range = (await card.getByTestId('placement-range').textContent())!;
  const address = range.replace(/^.*!/, '');
  const before = (await readCells(page, address)).values;
  // Measures down column B, a category per column: 4 measures under one header row.
  expect(before.map((row) => row[0])).toEqual(['Measure', 'Count', 'Revenue', 'Average order value', 'Customers']);
  const body = before.slice(1).flatMap((row) => row.slice(1));
  expect(body.every((v) => typeof v === 'number')).toBe(true);

  await card.getByRole('button', { name: 'Convert to formulas' }).click();
  const question = page.getByRole('alertdialog');
  await question.getByText(`Convert "${TITLE}" to formulas?`).waitFor();
  await question.getByText(range).waitFor();
  // Cancel is the default: focused, so Enter converts nothing.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
  await page.screenshot({ path: join(screenshots, 'convert-to-formulas-question.png') });
  await page.keyboard.press('Enter');
  await question.waitFor({ state: 'detached' });
  expect(JSON.stringify(await formulasOf(address))).not.toContain('RS.VALUE');
  await card.getByText('Up to date').waitFor();

  await card.getByRole('button', { name: 'Convert to formulas' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Convert', exact: true }).click();
  await page.getByTestId('pane-notice').filter({ hasText: `"${TITLE}" is now ${body.length} RS.VALUE formulas in ${range}` }).waitFor();
  // The card is gone: refresh no longer touches these cells.
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();

  const formulas = await formulasOf(address);
  // Headers stay typed values; each data cell is a formula over its row's measure and its column's category.
  expect(formulas[0]).toEqual(before[0]);
  expect(formulas.map((row) => row[0])).toEqual(before.map((row) => row[0]));
  const data = formulas.slice(1).flatMap((row) => row.slice(1)) as string[];
  expect(data.every((f) => /^=RS\.VALUE\(/.test(f))).toBe(true);
  expect(formulas[1]![1]).toMatch(/^=RS\.VALUE\((\$B3|"[a-z_]+\.count"),"[a-z_]+\.category",C\$2/);
  const deadline = Date.now() + 30_000;
  let after = (await readCells(page, address)).values;
  while (after.slice(1).some((row) => row.slice(1).some((v) => typeof v !== 'number')) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    after = (await readCells(page, address)).values;
  }
  expect(after).toEqual(before);
  await page.screenshot({ path: join(screenshots, 'convert-to-formulas-done.png') });
});
