/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CellGrid } from '../../src/core/cell-grid';
import { ExcelConnector, type WritePlan } from '../../src/excel/excel-connector';
import type { ExcelHost } from '../../workbench/excel-host';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { act, installWorkbook, workbookState } from '../support/excel';

/**
 * Snapshot, write and restore through Microsoft's Office.js on the workbench's Excel host, under each host
 * profile: Excel on the web (5 MB limits, every set), Excel 2019 (ExcelApi 1.7 only) and desktop (no limits).
 */

const PROFILES = ['web', 'excel2019', 'desktop'] as const;

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');

/** Cells a person made: texts behind the apostrophe, a formula, an error, a percent, a bold and filled cell. */
async function handMadeCells() {
  await act((c) => {
    const sheet = sheet1(c);
    sheet.getRange('B2:B9').numberFormat = [['General'], ['General'], ['General'], ['General'], ['General'], ['0.00%'], ['General'], ['@']];
    sheet.getRange('B2:B9').formulas = [["'=A1"], ["'-x"], ["'0042"], [5], ['=1+2'], [0.25], ['=NA()'], ['007']];
    sheet.getRange('B5').format.font.bold = true;
    sheet.getRange('B5').format.fill.color = '#FFFF00';
    sheet.getRange('C3').format.fill.color = '#00B0F0';
    sheet.getRange('C4').values = [[true]];
  });
}

function newGrid(rows: number, columns: number): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => (c === 0 ? `row ${r}` : r * 10 + c))),
    numberFormats: Array.from({ length: rows }, () => Array.from({ length: columns }, (_, c) => (c === 0 ? 'General' : '#,##0'))),
    headerRows: 0,
    boldRows: [rows - 1],
    boldColumns: [columns - 1],
  };
}

const isWrite = (body: RequestBody) => body.Actions.some((action) => action.ActionType === 4 && (action.Name === 'Values' || action.Name === 'NumberFormat'));

describe.each(PROFILES)('on %s', (profile) => {
  it("puts back '=A1, -x and 0042 as text, a formula as a formula, an error, formats, and a bold filled cell, after a write fails midway", async () => {
    const host = installWorkbook({ profile });
    await handMadeCells();
    const before = workbookState(host);
    // Small requests, so the write takes several; the third fails as a lost host would.
    const excel = new ExcelConnector({ requestBudgetBytes: 5_000 });
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(40, 4));
    expect(plan.batches.length).toBeGreaterThan(3);
    const snapshot = await excel.snapshot(plan);
    let writes = 0;
    host.options.failRequest = ({ body }) => (isWrite(body) && ++writes === 3 ? 'GeneralException' : undefined);
    await expect(excel.write(plan)).rejects.toMatchObject({ code: 'GeneralException' });
    host.options.failRequest = undefined;
    expect(workbookState(host)).not.toEqual(before);
    await excel.restore(snapshot);
    expect(workbookState(host)).toEqual(before);
    const cells = await readBack('B2:B9');
    // The host stores formulas without calculating them: their values are not compared here.
    expect(cells.values.map((r) => r[0])).toEqual(['=A1', '-x', '0042', 5, expect.anything(), 0.25, expect.anything(), '007']);
    expect(cells.formulas.map((r) => r[0])).toEqual(['=A1', '-x', '0042', 5, '=1+2', 0.25, '=NA()', '007']);
    expect(cells.valueTypes.map((r) => r[0])).toEqual(['String', 'String', 'String', 'Double', expect.any(String), 'Double', expect.any(String), 'String']);
  });

  it('puts back the number formats and bold of empty cells a place wrote over', async () => {
    const host = installWorkbook({ profile });
    await act((c) => {
      sheet1(c).getRange('A1:C3').numberFormat = [['0.00', 'General', 'd-mmm'], ['General', '@', 'General'], ['General', 'General', '0%']];
      sheet1(c).getRange('B2').format.font.bold = true;
      sheet1(c).getRange('A3').format.fill.color = '#FF0000';
    });
    const before = workbookState(host);
    const excel = new ExcelConnector();
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(3, 3));
    const snapshot = await excel.snapshot(plan, { knownEmpty: true });
    await excel.write(plan);
    await excel.restore(snapshot);
    expect(workbookState(host)).toEqual(before);
  });

  it('waits out cell-edit mode while writing, and stops at once on a protected sheet', async () => {
    const host = installWorkbook({ profile });
    const pauses: number[] = [];
    const excel = new ExcelConnector({ sleep: async (ms) => { pauses.push(ms); if (pauses.length === 2) host.editingCell = false; } });
    host.editingCell = true;
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(5, 3));
    await excel.write(plan);
    expect(pauses).toHaveLength(2);
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 4, 0)?.value).toBe('row 4');

    pauses.length = 0;
    host.model.sheetByName('Sheet1')!.protected = true;
    await expect(excel.write(excel.planWrite('Sheet1', { row: 10, column: 0 }, newGrid(5, 3)))).rejects.toMatchObject({ code: 'AccessDenied' });
    expect(pauses).toEqual([]);
  });

  it('keeps trying to put cells back while the user edits a cell, then puts them back exactly', async () => {
    const host = installWorkbook({ profile });
    await handMadeCells();
    const before = workbookState(host);
    let pauses = 0;
    const excel = new ExcelConnector({ requestBudgetBytes: 5_000, sleep: async () => { pauses += 1; if (pauses === 4) host.editingCell = false; } });
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(40, 4));
    const snapshot = await excel.snapshot(plan);
    let writes = 0;
    host.options.failRequest = ({ body }) => {
      if (!isWrite(body) || ++writes !== 2) return undefined;
      // The write fails for good, and by the time the cells are put back the user is typing in a cell.
      host.editingCell = true;
      return 'GeneralException';
    };
    await expect(excel.write(plan)).rejects.toMatchObject({ code: 'GeneralException' });
    host.options.failRequest = undefined;
    await excel.restore(snapshot);
    expect(pauses).toBe(4);
    expect(workbookState(host)).toEqual(before);
  });

  it(`asks only for what ${profile} supports: no ApiNotFound, screen updating suspended only where ExcelApi 1.9 is`, async () => {
    const host = installWorkbook({ profile });
    const bodies: RequestBody[] = [];
    host.options.failRequest = ({ body }) => {
      bodies.push(body);
      return undefined;
    };
    const excel = new ExcelConnector();
    await excel.write(excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(3, 3)));
    host.options.failRequest = undefined;
    const methods = new Set(bodies.flatMap((body) => body.Actions.map((action) => action.Name)));
    expect(methods.has('SuspendApiCalculationUntilNextSync')).toBe(true);
    expect(methods.has('SuspendScreenUpdatingUntilNextSync')).toBe(profile !== 'excel2019');
  });
});

async function readBack(address: string) {
  return Excel.run(async (context) => {
    const range = sheet1(context).getRange(address);
    range.load(['values', 'formulas', 'valueTypes']);
    await context.sync();
    return { values: range.values, formulas: range.formulas, valueTypes: range.valueTypes as string[][] };
  });
}

export type { ExcelHost, WritePlan };
