import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { CONSENT_MESSAGE } from '../../src/functions/formula-registry';
import type { SerializedWorkbook } from '../../workbench/excel-host/workbook/workbook-data';
import { ownAnswer, revenueIn } from '../support/own-queries';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, place, readCells, typeInto, workbenchReady, workbookId } from './support/actions';
import { recordRequests, type SentRequest } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { openReceivedWorkbook, savedWorkbookText, savedWorkbook, storedConsent } from './support/received-workbook';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * A workbook someone sent (issue 39): made in the workbench by a sender, edited as a hostile sender could (the sheet
 * its placement writes into made very hidden), and opened by a reader who never allowed it. Nothing it holds sends a
 * data query until the reader chooses Allow in the pane's bar; the choice is the reader's, kept in the add-in's
 * storage, never in the file.
 */

jest.setTimeout(600_000);
const bench = useWorkbench();

const REPORT = 'Orders by status';
const JANUARY: [string, string] = ['2024-01-01', '2024-01-31'];
/** The RS formula the sender typed on Sheet1 (as in the RS functions test): Europe's revenue in January 2024. */
const FORMULA_CELL = 'B2';

const pane = (page: Page) => page.locator('.pane');
const bar = (page: Page) => page.getByTestId('consent-bar');
const runSummary = (page: Page) => pane(page).getByRole('status').filter({ hasText: /refreshed|failed|needs you/ });
/** The run's summary: the one placement refreshed (the formula, once the pane knows of it, recalculated with it). */
const ONE_REFRESHED = /^1 refreshed(, 1 formula recalculated)?$/;
const workbenchUrl = (query = '') => `${bench.workbench.server.url}/workbench.html${query}`;

/** The data queries among `requests`: the platform's Cube API, reached through the page's own origin. */
const loads = (requests: readonly SentRequest[]) => requests.filter((r) => new URL(r.url).pathname === '/cubejs-api/v1/load');

/** The report's own query, from the platform (not from what the pane shows). */
async function reportQuery(): Promise<CubeQuery> {
  const report = await reportByPublicId(bench.platform.analyst, bench.platform.salesDeploymentId, 'OrdersStatus');
  return JSON.parse(report.jsonQuery!) as CubeQuery;
}

