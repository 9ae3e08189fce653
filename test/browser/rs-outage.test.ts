import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { ownAnswer, revenueIn } from '../support/own-queries';
import { cellMessage, typeInto } from './support/actions';
import { calculated, MONTHS, REGIONS, typePnl } from './support/pnl';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * An outage never replaces a governed number (issue 40): a P&L of RS.VALUE typed into the workbench, then the data
 * API made unreachable (the browser aborts every `/v1/meta` and `/v1/load`, as a dropped connection does) while the
 * user chooses Refresh all. Every number stays, the pane says how many formulas show values from when and why, a new
 * formula answers #N/A within 10 s, and the requests sent over a 60 s outage are counted.
 */

jest.setTimeout(300_000);
const bench = useWorkbench();

const DATA_API = /\/v1\/(meta|load)$/;

/** The P&L typed into a fresh workbench, the pane signed in as the analyst. */
const pnl = (page: Page, german = false) => typePnl(page, bench.workbench.server.url, bench.platform.platform.tokens.analyst, { german });
const ownValue = async (query: CubeQuery) => ownAnswer(await bench.platform.dataClient(bench.platform.analyst), query);

const isNumber = (v: unknown) => typeof v === 'number';

/** Every `/v1/meta` and `/v1/load` the page sends from now on fails to connect; counts them. Returns how to end it. */
async function dataApiDown(page: Page): Promise<{ requests: { meta: number; load: number }; end(): Promise<void> }> {
  const requests = { meta: 0, load: 0 };
  const count = (request: Request) => {
    const match = DATA_API.exec(new URL(request.url()).pathname);
    if (match) requests[match[1] as 'meta' | 'load'] += 1;
  };
  page.on('request', count);
  const matches = (url: URL) => DATA_API.test(url.pathname);
  await page.route(matches, (route) => route.abort('connectionrefused'));
  return {
    requests,
    end: async () => {
      page.off('request', count);
      await page.unroute(matches);
    },
  };
}

/** The times a value answered between `from` and `to` shows as, in the pane's English ("10:42 AM"). */
function minutesBetween(from: number, to: number): string[] {
  const format = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
  const times = new Set<string>();
  for (let t = from - (from % 60_000); t <= to; t += 60_000) times.add(format.format(t));
  return [...times];
}

test('through a 60 s outage during Refresh all, the P&L keeps every number, the pane says from when, and the requests are bounded', async () => {
  const { page } = bench;
  const typedAt = Date.now();
  await pnl(page);
  const before = await calculated(page, 'B2:D4', isNumber);
  const answeredBy = Date.now();
  for (const [r, region] of REGIONS.entries()) {
    for (const [c, month] of MONTHS.entries()) expect([region, month.typed, before[r]![c]]).toEqual([region, month.typed, await ownValue(revenueIn(region, month.range))]);
  }

  const outage = await dataApiDown(page);
  const outageStarted = Date.now();
  await page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  const status = page.getByRole('status').filter({ hasText: /9 formulas show values from/ });
  await status.waitFor({ timeout: 30_000 });
  const said = await status.textContent();
  expect(minutesBetween(typedAt, answeredBy).map((time) => `9 formulas show values from ${time}: the data API could not be reached.`)).toContain(said);
  expect(await calculated(page, 'B2:D4', (v) => v !== '#BUSY!')).toEqual(before);
  await page.screenshot({ path: join(screenshots, 'rs-outage-kept.png') });

  // A formula typed during the outage has no last value: #N/A with the reason, within 10 s.
  await typeInto(page, 'F2', '=RS.VALUE($A$1,"Region","Latin America")');
  const typedOffline = Date.now();
  await calculated(page, 'F2', (v) => v === '#N/A', 10);
  process.stdout.write(`a new formula typed offline showed #N/A after at most ${((Date.now() - typedOffline) / 1000).toFixed(1)} s\n`);
  expect(await cellMessage(page, 'F2')).toMatch(/^The data API could not be reached \(.+\)\. Choose Refresh all in the Report Sync pane to try again\.$/);

  // The rest of a 60 s outage, with a second Refresh all in it: each refresh tries once, never once per cell.
  await page.waitForTimeout(Math.max(0, outageStarted + 30_000 - Date.now()));
  await page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await page.getByRole('status').filter({ hasText: /formula failed\. 9 formulas show values from/ }).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(Math.max(0, outageStarted + 60_000 - Date.now()));
  const { requests } = outage;
  // Reported in the test's output: the figures the issue asks to state.
  process.stdout.write(`requests during the 60 s outage: ${JSON.stringify(requests)}\n`);
  // Two refreshes; each: one /v1/meta with the client's 3 retries (4 attempts), and no /v1/load (no model, no query).
  expect(requests.meta).toBeLessThanOrEqual(2 * 4);
  expect(requests.load).toBeLessThanOrEqual(2 * 4);
  expect(await calculated(page, 'B2:D4', (v) => v !== '#BUSY!')).toEqual(before);

  // The data API back: Refresh all answers every formula afresh, the new one too.
  await outage.end();
  await page.locator('.pane').getByRole('button', { name: 'Refresh all' }).click();
  await page.getByRole('status').filter({ hasText: /^10 formulas recalculated$/ }).waitFor({ timeout: 30_000 });
  expect((await calculated(page, 'F2', isNumber))[0]![0]).toBe(await ownValue({ measures: ['sales.total_amount'], filters: [{ member: 'sales.region', operator: 'equals', values: ['Latin America'] }] }));
});

for (const { lang, refreshAll, summary } of [
  { lang: '', refreshAll: 'Refresh all', summary: '9 formulas recalculated, 1 formula failed' },
  { lang: '?lang=de-DE', refreshAll: 'Alle aktualisieren', summary: '9 Formeln neu berechnet, 1 Formel fehlgeschlagen' },
]) {
  test(`Refresh all's summary counts formula failures beside successes (${lang || 'en-US'})`, async () => {
    const { page } = bench;
    await pnl(page, lang !== '');
    await typeInto(page, 'F2', '=RS.VALUE($A$1,"Planet","Mars")');
    await calculated(page, 'B2:D4', isNumber);
    await calculated(page, 'F2', (v) => typeof v === 'string' && v.startsWith('#') && v !== '#BUSY!');
    await page.locator('.pane').getByRole('button', { name: refreshAll }).click();
    await page.getByRole('status').filter({ hasText: summary }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(screenshots, `rs-refresh-all-failures${lang ? '-de' : ''}.png`) });
  });
}
