import { join } from 'node:path';
import type { Route } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import type { RunningCubeCore } from '../../server/cube-core';
import { freshWorkbench, placementRows, reportRows, selectCell } from './support/actions';
import { connectCube, startCubeStandIn } from './support/cube';
import { reportPart, workbookWithParts } from './support/hostile-workbook';
import { cubeRows, dollars, grouped, month, paneRequestCount, paneWrites, percent, quarter, recordLoads, shownRows } from './support/preview-rows';
import { openReceivedWorkbook } from './support/received-workbook';
import { axeViolations } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in and starting Chromium take far longer than Jest's default 5 s.
jest.setTimeout(240_000);

const bench = useWorkbench();
const page = () => bench.page;
const reports = () => reportRows(bench.page);
const row = (title: string) => reports().filter({ hasText: title }).first();
const preview = () => bench.page.getByTestId('report-preview');
const sheetCells = () => bench.page.evaluate(() => JSON.stringify((window as unknown as { workbench: { model: { toJSON(): { sheets: unknown } } } }).workbench.model.toJSON().sheets));

/**
 * The two reports previewed here are seeded without a description, and the Platform API has no field to write one
 * (api.yaml `CreateReportInput`/`UpdateReportInput`): the reports list is answered with one added, as a platform
 * whose report has a description answers it. Hostile on purpose: it must arrive as text.
 */
const DESCRIPTION = 'Orders by their status. <img src=x onerror="window.__hacked=1">';
async function withDescription(route: Route): Promise<void> {
  const response = await route.fetch();
  const body = (await response.json()) as { items?: { publicId: string; description?: string | null }[]; data?: { publicId: string; description?: string | null }[] };
  for (const report of [...(body.items ?? []), ...(body.data ?? [])]) if (report.publicId === 'OrdersStatus') report.description = DESCRIPTION;
  await route.fulfill({ response, json: body });
}

/** Every placement the platform has recorded, of every report the admin sees. */
async function recordedPlacements(): Promise<number> {
  let count = 0;
  for await (const report of bench.platform.admin.iterateReports(bench.platform.salesDeploymentId)) count += report.externalWorkbookPlacements?.length ?? 0;
  return count;
}

/** The range the pane says a report was placed in ("… is in Sheet1!B3:D8."), as rows × columns: 6 × 3. */
async function placedSize(title: string): Promise<{ rows: number; columns: number }> {
  const notice = page().getByText(`${title} is in`);
  await notice.waitFor();
  const [, first, top, last, bottom] = /is in Sheet1!([A-Z]+)(\d+):([A-Z]+)(\d+)/.exec((await notice.textContent())!)!;
  const column = (letters: string) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  return { rows: Number(bottom) - Number(top) + 1, columns: column(last!) - column(first!) + 1 };
}

/** Searches for the report, opens its preview and waits for its size (no longer counting). */
async function openPreview(title: string): Promise<string> {
  await page().getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await page().waitForFunction((t) => [...document.querySelectorAll('[aria-label="Reports"] li')].some((li) => li.textContent?.includes(t)), title);
  const button = row(title).getByRole('button', { name: `Preview ${title}` });
  await button.click();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  await row(title).getByRole('group', { name: `Preview of ${title}` }).waitFor();
  await page().waitForFunction(() => /×/.test(document.querySelector('[data-testid="preview-size"]')?.textContent ?? ''));
  return (await preview().getByTestId('preview-size').textContent())!;
}

/** The date and time the pane shows, formatted by the page itself (its locale and time zone). */
const shownDate = (iso: string) => page().evaluate((at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), iso);

