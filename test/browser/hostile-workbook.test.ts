import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import type { CubeQuery } from '../../src/contract';
import type { SerializedWorkbook } from '../../workbench/excel-host/workbook/workbook-data';
import { freshWorkbench, placementRows, readCells, runExcel, typeInto, workbenchReady } from './support/actions';
import { closeReference, connectCube, recordRequests, referenceSql, startCubeStandIn, type SentRequest } from './support/cube';
import {
  hostCount, NS, paneRequestsLogged, placeKept, placementName, reportPart, reportRecords, resetHostCount, rewriteRecord, shot, workbookWithParts,
} from './support/hostile-workbook';
import { axeViolations } from './support/pane';
import { openReceivedWorkbook, savedWorkbook } from './support/received-workbook';
import { useWorkbench } from './support/workbench';

/**
 * A received workbook is untrusted (issue 39), beyond consent: in the browser, the pane connected straight to a Cube API
 * (the Cube Core stand-in), reports and placement records kept in the workbook as custom XML parts. Each test makes a
 * sender's file through the pane's own controls (report parts written as a session saves them, placed from the Reports
 * list), edits the saved file as a hostile sender could, and opens it as a reader who never allowed it: two records
 * with one placement id, a record with no checksum over a formula and a typed value, a record claiming a whole sheet,
 * a 6 MB part; and, with no hostility, Refresh all of three placements of one report recording each refresh.
 */

// The first browser file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);
const bench = useWorkbench();
let cube: RunningCubeCore;

beforeAll(async () => {
  cube = await startCubeStandIn([bench.workbench.server.url]);
});
afterAll(async () => {
  await cube?.close();
  await closeReference();
});

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };
const byRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' } };
const STATUS = 'Orders by status';
const REGION = 'Orders by region';
const STATUS_PART = reportPart('{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0001}', 1, STATUS, byStatus);
const REGION_PART = reportPart('{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0003}', 3, REGION, byRegion);

const pane = (page: Page) => page.locator('.pane');
const bar = (page: Page) => page.getByTestId('consent-bar');
const card = (page: Page, range: string) => placementRows(page).filter({ has: page.getByTestId('placement-range').getByText(range, { exact: true }) });
const runSummary = (page: Page) => pane(page).getByRole('status').filter({ hasText: /refreshed|failed|needs? you/ });
const workbenchUrl = () => `${bench.workbench.server.url}/workbench.html`;
/** The data queries among `requests`: `/v1/load` of the stand-in's Cube REST API. */
const loads = (requests: readonly SentRequest[]) => requests.filter((r) => r.url.startsWith(`${cube.url}/cubejs-api/v1/load`));
const column = (index: number) => String.fromCharCode(65 + index);

/** The statuses of the sample data with their order counts, by independent SQL, in the query's order (status ascending). */
async function statusCounts(): Promise<[string, number][]> {
  const rows = await referenceSql('SELECT status, COUNT(*)::INTEGER AS n FROM orders GROUP BY status ORDER BY status');
  return rows.map((r) => [String(r.status), Number(r.n)]);
}

/** "Orders by status" as written at a cell: Cube's short titles over the rows the SQL gives. */
async function statusGrid(): Promise<(string | number)[][]> {
  return [['Status', 'Count'], ...(await statusCounts())];
}

/** The range a grid of `rows` × `columns` takes at `anchor` (a cell in columns A–Z). */
function rangeAt(anchor: string, rows: number, columns: number): string {
  const [, letter, digits] = /^([A-Z])(\d+)$/.exec(anchor)!;
  return `${anchor}:${column(letter!.charCodeAt(0) - 65 + columns - 1)}${Number(digits) + rows - 1}`;
}

/** Waits (at most 30 s) until the cells at `range` hold `expected`, then checks them. */
async function untilCells(page: Page, range: string, expected: unknown[][]): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last: unknown[][] = [];
  while (Date.now() < deadline) {
    last = (await readCells(page, range)).values;
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await page.waitForTimeout(150);
  }
  expect(last).toEqual(expected);
}

