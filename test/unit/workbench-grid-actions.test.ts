import { MAX_COLUMNS } from '../../src/core/a1';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { WorkbookModel } from '../../workbench/excel-host/workbook/workbook-model';
import { addSheet, attempt, clearContents, commitEdit, renameSheet, runMenuAction, select } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { cellSelection, extendTo } from '../../workbench/grid/selection';

function workbook() {
  const model = new WorkbookModel();
  const sheet = model.sheets[0]!;
  const changes = jest.fn();
  const selections = jest.fn();
  model.onChange(changes);
  model.onSelectionChanged(selections);
  return { model, sheet, changes, selections };
}

describe('grid actions on the workbook', () => {
  it('commits a typed entry on the cell’s formats and tells the listeners', () => {
    const { model, sheet, changes } = workbook();
    model.setCell(sheet, 2, 1, { value: 1, numberFormat: '0.00', bold: true, fill: '#FFFF00' });
    const edit = { ...startEdit(sheet.id, 2, 1, model.cellAt(sheet, 2, 1), '4'), text: '42' };
    commitEdit(model, edit, entryFromFormula);
    expect(model.cellAt(sheet, 2, 1)).toEqual({ value: 42, numberFormat: '0.00', bold: true, fill: '#FFFF00' });
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('writes nothing for an unchanged F2 edit', () => {
    const { model, sheet, changes } = workbook();
    model.setCell(sheet, 0, 0, { value: 'a' });
    commitEdit(model, startEdit(sheet.id, 0, 0, model.cellAt(sheet, 0, 0)), entryFromFormula);
    expect(changes).not.toHaveBeenCalled();
  });

  it('selects through the model, which raises the selection event', () => {
    const { model, selections, changes } = workbook();
    select(model, extendTo(cellSelection({ row: 2, column: 1 }), { row: 7, column: 3 }));
    expect(model.selection).toEqual({ top: 2, left: 1, bottom: 7, right: 3 });
    expect(selections).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('clears contents and keeps formats', () => {
    const { model, sheet } = workbook();
    model.setCell(sheet, 0, 0, { value: 5, numberFormat: '0%', bold: true });
    model.setCell(sheet, 0, 1, { value: 'x' });
    clearContents(model, { top: 0, left: 0, bottom: 0, right: 1 });
    expect(model.cellAt(sheet, 0, 0)).toMatchObject({ value: '', numberFormat: '0%', bold: true });
    expect(model.cellAt(sheet, 0, 1)).toBeUndefined();
  });

  it('inserts and deletes whole rows and columns', () => {
    const { model, sheet } = workbook();
    model.setCell(sheet, 2, 2, { value: 'C3' });
    runMenuAction(model, 'insert-rows', { top: 1, left: 4, bottom: 2, right: 4 });
    expect(model.cellAt(sheet, 4, 2)?.value).toBe('C3');
    runMenuAction(model, 'delete-columns', { top: 0, left: 0, bottom: 0, right: 0 });
    expect(model.cellAt(sheet, 4, 1)?.value).toBe('C3');
    runMenuAction(model, 'insert-columns', { top: 3, left: 0, bottom: 3, right: 1 });
    expect(model.cellAt(sheet, 4, 3)?.value).toBe('C3');
    runMenuAction(model, 'delete-rows', { top: 0, left: 0, bottom: 3, right: 0 });
    expect(model.cellAt(sheet, 0, 3)?.value).toBe('C3');
  });

  it('reports what the model refuses as a message, not an exception', () => {
    const { model, sheet } = workbook();
    model.setCell(sheet, 0, MAX_COLUMNS - 1, { value: 'last column' });
    // Excel's code and message for it: https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-error-handling (NonBlankCellOffSheet).
    expect(attempt(() => runMenuAction(model, 'insert-columns', { top: 0, left: 0, bottom: 0, right: 0 }))).toEqual({
      code: 'NonBlankCellOffSheet',
      message: expect.stringContaining('push non-empty cells off the end of the worksheet'),
    });
    expect(attempt(() => runMenuAction(model, 'delete-sheet', model.selection, sheet.id))).toMatchObject({ code: 'InvalidOperation' });
    expect(attempt(() => renameSheet(model, sheet.id, 'Bad:Name'))).toMatchObject({ code: 'InvalidArgument' });
    expect(attempt(() => {
      throw new Error('plain');
    })).toEqual({ code: 'GeneralException', message: 'plain' });
  });

  it('refuses edits on a protected sheet', () => {
    const { model, sheet } = workbook();
    sheet.protected = true;
    const refused = attempt(() => commitEdit(model, startEdit(sheet.id, 0, 0, undefined, 'x'), entryFromFormula));
    expect(refused).toMatchObject({ code: 'AccessDenied' });
    expect(attempt(() => clearContents(model, model.selection))).toMatchObject({ code: 'AccessDenied' });
    expect(model.cellAt(sheet, 0, 0)).toBeUndefined();
  });

  it('adds, renames and deletes sheets', () => {
    const { model, sheet, selections } = workbook();
    addSheet(model);
    expect(model.sheets.map((s) => s.name)).toEqual(['Sheet1', 'Sheet2']);
    expect(model.activeSheetId).toBe(model.sheets[1]!.id);
    expect(selections).toHaveBeenCalled();
    renameSheet(model, sheet.id, 'Sales Q1');
    expect(sheet.name).toBe('Sales Q1');
    runMenuAction(model, 'delete-sheet', model.selection, model.activeSheetId);
    expect(model.sheets.map((s) => s.name)).toEqual(['Sales Q1']);
    expect(model.activeSheetId).toBe(sheet.id);
  });
});
