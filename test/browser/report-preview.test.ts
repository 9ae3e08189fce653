import { join } from 'node:path';
import type { Route } from 'playwright-core';
import { freshWorkbench, placementRows, reportRows, selectCell } from './support/actions';
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
