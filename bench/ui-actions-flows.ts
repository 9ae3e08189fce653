import type { Page } from 'playwright-core';
import type { CubeLoadResult, CubeQuery } from '../src/contract';
import { freshWorkbench, place, placementRows, reportRows, selectCell } from '../test/browser/support/actions';
import { addMember, chooseView } from '../test/browser/support/builder';
import { timeClick, timeNavigation, untilQuiet, type ActionTiming, type PageCheck } from './ui-actions-timing';

/**
 * Issue 43's four user actions, done as a user does them in the workbench through the pane's visible controls, each
 * timed from the click (or the page's navigation start) to the outcome the user sees as done. Shared by the benchmark
 * (bench/ui-actions.ts, with a round trip per sync) and the test that counts their syncs and requests
 * (test/browser/ui-action-counts.test.ts, without). Set-up runs with no delay; the host's delay is set for the
 * timed click alone.
 */

/** A workbench page signed in as the analyst, and an independent way to the data the builder should show. */
export interface UiSession {
  page: Page;
  /** The workbench page's address, without query or fragment. */
  url: string;
  /** The analyst's API key, given to the pane in the fragment. */
  token: string;
  /** A `/v1/load` of the data API outside the page (what the cells should show). */
  load(query: CubeQuery): Promise<CubeLoadResult>;
}

/** Five statuses by count and revenue: 5 rows × 3 columns under a header row, at B3:D8. */
export const REPORT_5X3 = { title: 'Orders by status', cell: 'B3', range: 'Sheet1!B3:D8' };
/** What the pane's start finds in the workbook: placed first with no delay, apart so that none asks to overwrite another. */
export const PLACED_AT_START = [
  { cell: 'B3', title: 'Orders by status' },
  { cell: 'H3', title: 'Top 10 customers by revenue' },
  { cell: 'B30', title: 'Order value and completion rate' },
  { cell: 'H30', title: 'Category KPIs (measures on rows)' },
];
const BUILDER = { sheet: 'Sheet1', cell: 'H3', top: 2, left: 7, view: 'sales', measure: 'sales.total_amount', dimension: 'sales.region' };

/** The pane has said the report is placed, and its card shows Up to date. */
const placed: PageCheck<{ title: string }> = ({ title }) => {
  const notice = document.querySelector('[data-testid="pane-notice"]');
  if (!notice?.textContent?.includes(`${title} is in`)) return false;
  return [...document.querySelectorAll('[aria-label="Placements in this workbook"] li')]
    .some((card) => card.textContent?.includes(title) && card.querySelector('[data-status="UP_TO_DATE"]') !== null);
};

/** The card's refresh is under way: its Refresh is disabled, the write's progress shows, or the card says so. */
const refreshBegun: PageCheck<{ title: string }> = ({ title }) => {
  const card = [...document.querySelectorAll('[aria-label="Placements in this workbook"] li')].find((li) => li.textContent?.includes(title));
  const refresh = card && [...card.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Refresh');
  return document.querySelector('[data-testid="write-progress"]') !== null || refresh?.disabled === true
    || card?.querySelector('[data-status="REFRESHING"], [data-status="QUEUED"]') != null;
};

/** The card is idle (no progress anywhere on it or of a write, its Refresh offered again) and shows Up to date. */
const refreshedIdle: PageCheck<{ title: string }> = ({ title }) => {
  const card = [...document.querySelectorAll('[aria-label="Placements in this workbook"] li')].find((li) => li.textContent?.includes(title));
  if (!card || document.querySelector('[data-testid="write-progress"]') || card.querySelector('[role="progressbar"]')) return false;
  const refresh = [...card.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Refresh');
  return refresh?.disabled === false && card.querySelector('[data-status="UP_TO_DATE"]')?.textContent?.includes('Up to date') === true;
};

type Cells = (string | number)[][];

/** The sheet's cells (the workbench's model, read without a sync) hold `grid` at top/left, nothing else within rows × columns. */
const cellsShow: PageCheck<{ sheet: string; top: number; left: number; grid: Cells; rows: number; columns: number }> = (arg) => {
  type Model = { sheetByName(name: string): unknown; cellAt(sheet: unknown, row: number, column: number): { value: unknown } | undefined };
  const model = (window as unknown as { workbench: { model: Model } }).workbench.model;
  const sheet = model.sheetByName(arg.sheet);
  for (let r = 0; r < arg.rows; r += 1) {
    for (let c = 0; c < arg.columns; c += 1) {
      if ((model.cellAt(sheet, arg.top + r, arg.left + c)?.value ?? '') !== (arg.grid[r]?.[c] ?? '')) return false;
    }
  }
  return true;
};

/** The first card shows Up to date: the platform's status of a placement the pane found in the workbook. */
const firstCardWithStatus: PageCheck<null> = () => [...document.querySelectorAll('[aria-label="Placements in this workbook"] li')]
  .some((card) => card.querySelector('[data-status="UP_TO_DATE"]') !== null && card.getBoundingClientRect().height > 0);

/** A fresh workbook with the pane signed in as the analyst, nothing placed. */
export async function freshPane(session: UiSession): Promise<void> {
  await freshWorkbench(session.page, session.url, `token=${session.token}`);
  await session.page.getByText(/No reports are placed in this workbook yet/).waitFor();
}

/**
 * Place a 5 × 3 report in a fresh workbook: the cell selected and the report found by its title first (untimed),
 * then Place clicked → the pane says where it is and its card shows Up to date. Leaves it placed.
 */
export async function placeReport(session: UiSession, delayMs: number): Promise<ActionTiming> {
  const { page } = session;
  const { title, cell, range } = REPORT_5X3;
  await freshPane(session);
  await selectCell(page, cell);
  await page.getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await reportRows(page).filter({ hasText: title }).first().waitFor();
  await untilQuiet(page);
  const button = reportRows(page).filter({ hasText: title }).first().getByRole('button', { name: 'Place' });
  const timing = await timeClick(page, delayMs, () => button.click(), { done: placed, arg: { title } });
  const placedAt = await placementRows(page).filter({ hasText: title }).getByTestId('placement-range').textContent();
  if (placedAt !== range) throw new Error(`${title} was placed at ${placedAt}, not at ${range} (5 rows × 3 columns under a header)`);
  return timing;
}

/** The placed report's Refresh on its card, nothing changed since → the card idle and Up to date. */
export async function refreshPlaced(session: UiSession, delayMs: number): Promise<ActionTiming> {
  const { page } = session;
  const { title } = REPORT_5X3;
  const card = placementRows(page).filter({ hasText: title });
  await card.locator('[data-status="UP_TO_DATE"]').waitFor();
  await untilQuiet(page);
  const button = card.getByRole('button', { name: 'Refresh', exact: true });
  return timeClick(page, delayMs, () => button.click(), { started: refreshBegun, done: refreshedIdle, arg: { title } });
}

/** The cells a load of `query` gives as the builder writes them: short titles, then the rows. */
async function resultCells(session: UiSession, query: CubeQuery): Promise<Cells> {
  const { data, annotation } = await session.load(query);
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const headers = [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
  return [headers, ...data.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))])];
}

