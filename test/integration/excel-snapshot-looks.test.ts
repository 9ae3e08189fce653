/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CellGrid } from '../../src/core/layout';
import { ExcelConnector } from '../../src/excel/excel-connector';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { act, installWorkbook, workbookState } from '../support/excel';

/**
 * The snapshot's bold and fill (issue 27): with ExcelApi 1.9 every cell's look comes with the values in the same
 * request (`getCellProperties`), however the looks are laid out; the regions kept are the ones Excel 2019 (ExcelApi
 * 1.7, a range asked at a time and split where mixed) finds, and a large range is read in requests sized to the
 * response budget.
 */

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');

/** A placed report's looks and a person's: filled header rows, a bold Total row and column, scattered cells. */
async function lookedCells(rows: number) {
  await act((c) => {
    const sheet = sheet1(c);
    sheet.getRange(`A1:F${rows}`).values = Array.from({ length: rows }, (_, r) => Array.from({ length: 6 }, (_, col) => (col === 0 ? `row ${r}` : r * 10 + col)));
    sheet.getRange('A1:F2').format.fill.color = '#DDEBF7';
    sheet.getRange('A2:F2').format.font.bold = true;
    sheet.getRange(`F1:F${rows}`).format.font.bold = true;
    sheet.getRange(`A${rows}:F${rows}`).format.font.bold = true;
    sheet.getRange('C7').format.fill.color = '#FFFF00';
    sheet.getRange(`B${Math.floor(rows / 2)}`).format.font.bold = true;
    sheet.getRange(`D${rows - 3}:E${rows - 2}`).format.fill.color = '#00B0F0';
  });
}

function newGrid(rows: number, columns: number): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => (c === 0 ? `new ${r}` : r + c))),
    numberFormats: Array.from({ length: rows }, () => Array.from({ length: columns }, () => 'General')),
    headerRows: 1,
    boldRows: [],
    boldColumns: [],
  };
}

async function snapshotOn(profile: 'web' | 'excel2019', rows: number, responseBudgetBytes?: number) {
  const host = installWorkbook({ profile });
  await lookedCells(rows);
  const bodies: RequestBody[] = [];
  host.options.failRequest = ({ body }) => {
    bodies.push(body);
    return undefined;
  };
  const excel = new ExcelConnector({ responseBudgetBytes });
  const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(rows, 7));
  host.resetStats();
  const snapshot = await excel.snapshot(plan, { formattedRange: { top: 0, left: 0, bottom: rows - 1, right: 5 } });
  host.options.failRequest = undefined;
  return { host, excel, plan, snapshot, bodies, stats: { ...host.stats } };
}

const asks = (bodies: RequestBody[], name: string) => bodies.filter((body) => body.Actions.some((action) => action.Name === name || action.QueryInfo?.Select?.some((s) => s.includes(name)))).length;

describe('the snapshot of bold and fill', () => {
  it('is read with the values in one request on ExcelApi 1.9, the regions those of Excel 2019', async () => {
    const web = await snapshotOn('web', 60);
    const old = await snapshotOn('excel2019', 60);
    expect(web.stats.syncs).toBe(1);
    expect(asks(web.bodies, 'GetCellProperties')).toBe(1);
    expect(asks(web.bodies, 'font/bold')).toBe(0);
    // Excel 2019 has no getCellProperties: a range asked at a time, in rounds.
    expect(asks(old.bodies, 'GetCellProperties')).toBe(0);
    expect(old.stats.syncs).toBeGreaterThan(3);
    expect(web.snapshot).toEqual(old.snapshot);
    expect(web.snapshot.looks.some((look) => look.bold)).toBe(true);
    expect(web.snapshot.looks.some((look) => look.fill === '#FFFF00')).toBe(true);
  });

  it('puts the looks back exactly after a write', async () => {
    const { host, excel, plan, snapshot } = await snapshotOn('web', 30);
    const before = workbookState(host);
    await excel.write(plan);
    expect(workbookState(host)).not.toEqual(before);
    await excel.restore(snapshot);
    expect(workbookState(host)).toEqual(before);
  });

  it('reads a large range in requests sized to the response budget, not by a count of ranges', async () => {
    const budget = 60_000;
    const web = await snapshotOn('web', 2_000, budget);
    const old = await snapshotOn('excel2019', 2_000);
    // About 14,000 cells of 64 bytes of values and 60 of looks: some 1.7 MB, so about 30 requests of 60 KB.
    expect(web.stats.syncs).toBeGreaterThan(10);
    expect(web.stats.largestResponseBytes).toBeLessThanOrEqual(budget * 1.5);
    expect(web.snapshot).toEqual(old.snapshot);
  });
});
