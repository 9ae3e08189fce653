// The changes a worksheet's `onChanged` event reports, gathered one per operation as the workbook changes.
import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../../src/core/a1';
import type { SheetModel } from './workbook-data';

/**
 * What a worksheet's `onChanged` event reports (WorksheetChangedEventArgs,
 * https://learn.microsoft.com/javascript/api/excel/excel.worksheetchangedeventargs): the kind of change
 * (`Excel.DataChangeType`) and, for inserted or deleted cells, the way the others moved
 * (`Excel.InsertDeleteCellsShiftDirection` as Office.js reads it from the host's message).
 */
export type CellChangeType = 'RangeEdited' | 'RowInserted' | 'RowDeleted' | 'ColumnInserted' | 'ColumnDeleted' | 'CellInserted' | 'CellDeleted';
export type CellShiftDirection = 'None' | 'ShiftCellDown' | 'ShiftCellRight' | 'ShiftCellUp' | 'ShiftCellLeft';

/** One change to a sheet's cells: one operation (an entry typed, an add-in's `values` set, a clear, an insert). */
export interface CellChange {
  sheetId: string;
  rect: Rect;
  changeType: CellChangeType;
  shiftDirection: CellShiftDirection;
  /** Made by the add-in's own request (Excel says `triggerSource: 'ThisLocalAddin'`), not by the user. */
  byAddin: boolean;
}

/**
 * The cell changes since they were last told: cells written one by one in one operation (one sheet, one author)
 * add up to one change; an insert or delete is a change of its own.
 */
export class CellChangeLog {
  /** The cell edit under way. */
  private operation: { sheet: SheetModel; rect: Rect; byAddin: boolean } | null = null;
  private changes: CellChange[] = [];
  private readonly listeners = new Set<(changes: readonly CellChange[]) => void>();

  listen(listener: (changes: readonly CellChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends the operation under way: its edited cells become one change. */
  endOperation(): void {
    const operation = this.operation;
    if (!operation) return;
    this.operation = null;
    this.changes.push({ sheetId: operation.sheet.id, rect: operation.rect, changeType: 'RangeEdited', shiftDirection: 'None', byAddin: operation.byAddin });
  }

  /** Counts `rect` as edited in the operation under way (one operation per sheet and author). */
  touch(sheet: SheetModel, rect: Rect, byAddin: boolean): void {
    const current = this.operation;
    if (current && current.sheet === sheet && current.byAddin === byAddin) {
      current.rect = {
        top: Math.min(current.rect.top, rect.top), left: Math.min(current.rect.left, rect.left),
        bottom: Math.max(current.rect.bottom, rect.bottom), right: Math.max(current.rect.right, rect.right),
      };
      return;
    }
    this.endOperation();
    this.operation = { sheet, rect: { ...rect }, byAddin };
  }

  /** An inserted or deleted block: whole rows or columns are reported as such, other cells with their shift. */
  structuralChange(sheet: SheetModel, rect: Rect, shift: 'Down' | 'Right' | 'Up' | 'Left', byAddin: boolean): void {
    this.endOperation();
    const inserted = shift === 'Down' || shift === 'Right';
    const wholeRows = rect.left === 0 && rect.right === MAX_COLUMNS - 1;
    const wholeColumns = rect.top === 0 && rect.bottom === MAX_ROWS - 1;
    const vertical = shift === 'Down' || shift === 'Up';
    let changeType: CellChangeType;
    let shiftDirection: CellShiftDirection = 'None';
    if (vertical && wholeRows) changeType = inserted ? 'RowInserted' : 'RowDeleted';
    else if (!vertical && wholeColumns) changeType = inserted ? 'ColumnInserted' : 'ColumnDeleted';
    else {
      changeType = inserted ? 'CellInserted' : 'CellDeleted';
      shiftDirection = `ShiftCell${shift}`;
    }
    this.changes.push({ sheetId: sheet.id, rect: { ...rect }, changeType, shiftDirection, byAddin });
  }

  /** Tells the listeners the changes gathered since the last time, if there are any. */
  flush(): void {
    if (this.changes.length === 0) return;
    const changes = this.changes;
    this.changes = [];
    for (const listener of this.listeners) listener(changes);
  }
}
