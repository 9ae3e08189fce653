import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { readCells, runExcel, workbenchReady } from './support/actions';
import { addMember, newExplorationAt, saveAsReport } from './support/builder';
import { cubeShot, expectedGrid, openEmptyWorkbookOnCube, useCubeStandIn } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { rangeOf, untilCells } from './support/cube-cells';

/**
 * Browsing the reports kept in the workbook (issue 26) with the pane connected straight to a Cube API by token: each
 * row's menu (Rename, Duplicate, Delete, Open in builder), search and sort, and a part of the add-in's namespace that
 * cannot be read. The tests run in order on one workbook.
 */
const bench = useCubeStandIn();
const page = (): Page => bench.page;

const REVENUE = 'sales.total_amount';
const ORDERS = 'sales.count';
const REGION = 'sales.region';
const FIRST = 'Regional revenue';
const RENAMED = 'Regional revenue 2026';
const COPY = `${RENAMED} (copy)`;
const SECOND = 'Sales count by region';
const BROKEN = 'Broken budget';
const NS = 'urn:report-sync:workbook-report';
// Well-formed, of the add-in's namespace, with a name but no query nor stamps: a part this version cannot read. (Excel
// refuses XML that is not well-formed at `customXmlParts.add`, as the emulator does, so that is the one way in.)
const BROKEN_XML = `<workbookReport xmlns="${NS}" schemaVersion="1"><report id="900" publicId="BrokenBudget" version="1"><name>${BROKEN}</name></report></workbookReport>`;

