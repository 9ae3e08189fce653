/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import type { ExcelHost } from '../../workbench/excel-host';
import { clearContents, commitEdit, runMenuAction } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { act, installWorkbook } from '../support/excel';

/**
 * Worksheet.onChanged (ExcelApi 1.7) raised by the emulator through Microsoft's Office.js, as Excel raises it:
 * "Occurs when data changes in a specific worksheet", with WorksheetChangedEventArgs
 * (https://learn.microsoft.com/javascript/api/excel/excel.worksheetchangedeventargs); handlers are added with
 * `add` and removed with `remove` inside `Excel.run` (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events).
 */

/** Registers a handler on Sheet1's onChanged; resolves to what it heard and how to remove it. */
async function listen() {
  const heard: Excel.WorksheetChangedEventArgs[] = [];
  const registration = await Excel.run(async (context) => {
    const result = context.workbook.worksheets.getItem('Sheet1').onChanged.add(async (args) => {
      heard.push(args);
    });
    await context.sync();
    return result;
  });
  const remove = () => Excel.run(registration.context, async (context) => {
    registration.remove();
    await context.sync();
  });
  return { heard, remove };
}

/** Lets the host's asynchronous event delivery (a timer) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Types `text` into a cell of the active sheet as the user does in the grid. */
function type(host: ExcelHost, row: number, column: number, text: string) {
  const sheet = host.model.sheetById(host.model.activeSheetId)!;
  const edit = { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text };
  commitEdit(host.model, edit, entryFromFormula);
}

const sheetId = (host: ExcelHost) => host.model.sheetByName('Sheet1')!.id;

describe('Worksheet.onChanged', () => {
  it('registers with the host and tells a handler of a user’s entry: its address, change type and worksheet', async () => {
    const host = installWorkbook();
    const { heard } = await listen();
    expect(host.dataChangedRegistrations.get(sheetId(host))).toBe(1);
    type(host, 2, 1, '42');
    // Asynchronous, as Excel's events are: nothing is called inside the entry.
    expect(heard).toHaveLength(0);
    await settle();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      type: 'WorksheetChanged', changeType: 'RangeEdited', source: 'Local', address: 'B3', worksheetId: sheetId(host), triggerSource: 'Unknown',
    });
  });

  it('reports a cleared selection and inserted or deleted rows with their kind', async () => {
    const host = installWorkbook();
    const { heard } = await listen();
    clearContents(host.model, { top: 0, left: 0, bottom: 3, right: 2 });
    runMenuAction(host.model, 'insert-rows', { top: 4, left: 1, bottom: 5, right: 1 });
    runMenuAction(host.model, 'delete-columns', { top: 0, left: 3, bottom: 0, right: 3 });
    await settle();
    expect(heard.map(({ changeType, address }) => ({ changeType, address }))).toEqual([
      { changeType: 'RangeEdited', address: 'A1:C4' },
      { changeType: 'RowInserted', address: '5:6' },
      { changeType: 'ColumnDeleted', address: 'D:D' },
    ]);
  });

  it('marks the add-in’s own writes ThisLocalAddin (ExcelApi 1.14), one event per write whatever its size', async () => {
    const host = installWorkbook();
    const { heard } = await listen();
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2:D3').values = [[1, 2, 3], [4, 5, 6]];
    });
    await settle();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ changeType: 'RangeEdited', address: 'B2:D3', triggerSource: 'ThisLocalAddin' });
    // A format alone is not a data change.
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2').format.font.bold = true;
    });
    await settle();
    expect(heard).toHaveLength(1);
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 1, 1)?.bold).toBe(true);
  });

  it('says nothing of other sheets, nor after `remove()` (which unregisters with the host)', async () => {
    const host = installWorkbook();
    const other = host.model.addSheet('Other');
    const { heard, remove } = await listen();
    host.model.setCell(other, 0, 0, { value: 'x' });
    host.model.notify();
    await settle();
    expect(heard).toHaveLength(0);
    await remove();
    expect(host.dataChangedRegistrations.has(sheetId(host))).toBe(false);
    type(host, 0, 0, 'after');
    await settle();
    expect(heard).toHaveLength(0);
  });

  it('leaves triggerSource out on a host without ExcelApi 1.14 (Excel 2019)', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    const { heard } = await listen();
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
    });
    type(host, 0, 1, '2');
    await settle();
    expect(heard.map((h) => [h.address, h.triggerSource])).toEqual([['A1', undefined], ['B1', undefined]]);
  });
});
