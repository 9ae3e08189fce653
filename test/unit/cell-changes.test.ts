/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { watchCellChanges, WriteTracker, type CellChange } from '../../src/excel/cell-changes';
import type { ExcelHost } from '../../workbench/excel-host';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { commitEdit } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { act, installWorkbook } from '../support/excel';

/** The add-in's side of Worksheet.onChanged (https://learn.microsoft.com/javascript/api/excel/excel.worksheetchangedeventargs). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
function type(host: ExcelHost, row: number, column: number, text: string) {
  const sheet = host.model.sheets[0]!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, undefined, text), text }, entryFromFormula);
}
const write = () => act((context) => {
  context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
});

describe('watchCellChanges', () => {
  it('hears the user’s changes and not its own writes (triggerSource ThisLocalAddin), even while it writes', async () => {
    const host = installWorkbook();
    const heard: CellChange[] = [];
    const stop = await watchCellChanges(['sheet1', 'Sheet1', 'Missing'], (c) => heard.push(c), () => true);
    expect(host.dataChangedRegistrations.get(host.model.sheets[0]!.id)).toBe(1);
    await write();
    type(host, 1, 1, 'x');
    await settle();
    expect(heard).toEqual([{ sheetId: host.model.sheets[0]!.id, address: 'B2', changeType: 'RangeEdited' }]);
    await stop!();
    expect(host.dataChangedRegistrations.size).toBe(0);
  });

  it('on a host without triggerSource (Excel 2019, ExcelApi 1.7), takes what it hears while writing for its own', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    const heard: CellChange[] = [];
    let writing = true;
    await watchCellChanges(['Sheet1'], (c) => heard.push(c), () => writing);
    await write();
    await settle();
    expect(heard).toEqual([]);
    writing = false;
    type(host, 1, 1, 'x');
    await settle();
    expect(heard.map((c) => c.address)).toEqual(['B2']);
  });
});

describe('WriteTracker', () => {
  it('is writing during a write and for a short grace after it', async () => {
    let now = 0;
    const tracker = new WriteTracker(100, () => now);
    expect(tracker.writing).toBe(false);
    let seen = false;
    await tracker.around(async () => {
      seen = tracker.writing;
    });
    expect(seen).toBe(true);
    now = 50;
    expect(tracker.writing).toBe(true);
    now = 150;
    expect(tracker.writing).toBe(false);
  });
});
