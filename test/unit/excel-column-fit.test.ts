/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { Rect } from '../../src/core/a1';
import type { CellValue } from '../../src/core/cell-values';
import type { CellGrid } from '../../src/core/cell-grid';
import { MAX_FIT_COLUMNS } from '../../src/excel/column-fit';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { placementName } from '../../src/excel/names';
import type { ExcelHost } from '../../workbench/excel-host';
import { act, installWorkbook } from '../support/excel';

/**
 * A first placement's columns: fit to its header and data, never to the caption rows above them, and never narrower
 * than they were (column-fit.ts), measured in the write that names the cells and finished with the table, so the fit costs no sync.
 * Widths are compared with what Office.js reads of the emulator's own autofit of the same text, never with numbers
 * copied from the code's output.
 */
const sheet = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');
const noSleep = async () => {};

/** Each column's width in points, A onwards. */
async function widths(columns: number): Promise<number[]> {
  return Excel.run(async (context) => {
    const formats = Array.from({ length: columns }, (_, c) => {
      const format = sheet(context).getRange(`${String.fromCharCode(65 + c)}1`).format;
      format.load('columnWidth');
      return format;
    });
    await context.sync();
    return formats.map((f) => f.columnWidth);
  });
}

/** The width Excel's autofit gives `text` alone (bold as asked), measured on a scratch sheet. */
async function fittedWidth(text: CellValue, bold = false): Promise<number> {
  return Excel.run(async (context) => {
    const scratch = context.workbook.worksheets.getItemOrNullObject('Scratch');
    await context.sync();
    const ws = scratch.isNullObject ? context.workbook.worksheets.add('Scratch') : scratch;
    ws.getRange('A1').values = [[text]];
    const format = ws.getRange('A1').format;
    format.font.bold = bold;
    format.autofitColumns();
    format.load('columnWidth');
    await context.sync();
    const width = format.columnWidth;
    ws.getRange('A1').clear();
    ws.getRange('A1').format.columnWidth = 48;
    await context.sync();
    return width;
  });
}

/** A flat result as the layout makes it: a filter summary and a blank row, the bold header row, then data. */
function grid(rows: CellValue[][], caption: string | null): CellGrid {
  const width = rows[0]!.length;
  const captions: CellValue[][] = caption ? [[caption, ...Array<CellValue>(width - 1).fill('')], Array<CellValue>(width).fill('')] : [];
  const values = [...captions, ...rows];
  return {
    values, numberFormats: values.map((row) => row.map(() => 'General')), headerRows: captions.length + 1, boldRows: [],
    boldHeaderRows: [captions.length],
  };
}

/** Writes and names a first placement at `anchor` with its fit measured, then finishes it, as placing does; answers the syncs both took. */
async function place(host: ExcelHost, excel: ExcelConnector, g: CellGrid, anchor = { row: 0, column: 0 }, asTable = false) {
  const headerRow = g.boldHeaderRows![0]!;
  const rect: Rect = { top: anchor.row, left: anchor.column, bottom: anchor.row + g.values.length - 1, right: anchor.column + g.values[0]!.length - 1 };
  const before = host.stats.syncs;
  const record = { placementId: `p${anchor.row}`, sheetName: 'Sheet1', nameExists: false };
  const plan = excel.planWrite('Sheet1', anchor, g, { record, fit: { ...rect, top: rect.top + headerRow } });
  await excel.write(plan);
  const fit = plan.measure?.result() ?? null;
  const refusal = await excel.finishPlacement({
    placementId: `p${anchor.row}`, sheetName: 'Sheet1', rect: plan.rect, headerRow, fit, tableName: asTable ? `Table_${anchor.row}` : null, tablesBefore: [],
  });
  return { syncs: host.stats.syncs - before, fit, refusal };
}

const regions: CellValue[][] = [['Region', 'Revenue'], ['North America', 1200], ['Asia Pacific', 800]];
const statuses: CellValue[][] = [['Status', 'Count'], ['done', 3], ['open', 12]];

