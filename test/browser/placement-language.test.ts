import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import { freshWorkbench, place, readCells, selectCell, workbenchReady } from './support/actions';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();
const page = (): Page => bench.page;
const TITLE = 'Revenue by region and quarter';

/** Every text cell of the placement (B2:G12) holding a German cell word: none in an English placement. */
function germanWords(values: unknown[][]): string[] {
  const words = [de.cells.total, de.cells.filters(''), ` ${de.cells.operators.inDateRange} `, de.cells.granularities.quarter, 'aktualisiert'];
  return values.flat().filter((v): v is string => typeof v === 'string' && words.some((w) => v.includes(w)));
}

/** Waits until the placement's cells satisfy `ok`, and answers them. */
async function cellsWhen(ok: (values: unknown[][]) => boolean): Promise<unknown[][]> {
  for (let i = 0; i < 100; i += 1) {
    const { values } = await readCells(page(), 'B2:G12');
    if (ok(values)) return values;
    await page().waitForTimeout(100);
  }
  throw new Error('the cells never changed as expected');
}

test('title and source lines above an English placement; a German refresh writes English only; its card switches it to German', async () => {
  await bench.platform.analyst.updateSettings({ sheets: { showAppliedFilters: true } });
  const url = `${bench.workbench.server.url}/workbench.html`;
  const hash = `token=${bench.platform.platform.tokens.analyst}`;
  await freshWorkbench(page(), url, hash);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();

  // The setting for new placements: off by default, turned on in Settings.
  await page().getByRole('button', { name: en.settings }).click();
  const setting = page().getByRole('switch', { name: en.titleAndSourceSetting });
  expect(await setting.isChecked()).toBe(false);
  await setting.click();
  expect(await setting.isChecked()).toBe(true);
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await page().getByRole('button', { name: en.back }).click();

  // Placed from the English pane: the title, the source line (report, time, user), the filter summary, then the result.
  await place(page(), 'B2', TITLE);
  const english = await cellsWhen((values) => values[0]![0] === TITLE);
  expect(english[1]![0]).toMatch(new RegExp(`^Report Sync · ${TITLE} · refreshed \\d{1,2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2} by Anna$`));
  expect(english[2]![0]).toMatch(/^Filters: .* between /);
  expect(english[3]!.every((v) => v === '')).toBe(true);
  expect(english[4]!.slice(1)).toEqual(['Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Total']);
  expect(english[6]!.slice(1).every((v) => typeof v === 'number')).toBe(true);
  expect(english[10]![0]).toBe('Total');
  expect(germanWords(english)).toEqual([]);
  const card = page().locator('li[data-placement-id]').first();
  await card.getByText('Up to date').waitFor();
  // Folded away on the card, with a summary; unfolded, its switch shows it on.
  await card.getByTestId('cell-options-summary').filter({ hasText: en.titleAndSourceOnCard }).waitFor();
  await card.getByRole('button', { name: en.cellOptions }).click();
  expect(await card.getByRole('switch', { name: en.titleAndSourceOnCard }).isChecked()).toBe(true);
  await selectCell(page(), 'A1');
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await page().screenshot({ path: join(screenshots, 'title-source-lines.png') });

  // The same workbook opened by a German user, who refreshes it: the placement's words stay English.
  await page().goto('about:blank');
  await page().goto(`${url}?lang=de-DE#${hash}`);
  await workbenchReady(page());
  const germanCard = page().locator('li[data-placement-id]').first();
  await germanCard.getByRole('button', { name: de.refresh }).click();
  await page().getByText(`${TITLE} steht in`).waitFor();
  const refreshed = (await readCells(page(), 'B2:G12')).values;
  expect(germanWords(refreshed)).toEqual([]);
  expect(refreshed[0]![0]).toBe(TITLE);
  expect(refreshed[1]![0]).toMatch(new RegExp(`^Report Sync · ${TITLE} · refreshed .* by Anna$`));
  expect(refreshed[10]![0]).toBe('Total');
  await germanCard.getByText('Aktuell').waitFor();
  await selectCell(page(), 'A1');
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await page().screenshot({ path: join(screenshots, 'german-refresh-english-placement.png') });

  // The card switches the placement's language: German words now, kept for everyone.
  await germanCard.getByRole('button', { name: de.cellOptions }).click();
  await germanCard.getByRole('combobox', { name: de.cellLanguage }).click();
  await page().getByRole('option', { name: de.cellLanguageNames.de! }).click();
  const inGerman = await cellsWhen((values) => values[10]![0] === de.cells.total);
  expect(inGerman[1]![0]).toMatch(new RegExp(`^Report Sync · ${TITLE} · aktualisiert am \\d{2}\\.\\d{2}\\.\\d{4}, \\d{2}:\\d{2} von Anna$`));
  expect(inGerman[2]![0]).toMatch(/^Filter: .* zwischen /);
  expect(inGerman[4]![5]).toBe('Gesamt');
  // Kept with the placement: the list read again shows it.
  await page().getByText(`${TITLE} steht in`).waitFor();
  await germanCard.getByRole('combobox', { name: de.cellLanguage }).filter({ hasText: de.cellLanguageNames.de! }).waitFor();
  await germanCard.getByText('Aktuell').waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
});
