import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { builderEn } from '../../src/taskpane/i18n/builder-en';
import { freshWorkbench, place, readCells, selectCell } from './support/actions';
import { addMember, chooseView } from './support/builder';
import { axeViolations, focusIsVisible, settledPaint, tabTo } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

const bench = useWorkbench();
const page = (): Page => bench.page;
const builder = () => page().getByTestId('builder');
const status = () => page().getByTestId('builder-status');

type User = 'admin' | 'analyst';

/** A fresh workbook in the workbench, signed in as `user`, with the user's sheet settings as given. */
async function openPane(user: User, settings: Record<string, boolean>, query = '', ready: RegExp = /No reports are placed in this workbook yet/) {
  await bench.platform[user].updateSettings({ sheets: settings });
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html${query}`, `token=${bench.platform.platform.tokens[user]}`);
  await page().getByText(ready).waitFor();
}

async function newExploration(name = 'New exploration') {
  await page().getByRole('button', { name }).click();
  await page().getByTestId('builder-view-picker').waitFor();
}



/** Picks an option of a Fluent dropdown named `label`. */
async function pick(label: string, option: string) {
  await builder().getByRole('combobox', { name: label }).click();
  await page().getByRole('option', { name: option, exact: true }).click();
  await builder().getByRole('combobox', { name: label }).filter({ hasText: option }).waitFor();
}

/** What the builder's run status says now: done, running, pending, failed, or idle (empty). */
async function runStatus(): Promise<{ kind: string; text: string }> {
  const text = (await status().innerText()).trim();
  if (/\d+ (rows?|Zeilen?) (at|in) /.test(text)) return { kind: 'done', text };
  if (/Running|Wird ausgeführt/.test(text)) return { kind: 'running', text };
  if (text === '') return { kind: 'idle', text };
  if (/not run yet|run in a moment|noch nicht ausgeführt|gleich ausgeführt/.test(text)) return { kind: 'pending', text };
  return { kind: 'other', text };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the run is done and the sheet's cells at `address` hold `expected` (the builder's state can lag
 * the click by a render, so the cells are what is waited on); fails with the difference otherwise.
 */
async function untilCells(address: string, expected: unknown[][], timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown[][] = [];
  let run = { kind: '', text: '' };
  while (Date.now() < deadline) {
    run = await runStatus();
    if (run.kind === 'done') {
      last = (await readCells(page(), address)).values;
      if (JSON.stringify(last) === JSON.stringify(expected)) return run.text;
    }
    await sleep(100);
  }
  expect({ run, cells: last }).toEqual({ run: expect.objectContaining({ kind: 'done' }), cells: expected });
  return run.text;
}

let dataClient: ReturnType<typeof bench.platform.dataClient> | undefined;

/** The cells an independent `/v1/load` of the query gives: the headers (Cube's short titles), then the rows. */
async function expectedGrid(query: CubeQuery): Promise<(string | number)[][]> {
  dataClient ??= bench.platform.dataClient(bench.platform.admin);
  const { data: rows, annotation } = await (await dataClient).load(query);
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const headers = [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
  return [headers, ...rows.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))])];
}

/** `grid` padded with empty cells to `rows` × `columns` (to see that nothing is left beyond the result). */
function padded(grid: unknown[][], rows: number, columns: number): unknown[][] {
  return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => grid[r]?.[c] ?? ''));
}

const column = (letter: string, offset: number) => String.fromCharCode(letter.charCodeAt(0) + offset);
/** The range of a grid anchored at a cell (`B2`), with `extra` empty rows and columns around its end. */
function rangeOf(anchor: string, grid: unknown[][], extra = 0): string {
  const [, col, row] = /^([A-Z])(\d+)$/.exec(anchor)!;
  const width = Math.max(...grid.map((r) => r.length)) + extra;
  return `${anchor}:${column(col!, width - 1)}${Number(row) + grid.length + extra - 1}`;
}

async function expectCells(anchor: string, grid: unknown[][]) {
  const width = Math.max(...grid.map((r) => r.length));
  return untilCells(rangeOf(anchor, grid, 2), padded(grid, grid.length + 2, width + 2));
}

const REVENUE = 'sales.total_amount';
const REGION = 'sales.region';
const CREATED = 'sales.created_at';
const STATUS = 'sales.status';
const lastYear = { member: CREATED, operator: 'inDateRange' as const, values: ['last year'] };

/** axe's serious and critical findings in the pane. */
async function axe() {
  await settledPaint(page());
  return axeViolations(page());
}

/**
 * A screenshot for the README (which shows them from docs/screenshots, copied from here), with the pane scrolled
 * so `top` (a part of the builder) is at its top; taken once the page has painted and nothing moves.
 */
async function shot(name: string, top?: Locator) {
  await top?.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await settledPaint(page());
  await page().screenshot({ path: join(screenshots, `${name}.png`) });
}

/** As a user builds it: Revenue on Measures, Region on Rows, Created at on Filters set to last year; each step checked. */
async function buildRevenueByRegion(anchor: string): Promise<(string | number)[][]> {
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await expectCells(anchor, await expectedGrid({ measures: [REVENUE] }));

  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await expectCells(anchor, await expectedGrid({ measures: [REVENUE], dimensions: [REGION] }));

  // A date filter starts as the last 12 months; the preset makes it last year.
  await addMember(page(), CREATED, 'Add to Filters', 'filters');
  await expectCells(anchor, await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [{ ...lastYear, values: ['last 12 months'] }] }));
  await pick('Date range of Created at', 'Last year');
  const expected = await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [lastYear] });
  const done = await expectCells(anchor, expected);
  expect(done).toBe(`${expected.length} rows at Sheet1!${rangeOf(anchor, expected)}`);
  return expected;
}

/** Starts a new exploration of `sales` at `anchor` (selected first, as in Excel). */
async function startAt(anchor: string) {
  await selectCell(page(), anchor);
  await page().getByTestId('place-target').filter({ hasText: `Sheet1!${anchor}` }).waitFor();
  await newExploration();
  await builder().getByTestId('builder-location').filter({ hasText: `Result goes to the selection: Sheet1!${anchor}` }).waitFor();
  await chooseView(page(), 'sales');
}

/** Saves the exploration as a new report named `name` and waits for the builder to say so. */
async function saveAsReport(name: string) {
  await builder().getByRole('button', { name: 'Save as report…' }).click();
  await builder().getByRole('textbox', { name: 'Report name' }).fill(name);
  await builder().getByRole('button', { name: 'Save report' }).click();
  await builder().getByText(`Saved as “${name}”. These cells are now its placement.`).waitFor();
}

async function closeBuilder() {
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });
}

const placementRow = (title: string) => page().locator('[aria-label="Placements in this workbook"] li', { hasText: title });
const reportRow = (title: string) => page().locator('[aria-label="Reports"] li', { hasText: title });

/** Searches the reports list for `title` until its row is the only one. */
async function findReport(title: string) {
  await page().getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await reportRow(title).waitFor();
  await page().waitForFunction(() => document.querySelectorAll('[aria-label="Reports"] li').length === 1);
  return reportRow(title);
}

test('Revenue by Region with a last-year filter: auto-run writes every change at the selection, as an independent load answers', async () => {
  await openPane('admin', { autoRunQueryOnChange: true, showAppliedFilters: false });
  await startAt('B2');
  expect(await builder().getByRole('switch', { name: 'Auto-run' }).isChecked()).toBe(true);
  expect(await axe()).toEqual([]);
  const expected = await buildRevenueByRegion('B2');
  await builder().getByTestId('builder-location').filter({ hasText: `Result at Sheet1!${rangeOf('B2', expected)}` }).waitFor();
  await shot('builder-revenue-by-region', builder().getByRole('heading', { name: 'Layout' }));
  expect(await axe()).toEqual([]);
});

test('auto-run off: changes wait for Run, the cells stay as they were until it is pressed', async () => {
  await openPane('admin', { autoRunQueryOnChange: false, showAppliedFilters: false });
  await startAt('B2');
  expect(await builder().getByRole('switch', { name: 'Auto-run' }).isChecked()).toBe(false);
  const run = builder().getByRole('button', { name: 'Run', exact: true });

  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await status().getByText('Changes not run yet.').waitFor();
  expect((await readCells(page(), 'B2:D5')).values).toEqual(padded([], 4, 3));
  await run.click();
  const total = await expectedGrid({ measures: [REVENUE] });
  await expectCells('B2', total);

  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await status().getByText('Changes not run yet.').waitFor();
  await addMember(page(), CREATED, 'Add to Filters', 'filters');
  await pick('Date range of Created at', 'Last year');
  await status().getByText('Changes not run yet.').waitFor();
  // Nothing ran: the total alone is still there, nothing beside or below it.
  expect((await readCells(page(), 'B2:D8')).values).toEqual(padded(total, 7, 3));
  await shot('builder-not-run', builder().getByRole('heading', { level: 2 }));
  expect(await axe()).toEqual([]);

  await run.click();
  await expectCells('B2', await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [lastYear] }));
  expect(await axe()).toEqual([]);

  // The switch is the user's setting: turned on, it is saved for them, and changes run by themselves.
  await builder().getByRole('switch', { name: 'Auto-run' }).click();
  await run.waitFor({ state: 'detached' });
  for (let i = 0; (await bench.platform.admin.getCurrentUser()).settings?.sheets?.autoRunQueryOnChange !== true; i += 1) {
    if (i > 100) throw new Error('Auto-run was not saved for the user');
    await sleep(100);
  }
  // Reordered and removed with the axis list's buttons.
  await addMember(page(), STATUS, 'Add to Rows', 'rows');
  await expectCells('B2', await expectedGrid({ measures: [REVENUE], dimensions: [REGION, STATUS], filters: [lastYear] }));
  await builder().locator(`ul[data-axis="rows"] > li[data-member="${STATUS}"] [data-control="up"]`).click();
  await builder().locator(`ul[data-axis="rows"] > li[data-member="${STATUS}"][data-index="0"]`).waitFor();
  await expectCells('B2', await expectedGrid({ measures: [REVENUE], dimensions: [STATUS, REGION], filters: [lastYear] }));
  await builder().locator(`ul[data-axis="rows"] > li[data-member="${STATUS}"] [data-control="remove"]`).click();
  await expectCells('B2', await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [lastYear] }));
  expect(await builder().locator('ul[data-axis="rows"] > li').count()).toBe(1);
});

test('Save as a report: its cells become its placement, Up to date, and the report lists it as here once', async () => {
  const name = 'Revenue by region, last year (saved)';
  await openPane('admin', { autoRunQueryOnChange: true, showAppliedFilters: false });
  await startAt('B2');
  const expected = await buildRevenueByRegion('B2');
  await saveAsReport(name);
  await builder().getByRole('heading', { name, level: 2 }).waitFor();
  await builder().getByTestId('builder-location').filter({ hasText: `Result at Sheet1!${rangeOf('B2', expected)}` }).waitFor();
  // Now the opened report: Save, and the report's own actions.
  await builder().getByRole('button', { name: 'Save', exact: true }).waitFor();
  await shot('builder-saved', builder().getByRole('heading', { level: 2 }));
  expect(await axe()).toEqual([]);

  await closeBuilder();
  await placementRow(name).getByText('Up to date').waitFor();
  expect(await placementRow(name).getByTestId('placement-range').textContent()).toBe(`Sheet1!${rangeOf('B2', expected)}`);
  const row = await findReport(name);
  await row.getByTestId('folder-path').filter({ hasText: '· 1 here' }).waitFor();
  // The cells are as the exploration wrote them.
  expect((await readCells(page(), rangeOf('B2', expected))).values).toEqual(expected);
  const report = await bench.platform.admin.getReport(bench.platform.salesDeploymentId, Number(await row.getAttribute('data-report-id')));
  expect(JSON.parse(report.jsonQuery!)).toEqual({
    measures: [REVENUE], dimensions: [REGION], timeDimensions: [], filters: [lastYear],
  });
  expect(report.externalWorkbookPlacements).toEqual([expect.objectContaining({ syncStatus: 'UP_TO_DATE', resultLocation: `Sheet1!${rangeOf('B2', expected)}` })]);
  expect(await axe()).toEqual([]);
});

test('open from a cell: a placement\'s report opens in the builder; saving a quarter granularity puts its other placement out of date', async () => {
  const name = 'Revenue by region, opened from a cell';
  await openPane('admin', { autoRunQueryOnChange: true, showAppliedFilters: false, openExplorationFromSheet: true });
  await startAt('B2');
  const expected = await buildRevenueByRegion('B2');
  await saveAsReport(name);
  await closeBuilder();
  await placementRow(name).getByText('Up to date').waitFor();

  // The same report a second time, below.
  await selectCell(page(), 'B20');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B20' }).waitFor();
  const row = await findReport(name);
  const reportId = Number(await row.getAttribute('data-report-id'));
  await row.getByRole('button', { name: 'Place' }).click();
  await page().getByText(`${name} is in Sheet1!B20`).waitFor();
  // Place leaves the selection inside the cells it wrote: that is no selection by the user, and opens nothing.
  expect(await builder().count()).toBe(0);
  await page().waitForFunction((title) => [...document.querySelectorAll('[aria-label="Placements in this workbook"] li')].filter((li) => li.textContent?.includes(title)).length === 2, name);

  // A click into the first placement opens its report.
  await page().locator('[data-cell="C4"]').click();
  await builder().getByRole('heading', { name, level: 2 }).waitFor();
  await builder().getByTestId('builder-location').filter({ hasText: `Result at Sheet1!${rangeOf('B2', expected)}` }).waitFor();
  expect(await builder().locator('ul[data-axis="rows"] > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-member')))).toEqual([REGION]);
  expect(await builder().locator('ul[data-axis="filters"] > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-member')))).toEqual([CREATED]);

  await addMember(page(), CREATED, 'Add to Columns', 'columns');
  await pick('Group Created at by', 'Quarter');
  await builder().locator(`ul[data-axis="columns"] > li[data-member="${CREATED}.quarter"]`).waitFor();
  await builder().getByRole('button', { name: 'Save', exact: true }).click();
  await builder().getByText(`Saved “${name}”.`, { exact: false }).waitFor();
  await shot('builder-open-from-cell', builder().getByRole('heading', { name: 'Layout' }));
  expect(await axe()).toEqual([]);

  const saved = await bench.platform.admin.getReport(bench.platform.salesDeploymentId, reportId);
  expect(JSON.parse(saved.jsonQuery!)).toMatchObject({ timeDimensions: [{ dimension: CREATED, granularity: 'quarter', dateRange: 'last year' }] });
  const statuses = Object.fromEntries(saved.externalWorkbookPlacements!.map((p) => [p.resultLocation!.split(':')[0], p.syncStatus]));
  expect(statuses).toEqual({ 'Sheet1!B2': 'UP_TO_DATE', 'Sheet1!B20': 'CHANGED' });

  await closeBuilder();
  await placementRow(name).filter({ hasText: 'Sheet1!B20' }).getByText('Out of date').waitFor();
  await placementRow(name).filter({ hasText: 'Sheet1!B2:' }).getByText('Up to date').waitFor();
});

test('a report the user may read but not change: it opens with nothing missing; Save is disabled and says why, Save as is hers', async () => {
  await openPane('analyst', { autoRunQueryOnChange: true, showAppliedFilters: false });
  await place(page(), 'B2', 'Orders by status');
  await placementRow('Orders by status').locator('[data-action="edit"]').click();
  await builder().getByRole('heading', { name: 'Orders by status', level: 2 }).waitFor();
  await builder().locator('li[draggable][data-member]').first().waitFor();
  // The report is on the model's `orders` cube, which /v1/meta lists beside the views: none of its members is missing.
  expect(await builder().getByTestId('builder-unknown-members').count()).toBe(0);
  const save = builder().getByRole('button', { name: 'Save', exact: true });
  expect(await save.getAttribute('aria-disabled')).toBe('true');
  const refusal = builder().getByTestId('save-refusal');
  expect(await refusal.textContent()).toBe(
    'You can explore, but you do not have the right to change this report. Ask an admin for edit access. Save as saves your version as a new report.',
  );
  // The reason is the button's description, for a screen reader too.
  expect(await save.getAttribute('aria-describedby')).toBe(await refusal.getAttribute('id'));
  await save.click({ force: true });
  expect(await builder().getByText('Saved', { exact: false }).count()).toBe(0);
  // Save as is open to her: into her own folder.
  const saveAs = builder().getByRole('button', { name: 'Save as…' });
  expect(await saveAs.getAttribute('aria-disabled')).not.toBe('true');
  await saveAs.click();
  await builder().getByRole('combobox', { name: 'Folder' }).filter({ hasText: "Anna's reports" }).waitFor();
  await builder().getByRole('button', { name: 'Cancel' }).click();
  await refusal.scrollIntoViewIfNeeded();
  await shot('builder-no-save-right');
  expect(await axe()).toEqual([]);
});

/** A check of the focused element, run in the page (a function's source, as `tabTo` sends it there). */
const focused = (body: string) => new Function('el', body) as (el: Element) => boolean;
const memberButton = (member: string) => focused(`return el.tagName === 'BUTTON' && el.closest('li[draggable][data-member="${member}"]') !== null;`);
const buttonNamed = (name: string) => focused(`return el.tagName === 'BUTTON' && el.textContent.trim() === ${JSON.stringify(name)};`);
const comboboxNamed = (name: string) => focused(`return el.getAttribute('role') === 'combobox' && [...(el.labels ?? [])].concat(document.getElementById(el.getAttribute('aria-labelledby')?.split(' ')[0] ?? '') ?? []).some((l) => l && l.textContent.trim() === ${JSON.stringify(name)});`);

/** With a Fluent dropdown focused: opens it, moves down to the option (its text, or its `data-view`), and picks it. */
async function keyboardPick(option: string) {
  await page().keyboard.press('Enter');
  await page().getByRole('listbox').waitFor();
  await page().keyboard.press('Home');
  for (let i = 0; i < 30; i += 1) {
    const active = await page().evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      const el = id ? document.getElementById(id) : null;
      return el ? [el.textContent?.trim(), el.getAttribute('data-view')] : [];
    });
    if (active.includes(option)) {
      await page().keyboard.press('Enter');
      return;
    }
    await page().keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

/** With a member's button focused: opens its menu and picks `item` with the arrow keys. */
async function keyboardMenu(item: string) {
  await page().keyboard.press('Enter');
  await page().getByRole('menu').waitFor();
  for (let i = 0; i < 10; i += 1) {
    const text = await page().evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent?.trim() : null));
    if (text === item) {
      await page().keyboard.press('Enter');
      await page().getByRole('menu').waitFor({ state: 'detached' });
      return;
    }
    await page().keyboard.press('ArrowDown');
  }
  throw new Error(`no menu item ${item}`);
}

/** Presses Shift+Tab until the focused element matches. */
async function shiftTabTo(matches: (el: Element) => boolean, limit = 80) {
  for (let i = 0; i < limit; i += 1) {
    await page().keyboard.press('Shift+Tab');
    if (await page().evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`not reached by Shift+Tab in ${limit} presses`);
}

test('keyboard only: build Revenue by Region for last year and save it as a report; axe finds nothing serious', async () => {
  const name = 'Revenue by region, built by keyboard';
  await openPane('admin', { autoRunQueryOnChange: true, showAppliedFilters: false });
  // The anchor is selected in Excel itself (its own keys); from here on, only the keyboard in the pane.
  await selectCell(page(), 'B2');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();

  await tabTo(page(), buttonNamed('New exploration'));
  expect(await focusIsVisible(page())).toBe(true);
  await page().keyboard.press('Enter');
  await page().getByTestId('builder-view-picker').waitFor();
  await tabTo(page(), focused(`return el.getAttribute('data-testid') === 'builder-view-picker';`));
  expect(await focusIsVisible(page())).toBe(true);
  await keyboardPick('sales');
  await page().locator(`li[draggable][data-member="${REVENUE}"]`).waitFor();
  expect(await axe()).toEqual([]);

  // Each member from its menu, in the order the list has them (Tab only goes forward).
  await tabTo(page(), memberButton(REVENUE));
  expect(await focusIsVisible(page())).toBe(true);
  await keyboardMenu('Add to Measures');
  await expectCells('B2', await expectedGrid({ measures: [REVENUE] }));
  await tabTo(page(), memberButton(CREATED));
  await keyboardMenu('Add to Filters');
  await tabTo(page(), memberButton(REGION), 80);
  await keyboardMenu('Add to Rows');
  await builder().locator(`ul[data-axis="rows"] > li[data-member="${REGION}"]`).waitFor();
  await tabTo(page(), comboboxNamed('Date range of Created at'), 80);
  expect(await focusIsVisible(page())).toBe(true);
  await keyboardPick('Last year');
  const expected = await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [lastYear] });
  await expectCells('B2', expected);
  expect(await axe()).toEqual([]);

  await tabTo(page(), buttonNamed('Save as report…'), 80);
  expect(await focusIsVisible(page())).toBe(true);
  await page().keyboard.press('Enter');
  // The form's first field takes the focus; Enter in it saves.
  await page().waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.includes('Report name') === true);
  await page().keyboard.type(name);
  await page().keyboard.press('Enter');
  await builder().getByText(`Saved as “${name}”. These cells are now its placement.`).waitFor();
  // The form is gone; the focus is back on the button that opened it, not lost to the page.
  await page().waitForFunction(() => document.activeElement?.textContent?.trim() === 'Save as…');
  expect(await focusIsVisible(page())).toBe(true);
  expect(await axe()).toEqual([]);

  await shiftTabTo(buttonNamed('Close'));
  expect(await focusIsVisible(page())).toBe(true);
  await shot('builder-keyboard-only', builder().getByRole('heading', { level: 2 }));
  await page().keyboard.press('Enter');
  await builder().waitFor({ state: 'detached' });
  await placementRow(name).getByText('Up to date').waitFor();
  expect((await readCells(page(), rangeOf('B2', expected))).values).toEqual(expected);
  expect(await axe()).toEqual([]);
});

test('German: the builder in German, from the button to the run', async () => {
  await openPane('admin', { autoRunQueryOnChange: true, showAppliedFilters: false }, '?lang=de-DE', /In dieser Arbeitsmappe sind noch keine Berichte platziert/);
  await selectCell(page(), 'B2');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();
  await newExploration('Neue Abfrage');
  await builder().getByRole('heading', { name: 'Neue Abfrage', level: 2 }).waitFor();
  await builder().getByTestId('builder-location').filter({ hasText: 'Ergebnis kommt in die Auswahl: Sheet1!B2' }).waitFor();
  await chooseView(page(), 'sales');
  await addMember(page(), REVENUE, 'Zu Kennzahlen hinzufügen', 'measures');
  await addMember(page(), REGION, 'Zu Zeilen hinzufügen', 'rows');
  await addMember(page(), CREATED, 'Zu Filtern hinzufügen', 'filters');
  await pick('Zeitraum von Created at', 'Letztes Jahr');
  const expected = await expectedGrid({ measures: [REVENUE], dimensions: [REGION], filters: [lastYear] });
  const done = await expectCells('B2', expected);
  expect(done).toBe(`${expected.length} Zeilen in Sheet1!${rangeOf('B2', expected)}`);
  await builder().getByRole('switch', { name: 'Automatisch ausführen' }).waitFor();
  for (const heading of ['Felder', 'Anordnung', 'Zeilen', 'Spalten', 'Kennzahlen', 'Filter', 'Sortierung und Limit', 'Darstellung', 'Bericht']) {
    await builder().getByRole('heading', { name: heading, exact: true }).first().waitFor();
  }
  await builder().getByRole('button', { name: 'Als Bericht speichern…' }).waitFor();
  await shot('builder-german', builder().getByRole('heading', { name: 'Anordnung' }));
  expect(await axe()).toEqual([]);

  // None of the builder's English words are left (the model's titles, e.g. Revenue, are the platform's).
  const model = ['Revenue and order counts for analysts.', 'Revenue', 'Region', 'Created at', 'Sales', 'Sheet1'];
  const text = model.reduce((rest, words) => rest.replaceAll(words, ' '), await builder().innerText());
  const english = leafStrings(builderEn).filter((words) => words.length >= 4);
  const asWords = (words: string) => new RegExp(`(^|[^\\p{L}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
  expect(english.filter((words) => asWords(words).test(text))).toEqual([]);
});

function leafStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(leafStrings);
  return [];
}