const builder = () => page().getByTestId('builder');
const reportList = () => page().locator('ul[aria-label="Reports"]');
const reportRow = (title: string) => reportList().locator(':scope > li').filter({ has: page().getByText(title, { exact: true }) });
const rowTitles = () => reportList().locator(':scope > li > div:first-child > span:first-child').allInnerTexts();
const placementRows = () => page().locator('[aria-label="Placements in this workbook"] li');
const placementCard = (title: string) => placementRows().filter({ has: page().getByText(title, { exact: true }) });
const unavailable = () => page().getByTestId('unavailable-reports');
const search = () => page().getByRole('searchbox', { name: 'Search reports' });
const notice = () => page().getByTestId('kept-notice');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the list's readable rows are exactly `titles`, in that order. */
async function untilRows(titles: string[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: string[] = [];
  while (Date.now() < deadline) {
    last = (await reportList().count()) ? await rowTitles() : [];
    if (JSON.stringify(last) === JSON.stringify(titles)) return;
    await sleep(150);
  }
  expect(last).toEqual(titles);
}

/** Builds an exploration at `cell` and saves it as report `name` (its cells become the placement). */
async function saveExploration(cell: string, measure: string, name: string, expected: unknown[][]) {
  await newExplorationAt(page(), cell, 'sales');
  await addMember(page(), measure, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await untilCells(page(), rangeOf(cell, expected), expected);
  await saveAsReport(page(), name);
}

/** Opens a row's menu (its button named for the report) and picks `item`. */
async function rowMenu(title: string, item: 'Open in builder' | 'Rename…' | 'Duplicate' | 'Delete…') {
  await reportRow(title).getByRole('button', { name: `More actions for ${title}` }).click();
  await page().getByRole('menuitem', { name: item }).click();
}

/** The workbook's custom XML parts of the add-in's namespace, as Office.js gives them. */
const reportParts = () => runExcel<{ id: string; xml: string }[]>(page(), `
  const parts = context.workbook.customXmlParts.getByNamespace('${NS}'); parts.load('items/id'); await context.sync();
  const xml = parts.items.map((p) => p.getXml()); await context.sync();
  return parts.items.map((p, i) => ({ id: p.id, xml: xml[i].value }));`);

async function saveAndReload() {
  await page().evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  await page().reload();
  await workbenchReady(page());
  await page().getByTestId('cube-connected').waitFor();
}

let revenueGrid: (string | number)[][];
let ordersGrid: (string | number)[][];
let brokenPartId: string;

test('two reports saved from explorations and a part that cannot be read: both listed, the part greyed with its words', async () => {
  await openEmptyWorkbookOnCube(bench);
  await page().getByTestId('folders-unavailable').filter({ hasText: 'Reports kept in this workbook are not filed in folders' }).waitFor();

  revenueGrid = await expectedGrid(bench.cube, { measures: [REVENUE], dimensions: [REGION] } satisfies CubeQuery);
  ordersGrid = await expectedGrid(bench.cube, { measures: [ORDERS], dimensions: [REGION] } satisfies CubeQuery);
  await saveExploration('B2', REVENUE, FIRST, revenueGrid);
  await saveExploration('F2', ORDERS, SECOND, ordersGrid);
  await placementCard(FIRST).first().waitFor();
  expect(await placementRows().count()).toBe(2);

  // Another program (or a newer add-in) left a part of the namespace this version cannot read.
  brokenPartId = await runExcel<string>(page(), `const part = context.workbook.customXmlParts.add(${JSON.stringify(BROKEN_XML)}); part.load('id'); await context.sync(); return part.id;`);
  await saveAndReload();
  await untilRows([FIRST, SECOND]);
  const broken = unavailable().locator('li');
  await broken.first().waitFor();
  expect(await broken.count()).toBe(1);
  expect(await broken.getAttribute('aria-disabled')).toBe('true');
  expect(await broken.getAttribute('data-unavailable-kind')).toBe('invalid');
  const words = await broken.innerText();
  expect(words).toContain(BROKEN);
  expect(words).toMatch(new RegExp(`The report "${BROKEN}" kept in this workbook \\(custom XML part ${brokenPartId.replace(/[{}]/g, '\\$&')}\\) cannot be read: .+\\. The add-in left it as it is\\.`));
  // Muted: another colour than the readable rows' (yet readable: axe checks its contrast); and no actions.
  const colour = (el: Element) => getComputedStyle(el).color;
  const greyed = await broken.locator('span').first().evaluate(colour);
  const readable = await reportRow(FIRST).locator('span').first().evaluate(colour);
  expect(greyed).not.toBe(readable);
  expect(await broken.getByRole('button').count()).toBe(0);
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  console.log(`unreadable part: "${words.replace(/\n/g, ' / ')}" (colour ${greyed} vs ${readable})`);
});

test('search narrows the list; sort by name or by recently created', async () => {
  await search().fill('count');
  await untilRows([SECOND]);
  expect(await unavailable().count()).toBe(0);
  await search().fill('Broken');
  await untilRows([]);
  await page().getByText('No reports match.').waitFor();
  expect(await unavailable().locator('li').count()).toBe(1);
  await search().fill('');
  await untilRows([FIRST, SECOND]);
  await page().getByRole('combobox', { name: 'Sort by' }).click();
  await page().getByRole('option', { name: 'Recently created' }).click();
  await untilRows([SECOND, FIRST]);
  await page().getByRole('combobox', { name: 'Sort by' }).click();
  await page().getByRole('option', { name: 'Name' }).click();
  await untilRows([FIRST, SECOND]);
});

test('Rename: the row and, after a reload, the placement card show the new title', async () => {
  await rowMenu(FIRST, 'Rename…');
  const renameForm = page().getByRole('form', { name: `Rename ${FIRST}` });
  await renameForm.getByRole('textbox', { name: 'Report name' }).fill(RENAMED);
  await renameForm.getByRole('button', { name: 'Rename', exact: true }).click();
  await notice().filter({ hasText: `Renamed to ${RENAMED}.` }).waitFor();
  await untilRows([RENAMED, SECOND]);
  await saveAndReload();
  await placementCard(RENAMED).waitFor();
  expect(await placementCard(FIRST).count()).toBe(0);
  expect(await placementCard(RENAMED).getByTestId('placement-home').innerText()).toBe('Report kept in this workbook');
  await untilRows([RENAMED, SECOND]);
});

test('Duplicate: a "(copy)" row, unplaced; Delete of it asks first, then it is gone', async () => {
  await rowMenu(RENAMED, 'Duplicate');
  await notice().filter({ hasText: `Duplicated as ${COPY}.` }).waitFor();
  await untilRows([RENAMED, COPY, SECOND]);
  expect(await reportRow(COPY).getByTestId('placed-count').count()).toBe(0);
  expect(await reportRow(RENAMED).getByTestId('placed-count').innerText()).toBe('1 here');
  // Newest first: the copy, then the second report, then the first.
  await page().getByRole('combobox', { name: 'Sort by' }).click();
  await page().getByRole('option', { name: 'Recently created' }).click();
  await untilRows([COPY, SECOND, RENAMED]);
  await page().getByRole('combobox', { name: 'Sort by' }).click();
  await page().getByRole('option', { name: 'Name' }).click();
  await untilRows([RENAMED, COPY, SECOND]);

  await rowMenu(COPY, 'Delete…');
  const question = reportRow(COPY).getByText(`Delete ${COPY}?`);
  await question.waitFor();
  await reportRow(COPY).getByText('The report is removed from this workbook for everyone who opens it. This cannot be undone.').waitFor();
  // Nothing is deleted before the answer.
  expect((await reportParts()).length).toBe(4);
  await reportRow(COPY).getByRole('button', { name: 'Delete the report' }).click();
  await notice().filter({ hasText: `${COPY} was deleted.` }).waitFor();
  await untilRows([RENAMED, SECOND]);
  expect(await placementRows().count()).toBe(2);
});

test('Open in builder: the builder opens with the report\'s members', async () => {
  await rowMenu(SECOND, 'Open in builder');
  await builder().getByRole('heading', { name: SECOND, level: 2 }).waitFor();
  await builder().locator(`ul[data-axis="measures"] > li[data-member^="${ORDERS}"]`).waitFor();
  await builder().locator(`ul[data-axis="rows"] > li[data-member^="${REGION}"]`).waitFor();
  expect(await builder().locator('ul[data-axis="measures"] > li[data-member]').count()).toBe(1);
  expect(await builder().locator('ul[data-axis="rows"] > li[data-member]').count()).toBe(1);
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });
});