/** The builder's result on the sheet, the other cells of a rows × columns area empty. */
const builderCells = (grid: Cells, rows: number, columns: number) => ({ sheet: BUILDER.sheet, top: BUILDER.top, left: BUILDER.left, grid, rows, columns });

/** The builder's two results: its small query (revenue) and after the change (revenue by region). */
export interface BuilderResults { before: Cells; after: Cells }

/**
 * New exploration at H3 with auto-run on (switched on in the builder if it is off), the sales view and Revenue on
 * Measures, its total written: the small query the timed change starts from.
 */
export async function openBuilder(session: UiSession): Promise<BuilderResults> {
  const { page } = session;
  const before = await resultCells(session, { measures: [BUILDER.measure] });
  const after = await resultCells(session, { measures: [BUILDER.measure], dimensions: [BUILDER.dimension] });
  await selectCell(page, BUILDER.cell);
  await page.getByTestId('place-target').filter({ hasText: `!${BUILDER.cell}` }).waitFor();
  await page.getByRole('button', { name: 'New exploration' }).click();
  await chooseView(page, BUILDER.view);
  const autoRun = page.getByTestId('builder').getByRole('switch', { name: 'Auto-run' });
  if (!(await autoRun.isChecked())) await autoRun.click();
  await page.getByTestId('builder').getByRole('switch', { name: 'Auto-run', checked: true }).waitFor();
  await addMember(page, BUILDER.measure, 'Add to Measures', 'measures');
  await page.waitForFunction(cellsShow, builderCells(before, before.length + 1, 2));
  return { before, after };
}

/**
 * One click that changes the builder's query: Add to Rows of Region in the member's menu (opened untimed) → the
 * new result in the sheet's cells, auto-run's pause included. Then Region removed again (untimed) for the next run.
 */
export async function builderChange(session: UiSession, delayMs: number, { before, after }: BuilderResults): Promise<ActionTiming> {
  const { page } = session;
  const rows = after.length + 1;
  const columns = after[0]!.length + 1;
  await page.locator(`li[draggable][data-member="${BUILDER.dimension}"]`).getByRole('button').first().click();
  const item = page.getByRole('menuitem', { name: 'Add to Rows' });
  await item.waitFor();
  await untilQuiet(page);
  const timing = await timeClick(page, delayMs, () => item.click(), { done: cellsShow, arg: builderCells(after, rows, columns) });
  await page.getByTestId('builder').locator(`ul[data-axis="rows"] > li[data-member="${BUILDER.dimension}"] [data-control="remove"]`).click();
  await page.waitForFunction(cellsShow, builderCells(before, rows, columns));
  return timing;
}

/** A workbook holding `PLACED_AT_START`, saved, the pane signed in (no delay while placing). */
export async function placeForPaneStart(session: UiSession): Promise<void> {
  const { page } = session;
  await freshPane(session);
  for (const { cell, title } of PLACED_AT_START) await place(page, cell, title);
  await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Placements in this workbook"] li [data-status="UP_TO_DATE"]').length === n, PLACED_AT_START.length);
  await untilQuiet(page);
  await page.evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
}

/** The workbook placed by `placeForPaneStart` opened again at `delayMs` per sync: navigation start → the first card with its status. */
export function paneStart(session: UiSession, delayMs: number): Promise<ActionTiming> {
  return timeNavigation(session.page, delayMs ? `${session.url}?delayMs=${delayMs}` : session.url, { done: firstCardWithStatus, arg: null });
}
