import { MAX_COLUMNS, MAX_ROWS, rectColumns, rectRows, type Rect } from '../../src/core/a1';
import { columnsSelection, inRect, rowsSelection, type GridSelection } from './selection';

/** Where the context menu was asked for. */
export type MenuTarget =
  | { kind: 'cell'; row: number; column: number }
  | { kind: 'row'; row: number }
  | { kind: 'column'; column: number }
  | { kind: 'tab'; sheetId: string };

export type MenuAction =
  | 'insert-rows' | 'delete-rows' | 'insert-columns' | 'delete-columns' | 'clear-contents'
  | 'rename-sheet' | 'delete-sheet' | 'add-sheet';

export interface MenuItem {
  action: MenuAction;
  label: string;
}

const plural = (n: number, word: string) => (n === 1 ? word : `${n} ${word}s`);

/** The menu for a target, with the selection it acts on (labels count the rows or columns). */
export function menuItems(target: MenuTarget, rect: Rect): MenuItem[] {
  const rows = plural(rectRows(rect), 'row');
  const columns = plural(rectColumns(rect), 'column');
  switch (target.kind) {
    case 'tab':
      return [
        { action: 'rename-sheet', label: 'Rename' },
        { action: 'add-sheet', label: 'Insert sheet' },
        { action: 'delete-sheet', label: 'Delete sheet' },
      ];
    case 'row':
      return [{ action: 'insert-rows', label: `Insert ${rows}` }, { action: 'delete-rows', label: `Delete ${rows}` }, { action: 'clear-contents', label: 'Clear contents' }];
    case 'column':
      return [{ action: 'insert-columns', label: `Insert ${columns}` }, { action: 'delete-columns', label: `Delete ${columns}` }, { action: 'clear-contents', label: 'Clear contents' }];
    case 'cell':
      return [
        { action: 'insert-rows', label: `Insert ${rows}` },
        { action: 'delete-rows', label: `Delete ${rows}` },
        { action: 'insert-columns', label: `Insert ${columns}` },
        { action: 'delete-columns', label: `Delete ${columns}` },
        { action: 'clear-contents', label: 'Clear contents' },
      ];
  }
}

/**
 * Right-clicking outside the selection first selects what was clicked (the cell, the row or the column), as
 * Excel does; inside it, the selection stays. `null`: keep the selection.
 */
export function selectionForTarget(target: MenuTarget, rect: Rect): GridSelection | null {
  switch (target.kind) {
    case 'cell': {
      if (inRect(rect, target.row, target.column)) return null;
      const cell = { row: target.row, column: target.column };
      return { anchor: cell, focus: cell };
    }
    case 'row':
      return inRect(rect, target.row, 0) && rect.left === 0 && rect.right === MAX_COLUMNS - 1 ? null : rowsSelection(target.row, target.row);
    case 'column':
      return inRect(rect, 0, target.column) && rect.top === 0 && rect.bottom === MAX_ROWS - 1 ? null : columnsSelection(target.column, target.column);
    case 'tab':
      return null;
  }
}

/** The model call for a row or column action on a selection: whole rows or columns, shifted as Excel shifts them. */
export function structuralEdit(action: MenuAction, rect: Rect): { op: 'insert'; rect: Rect; shift: 'Down' | 'Right' } | { op: 'delete'; rect: Rect; shift: 'Up' | 'Left' } | null {
  const rows: Rect = { top: rect.top, bottom: rect.bottom, left: 0, right: MAX_COLUMNS - 1 };
  const columns: Rect = { top: 0, bottom: MAX_ROWS - 1, left: rect.left, right: rect.right };
  switch (action) {
    case 'insert-rows': return { op: 'insert', rect: rows, shift: 'Down' };
    case 'delete-rows': return { op: 'delete', rect: rows, shift: 'Up' };
    case 'insert-columns': return { op: 'insert', rect: columns, shift: 'Right' };
    case 'delete-columns': return { op: 'delete', rect: columns, shift: 'Left' };
    default: return null;
  }
}
