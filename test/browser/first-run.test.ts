import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { chatEn } from '../../src/taskpane/i18n/chat-en';
import { freshWorkbench, readCells, selectCell, signInThroughDialog } from './support/actions';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * The chat on a first run, as `npm start` gives it: the workbench opened with the analyst's token and the local
 * agent's address and key, and the platform exactly as seeded (no app config or user setting changed by the test).
 * Place in sheet works out of the box, and the chat's address and key survive signing out and in again.
 */

jest.setTimeout(240_000);

const bench = useWorkbench();
const page = (): Page => bench.page;
const answers = () => page().getByTestId('chat-answer');
const signOutButton = () => page().getByRole('button', { name: 'Sign out' });

/** The workbench link `npm start` prints (scripts/start.mjs), on a fresh workbook. */
async function openAsStartPrintsIt() {
  const { tokens } = bench.platform.platform;
  const hash = `token=${tokens.analyst}&chatUrl=${encodeURIComponent(tokens.chatApiUrl)}&chatKey=${tokens.chatApiKey}`;
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`, hash);
  await signOutButton().waitFor();
}

/** Asks on the chat tab as a person would, and waits until the answer has streamed in whole. */
async function ask(question: string) {
  await page().getByRole('tab', { name: chatEn.chatTab }).click();
  const input = page().getByRole('textbox', { name: chatEn.inputLabel });
  await input.fill(question);
  await input.press('Enter');
  await page().getByRole('button', { name: chatEn.stop }).waitFor();
  await page().getByRole('button', { name: chatEn.send }).waitFor({ timeout: 60_000 });
  await answers().last().getByText(/Ran a query · \d+ rows/).waitFor();
}

/** Revenue by region last year as an independent `/v1/load` gives it, largest first (Cube's default order). */
async function revenueByRegionLastYear(): Promise<[string, number][]> {
  const data = await bench.platform.dataClient(bench.platform.analyst);
  const { data: rows } = await data.load({
    measures: ['sales.total_amount'], dimensions: ['sales.region'],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }], order: { 'sales.total_amount': 'desc' },
  });
  return rows.map((row) => [String(row['sales.region']), Number(row['sales.total_amount'])]);
}

/**
 * The region rows the sheet holds from B2 down, as [region, revenue]: whatever caption or header lines the
 * default settings put above them, the data rows are the regions with their figures.
 */
async function regionRowsInSheet(regions: Set<string>): Promise<[string, number][]> {
  const { values } = await readCells(page(), 'B2:C14');
  return values.filter((row) => regions.has(String(row[0]))).map((row) => [String(row[0]), Number(row[1])]);
}

test('with the platform as seeded, the analyst asks "revenue by region last year" and Place in sheet writes the cells', async () => {
  await openAsStartPrintsIt();
  const expected = await revenueByRegionLastYear();
  expect(expected.length).toBeGreaterThanOrEqual(3);
  const regions = new Set(expected.map(([region]) => region));

  await selectCell(page(), 'B2');
  await ask('revenue by region last year');
  // Place in sheet is offered, not the describe-only line: the seeded app config turns it on.
  expect(await page().getByTestId('describe-only').count()).toBe(0);
  await page().getByText(chatEn.placeHint('Sheet1!B2')).waitFor();
  await page().getByRole('button', { name: chatEn.placeInSheet }).click();

  await page().getByTestId('builder').waitFor();
  const deadline = Date.now() + 30_000;
  let written = await regionRowsInSheet(regions);
  while (written.length < expected.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    written = await regionRowsInSheet(regions);
  }
  expect(written).toEqual(expected);
  // Nothing above the selected cell was touched.
  expect((await readCells(page(), 'A1:D1')).values).toEqual([['', '', '', '']]);

  // The pointer rests on the sheet, not on a member whose tooltip would cover the pane.
  await page().mouse.move(450, 650);
  await settledPaint(page());
  await page().screenshot({ path: join(screenshots, 'first-run-chat-place.png') });
  expect(await axeViolations(page())).toEqual([]);
});

test("after signing out and in again, the chat still has its address and key, and answers with Place in sheet", async () => {
  await openAsStartPrintsIt();
  const { tokens } = bench.platform.platform;

  await signOutButton().click();
  await page().locator('.pane').getByRole('button', { name: 'Sign in' }).first().waitFor();
  const kept = await page().evaluate(() => localStorage.getItem('report-sync.chat'));
  expect(JSON.parse(kept!)).toEqual({ chatApiUrl: tokens.chatApiUrl, apiKey: tokens.chatApiKey });
  // A reload reads the add-in's storage afresh: the link's fragment is long gone, so nothing hands them in again.
  await page().reload();
  expect(new URL(page().url()).hash).toBe('');

  await signInThroughDialog(page(), () => page().locator('.pane').getByRole('button', { name: 'Sign in' }).first().click());
  await signOutButton().waitFor();
  await ask('orders by status');
  await page().getByRole('button', { name: chatEn.placeInSheet }).waitFor();

  // Settings → Agent chat shows the address; the key stays hidden (dots), never shown back.
  await page().getByRole('button', { name: 'Settings' }).click();
  const url = page().getByRole('textbox', { name: chatEn.settings.url });
  expect(await url.inputValue()).toBe(tokens.chatApiUrl);
  const key = page().getByLabel(chatEn.settings.key);
  expect(await key.inputValue()).toBe('');
  expect(await key.getAttribute('placeholder')).toBe('••••••••');
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
});
