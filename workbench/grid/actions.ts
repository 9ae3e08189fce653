import type { Rect } from '../../src/core/a1';
import { ErrorCodes, HostError } from '../excel-host/workbook/host-error';
import type { SheetModel, WorkbookModel } from '../excel-host/workbook/workbook-model';
import { fill, type FillDirection } from '../excel-host/workbook/fill';
import { expandTableForEntry } from '../excel-host/workbook/tables';
import { structuralEdit, type MenuAction } from './context-menu';
import { enteredCell, shouldCommit, type Coerce, type EditState } from './editing';
import { cellSelection, selectionRect, type GridSelection } from './selection';

/**
 * What the person's actions in the grid do to the workbook: each changes the model, then notifies its
 * listeners (the emulator raises Excel's events from there). Errors are the model's (`code`, `message`).
 */
export interface GridMessage {
  code: string;
  message: string;
}

export function messageOf(error: unknown): GridMessage {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : ErrorCodes.generalException, message: typeof message === 'string' ? message : String(error) };
}

/** Runs an action; its error, if it throws one, as a message to show. */
export function attempt(action: () => void): GridMessage | null {
  try {
    action();
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

const PROTECTED = "The cell or chart you're trying to change is on a protected sheet. To make a change, unprotect the sheet.";

/** The sheet, if the person may change it (a protected sheet refuses, as Excel's does). */
export function editable(model: WorkbookModel, sheetId = model.activeSheetId): SheetModel {
  const sheet = model.sheetById(sheetId);
  if (!sheet) throw new HostError(ErrorCodes.itemNotFound, "The requested resource doesn't exist.");
  if (sheet.protected) throw new HostError(ErrorCodes.accessDenied, PROTECTED);
  return sheet;
}

export function select(model: WorkbookModel, selection: GridSelection, sheetId?: string): void {
  model.select(selectionRect(selection), sheetId);
  model.notify();
}

/** Ends an edit: the entry as Excel stores it, on the cell's formats. An unchanged F2 edit writes nothing. */
export function commitEdit(model: WorkbookModel, edit: EditState, coerce: Coerce): void {
  if (!shouldCommit(edit)) return;
  const sheet = editable(model, edit.sheetId);
  model.setCell(sheet, edit.row, edit.column, enteredCell(edit.text, model.cellAt(sheet, edit.row, edit.column), coerce));
  // Typed right beside a table (or below it), the entry joins the table, as Excel's AutoCorrect does.
  expandTableForEntry(model, sheet, edit.row, edit.column);
  model.notify();
}

/** Delete: the selection's values and formulas go, its formats stay. */
export function clearContents(model: WorkbookModel, rect: Rect): void {
  model.clear(editable(model), rect, 'Contents');
  model.notify();
}

/**
 * Ctrl+D / Ctrl+R: "Use the Fill Down command to copy the contents and format of the topmost cell of a selected
 * range into the cells below" (Keyboard shortcuts in Excel,
 * https://support.microsoft.com/en-us/office/keyboard-shortcuts-in-excel-1798d9d5-842a-42b8-9c99-9b7213f0040f,
 * read in a translated copy); Ctrl+R from the leftmost column. A selection one row high (one column wide) is
 * filled from the cell above (to the left): what Excel does, not stated on that page.
 */
export function fillSelection(model: WorkbookModel, rect: Rect, direction: FillDirection): void {
  const sheet = editable(model);
  const area = { ...rect };
  if (direction === 'Down' && area.top === area.bottom) area.top -= 1;
  if (direction === 'Right' && area.left === area.right) area.left -= 1;
  if (area.top < 0 || area.left < 0) return;
  fill(model, sheet, area, direction);
  model.notify();
}

/** A context-menu action on the active sheet's selection (rows, columns) or on a sheet tab. */
export function runMenuAction(model: WorkbookModel, action: MenuAction, rect: Rect, sheetId = model.activeSheetId): void {
  if (action === 'clear-contents') return clearContents(model, rect);
  if (action === 'add-sheet') return addSheet(model);
  if (action === 'delete-sheet') {
    const sheet = model.sheetById(sheetId);
    if (!sheet) return;
    const active = sheet.id === model.activeSheetId;
    model.deleteSheet(sheet);
    // Deleting the active sheet activates another: select there so the add-in hears of it.
    if (active) model.select(model.selection, model.activeSheetId);
    model.notify();
    return;
  }
  const edit = structuralEdit(action, rect);
  if (!edit) return;
  const sheet = editable(model);
  if (edit.op === 'insert') model.insert(sheet, edit.rect, edit.shift);
  else model.delete(sheet, edit.rect, edit.shift);
  model.notify();
}

export function addSheet(model: WorkbookModel): void {
  const sheet = model.addSheet();
  select(model, cellSelection({ row: 0, column: 0 }), sheet.id);
}

export function renameSheet(model: WorkbookModel, sheetId: string, name: string): void {
  const sheet = model.sheetById(sheetId);
  if (!sheet || sheet.name === name) return;
  model.renameSheet(sheet, name);
  model.notify();
}