test('Delete of the placed report says its 1 placement goes with it; the card goes, the cells keep their values, nothing else is lost', async () => {
  const range = rangeOf('B2', revenueGrid);
  const cellsBefore = (await readCells(page(), range)).values;
  expect(cellsBefore).toEqual(revenueGrid);
  const brokenBefore = (await reportParts()).find((p) => p.id === brokenPartId)!.xml;
  await rowMenu(RENAMED, 'Delete…');
  await reportRow(RENAMED).getByText(`Delete ${RENAMED}?`).waitFor();
  await reportRow(RENAMED).getByText(
    'It is placed 1 time in this workbook. That placement is removed with it: its cells keep the values they show, but are no longer refreshed. This cannot be undone.',
  ).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  // The list from the question's row down, with the part that cannot be read below it.
  await reportRow(RENAMED).evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await cubeShot(page(), 'cube-browse');
  await reportRow(RENAMED).getByRole('button', { name: 'Delete the report' }).click();
  await notice().filter({ hasText: `${RENAMED} was deleted.` }).waitFor();
  await untilRows([SECOND]);
  await placementCard(RENAMED).waitFor({ state: 'detached' });
  expect(await placementRows().count()).toBe(1);
  await placementCard(SECOND).waitFor();
  expect((await readCells(page(), range)).values).toEqual(cellsBefore);
  expect((await readCells(page(), rangeOf('F2', ordersGrid))).values).toEqual(ordersGrid);
  // The unreadable part is still listed and in the workbook as it was; the other report's part is still there.
  expect(await unavailable().locator('li').count()).toBe(1);
  const parts = await reportParts();
  expect(parts.find((p) => p.id === brokenPartId)?.xml).toBe(brokenBefore);
  expect(parts.filter((p) => p.xml.includes(SECOND))).toHaveLength(1);
  expect(parts.some((p) => p.xml.includes(RENAMED))).toBe(false);
  // And after a reload.
  await saveAndReload();
  await untilRows([SECOND]);
  expect(await unavailable().locator('li').count()).toBe(1);
  expect(await placementRows().count()).toBe(1);
});
