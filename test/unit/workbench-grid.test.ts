import { MAX_COLUMNS, MAX_ROWS } from '../../src/core/a1';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { cellKey } from '../../workbench/excel-host/workbook/workbook-model';
import { cellView } from '../../workbench/grid/cell-view';
import { menuItems, selectionForTarget, structuralEdit } from '../../workbench/grid/context-menu';
import { editText, enteredCell, shouldCommit, startEdit } from '../../workbench/grid/editing';
import { editorCommand, gridCommand } from '../../workbench/grid/keyboard';
import { navigate, type NavigationContext } from '../../workbench/grid/navigation';
import {
  cellSelection, cycleWithin, extendBy, extendTo, headerSelection, jump, reconcile, revealCell, selectionAddress, selectionRect, type GridSelection,
} from '../../workbench/grid/selection';
import { axisWindow, ColumnLayout, revealOffset, revealSpan, rowExtent, selectionBox, usedExtent } from '../../workbench/grid/viewport';

const at = (row: number, column: number) => ({ row, column });
const context = (filled: string[] = [], pageRows = 20): NavigationContext => {
  const cells = new Set(filled);
  return { filled: (r, c) => cells.has(`${r}:${c}`), used: usedExtent(cells), pageRows };
};
const key = (k: string, mods: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({ key: k, ...mods });
const press = (selection: GridSelection, k: string, mods = {}, ctx = context()) => navigate(selection, gridCommand(key(k, mods))!, ctx);

describe('grid keyboard', () => {
  it('maps keys to grid commands as Excel does', () => {
    expect(gridCommand(key('ArrowDown'))).toEqual({ type: 'move', rows: 1, columns: 0, extend: false, jump: false });
    expect(gridCommand(key('ArrowLeft', { shiftKey: true }))).toMatchObject({ type: 'move', columns: -1, extend: true });
    expect(gridCommand(key('ArrowUp', { ctrlKey: true }))).toMatchObject({ type: 'move', rows: -1, jump: true });
    expect(gridCommand(key('Enter'))).toMatchObject({ type: 'move', rows: 1, within: true });
    // Tab leaves the grid (no keyboard trap); Tab ending an entry moves right (see editorCommand).
    expect(gridCommand(key('Tab'))).toBeNull();
    expect(gridCommand(key('Tab', { shiftKey: true }))).toBeNull();
    expect(gridCommand(key('F2'))).toEqual({ type: 'edit' });
    expect(gridCommand(key('x'))).toEqual({ type: 'edit', replaceWith: 'x' });
    expect(gridCommand(key('=', { shiftKey: false }))).toEqual({ type: 'edit', replaceWith: '=' });
    expect(gridCommand(key(' '))).toEqual({ type: 'edit', replaceWith: ' ' });
    expect(gridCommand(key(' ', { shiftKey: true }))).toEqual({ type: 'select-row' });
    expect(gridCommand(key(' ', { ctrlKey: true }))).toEqual({ type: 'select-column' });
    expect(gridCommand(key('a', { ctrlKey: true }))).toEqual({ type: 'select-all' });
    expect(gridCommand(key('Delete'))).toEqual({ type: 'clear' });
    expect(gridCommand(key('Backspace'))).toEqual({ type: 'clear' });
    expect(gridCommand(key('F10', { shiftKey: true }))).toEqual({ type: 'context-menu' });
    expect(gridCommand(key('ContextMenu'))).toEqual({ type: 'context-menu' });
    expect(gridCommand(key('F6'))).toEqual({ type: 'leave' });
    // Browser and clipboard shortcuts are left alone.
    expect(gridCommand(key('c', { ctrlKey: true }))).toBeNull();
    expect(gridCommand(key('F10'))).toBeNull();
    expect(gridCommand(key('Shift', { shiftKey: true }))).toBeNull();
  });

  it('decides what keys do while editing', () => {
    expect(editorCommand(key('Enter'), 'enter')).toEqual({ type: 'commit', rows: 1, columns: 0 });
    expect(editorCommand(key('Enter', { shiftKey: true }), 'edit')).toEqual({ type: 'commit', rows: -1, columns: 0 });
    expect(editorCommand(key('Tab'), 'edit')).toEqual({ type: 'commit', rows: 0, columns: 1 });
    expect(editorCommand(key('Escape'), 'edit')).toEqual({ type: 'cancel' });
    // Arrows finish a typed entry, but move the caret in Edit mode (F2).
    expect(editorCommand(key('ArrowRight'), 'enter')).toEqual({ type: 'commit', rows: 0, columns: 1 });
    expect(editorCommand(key('ArrowRight'), 'edit')).toBeNull();
    expect(editorCommand(key('F2'), 'enter')).toEqual({ type: 'mode', mode: 'edit' });
    expect(editorCommand(key('a'), 'enter')).toBeNull();
  });
});

describe('grid navigation and selection', () => {
  const b3 = cellSelection(at(2, 1));

  it('moves with arrows and stops at the sheet edges', () => {
    expect(selectionRect(press(b3, 'ArrowDown')!)).toEqual({ top: 3, left: 1, bottom: 3, right: 1 });
    expect(press(cellSelection(at(0, 0)), 'ArrowUp')).toEqual(cellSelection(at(0, 0)));
    expect(press(cellSelection(at(0, 0)), 'ArrowLeft')).toEqual(cellSelection(at(0, 0)));
    expect(press(cellSelection(at(MAX_ROWS - 1, MAX_COLUMNS - 1)), 'ArrowRight')!.anchor).toEqual(at(MAX_ROWS - 1, MAX_COLUMNS - 1));
  });

  it('extends with shift+arrows from the active cell, which stays put', () => {
    const extended = press(press(b3, 'ArrowDown', { shiftKey: true })!, 'ArrowRight', { shiftKey: true })!;
    expect(selectionRect(extended)).toEqual({ top: 2, left: 1, bottom: 3, right: 2 });
    expect(extended.anchor).toEqual(at(2, 1));
    const back = extendBy(extended, -3, 0);
    expect(selectionRect(back)).toEqual({ top: 0, left: 1, bottom: 2, right: 2 });
    expect(selectionAddress('Sheet1', selectionRect(back))).toBe('Sheet1!B1:C3');
  });

  it('extends to a clicked cell (shift-click and drags)', () => {
    expect(selectionRect(extendTo(b3, at(7, 3)))).toEqual({ top: 2, left: 1, bottom: 7, right: 3 });
    expect(selectionRect(extendTo(b3, at(0, 0)))).toEqual({ top: 0, left: 0, bottom: 2, right: 1 });
  });

  it('jumps with ctrl+arrows to the edges of filled blocks', () => {
    const filled = new Set(['0:0', '1:0', '2:0', '6:0', '7:0']);
    const isFilled = (r: number, c: number) => filled.has(`${r}:${c}`);
    expect(jump(at(0, 0), 1, 0, isFilled)).toEqual(at(2, 0));
    expect(jump(at(2, 0), 1, 0, isFilled)).toEqual(at(6, 0));
    expect(jump(at(6, 0), 1, 0, isFilled)).toEqual(at(7, 0));
    expect(jump(at(7, 0), 1, 0, isFilled, { rows: 8, columns: 1 })).toEqual(at(MAX_ROWS - 1, 0));
    expect(jump(at(7, 0), -1, 0, isFilled)).toEqual(at(6, 0));
    expect(jump(at(4, 0), -1, 0, isFilled)).toEqual(at(2, 0));
    expect(jump(at(0, 3), 0, -1, isFilled)).toEqual(at(0, 0));
    expect(selectionRect(press(cellSelection(at(0, 0)), 'ArrowDown', { ctrlKey: true, shiftKey: true }, context([...filled]))!)).toEqual({ top: 0, left: 0, bottom: 2, right: 0 });
  });

  it('goes home, to the last used cell and by pages', () => {
    const ctx = context(['4:2', '9:1'], 20);
    expect(press(cellSelection(at(5, 5)), 'Home', {}, ctx)).toEqual(cellSelection(at(5, 0)));
    expect(press(cellSelection(at(5, 5)), 'Home', { ctrlKey: true }, ctx)).toEqual(cellSelection(at(0, 0)));
    expect(press(cellSelection(at(0, 0)), 'End', { ctrlKey: true }, ctx)).toEqual(cellSelection(at(9, 2)));
    expect(press(cellSelection(at(5, 1)), 'PageDown', {}, ctx)).toEqual(cellSelection(at(25, 1)));
    expect(press(cellSelection(at(5, 1)), 'PageUp', {}, ctx)).toEqual(cellSelection(at(0, 1)));
  });

  it('selects rows, columns and the whole sheet, and names them as Excel does', () => {
    const rows = press(extendTo(b3, at(4, 3)), ' ', { shiftKey: true })!;
    expect(selectionAddress('Sheet1', selectionRect(rows))).toBe('Sheet1!3:5');
    const columns = press(extendTo(b3, at(4, 3)), ' ', { ctrlKey: true })!;
    expect(selectionAddress('Sales Q1', selectionRect(columns))).toBe("'Sales Q1'!B:D");
    expect(selectionAddress('Sheet1', selectionRect(press(b3, 'a', { ctrlKey: true })!))).toBe('Sheet1!A1:XFD1048576');
    expect(selectionAddress('Sheet1', selectionRect(headerSelection(b3, 'row', 6, true)))).toBe('Sheet1!3:7');
    expect(selectionAddress('Sheet1', selectionRect(headerSelection(b3, 'column', 0, false)))).toBe('Sheet1!A:A');
  });

  it('moves Enter and Tab inside a selection of several cells, wrapping', () => {
    const range = extendTo(b3, at(3, 2)); // B3:C4
    const tab = navigate(range, { type: 'move', rows: 0, columns: 1, extend: false, jump: false, within: true }, context())!;
    expect(tab.active).toEqual(at(2, 2));
    expect(selectionRect(tab)).toEqual(selectionRect(range));
    expect(cycleWithin(tab, 0, 1).active).toEqual(at(3, 1));
    expect(press(range, 'Enter')!.active).toEqual(at(3, 1));
    expect(cycleWithin(cycleWithin(press(range, 'Enter')!, 1, 0), 1, 0).active).toEqual(at(3, 2));
    expect(press(range, 'Enter', { shiftKey: true })!.active).toEqual(at(3, 2));
    // An arrow collapses the selection and moves from the active cell.
    expect(press(tab, 'ArrowDown')).toEqual(cellSelection(at(3, 2)));
  });

  it("keeps the grid's selection while it matches the model's, else takes the model's", () => {
    const range = cycleWithin(extendTo(b3, at(3, 2)), 0, 1);
    expect(reconcile(range, selectionRect(range))).toBe(range);
    expect(reconcile(range, { top: 9, left: 0, bottom: 10, right: 1 })).toEqual({ anchor: at(9, 0), focus: at(10, 1) });
    expect(reconcile(undefined, { top: 1, left: 1, bottom: 1, right: 1 })).toEqual(cellSelection(at(1, 1)));
  });

  it('scrolls to the moving corner, one way only for whole rows or columns', () => {
    expect(revealCell(extendTo(b3, at(40, 9)))).toEqual({ row: 40, column: 9 });
    expect(revealCell(headerSelection(b3, 'row', 30, false))).toEqual({ row: 30, column: null });
    expect(revealCell(headerSelection(b3, 'column', 30, false))).toEqual({ row: null, column: 30 });
  });
});

describe('grid editing', () => {
  it('shows what Excel’s formula bar shows', () => {
    expect(editText(undefined)).toBe('');
    expect(editText({ value: 0, formula: '=SUM(A1:A3)' })).toBe('=SUM(A1:A3)');
    expect(editText({ value: '007', textPrefix: true })).toBe("'007");
    expect(editText({ value: 'plain' })).toBe('plain');
    expect(editText({ value: true })).toBe('TRUE');
    expect(editText({ value: '#N/A', error: true })).toBe('#N/A');
    expect(editText({ value: 1234.5, numberFormat: '$#,##0.00' })).toBe('1234.5');
    expect(editText({ value: 0.256, numberFormat: '0.0%' })).toBe('25.6%');
    expect(editText({ value: 45_658, numberFormat: 'yyyy-mm-dd' })).toBe('1/1/2025');
    expect(editText({ value: 45_658.75, numberFormat: 'yyyy-mm-dd hh:mm' })).toBe('1/1/2025 6:00:00 PM');
    expect(editText({ value: 0.75, numberFormat: 'h:mm' })).toBe('6:00:00 PM');
    expect(editText({ value: 1 / 3 })).toBe('0.333333333333333');
    expect(editText({ value: 1e-7 })).toBe('1E-07');
  });

  it('reads back what it showed: editing and committing unchanged text keeps the cell', () => {
    for (const cell of [{ value: 45_658, numberFormat: 'yyyy-mm-dd' }, { value: 0.256, numberFormat: '0.0%' }, { value: '007', textPrefix: true }, { value: 1234.5, numberFormat: '$#,##0.00' }]) {
      expect(enteredCell(editText(cell), cell, entryFromFormula)).toEqual(cell);
    }
  });

  it('stores typed entries through Excel’s coercion, keeping the cell’s formats', () => {
    const formatted = { value: 1, numberFormat: '0.00', bold: true, fill: '#FFFF00', fontColor: '#FF0000' };
    expect(enteredCell('42', formatted, entryFromFormula)).toEqual({ ...formatted, value: 42 });
    expect(enteredCell("'42", undefined, entryFromFormula)).toEqual({ value: '42', textPrefix: true });
    expect(enteredCell('=A1*2', { value: '', bold: true }, entryFromFormula)).toMatchObject({ formula: '=A1*2', bold: true });
    expect(enteredCell('25%', undefined, entryFromFormula)).toMatchObject({ value: 0.25, numberFormat: expect.stringContaining('%') });
    expect(enteredCell('FALSE', undefined, entryFromFormula)).toEqual({ value: false });
    expect(enteredCell('', formatted, entryFromFormula)).toEqual({ ...formatted, value: '' });
  });

  it('writes nothing for an F2 edit left unchanged, but always for typed entries', () => {
    const f2 = startEdit('s', 0, 0, { value: 5 });
    expect(f2).toMatchObject({ text: '5', mode: 'edit', replacing: false });
    expect(shouldCommit(f2)).toBe(false);
    expect(shouldCommit({ ...f2, text: '6' })).toBe(true);
    const typed = startEdit('s', 0, 0, { value: 5 }, '5');
    expect(typed).toMatchObject({ text: '5', mode: 'enter', replacing: true });
    expect(shouldCommit(typed)).toBe(true);
  });
});

describe('grid context menu', () => {
  const b3d5 = { top: 2, left: 1, bottom: 4, right: 3 };

  it('offers row, column and sheet actions with counts', () => {
    expect(menuItems({ kind: 'row', row: 2 }, { top: 2, left: 0, bottom: 4, right: MAX_COLUMNS - 1 }).map((i) => i.label)).toEqual(['Insert 3 rows', 'Delete 3 rows', 'Clear contents']);
    expect(menuItems({ kind: 'cell', row: 2, column: 1 }, b3d5).map((i) => i.action)).toEqual(['insert-rows', 'delete-rows', 'insert-columns', 'delete-columns', 'clear-contents']);
    expect(menuItems({ kind: 'tab', sheetId: 'x' }, b3d5).map((i) => i.action)).toEqual(['rename-sheet', 'add-sheet', 'delete-sheet']);
  });

  it('selects what was right-clicked outside the selection, and keeps the selection inside it', () => {
    expect(selectionForTarget({ kind: 'cell', row: 3, column: 2 }, b3d5)).toBeNull();
    expect(selectionForTarget({ kind: 'cell', row: 9, column: 2 }, b3d5)).toEqual(cellSelection(at(9, 2)));
    expect(selectionRect(selectionForTarget({ kind: 'row', row: 3 }, b3d5)!)).toEqual({ top: 3, left: 0, bottom: 3, right: MAX_COLUMNS - 1 });
    expect(selectionForTarget({ kind: 'column', column: 2 }, { top: 0, left: 1, bottom: MAX_ROWS - 1, right: 3 })).toBeNull();
  });

  it('inserts and deletes whole rows and columns of the selection', () => {
    expect(structuralEdit('insert-rows', b3d5)).toEqual({ op: 'insert', rect: { top: 2, bottom: 4, left: 0, right: MAX_COLUMNS - 1 }, shift: 'Down' });
    expect(structuralEdit('delete-columns', b3d5)).toEqual({ op: 'delete', rect: { top: 0, bottom: MAX_ROWS - 1, left: 1, right: 3 }, shift: 'Left' });
    expect(structuralEdit('clear-contents', b3d5)).toBeNull();
  });
});

describe('grid window', () => {
  it('renders only the rows in view, with spacers for the rest', () => {
    const window = axisWindow(22 * 10_000, 660, 22, 20_040, 8);
    expect(window.first).toBe(9_992);
    expect(window.end - window.first).toBeLessThan(60);
    expect(window.before).toBe(9_992 * 22);
    expect(window.before + (window.end - window.first) * 22 + window.after).toBe(20_040 * 22);
    expect(axisWindow(0, 0, 22, 10, 8)).toEqual({ first: 0, end: 10, before: 0, after: 0 });
  });

  it('counts the used rows and columns from the model’s cell keys', () => {
    expect(usedExtent([cellKey(4, 2), cellKey(9, 1), cellKey(0, 25)])).toEqual({ rows: 10, columns: 26 });
    expect(usedExtent([])).toEqual({ rows: 0, columns: 0 });
  });

  it('grows the sheet with its data, the active cell and scrolling, up to Excel’s limit', () => {
    expect(rowExtent(0, 0, 30)).toBe(70);
    expect(rowExtent(20_000, 0, 30)).toBe(20_040);
    expect(rowExtent(0, 5_000, 0)).toBe(5_041);
    expect(rowExtent(0, MAX_ROWS - 1, 0)).toBe(MAX_ROWS);
  });

  it('scrolls the least that shows a cell below the sticky header', () => {
    expect(revealOffset(0, 222, 3, 22, 22)).toBe(0);
    expect(revealOffset(0, 222, 20, 22, 22)).toBe(21 * 22 - 200);
    expect(revealOffset(500, 222, 2, 22, 22)).toBe(44);
  });

  it('frames the selection clipped to the rendered sheet', () => {
    expect(selectionBox({ top: 1, left: 1, bottom: 2, right: MAX_COLUMNS - 1 }, 100, 26, new ColumnLayout())).toEqual({ top: 22 + 22, left: 56 + 88, height: 44, width: 25 * 88 });
  });
});

describe('column widths', () => {
  // The default column, 48 points, is drawn 88 px wide: 11/6 px a point. B at 96 points is 176 px, D at 24
  // points 44 px; so the columns' left edges are A 0, B 88, C 264, D 352, E 396, F 484, and from there 88 each.
  const layout = new ColumnLayout(new Map([[3, 24], [1, 96]]));

  it('draws each column at the workbook’s width', () => {
    expect([0, 1, 2, 3, 4].map((c) => layout.width(c))).toEqual([88, 176, 88, 44, 88]);
    expect([0, 1, 2, 3, 4, 5, 26].map((c) => layout.left(c))).toEqual([0, 88, 264, 352, 396, 484, 26 * 88 + 88 - 44]);
  });

  it('finds the column under a point of the scrolled sheet', () => {
    expect([0, 87, 88, 263, 264, 351, 352, 395, 396, 484].map((x) => layout.columnAt(x))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 5]);
    expect(new ColumnLayout().columnAt(1e9)).toBe(MAX_COLUMNS - 1);
  });

  it('renders only the columns in view, with spacers as wide as the columns they stand for', () => {
    // 300 px in is column C, 400 px in is E: C to E, one more each side.
    expect(layout.window(300, 100, 26, 1)).toEqual({ first: 1, end: 6, before: 88, after: 2332 - 572 });
    // At the default widths, 8,800 px in is column 100 and 9,460 px column 107 (9,460 / 88 = 107.5): 92 to 115.
    expect(new ColumnLayout().window(88 * 100, 660, 300, 8)).toEqual({ first: 92, end: 116, before: 92 * 88, after: (300 - 116) * 88 });
  });

  it('frames a selection and scrolls to a column at their widths', () => {
    expect(selectionBox({ top: 0, left: 1, bottom: 0, right: 3 }, 100, 26, layout)).toEqual({ top: 22, left: 56 + 88, height: 22, width: 176 + 88 + 44 });
    // B (88 to 264 px) in a 200 px wide view below a 56 px row header, scrolled to 300 px: back to its left edge.
    expect(revealSpan(300, 200, layout.left(1), layout.width(1), 56)).toBe(88);
    // F (484 to 572 px) from 0: the least scroll that shows its right edge in the 144 px left beside the header.
    expect(revealSpan(0, 200, layout.left(5), layout.width(5), 56)).toBe(572 - 144);
  });
});

