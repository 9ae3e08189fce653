import { join } from 'node:path';
import { clickPlace, freshWorkbench, placementRows, readCells, runExcel } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

// Building the add-in, starting Chromium and writing 560,000 cells take far longer than Jest's default 5 s.
jest.setTimeout(300_000);

const bench = useWorkbench();

const TITLE = 'Every order, one per row';
/** 80,000 orders × 7 columns: 560,000 cells, some 7 MB of values, so the write goes out in more than one request. */
const ROWS = 80_000;

async function largeReport() {
  const { admin, salesDeploymentId } = bench.platform;
  const sales = (await admin.allFolders(salesDeploymentId)).find((folder) => folder.name === 'Sales')!;
  return admin.createReport(salesDeploymentId, {
    name: TITLE, folderId: sales.id,
    jsonQuery: JSON.stringify({
      dimensions: ['orders.id', 'orders.customer_name', 'orders.status', 'orders.category', 'orders.region', 'orders.customer_segment'],
      measures: ['orders.total_amount'], order: { 'orders.id': 'asc' }, limit: ROWS,
    }),
  });
}

/** The bar's count under the progress bar, as a number of rows written (null while none is shown). */
const rowsWritten = () => bench.page.getByTestId('write-progress').textContent().then((text) => {
  const match = /([\d,]+) of ([\d,]+) rows written/.exec(text ?? '');
  return match ? { written: Number(match[1]!.replace(/,/g, '')), total: Number(match[2]!.replace(/,/g, '')) } : null;
});

test('Stop during a large write: the bar shows rows written of rows, Stop puts the cells back, and the pane says so', async () => {
  const report = await largeReport();
  // Each sync of the workbench's Excel takes two seconds, as on a slow connection: time to press Stop between requests.
  await freshWorkbench(bench.page, `${bench.workbench.server.url}/workbench.html?delayMs=2000`, `token=${bench.platform.platform.tokens.analyst}`);
  await bench.page.getByText(/No reports are placed in this workbook yet/).waitFor();
  // The user's own cells where the result will go: the pane asks before covering them.
  await runExcel(bench.page, `
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('C4:D5').values = [['Budget', 1200], ['Forecast', 1350]];
    sheet.getRange('C4:C5').format.font.bold = true;
    await context.sync();`);
  const before = await readCells(bench.page, 'B2:H6');

  await clickPlace(bench.page, 'B2', TITLE);
  await bench.page.getByRole('button', { name: 'Overwrite' }).click();

  // A determinate bar: rows written of rows, and Stop beside it; pressed once some rows are written.
  const stop = bench.page.getByTestId('write-progress').getByRole('button', { name: 'Stop' });
  // The result's query runs again after the answer (80,000 rows, laid out in the page) before the write begins.
  await stop.waitFor({ timeout: 150_000 }).catch(async (error: unknown) => {
    await bench.page.screenshot({ path: join(screenshots, 'stop-large-write-no-stop.png') });
    throw error;
  });
  await bench.page.waitForFunction(() => /[1-9][\d,]* of [\d,]+ rows written/.test(document.querySelector('[data-testid="write-progress"]')?.textContent ?? ''), null, { timeout: 120_000 });
  const progress = await rowsWritten();
  expect(progress!.total).toBe(ROWS + 1);
  expect(progress!.written).toBeGreaterThan(0);
  expect(progress!.written).toBeLessThan(ROWS + 1);
  await stop.click();
  // Pressed: the bar stays with its count, Stop waits, and the pane says the cells are being put back.
  await bench.page.getByText('Stopping… the cells are being put back as they were.').waitFor();
  expect(await stop.isDisabled()).toBe(true);
  expect(await bench.page.getByRole('progressbar').getAttribute('aria-valuenow')).not.toBeNull();
  await bench.page.screenshot({ path: join(screenshots, 'stop-large-write-progress.png') });

  // The pane says what happened, in words a person can act on.
  const notice = bench.page.getByTestId('pane-notice');
  await notice.getByText(`Stopped: ${TITLE} was not placed. The cells were put back as they were. Place it again when you are ready.`).waitFor({ timeout: 120_000 });
  await bench.page.getByTestId('write-progress').waitFor({ state: 'detached' });
  await bench.page.screenshot({ path: join(screenshots, 'stop-large-write-stopped.png') });

  // The cells hold what they held: the user's values and bold, and nothing of the result anywhere below.
  expect(await readCells(bench.page, 'B2:H6')).toEqual(before);
  const far = await readCells(bench.page, `B${ROWS - 10}:H${ROWS + 2}`);
  expect(far.values.flat().every((v) => v === '')).toBe(true);
  const bold = await runExcel<boolean>(bench.page, `
    const range = context.workbook.worksheets.getItem('Sheet1').getRange('C4');
    range.format.font.load('bold');
    await context.sync();
    return range.format.font.bold;`);
  expect(bold).toBe(true);
  // Nothing was recorded: the platform has no placement of it, and the pane lists none.
  const recorded = await bench.platform.admin.getReport(report.deploymentId, report.id);
  expect(recorded.externalWorkbookPlacements ?? []).toEqual([]);
  expect(await placementRows(bench.page).count()).toBe(0);
});
