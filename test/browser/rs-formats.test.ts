import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { ownAnswer } from '../support/own-queries';
import { reportByPublicId } from '../support/reports';
import { freshWorkbench, readCells, typeInto } from './support/actions';
import { screenshots, useWorkbench } from './support/workbench';

/**
 * Numbers look as the model says (issue 40): the local model's Revenue and Average order value are `format: currency`
 * (USD) and its Completion rate `format: percent` (server/model/sales.yml). Cube's currency is d3's `$,.2f` and its
 * percent `.2%` (https://cube.dev/docs/reference/data-modeling/measures#format), so Excel shows "$1,234.50" and
 * "60.00%". The workbench declares CustomFunctionsRuntime 1.4, where RS.VALUE and RS.REPORT answer formatted number
 * values (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts, "Output a
 * formatted number"): the cell's value is the number, its text the formatted one.
 */

jest.setTimeout(240_000);
const bench = useWorkbench();

const currency = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const data = () => bench.platform.dataClient(bench.platform.analyst);

async function shown(page: Page, address: string): Promise<{ values: unknown[][]; text: string[][] }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const cells = await readCells(page, address);
    if (cells.values.flat().every((v) => v !== '#BUSY!' && v !== '')) return cells;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(cells.values)}`);
    await page.waitForTimeout(100);
  }
}

test('RS.VALUE and RS.REPORT show currency and percent as the model formats them', async () => {
  const { page } = bench;
  await freshWorkbench(page, `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.analyst}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet/).waitFor();
  await typeInto(page, 'A1', '=RS.VALUE("Revenue","Region","Europe")');
  await typeInto(page, 'A2', '=RS.VALUE("Completion rate","Region","Europe")');
  const europe = { member: 'sales.region', operator: 'equals' as const, values: ['Europe'] };
  const revenue = Number(await ownAnswer(await data(), { measures: ['sales.total_amount'], filters: [europe] }));
  // Excel keeps 15 significant digits (https://learn.microsoft.com/office/troubleshoot/excel/floating-point-arithmetic-inaccurate-result).
  const rate = Number(Number(await ownAnswer(await data(), { measures: ['sales.completed_percentage'], filters: [europe] })).toPrecision(15));
  const values = await shown(page, 'A1:A2');
  expect(values.values).toEqual([[revenue], [rate]]);
  expect(values.text).toEqual([[currency(revenue)], [percent(rate)]]);

  // A report whose columns are a currency and a percent measure, by customer segment.
  await typeInto(page, 'C1', '=RS.REPORT("Order value and completion rate",FALSE)');
  const report = JSON.parse((await reportByPublicId(bench.platform.analyst, bench.platform.salesDeploymentId, 'OrderValComp')).jsonQuery!) as CubeQuery;
  const own = await (await data()).load(report);
  const rows = own.data.length;
  const cells = await shown(page, `C1:E${rows}`);
  const value = (row: Record<string, unknown>, suffix: string) => Number(Object.entries(row).find(([key]) => key.endsWith(suffix))![1]);
  expect(cells.text.map((row) => row.slice(1))).toEqual(own.data.map((row) => [currency(value(row, '.average_amount')), percent(value(row, '.completed_percentage'))]));
  await page.screenshot({ path: join(screenshots, 'rs-formats.png') });
});