describe('grid cells', () => {
  it('aligns and formats values as Excel does', () => {
    expect(cellView({ value: 1234.5, numberFormat: '#,##0.00' })).toMatchObject({ text: '1,234.50', align: 'right' });
    expect(cellView({ value: 'abc' })).toMatchObject({ text: 'abc', align: 'left' });
    expect(cellView({ value: true })).toMatchObject({ text: 'TRUE', align: 'center' });
    expect(cellView({ value: '#DIV/0!', error: true, numberFormat: '0.00;;;"x"@' })).toMatchObject({ text: '#DIV/0!', align: 'center' });
    expect(cellView({ value: -5, numberFormat: '0;[Red]-0', fontColor: '#00AA00' })).toMatchObject({ text: '-5', color: '#FF0000' });
    expect(cellView({ value: 5, bold: true, fill: '#FFFF00', fontColor: '#00AA00' })).toMatchObject({ bold: true, background: '#FFFF00', color: '#00AA00' });
    expect(cellView({ value: 0, formula: '=A1' })).toMatchObject({ text: '0', formula: '=A1', unevaluated: false });
    expect(cellView({ value: '#UNEVALUATED!', formula: '=A1' })).toMatchObject({ text: '=A1', unevaluated: true });
    expect(cellView(undefined).text).toBe('');
  });
});