/** Waits (at most 30 s) until `address` passes `done`, and returns its value. */
async function cellValue(page: Page, address: string, done: (v: unknown) => boolean): Promise<unknown> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = (await readCells(page, address)).values[0]![0];
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(value)}`);
    await page.waitForTimeout(100);
  }
}

/** The message of a cell's error, as the workbench's model keeps it with the value (Excel shows it in the cell's error tip). */
function errorMessageOf(page: Page, address: string): Promise<string | null> {
  return page.evaluate((a) => {
    type Cell = { errorMessage?: string };
    type Model = { sheetByName(name: string): unknown; cellAt(sheet: unknown, row: number, column: number): Cell | undefined };
    const model = (window as unknown as { workbench: { model: Model } }).workbench.model;
    const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(a)!;
    const column = [...letters!].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
    return model.cellAt(model.sheetByName('Sheet1'), Number(digits) - 1, column)?.errorMessage ?? null;
  }, address);
}

/**
 * The sender's workbook: signed in as the analyst, a report placed on a second sheet, "Refresh when this workbook
 * opens" on, and an RS formula typed on Sheet1 (its headers beside it); then saved, and read out of the workbench as a
 * file. The sender's pane queried as it should: it is the sender's own workbook.
 */
async function sendersWorkbook(page: Page): Promise<SerializedWorkbook> {
  await freshWorkbench(page, workbenchUrl(), `token=${bench.platform.platform.tokens.analyst}`);
  await pane(page).getByText(/No reports are placed in this workbook yet/).waitFor();
  await page.getByRole('button', { name: 'Add sheet' }).click();
  await page.getByRole('tab', { name: 'Sheet2', selected: true }).waitFor();
  await place(page, 'A1', REPORT);
  await pane(page).getByText(`${REPORT} is in Sheet2!A1`, { exact: false }).waitFor();
  await pane(page).getByRole('switch', { name: /Refresh when this workbook opens/ }).click();
  await page.waitForFunction(() => (document.querySelector('[data-testid="refresh-on-open"]') as HTMLInputElement | null)?.checked === true);

  await page.getByRole('tab', { name: 'Sheet1' }).click();
  await page.getByRole('tab', { name: 'Sheet1', selected: true }).waitFor();
  await typeInto(page, 'A1', 'Revenue');
  await typeInto(page, 'B1', '1/1/2024');
  await typeInto(page, 'A2', 'Europe');
  await typeInto(page, FORMULA_CELL, '=RS.VALUE($A$1,"Region",$A2,"sales.created_at.month",B$1)');
  await cellValue(page, FORMULA_CELL, (v) => typeof v === 'number');
  return savedWorkbook(page);
}

/** The hostile sender's edit: the sheet the placement writes into made very hidden (only code can show it again). */
function withVeryHiddenSheet(workbook: SerializedWorkbook, name: string): SerializedWorkbook {
  const sheets = workbook.sheets.map((s) => (s.name === name ? { ...s, visibility: 'VeryHidden' as const } : s));
  if (!sheets.some((s) => s.name === name)) throw new Error(`the workbook has no sheet ${name}`);
  return { ...workbook, sheets, activeSheet: sheets.findIndex((s) => s.name === 'Sheet1') };
}

test('a received workbook with a report on a very hidden sheet, refresh on open and a formula queries nothing until the reader allows it', async () => {
  const { page } = bench;
  const received = withVeryHiddenSheet(await sendersWorkbook(page), 'Sheet2');
  const id = await workbookId(page);
  const requests = recordRequests(page);
  try {
    await openReceivedWorkbook(page, received);

    // The bar names what the file would query: the report with its query's members, the very hidden sheet it writes
    // into, refresh on open and the formulas.
    const dialog = page.getByRole('alertdialog', { name: 'This workbook wants to query your data' });
    await dialog.waitFor();
    await bar(page).getByTestId('consent-formulas').waitFor();
    const reports = bar(page).getByTestId('consent-reports');
    expect(await reports.locator('li').count()).toBe(1);
    const reportText = await reports.innerText();
    expect(reportText).toContain(REPORT);
    const query = await reportQuery();
    for (const member of [...(query.measures ?? []), ...(query.dimensions ?? [])]) expect(reportText).toContain(member);
    expect(await bar(page).getByTestId('consent-sheets').locator('li').allInnerTexts()).toEqual([expect.stringMatching(/^Sheet2 \(very hidden\b/)]);
    await bar(page).getByTestId('consent-refresh-on-open').waitFor();
    // Not now is the focused default: Enter sends no query.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Not now');
    // The sheet has no tab: the reader could not have seen it.
    expect(await page.getByRole('tab', { name: 'Sheet2' }).count()).toBe(0);

    // Nothing queried: the formula waits with #N/A and says why; refresh on open did not run.
    await page.locator(`td[data-cell="${FORMULA_CELL}"]`, { hasText: '#N/A' }).waitFor();
    expect(await errorMessageOf(page, FORMULA_CELL)).toBe(CONSENT_MESSAGE);
    await page.waitForTimeout(1000);
    expect(loads(requests.all)).toEqual([]);
    expect(await runSummary(page).count()).toBe(0);
    expect(await pane(page).locator('[data-run-state]').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Not now' }).scrollIntoViewIfNeeded();
    await settledPaint(page);
    await page.screenshot({ path: join(screenshots, 'consent-bar.png') });
    expect(await axeViolations(page)).toEqual([]);

    // Allow: refresh on open runs (one report), the formula is calculated again.
    const beforeAllow = requests.all.length;
    await dialog.getByRole('button', { name: 'Allow' }).click();
    await bar(page).waitFor({ state: 'detached' });
    await runSummary(page).filter({ hasText: ONE_REFRESHED }).waitFor();
    const value = await cellValue(page, FORMULA_CELL, (v) => typeof v === 'number');
    expect(value).toBe(await ownAnswer(await bench.platform.dataClient(bench.platform.analyst), revenueIn('Europe', JANUARY)));
    const allowedLoads = loads(requests.all.slice(beforeAllow));
    console.log(`data loads: ${allowedLoads.length} after Allow`);
    expect(allowedLoads.length).toBeGreaterThanOrEqual(2);
    // The very hidden sheet was written: the report's rows as its own query gives them.
    const own = await bench.platform.dataClient(bench.platform.analyst).then((data) => data.load(query));
    const statuses = await readCells(page, `A2:A${own.data.length + 1}`, 'Sheet2');
    expect(statuses.values.flat()).toEqual(own.data.map((row) => row[query.dimensions![0]!]));

    // Opened again: allowed, so refresh on open runs by itself and no bar shows.
    const beforeReload = requests.all.length;
    await page.reload();
    await workbenchReady(page);
    await runSummary(page).filter({ hasText: ONE_REFRESHED }).waitFor();
    expect(await bar(page).count()).toBe(0);
    expect(await cellValue(page, FORMULA_CELL, (v) => typeof v === 'number')).toBe(value);
    const reopenedLoads = loads(requests.all.slice(beforeReload));
    console.log(`data loads: ${reopenedLoads.length} after the reload`);
    expect(reopenedLoads.length).toBeGreaterThanOrEqual(1);

    // The allowance is the reader's, in the add-in's storage; the file does not carry it.
    const stored = await storedConsent(page);
    const entries = Object.entries(stored ?? {}).filter(([key]) => key.endsWith(`\u0000${id}`));
    expect(entries).toHaveLength(1);
    const items = entries[0]![1].items;
    expect(items).toEqual(expect.arrayContaining(['refresh-on-open', 'formulas', expect.stringMatching(/^report:/), expect.stringMatching(/^placement:.*@Sheet2:VeryHidden$/)]));
    const file = await savedWorkbookText(page);
    expect(file).not.toContain('report-sync.consent');
    for (const item of items) expect(file).not.toContain(item.startsWith('placement:') ? item : `"${item}"`);
    expect(file).not.toContain(entries[0]![0].split('\u0000')[0]!);
  } finally {
    requests.stop();
  }
});

test('Not now: the bar gives way to one line, nothing is queried, and Refresh all brings the bar back instead of running', async () => {
  const { page } = bench;
  const received = withVeryHiddenSheet(await sendersWorkbook(page), 'Sheet2');
  const requests = recordRequests(page);
  try {
    await openReceivedWorkbook(page, received);
    await bar(page).getByTestId('consent-formulas').waitFor();
    await bar(page).getByRole('button', { name: 'Not now' }).click();
    await page.getByTestId('consent-declined').waitFor();
    expect(await bar(page).count()).toBe(0);
    await page.locator(`td[data-cell="${FORMULA_CELL}"]`, { hasText: '#N/A' }).waitFor();

    // The ribbon's Refresh all does not run either: it says why.
    await page.getByRole('toolbar').getByRole('button', { name: 'Refresh all' }).click();
    await page.locator('[data-testid="ribbon-refresh-all"][aria-busy="false"]').waitFor();
    await pane(page).getByText(/"Refresh all" from the ribbon did not run/).waitFor();

    // The pane's Refresh all: the bar again, no run.
    await pane(page).getByRole('button', { name: 'Refresh all', exact: true }).click();
    await bar(page).waitFor();
    await page.waitForTimeout(1000);
    expect(loads(requests.all)).toEqual([]);
    expect(await runSummary(page).count()).toBe(0);
    expect(await pane(page).locator('[data-run-state]').count()).toBe(0);
    expect(await storedConsent(page)).toBeNull();
  } finally {
    requests.stop();
  }
});

test('in German: the bar names the same in German', async () => {
  const { page } = bench;
  const received = withVeryHiddenSheet(await sendersWorkbook(page), 'Sheet2');
  const requests = recordRequests(page);
  try {
    await openReceivedWorkbook(page, received, { address: workbenchUrl('?lang=de-DE') });
    await page.getByRole('alertdialog', { name: 'Diese Arbeitsmappe möchte Ihre Daten abfragen' }).waitFor();
    expect(await bar(page).getByTestId('consent-sheets').locator('li').allInnerTexts()).toEqual([expect.stringMatching(/^Sheet2 \(sehr ausgeblendet\b/)]);
    await bar(page).getByTestId('consent-refresh-on-open').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Nicht jetzt');
    await page.waitForTimeout(1000);
    expect(loads(requests.all)).toEqual([]);
    // The pane scrolls to the bar's answers, as a reader would to reach them.
    await bar(page).getByRole('button', { name: 'Nicht jetzt' }).scrollIntoViewIfNeeded();
    await settledPaint(page);
    await page.screenshot({ path: join(screenshots, 'consent-bar-german.png') });
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    requests.stop();
  }
});