test('a preview before placing: description, folder, change, owner, members and size, with nothing written; Place still places', async () => {
  await page().route((url) => /\/api\/v1\/deployments\/\d+\/reports$/.test(url.pathname), withDescription);
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await selectCell(page(), 'B3');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B3' }).waitFor();
  const cellsBefore = await sheetCells();
  const recordedBefore = await recordedPlacements();

  // A pivot: regions down, the quarters of 2025 across, with a Total row and a Total column.
  const pivotSize = await openPreview('Revenue by region and quarter');
  expect(pivotSize).toMatch(/^\d+ rows × \d+ columns$/);
  expect(await preview().getByTestId('preview-description').textContent()).toBe('No description.');
  expect(await preview().getByTestId('preview-folder').textContent()).toBe('Sales / Regional');
  expect(await preview().getByTestId('preview-changed').textContent()).toBe(await shownDate('2026-05-20T09:30:00.000Z'));
  expect(await preview().getByTestId('preview-owner').textContent()).toBe('Ada (admin@example.com)');
  expect(await preview().getByTestId('preview-rows').textContent()).toBe('Region');
  expect(await preview().getByTestId('preview-columns').textContent()).toMatch(/Created at/);
  expect(await preview().getByTestId('preview-measures').textContent()).toBe('Revenue');
  // Placing is never held up by a preview.
  expect(await row('Revenue by region and quarter').getByRole('button', { name: 'Place Revenue by region and quarter' }).isEnabled()).toBe(true);
  await preview().scrollIntoViewIfNeeded();
  await page().screenshot({ path: join(screenshots, 'report-preview.png') });
  expect(await axeViolations(page())).toEqual([]);

  // A flat report, with the platform's description shown as text; opening it closes the other preview.
  const flatSize = await openPreview('Orders by status');
  expect(await preview().count()).toBe(1);
  expect(await preview().getByTestId('preview-description').textContent()).toBe(DESCRIPTION);
  expect(await page().evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
  expect(await preview().getByTestId('preview-folder').textContent()).toBe('Sales');
  expect(await preview().getByTestId('preview-changed').textContent()).toBe(await shownDate('2026-03-02T10:15:00.000Z'));
  expect(await preview().getByTestId('preview-rows').textContent()).toBe('Status');
  expect(await preview().getByTestId('preview-measures').textContent()).toBe('Count, Revenue');
  expect(await preview().getByTestId('preview-columns').count()).toBe(0);
  expect(await axeViolations(page())).toEqual([]);

  // Nothing was written and no placement recorded.
  expect(await sheetCells()).toBe(cellsBefore);
  expect(await recordedPlacements()).toBe(recordedBefore);
  expect(await placementRows(page()).count()).toBe(0);

  // Place, from the row with its preview open: the cells placed are the size the preview said.
  await row('Orders by status').getByRole('button', { name: 'Place' }).click();
  const flatRange = await placedSize('Orders by status');
  expect(flatSize).toBe(`${flatRange.rows} rows × ${flatRange.columns} columns`);
  expect(flatRange).toEqual({ rows: 6, columns: 3 });
  expect(await recordedPlacements()).toBe(recordedBefore + 1);

  // And the pivot, further down.
  await selectCell(page(), 'B20');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B20' }).waitFor();
  await page().getByRole('searchbox', { name: 'Search reports' }).fill('Revenue by region and quarter');
  await row('Revenue by region and quarter').getByRole('button', { name: 'Place' }).click();
  const pivotRange = await placedSize('Revenue by region and quarter');
  expect(pivotSize).toBe(`${pivotRange.rows} rows × ${pivotRange.columns} columns`);
});

test('a slow query: "Estimating…" while the data API answers Continue wait, then what the definition tells; placing is not held up', async () => {
  await page().getByRole('searchbox', { name: 'Search reports' }).fill('Orders by status');
  const open = row('Orders by status').getByRole('button', { name: 'Preview Orders by status' });
  await open.waitFor();
  // Still open from the first test (a preview stays open while the list is searched): closed first.
  if ((await open.getAttribute('aria-expanded')) === 'true') await open.click();
  await preview().waitFor({ state: 'detached' });
  bench.platform.platform.faults.set([{ method: 'POST', path: '^/cubejs-api/v1/load$', continueWait: 10_000 }]);
  try {
    await row('Orders by status').getByRole('button', { name: 'Preview Orders by status' }).click();
    await preview().getByText(/^Estimating…/).waitFor();
    expect(await row('Orders by status').getByRole('button', { name: 'Place Orders by status' }).isEnabled()).toBe(true);
    expect(await axeViolations(page())).toEqual([]);
    // The preview waits 10 s, then says what it knows without the data: three columns, rows unknown.
    await preview().getByText('Unknown number of rows (the query is slow) × 3 columns.').waitFor({ timeout: 30_000 });
  } finally {
    bench.platform.platform.faults.set([]);
  }
});

/** A report's query as the platform keeps it (the admin's view of the deployment's reports). */
async function platformQuery(publicId: string): Promise<CubeQuery> {
  for await (const report of bench.platform.admin.iterateReports(bench.platform.salesDeploymentId)) {
    if (report.publicId === publicId) return JSON.parse(report.jsonQuery!) as CubeQuery;
  }
  throw new Error(`no report ${publicId}`);
}

test("the first 5 rows: a flat report's and a pivot's query rows equal a limit 5 load of its query; one load more than the size's, nothing written", async () => {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  const cellsBefore = await sheetCells();
  const requestsBefore = await paneRequestCount(page());
  const data = await bench.platform.dataClient(bench.platform.admin);

  // A flat report by month: revenue (the model's currency format) and the count.
  const loads = recordLoads(page());
  await openPreview('Monthly revenue');
  const flat = await shownRows(preview());
  loads.stop();
  const monthly = await platformQuery('MonthlyRevnu');
  // Two loads: the size's (one row with Cube's total) and the first rows' (limit 5, no total), the report's own query
  // in the user's time zone otherwise.
  expect(loads.queries).toHaveLength(2);
  const sampleLoad = loads.queries.find((q) => !q.total)!;
  const { timezone, ...asked } = sampleLoad;
  expect(asked).toEqual({ ...monthly, limit: 5 });
  expect(loads.queries.find((q) => q.total)).toMatchObject({ limit: 1, total: true });
  const expected = await data.load({ ...monthly, limit: 5, ...(timezone ? { timezone } : {}) });
  expect(expected.data).toHaveLength(5);
  expect(flat.caption).toBe('First 5 rows');
  expect(flat.headers).toEqual([`${expected.annotation.timeDimensions['orders.created_at.month']!.shortTitle} · Month`, 'Revenue', 'Count']);
  expect(flat.rows).toEqual(expected.data.map((row) => [month(row['orders.created_at.month']), dollars(row['orders.total_amount']), grouped(row['orders.count'])]));
  await preview().scrollIntoViewIfNeeded();
  await page().screenshot({ path: join(screenshots, 'report-preview-rows.png') });
  expect(await axeViolations(page())).toEqual([]);

  // A pivot: the query's rows before the pivot lays them out, said in the caption.
  await openPreview('Revenue by region and quarter');
  const pivot = await shownRows(preview());
  const byQuarter = await platformQuery('RevRegionQtr');
  const pivotRows = await data.load({ ...byQuarter, limit: 5, ...(timezone ? { timezone } : {}) });
  expect(pivot.caption).toBe('First 5 rows of the query');
  expect(pivot.headers).toEqual(['Region', 'Created at · Quarter', 'Revenue']);
  expect(pivot.rows).toEqual(pivotRows.data.map((row) => [String(row['orders.region']), quarter(row['orders.created_at.quarter']), dollars(row['orders.total_amount'])]));
  expect(await axeViolations(page())).toEqual([]);

  // Nothing was written: the cells are as they were and every Office.js request of the pane was a read.
  expect(await sheetCells()).toBe(cellsBefore);
  expect(await paneWrites(page(), requestsBefore)).toEqual([]);
  expect(await placementRows(page()).count()).toBe(0);
});

test('a failed first-rows load is told in words; the size and members stay; in German', async () => {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html?lang=de-DE`, `token=${bench.platform.platform.tokens.analyst}`);
  await page().getByText(/In dieser Arbeitsmappe sind noch keine Berichte platziert/).waitFor();
  // The first rows' load (limit 5, no total) fails as a data API in trouble answers; the size's goes through.
  const loadsAt = (url: URL) => url.pathname.endsWith('/cubejs-api/v1/load');
  await page().route(loadsAt, async (route) => {
    const { query } = route.request().postDataJSON() as { query: CubeQuery };
    if (query.limit === 5 && !query.total) await route.fulfill({ status: 500, json: { error: 'Internal error: the warehouse is down' } });
    else await route.continue();
  });
  try {
    await page().getByRole('searchbox', { name: 'Berichte suchen' }).fill('Orders by status');
    await page().getByRole('button', { name: 'Vorschau: Orders by status', exact: true }).click();
    const status = preview().getByTestId('preview-sample-status').filter({ hasText: /^Die ersten Zeilen konnten nicht geladen werden: / });
    await status.waitFor();
    await page().waitForFunction(() => /×/.test(document.querySelector('[data-testid="preview-size"]')?.textContent ?? ''));
    expect(await preview().getByTestId('preview-size').textContent()).toBe('6 Zeilen × 3 Spalten');
    expect(await preview().getByTestId('preview-measures').textContent()).toBe('Count, Revenue');
    expect(await preview().getByRole('table').count()).toBe(0);
    await preview().scrollIntoViewIfNeeded();
    await page().screenshot({ path: join(screenshots, 'report-preview-rows-failed-de.png') });
    expect(await axeViolations(page())).toEqual([]);
  } finally {
    await page().unroute(loadsAt);
  }
});

describe('Cube API mode', () => {
  let cube: RunningCubeCore;
  beforeAll(async () => {
    cube = await startCubeStandIn([bench.workbench.server.url]);
  });
  afterAll(async () => {
    await cube?.close();
  });

  const DAILY = 'Daily completion by region';
  const dailyQuery: CubeQuery = {
    measures: ['sales.total_amount', 'sales.completed_percentage'], dimensions: ['sales.region'],
    timeDimensions: [{ dimension: 'sales.created_at', granularity: 'day', dateRange: ['2025-01-01', '2025-12-31'] }],
    order: { 'sales.created_at': 'asc', 'sales.region': 'asc' },
  };
  const TOP = 'Top 3 categories';
  const topQuery: CubeQuery = { measures: ['sales.count'], dimensions: ['sales.category'], order: { 'sales.count': 'desc' }, limit: 3 };

  /** A workbook keeping the two reports, placed nowhere. */
  const kept = () => workbookWithParts([
    reportPart('{11111111-0000-4000-8000-000000000001}', 1, DAILY, dailyQuery), reportPart('{11111111-0000-4000-8000-000000000002}', 2, TOP, topQuery),
  ]);

  test("a kept report's first rows equal a limit 5 load on the Cube API, its own limit 3 gives 3, in English and German; nothing written", async () => {
    await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`);
    await connectCube(page(), cube);
    await openReceivedWorkbook(page(), kept(), { forgetConsent: false });
    await page().getByTestId('cube-connected').waitFor();
    await page().getByText(/No reports are placed in this workbook yet/).waitFor();
    const cellsBefore = await sheetCells();
    const requestsBefore = await paneRequestCount(page());

    const loads = recordLoads(page());
    await openPreview(DAILY);
    const daily = await shownRows(preview());
    loads.stop();
    expect(loads.queries).toHaveLength(2);
    const { timezone, ...asked } = loads.queries.find((q) => !q.total)!;
    expect(asked).toEqual({ ...dailyQuery, limit: 5 });
    const expected = await cubeRows(cube, { ...dailyQuery, limit: 5, ...(timezone ? { timezone } : {}) });
    expect(expected).toHaveLength(5);
    expect(daily.caption).toBe('First 5 rows');
    expect(daily.headers).toEqual(['Region', 'Created at · Day', 'Revenue', 'Completion rate']);
    // A day as Excel's yyyy-mm-dd, a ratio as a percentage with two decimals (the model's `percent`).
    expect(daily.rows).toEqual(expected.map((row) => [
      String(row['sales.region']), String(row['sales.created_at.day']).slice(0, 10), dollars(row['sales.total_amount']), percent(row['sales.completed_percentage'], 'en-US'),
    ]));
    expect(await preview().getByTestId('preview-owner').textContent()).toBe('Bo');
    // Four columns are wider than the pane: the table scrolls sideways in its own box, the pane does not.
    const widths = await preview().getByRole('region').evaluate((box) => ({
      box: box.clientWidth, table: box.scrollWidth, past: box.getBoundingClientRect().right - document.querySelector('.pane')!.getBoundingClientRect().right,
    }));
    expect(widths.table).toBeGreaterThan(widths.box);
    expect(widths.past).toBeLessThanOrEqual(0);
    await preview().scrollIntoViewIfNeeded();
    await page().screenshot({ path: join(screenshots, 'report-preview-rows-cube.png') });
    await preview().getByRole('region').focus();
    await page().keyboard.press('ArrowRight');
    await page().keyboard.press('ArrowRight');
    await page().keyboard.press('ArrowRight');
    // The keys scroll the box to its last column (smoothly: waited for).
    await page().waitForFunction(() => {
      const box = document.querySelector('[data-testid="preview-sample"]')!;
      return box.scrollLeft > 0 && box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    });
    await page().screenshot({ path: join(screenshots, 'report-preview-rows-cube-scrolled.png') });
    expect(await axeViolations(page())).toEqual([]);

    // The report's own limit is smaller: three rows, as many as placing places.
    await openPreview(TOP);
    const top = await shownRows(preview());
    const topRows = await cubeRows(cube, topQuery);
    expect(top.caption).toBe('First 3 rows');
    expect(top.rows).toEqual(topRows.map((row) => [String(row['sales.category']), grouped(row['sales.count'])]));
    expect(await sheetCells()).toBe(cellsBefore);
    expect(await paneWrites(page(), requestsBefore)).toEqual([]);

    // German: the caption and the digits of the pane's language.
    await openReceivedWorkbook(page(), kept(), { forgetConsent: false, address: `${bench.workbench.server.url}/workbench.html?lang=de-DE` });
    await page().getByTestId('cube-connected').waitFor();
    await page().getByRole('searchbox', { name: 'Berichte suchen' }).fill(TOP);
    await page().getByRole('button', { name: `Vorschau: ${TOP}`, exact: true }).click();
    const german = await shownRows(preview());
    expect(german.caption).toBe('Die ersten 3 Zeilen');
    expect(german.rows).toEqual(topRows.map((row) => [String(row['sales.category']), new Intl.NumberFormat('de-DE').format(Number(row['sales.count']))]));
    await page().getByRole('searchbox', { name: 'Berichte suchen' }).fill(DAILY);
    await page().getByRole('button', { name: `Vorschau: ${DAILY}`, exact: true }).click();
    await preview().getByTestId('preview-sample-caption').filter({ hasText: 'Die ersten 5 Zeilen' }).waitFor();
    expect((await shownRows(preview())).rows.map((r) => r[3])).toEqual(expected.map((r) => percent(r['sales.completed_percentage'], 'de-DE')));
    await preview().scrollIntoViewIfNeeded();
    await page().screenshot({ path: join(screenshots, 'report-preview-rows-cube-de.png') });
    expect(await axeViolations(page())).toEqual([]);
  });
});