describe('a first placement\'s columns', () => {
  it('fit the header and data, never the filter summary above them', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    const caption = 'Filters: Created at between 2025-01-01 and 2025-12-31';
    await place(host, excel, grid(regions, caption));
    const [a] = await widths(1);
    // Column A holds the caption too, but it is as wide as its longest header or data cell, not the caption.
    expect(a).toBe(await fittedWidth('North America'));
    expect(a).toBeLessThan(await fittedWidth(caption));
  });

  it('only widen: a column whose values are short keeps its width, and one set wider by the user stays so', async () => {
    const host = installWorkbook();
    await act((context) => { sheet(context).getRange('C1').format.columnWidth = 150; });
    const [, , c] = await widths(3);
    const excel = new ExcelConnector({ sleep: noSleep });
    await place(host, excel, grid([['Status', 'Count', 'Note'], ['done', 3, 'x'], ['open', 12, 'y']], null));
    const [a, b, cAfter] = await widths(3);
    // Short values would fit narrower than Excel's default column (48 points): the columns keep 48.
    expect(await fittedWidth('Count', true)).toBeLessThan(48);
    expect([a, b]).toEqual([48, 48]);
    expect(cAfter).toBe(c);
  });

  it("placed below another, never narrow the columns its values and the user's note need", async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    await place(host, excel, grid(regions, null));
    const note = 'Asia Pacific checked against the ledger';
    await act((context) => { sheet(context).getRange('A6').values = [[note]]; });
    const [aAlone, bAlone] = await widths(2);
    await place(host, excel, grid(statuses, null), { row: 8, column: 0 });
    const [a, b] = await widths(2);
    expect(a).toBeGreaterThanOrEqual(aAlone!);
    expect(b).toBeGreaterThanOrEqual(bAlone!);
    expect(a).toBeGreaterThanOrEqual(await fittedWidth('North America'));
    expect(b).toBeGreaterThanOrEqual(await fittedWidth('Revenue', true));
  });

  it('widen where the new values are longer than what the columns held', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    await place(host, excel, grid(statuses, null));
    const long = 'Completed and invoiced, awaiting payment';
    await place(host, excel, grid([['Status', 'Count'], [long, 1]], null), { row: 8, column: 0 });
    const [a] = await widths(1);
    expect(a).toBe(await fittedWidth(long));
  });

  it('cost no sync of their own: the write (cells, name, fit measured) and the table step are one request each, even when a column would narrow', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    const plain = await place(host, excel, grid(statuses, null));
    expect(plain.fit?.fitted.some((w, i) => w < plain.fit!.before[i]!)).toBe(true);
    expect(plain.syncs).toBe(2);
    const table = await place(host, excel, grid(regions, 'Filters: Region is set'), { row: 10, column: 0 }, true);
    expect(table.refusal).toBeNull();
    expect(table.syncs).toBe(2);
  });

  it('without a fit measured in the write (the builder\'s draft), are measured in the table step and mended in one more request only when one narrowed', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    const g = grid(statuses, null);
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, g);
    await excel.write(plan);
    let before = host.stats.syncs;
    await excel.finishPlacement({ placementId: 'draft', sheetName: 'Sheet1', rect: plan.rect, headerRow: 0, tableName: null, tablesBefore: [] });
    expect(host.stats.syncs - before).toBe(2);
    expect(await widths(2)).toEqual([48, 48]);
    const wide = grid([['Region', 'Revenue in thousands'], ['North America', 1]], null);
    const widePlan = excel.planWrite('Sheet1', { row: 5, column: 0 }, wide);
    await excel.write(widePlan);
    before = host.stats.syncs;
    await excel.finishPlacement({ placementId: 'draft', sheetName: 'Sheet1', rect: widePlan.rect, headerRow: 0, tableName: null, tablesBefore: [] });
    expect(host.stats.syncs - before).toBe(1);
    expect(await widths(2)).toEqual([await fittedWidth('North America'), await fittedWidth('Revenue in thousands', true)]);
  });

  it('of a result too wide to measure in one request are left as they are, never narrower', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    const width = MAX_FIT_COLUMNS + 1;
    const header = Array.from({ length: width }, (_, c) => `Column ${c}`);
    const placed = await place(host, excel, grid([header, header.map(() => 1)], null));
    expect(placed.fit).toBeNull();
    expect(await widths(3)).toEqual([48, 48, 48]);
  });

  it('when Excel refuses the fit in the write, the cells are written and named all the same and keep their widths', async () => {
    const host = installWorkbook();
    const excel = new ExcelConnector({ sleep: noSleep });
    const g = grid(regions, null);
    // As a sheet protected against formatting columns would: the request that autofits is refused (not transient).
    host.options.failRequest = ({ body }) => (JSON.stringify(body).includes('AutofitColumns') ? 'AccessDenied' : undefined);
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, g, { record: { placementId: 'p0', sheetName: 'Sheet1', nameExists: false }, fit: { top: 0, left: 0, bottom: 2, right: 1 } });
    const before = host.stats.syncs;
    await excel.write(plan);
    // The refused request, the name looked up (Excel may have added it before refusing), then the same without the fit.
    expect(host.stats.syncs - before).toBe(3);
    expect(plan.measure?.result()).toBeNull();
    const named = await Excel.run(async (context) => {
      const name = context.workbook.names.getItemOrNullObject(placementName('p0'));
      const cells = sheet(context).getRange('A1:B3');
      cells.load('values');
      await context.sync();
      return { named: !name.isNullObject, values: cells.values };
    });
    expect(named).toEqual({ named: true, values: regions });
    expect(await widths(2)).toEqual([48, 48]);
  });
});