/**
 * The sender's session: a fresh pane connected to the Cube API, a workbook holding `parts` (reports kept in it, placed
 * nowhere yet) opened, and `place` (cell → report title) placed from the Reports list; the cards say Up to date.
 */
async function sendersWorkbook(page: Page, parts: ReturnType<typeof reportPart>[], place: [string, string][]): Promise<SerializedWorkbook> {
  await freshWorkbench(page, workbenchUrl());
  await connectCube(page, cube);
  await openReceivedWorkbook(page, workbookWithParts(parts), { forgetConsent: false });
  await page.getByTestId('cube-connected').waitFor();
  await pane(page).getByText(/No reports are placed in this workbook yet/).waitFor();
  for (const [cell, title] of place) await placeKept(page, cell, title);
  await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Placements in this workbook"] li [data-status="UP_TO_DATE"]').length === n, place.length);
  return savedWorkbook(page);
}

/** Opens `file` as a reader who never allowed it: the pane, still connected to the Cube API, asks first. */
async function openAsReader(page: Page, file: SerializedWorkbook): Promise<void> {
  await openReceivedWorkbook(page, JSON.parse(JSON.stringify(file)) as SerializedWorkbook);
  await page.getByTestId('cube-connected').waitFor();
}

/** The one report part of `workbook`, with its record. */
function onlyRecord(workbook: SerializedWorkbook): ReturnType<typeof reportRecords>[number] {
  const records = reportRecords(workbook);
  expect(records).toHaveLength(1);
  return records[0]!;
}

/** The formula a cell holds, through Office.js (`''` when none). */
const formulaOf = (page: Page, address: string) => runExcel<string>(page, `const r = context.workbook.worksheets.getItem('Sheet1').getRange('${address}'); r.load('formulas'); await context.sync(); return String(r.formulas[0][0]);`);

