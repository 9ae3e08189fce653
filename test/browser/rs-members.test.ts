import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery, MemberFilter } from '../../src/contract';
import { ownAnswer } from '../support/own-queries';
import { cellMessage, freshWorkbench, readCells, typeInto } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The members RS.VALUE is given, as a person types them into the workbench: a typo is `#N/A` with the closest members
 * in its message (shown under the formula bar, as Excel shows it on the error indicator), a member with no rows is an
 * honest 0 or empty cell, and a range or array constant of members answers their union. Every expected number is an
 * independent `/v1/load`; the members are the sample data's (server/store/sample-data.ts).
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

const data = () => bench.platform.dataClient(bench.platform.analyst);
const ownValue = async (query: CubeQuery) => ownAnswer(await data(), query);

/** Waits (at most 30 s) until the cell no longer shows `#BUSY!` (nor nothing, unless `empty` is allowed), and returns its value. */
async function answered(page: Page, address: string, empty = false): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = (await readCells(page, address)).values[0]![0];
    if (value !== '#BUSY!' && (empty || value !== '')) return value;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(value)}`);
    await page.waitForTimeout(100);
  }
}

async function signedInWorkbench(page: Page): Promise<void> {
  await freshWorkbench(page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
}

test('a typo in a member is #N/A whose message names the closest member, and a dimension without its member says so', async () => {
  const { page } = bench;
  await signedInWorkbench(page);
  await typeInto(page, 'A1', '=RS.VALUE("Revenue","Region","Eurpoe")');
  await typeInto(page, 'A2', '=RS.VALUE("Count","Region","Eurpoe")');
  await typeInto(page, 'A3', '=RS.VALUE("Revenue","Region")');
  await typeInto(page, 'A4', '=RS.VALUE("Revenue","Region","Antarctica")');
  expect([await answered(page, 'A1'), await answered(page, 'A2'), await answered(page, 'A3'), await answered(page, 'A4')]).toEqual(['#N/A', '#N/A', '#VALUE!', '#N/A']);
  // The sample data's regions are North America, Europe, Asia Pacific and Latin America: "Eurpoe" is one swap from Europe.
  expect(await cellMessage(page, 'A2')).toBe('Region has no member "Eurpoe"; did you mean "Europe"?');
  expect(await cellMessage(page, 'A3')).toBe('After the measure, RS.VALUE takes pairs of dimension and member: "Region" has no member. Give the member after it.');
  expect(await cellMessage(page, 'A4')).toBe('Region has no member "Antarctica".');
  await cellMessage(page, 'A1');
  await page.screenshot({ path: join(screenshots, 'rs-value-member-typo.png') });
});

test('members that exist but have no rows together answer 0 for a count and an empty cell for a sum', async () => {
  const { page } = bench;
  // A day of January 2024 with no returned order of Books in Latin America, found by a query of the test's own.
  const slice: MemberFilter[] = [
    { member: 'sales.region', operator: 'equals', values: ['Latin America'] },
    { member: 'sales.category', operator: 'equals', values: ['Books'] },
    { member: 'sales.status', operator: 'equals', values: ['returned'] },
  ];
  const days = await (await data()).load({ measures: ['sales.count'], filters: slice, timeDimensions: [{ dimension: 'sales.created_at', granularity: 'day', dateRange: ['2024-01-01', '2024-01-31'] }] });
  const busy = new Set(days.data.map((row) => String(row['sales.created_at.day']).slice(0, 10)));
  const day = Array.from({ length: 31 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`).find((d) => !busy.has(d))!;
  expect(day).toBeDefined();
  const own = (measure: string): CubeQuery => ({ measures: [measure], filters: slice, timeDimensions: [{ dimension: 'sales.created_at', dateRange: [day, day] }] });

  await signedInWorkbench(page);
  const pairs = `"Region","Latin America","sales.category","Books","sales.status","returned","sales.created_at","${day}"`;
  await typeInto(page, 'A1', `=RS.VALUE("sales.count",${pairs})`);
  expect(await answered(page, 'A1')).toBe(await ownValue(own('sales.count')));
  expect(await answered(page, 'A1')).toBe(0);
  await typeInto(page, 'A2', `=RS.VALUE("sales.total_amount",${pairs})`);
  // B2 tells an answered empty cell ("|") from one not calculated yet.
  await typeInto(page, 'B2', '=A2&"|"');
  expect(await answered(page, 'B2')).toBe('|');
  expect(await answered(page, 'A2', true)).toBe(await ownValue(own('sales.total_amount')));
  expect(await cellMessage(page, 'A2')).toBe('');
});

test('a range of region cells and an array constant answer the union, as an independent load of it, count distinct included', async () => {
  const { page } = bench;
  const regions = ['Europe', 'Asia Pacific', 'Latin America'];
  const union = (measure: string): CubeQuery => ({
    measures: [measure],
    filters: [{ member: 'sales.region', operator: 'equals', values: regions }],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-12-31'] }],
  });
  await signedInWorkbench(page);
  for (const [i, region] of regions.entries()) await typeInto(page, `A${i + 1}`, region);
  await typeInto(page, 'C1', '=RS.VALUE("Revenue","Region",A1:A3,"sales.created_at.year",2024)');
  await typeInto(page, 'C2', '=RS.VALUE("Revenue","Region",{"Europe","Asia Pacific","Latin America"},"sales.created_at.year",2024)');
  // A4 is empty: empty cells of a range are skipped.
  await typeInto(page, 'C3', '=RS.VALUE("sales.customer_count","Region",A1:A4,"sales.created_at.year",2024)');
  await typeInto(page, 'C4', '=RS.VALUE("Revenue","Region",{"Europe","Asia Pacifc"})');
  const revenue = await ownValue(union('sales.total_amount'));
  expect(await answered(page, 'C1')).toBe(revenue);
  expect(await answered(page, 'C2')).toBe(revenue);
  const customers = await ownValue(union('sales.customer_count'));
  expect(await answered(page, 'C3')).toBe(customers);
  // Customers buy in several regions: the union's distinct customers are fewer than the regions' counts added.
  const byRegion = await Promise.all(regions.map((region) => ownValue({ ...union('sales.customer_count'), filters: [{ member: 'sales.region', operator: 'equals', values: [region] }] })));
  expect(customers).toBeLessThan(byRegion.reduce<number>((sum, n) => sum + Number(n), 0));
  expect(await answered(page, 'C4')).toBe('#N/A');
  expect(await cellMessage(page, 'C4')).toBe('Region has no member "Asia Pacifc"; did you mean "Asia Pacific"?');
  await page.screenshot({ path: join(screenshots, 'rs-value-set.png') });
});
