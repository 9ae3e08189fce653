import { join } from 'node:path';
import { axeViolations, forcedColorsContrastFailures } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();
const open = async (query: string) => {
  await bench.page.goto('about:blank');
  await bench.page.goto(`${bench.workbench.server.url}/workbench.html${query}#token=${bench.platform.platform.tokens.analyst}`);
};
/** The pane theme's background token (forced colours override painted colours, not the theme's tokens). */
const paneBackground = () =>
  bench.page.evaluate(() => getComputedStyle(document.querySelector('.pane .fui-FluentProvider')!).getPropertyValue('--colorNeutralBackground1').trim().toLowerCase());

test('German: every word of the pane, numbers, relative times and the admin\'s localized title', async () => {
  await open('?lang=de-DE');
  await bench.page.getByText(/In dieser Arbeitsmappe sind noch keine Berichte platziert/).waitFor();
  // The app config's localized title for de-DE names the reports list.
  await bench.page.getByRole('heading', { name: 'Berichte' }).waitFor();
  await bench.page.locator('[data-cell="B3"]').click();
  await bench.page.getByTestId('place-target').filter({ hasText: 'Platzieren schreibt nach Sheet1!B3' }).waitFor();
  await bench.page.getByRole('searchbox', { name: 'Berichte suchen' }).fill('Orders by status');
  await bench.page.locator('[aria-label="Berichte"] li', { hasText: 'Orders by status' }).getByRole('button', { name: 'Platzieren' }).click();
  await bench.page.getByText('Orders by status steht in Sheet1!B3:D8.').waitFor();
  const row = bench.page.locator('[aria-label="Platzierungen in dieser Arbeitsmappe"] li').first();
  await row.getByText('Aktuell').waitFor();
  await row.getByText(/^Platziert (jetzt|vor \d+ Sekunden) von Ihnen$/).waitFor();
  for (const name of ['Aktualisieren', 'Anzeigen', 'Trennen']) await row.getByRole('button', { name }).waitFor();
  await bench.page.locator('.pane').getByRole('button', { name: 'Alle aktualisieren' }).waitFor();
  await bench.page.screenshot({ path: join(screenshots, 'german.png') });
  expect(await axeViolations(bench.page)).toEqual([]);
  // No English left in the pane (report titles and data are the platform's, not the pane's).
  const text = await bench.page.locator('.pane main').innerText();
  for (const english of ['Refresh', 'Locate', 'Disconnect', 'Search', 'Settings', 'Sign out', 'Up to date', 'Place ']) {
    expect(text.replace(/Orders by status|Sheet1/g, '')).not.toContain(english);
  }
  await bench.page.getByRole('button', { name: 'Einstellungen' }).click();
  await bench.page.getByRole('combobox', { name: 'Wiederholte Zeilenwerte nur einmal schreiben' }).filter({ hasText: 'Standard (aus)' }).waitFor();
  expect(await axeViolations(bench.page)).toEqual([]);
});

test("Office's dark theme, and Windows high contrast", async () => {
  await open('?theme=dark');
  await bench.page.locator('[aria-label="Reports"] li').first().waitFor();
  expect(await paneBackground()).toBe('#292929');
  await bench.page.screenshot({ path: join(screenshots, 'dark-theme.png') });
  expect(await axeViolations(bench.page)).toEqual([]);

  // Windows high contrast, black and white: the browser forces the system colours; axe checks the result.
  for (const colorScheme of ['dark', 'light'] as const) {
    await bench.page.emulateMedia({ forcedColors: 'active', colorScheme });
    try {
      await bench.page.waitForFunction(() => matchMedia('(forced-colors: active)').matches);
      // Fluent's buttons fade between colours: measure once the transitions have finished.
      await bench.page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await axeViolations(bench.page, '.pane', ['color-contrast'])).toEqual([]);
      expect(await forcedColorsContrastFailures(bench.page)).toEqual([]);
      await bench.page.screenshot({ path: join(screenshots, `high-contrast-${colorScheme}.png`) });
    } finally {
      await bench.page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });
    }
  }
});