test('two report parts recording one placement id over one range: both listed Refused with why; after Allow, Refresh all writes neither and queries nothing for them', async () => {
  const { page } = bench;
  const grid = await statusGrid();
  const range = `Sheet1!${rangeAt('A1', grid.length, 2)}`;
  const sent = await sendersWorkbook(page, [STATUS_PART], [['A1', STATUS]]);
  // The hostile edit: a second report part whose one placement record is a copy of the first's (same id, same range).
  const { record } = onlyRecord(sent);
  expect(record.placements).toHaveLength(1);
  const placementId = record.placements[0]!.id;
  const copy = { ...record, report: { ...record.report, id: '2', publicId: 'HostileCopy1', name: REGION, jsonQuery: JSON.stringify(byRegion) } };
  const hostile: SerializedWorkbook = JSON.parse(JSON.stringify(sent)) as SerializedWorkbook;
  hostile.customXmlParts!.push({ id: '{0D15EA5E-0000-4000-8000-000000000039}', namespaceUri: NS, xml: '' });
  rewriteRecord(hostile, '{0D15EA5E-0000-4000-8000-000000000039}', copy);
  expect(reportRecords(hostile).map(({ record: r }) => [r.report.name, r.placements.map((p) => [p.id, p.resultLocation])])).toEqual([
    [STATUS, [[placementId, range]]],
    [REGION, [[placementId, range]]],
  ]);

  const requests = recordRequests(page);
  try {
    await openAsReader(page, hostile);
    await bar(page).waitFor();
    // Both cards listed, greyed, Refused, each naming the other report; no Refresh on either.
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Placements in this workbook"] li[data-refused="true"]').length === 2);
    expect(await placementRows(page).count()).toBe(2);
    for (const [title, other] of [[STATUS, REGION], [REGION, STATUS]] as const) {
      const row = placementRows(page).filter({ has: page.getByText(title, { exact: true }) });
      expect(await row.count()).toBe(1);
      expect(await row.getByTestId('placement-range').innerText()).toBe(range);
      expect(await row.locator('[data-status]').innerText()).toBe('Refused');
      expect(await row.getByTestId('status-reason').allInnerTexts()).toEqual([
        `This placement's id is also used by «${other}»: the workbook may have been edited outside Report Sync. Neither is refreshed; disconnect one.`,
      ]);
      expect(await row.getByRole('button', { name: 'Refresh', exact: true }).count()).toBe(0);
    }
    // Greyed: the refused card's title in another colour than a heading of the pane (the quieter foreground).
    const colour = (el: Element) => getComputedStyle(el).color;
    expect(await placementRows(page).first().locator('span').first().evaluate(colour))
      .not.toBe(await pane(page).getByRole('heading', { name: 'In this workbook' }).evaluate(colour));
    const cellsBefore = (await readCells(page, range.slice('Sheet1!'.length))).values;
    expect(cellsBefore).toEqual(grid);

    // Allow, then the pane's Refresh all: both counted failed, neither written, no data query for them.
    await bar(page).getByRole('button', { name: 'Allow' }).click();
    await bar(page).waitFor({ state: 'detached' });
    await pane(page).getByRole('button', { name: 'Refresh all', exact: true }).click();
    await runSummary(page).filter({ hasText: /^2 failed$/ }).waitFor();
    // The cards stay Refused with their why (a run's failure of a refused placement says no more than that).
    for (const title of [STATUS, REGION]) {
      const row = placementRows(page).filter({ has: page.getByText(title, { exact: true }) });
      expect(await row.locator('[data-status]').innerText()).toBe('Refused');
      await row.getByTestId('status-reason').filter({ hasText: 'is also used by' }).waitFor();
    }
    await page.waitForTimeout(500);
    expect(loads(requests.all)).toEqual([]);
    expect((await readCells(page, range.slice('Sheet1!'.length))).values).toEqual(cellsBefore);
    // The parts are as the file brought them: nothing recorded a refresh.
    const after = await savedWorkbook(page);
    expect(reportRecords(after).map(({ part }) => part.xml)).toEqual(reportRecords(hostile).map(({ part }) => part.xml));
    console.log(`duplicate ids: ${await runSummary(page).innerText()}; /v1/load ${loads(requests.all).length}; requests ${requests.all.length}`);
    await pane(page).getByRole('heading', { name: 'In this workbook' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shot(page, 'hostile-duplicate-ids.png');
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    requests.stop();
  }
});

test('a placement with no record of what it wrote, over a formula and a value typed after opening: its Refresh asks, naming them; Cancel keeps both', async () => {
  const { page } = bench;
  const counts = await statusCounts();
  const sent = await sendersWorkbook(page, [STATUS_PART], [['A1', STATUS]]);
  // The hostile edit: the record without `resultChecksum`, record and name over Sheet1!A1:D20; `=1+1` saved in C3.
  const hostile: SerializedWorkbook = JSON.parse(JSON.stringify(sent)) as SerializedWorkbook;
  const { part, record } = onlyRecord(hostile);
  const placements = record.placements.map(({ resultChecksum: _dropped, ...p }) => ({ ...p, resultLocation: 'Sheet1!A1:D20', endResultCell: 'D20' }));
  expect(record.placements[0]!.resultChecksum).toBeDefined();
  rewriteRecord(hostile, part.id, { ...record, placements });
  placementName(hostile, placements[0]!.id).formula = '=Sheet1!$A$1:$D$20';
  hostile.sheets[0]!.cells.push(['2:2', { value: 2, formula: '=1+1' }]);
  expect(part.xml).not.toContain('resultChecksum');

  await openAsReader(page, hostile);
  await bar(page).waitFor();
  // The reader types into D10, inside the name, after opening.
  await typeInto(page, 'D10', 'typed after opening');
  expect(await formulaOf(page, 'C3')).toBe('=1+1');
  expect((await readCells(page, 'D10')).values).toEqual([['typed after opening']]);
  const untouched = (await readCells(page, 'A1:D20')).values;

  // The card's Refresh is the reader's own click: it goes through the bar, and asks before writing anything.
  const row = card(page, 'Sheet1!A1:D20');
  await row.getByRole('button', { name: 'Refresh', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Edited by hand' });
  await question.waitFor();
  // Every row holding anything is named (the sender's result's rows, the formula's row 3, the typed row 10), and the
  // cells where those rows cross the columns holding anything (A to D), six at most.
  const rows = [...new Set([...Array.from({ length: counts.length + 1 }, (_, i) => i + 1), 3, 10])].sort((a, b) => a - b);
  const cells = rows.flatMap((r) => ['A', 'B', 'C', 'D'].map((c) => `${c}${r}`));
  const list = (items: (string | number)[], max: number) => `${items.slice(0, max).join(', ')}${items.length > max ? ' and more' : ''}`;
  const body = await question.locator('[id]').filter({ hasText: 'changed since the last refresh' }).last().innerText();
  expect(body).toBe(`Rows ${list(rows, 8)} were changed since the last refresh (${list(cells, 6)}). Refreshing replaces those changes.`);
  expect(body).toMatch(/\b3\b.*\b10\b/);
  // Nothing was written while it asks.
  expect((await readCells(page, 'A1:D20')).values).toEqual(untouched);
  // The focused default is a safe answer, never "Refresh anyway": Enter writes nothing.
  const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
  console.log(`recordless: asked "${body}"; focused: "${focused}"`);
  expect(focused).not.toBe('Refresh anyway');
  expect(['Cancel', 'Locate']).toContain(focused);
  await shot(page, 'hostile-recordless-asks.png');
  await page.keyboard.press('Enter');
  if (focused === 'Locate') {
    // Locate selects the cells it names, the formula's and the typed one among them: A1 to D of the last row named.
    const selected = `A1:D${rows.at(-1)!}`;
    await page.waitForFunction(async (want) => {
      const excel = (window as unknown as { workbench: { Excel: typeof Excel } }).workbench.Excel;
      return excel.run(async (context) => {
        const range = context.workbook.getSelectedRange();
        range.load('address');
        await context.sync();
        return range.address === `Sheet1!${want}`;
      });
    }, selected);
    await question.waitFor();
  }
  expect((await readCells(page, 'A1:D20')).values).toEqual(untouched);

  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  expect(await formulaOf(page, 'C3')).toBe('=1+1');
  expect((await readCells(page, 'C3')).values).toEqual([[2]]);
  expect((await readCells(page, 'D10')).values).toEqual([['typed after opening']]);
  expect((await readCells(page, 'A1:D20')).values).toEqual(untouched);
});

test('a record claiming Sheet1!B2:XFD1048576 for a name over B2:C7: Damaged; one typed value costs a few small Office.js requests and is named', async () => {
  const { page } = bench;
  const grid = await statusGrid();
  const location = `Sheet1!${rangeAt('B2', grid.length, 2)}`;
  const sent = await sendersWorkbook(page, [STATUS_PART], [['B2', STATUS]]);
  const hostile: SerializedWorkbook = JSON.parse(JSON.stringify(sent)) as SerializedWorkbook;
  const { part, record } = onlyRecord(hostile);
  expect(record.placements.map((p) => p.resultLocation)).toEqual([location]);
  rewriteRecord(hostile, part.id, { ...record, placements: record.placements.map((p) => ({ ...p, resultLocation: 'Sheet1!B2:XFD1048576', endResultCell: 'XFD1048576' })) });
  expect(placementName(hostile, record.placements[0]!.id).formula).toBe(`=Sheet1!$B$2:$C$${grid.length + 1}`);

  await openAsReader(page, hostile);
  await bar(page).waitFor();
  const row = placementRows(page).first();
  await row.locator('[data-status="DAMAGED"]', { hasText: 'Damaged' }).waitFor();
  expect(await placementRows(page).count()).toBe(1);
  // The reader types into C3 (the first status's count): the live check reads the name's cells, not the claim's.
  await page.waitForTimeout(1000);
  await resetHostCount(page);
  const logged = (await paneRequestsLogged(page)).length;
  await typeInto(page, 'C3', '999');
  // Until the pane's requests stop for a second (the check done), at most 10 s.
  let seen = logged;
  for (let quiet = 0, waited = 0; quiet < 1000 && waited < 10_000; waited += 100) {
    await page.waitForTimeout(100);
    const now = (await paneRequestsLogged(page)).length;
    quiet = now === seen ? quiet + 100 : 0;
    seen = now;
  }
  const count = await hostCount(page);
  const after = (await paneRequestsLogged(page)).slice(logged);
  console.log(`B2:XFD1048576: ${count.syncs} requests, ${count.responseBytes} bytes answered after one typed cell:\n${after.map((r) => `  ${r.actions.join('; ')}`).join('\n')}`);
  // The grid's click and Enter move the selection, which the pane reads (the place target) each time; the rest is the
  // live check. Reading the claimed range was about 95,000 requests and 707 MB; the name's dozen cells are one small one.
  const selectionReads = after.filter((r) => r.actions.every((a) => /GetSelectedRange/.test(a)));
  const check = after.filter((r) => !selectionReads.includes(r));
  expect(check.length).toBeGreaterThanOrEqual(1);
  expect(check.length).toBeLessThanOrEqual(2);
  expect(count.syncs).toBe(after.length);
  expect(count.responseBytes).toBeLessThan(20_000);
  // The page answers, the card still says Damaged, and the cell holds what was typed.
  expect(await page.evaluate(() => 1 + 1)).toBe(2);
  await row.locator('[data-status="DAMAGED"]').waitFor();
  expect((await readCells(page, 'C3')).values).toEqual([[999]]);

  // "Place again here" (the reader's own click) names the typed cell before writing anything.
  await resetHostCount(page);
  await row.getByRole('button', { name: 'Place again here' }).click();
  const question = page.getByRole('alertdialog', { name: 'Edited by hand' });
  await question.waitFor();
  // Row 3 named, C3 among its cells (the record's checksum was made for the cells written, not for the width it
  // claims, so the row is what it can vouch for).
  const asks = await question.innerText();
  expect(asks).toMatch(/Row 3 was changed since the last refresh \(([A-Z]+3, )*C3(, [A-Z]+3)*\)\./);
  const asked = await hostCount(page);
  console.log(`B2:XFD1048576: Place again here asked after ${asked.syncs} requests, ${asked.responseBytes} bytes`);
  expect(asked.responseBytes).toBeLessThan(200_000);
  await shot(page, 'hostile-record-size.png');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'detached' });
  expect((await readCells(page, 'C3')).values).toEqual([[999]]);
});

test('a 6 MB custom XML part beside two reports\' parts (web profile): the reports list, place and refresh; the big part is listed unreadable with why and left as it is', async () => {
  const { page } = bench;
  const grid = await statusGrid();
  const range = rangeAt('A1', grid.length, 2);
  const SIX_MB = 6 * 1024 * 1024;
  const huge = reportPart('{1B0D6F1E-6A56-4C38-9D0C-0F4E2A1B0002}', 2, 'Padded', { ...byStatus, segments: ['x'.repeat(SIX_MB)] } as CubeQuery);
  expect(huge.xml.length).toBeGreaterThan(SIX_MB);
  await freshWorkbench(page, workbenchUrl());
  await connectCube(page, cube);
  // Received: the big part between the two others; nothing placed, so nothing to allow.
  await openReceivedWorkbook(page, workbookWithParts([STATUS_PART, huge, REGION_PART]));
  await page.getByTestId('cube-connected').waitFor();

  const reportList = page.locator('ul[aria-label="Reports"] > li');
  await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="Reports"] > li').length === 2);
  const titles = await reportList.allInnerTexts();
  expect(titles.filter((t) => t.includes(STATUS))).toHaveLength(1);
  expect(titles.filter((t) => t.includes(REGION))).toHaveLength(1);
  const unreadable = page.getByTestId('unavailable-reports').locator('li');
  await unreadable.first().waitFor();
  expect(await unreadable.count()).toBe(1);
  expect(await unreadable.getAttribute('data-unavailable-kind')).toBe('unreadable');
  expect(await unreadable.getAttribute('aria-disabled')).toBe('true');
  const why = await unreadable.innerText();
  expect(why).toContain(huge.id);
  expect(why).toContain('5 MB');
  expect(await unreadable.getByRole('button').count()).toBe(0);
  await unreadable.scrollIntoViewIfNeeded();
  await shot(page, 'hostile-oversized-part.png');
  expect(await axeViolations(page)).toEqual([]);

  // The readable report places and refreshes: its cells as the SQL gives them.
  await placeKept(page, 'A1', STATUS);
  await untilCells(page, range, grid);
  await pane(page).getByRole('button', { name: 'Refresh all', exact: true }).click();
  await runSummary(page).filter({ hasText: /^1 refreshed$/ }).waitFor();
  await card(page, `Sheet1!${range}`).locator('[data-status="UP_TO_DATE"]').waitFor();
  await untilCells(page, range, grid);
  // Still listed once the search (typed to place) is cleared.
  await page.getByRole('searchbox', { name: 'Search reports' }).fill('');
  await unreadable.first().waitFor();
  expect(await unreadable.count()).toBe(1);

  // The big part is as it came, byte for byte; the status report's part holds its placement.
  const saved = await savedWorkbook(page);
  expect(saved.customXmlParts!.find((p) => p.id === huge.id)?.xml).toBe(huge.xml);
  const status = saved.customXmlParts!.find((p) => p.id === STATUS_PART.id)!;
  expect(status.xml).toContain(`<resultLocation>Sheet1!${range}</resultLocation>`);
});

test('Refresh all of three placements of one workbook report: each card says Refreshed, and still does after a reload; each record has its refresh time', async () => {
  const { page } = bench;
  const grid = await statusGrid();
  const ranges = ['A1', 'E1', 'I1'].map((cell) => `Sheet1!${rangeAt(cell, grid.length, 2)}`);
  await sendersWorkbook(page, [STATUS_PART], [['A1', STATUS], ['E1', STATUS], ['I1', STATUS]]);
  // Placed, never refreshed: every card says when it was placed, no record has a refresh time.
  for (const range of ranges) await card(page, range).getByText(/^Placed .+ by /).waitFor();
  const placed = reportRecords(await savedWorkbook(page))[0]!.record.placements;
  expect(placed.map((p) => [p.resultLocation, p.refreshed])).toEqual(ranges.map((r) => [r, undefined]));

  const requests = recordRequests(page);
  try {
    await pane(page).getByRole('button', { name: 'Refresh all', exact: true }).click();
    await runSummary(page).filter({ hasText: /^3 refreshed$/ }).waitFor();
    // One report: one data query for its three placements.
    expect(loads(requests.all)).toHaveLength(1);
  } finally {
    requests.stop();
  }
  for (const range of ranges) {
    await card(page, range).getByText(/^Refreshed .+ by /).waitFor();
    await card(page, range).locator('[data-status="UP_TO_DATE"]').waitFor();
    await untilCells(page, range.slice('Sheet1!'.length), grid);
  }
  const cardWords = await Promise.all(ranges.map((range) => card(page, range).getByText(/^Refreshed .+ by /).innerText()));
  console.log(`three placements: ${cardWords.join(' | ')}`);
  await card(page, ranges[2]!).evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, 'hostile-three-refreshed.png');

  // Saved and opened again: the cards still say Refreshed, from the records in the part.
  await page.evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  await page.reload();
  await workbenchReady(page);
  await page.getByTestId('cube-connected').waitFor();
  for (const range of ranges) await card(page, range).getByText(/^Refreshed .+ by /).waitFor();
  expect(await placementRows(page).count()).toBe(3);
  const records = reportRecords(await savedWorkbook(page));
  expect(records).toHaveLength(1);
  const refreshed = records[0]!.record.placements;
  expect(refreshed.map((p) => p.resultLocation)).toEqual(ranges);
  for (const p of refreshed) {
    expect(p.refreshed?.at).toEqual(expect.any(String));
    // Refreshed after it was placed (its placing time kept).
    expect(Date.parse(p.refreshed!.at)).toBeGreaterThan(Date.parse(p.placed.at));
    expect(p.placed.at).toBe(placed.find((q) => q.id === p.id)!.placed.at);
  }
});
