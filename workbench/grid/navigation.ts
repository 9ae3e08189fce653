import type { Cell } from '../../src/core/a1';
import type { GridCommand } from './keyboard';
import {
  activeCell, cellSelection, columnsSelection, cycleWithin, extendBy, extendTo, jump, moveBy, rowsSelection, selectionRect, wholeSheet,
  type GridSelection,
} from './selection';

export interface NavigationContext {
  /** Whether a cell holds a value or a formula (Ctrl+arrow stops at the edges of filled blocks). */
  filled: (row: number, column: number) => boolean;
  /** Rows and columns that hold cells: Ctrl+End goes to their last one. */
  used: { rows: number; columns: number };
  /** Rows that Page Up/Down move by. */
  pageRows: number;
}

/** The selection after a navigation key, or `null` when the command is not a move. */
export function navigate(selection: GridSelection, command: GridCommand, context: NavigationContext): GridSelection | null {
  const active = activeCell(selection);
  const to = (target: Cell, extend: boolean) => (extend ? extendTo(selection, target) : cellSelection(target));
  switch (command.type) {
    case 'move': {
      const { rows, columns, extend } = command;
      if (command.jump) return to(jump(extend ? selection.focus : active, rows, columns, context.filled, context.used), extend);
      if (extend) return extendBy(selection, rows, columns);
      const rect = selectionRect(selection);
      const several = rect.top !== rect.bottom || rect.left !== rect.right;
      return command.within && several ? cycleWithin(selection, rows, columns) : moveBy(selection, rows, columns);
    }
    case 'home':
      return to(command.sheet ? { row: 0, column: 0 } : { row: command.extend ? selection.focus.row : active.row, column: 0 }, command.extend);
    case 'end':
      return to({ row: Math.max(0, context.used.rows - 1), column: Math.max(0, context.used.columns - 1) }, command.extend);
    case 'page':
      return command.extend ? extendBy(selection, command.direction * context.pageRows, 0) : moveBy(selection, command.direction * context.pageRows, 0);
    case 'select-all':
      return wholeSheet();
    case 'select-row': {
      const rect = selectionRect(selection);
      return { ...rowsSelection(rect.top, rect.bottom), active };
    }
    case 'select-column': {
      const rect = selectionRect(selection);
      return { ...columnsSelection(rect.left, rect.right), active };
    }
    default:
      return null;
  }
}
