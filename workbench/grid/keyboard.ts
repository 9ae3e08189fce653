/**
 * What a key does in the grid, as in Excel for the web (keyboard shortcuts:
 * https://support.microsoft.com/en-us/office/keyboard-shortcuts-in-excel-1798d9d5-842a-42b8-9c99-9b7213f0040f).
 * Plain decisions on a key and its modifiers, so components only wire them to the model.
 * One difference: Tab on a selected cell leaves the grid (the page's next control, e.g. the task pane) rather
 * than moving right, so the grid is no keyboard trap; Tab ending an entry still commits and moves right.
 */
export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export type GridCommand =
  /**
   * Arrows and Enter: move the active cell (`extend`: the selection's far corner); `jump`: Ctrl+arrow;
   * `within`: Enter (and Tab ending an entry), which stay inside a selection of several cells.
   */
  | { type: 'move'; rows: number; columns: number; extend: boolean; jump: boolean; within?: boolean }
  /** Home: first column of the row; Ctrl+Home: A1; Ctrl+End: the last used cell. */
  | { type: 'home'; extend: boolean; sheet: boolean }
  | { type: 'end'; extend: boolean }
  | { type: 'page'; direction: 1 | -1; extend: boolean }
  | { type: 'select-all' }
  | { type: 'select-row' }
  | { type: 'select-column' }
  /** Start editing: typed text replaces the cell (Enter mode); F2 edits what is there (Edit mode). */
  | { type: 'edit'; replaceWith?: string }
  | { type: 'clear' }
  /** Ctrl+D, Ctrl+R: fill down or right from the selection's first row or column. */
  | { type: 'fill'; direction: 'Down' | 'Right' }
  | { type: 'context-menu' }
  /** F6: leave the grid for the next part of the window, as Excel's F6 moves between panes. */
  | { type: 'leave' };

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

export function gridCommand(input: KeyInput): GridCommand | null {
  const { key, shiftKey = false, altKey = false } = input;
  const ctrl = Boolean(input.ctrlKey || input.metaKey);
  const arrow = ARROWS[key];
  if (arrow && !altKey) return { type: 'move', rows: arrow[0], columns: arrow[1], extend: shiftKey, jump: ctrl };
  if (ctrl || altKey) {
    if (ctrl && !altKey && key.toLowerCase() === 'a') return { type: 'select-all' };
    if (ctrl && !altKey && !shiftKey && key.toLowerCase() === 'd') return { type: 'fill', direction: 'Down' };
    if (ctrl && !altKey && !shiftKey && key.toLowerCase() === 'r') return { type: 'fill', direction: 'Right' };
    if (ctrl && key === ' ') return { type: 'select-column' };
    if (ctrl && key === 'Home') return { type: 'home', extend: shiftKey, sheet: true };
    if (ctrl && key === 'End') return { type: 'end', extend: shiftKey };
    return null;
  }
  switch (key) {
    case 'Enter': return { type: 'move', rows: shiftKey ? -1 : 1, columns: 0, extend: false, jump: false, within: true };
    case 'Home': return { type: 'home', extend: shiftKey, sheet: false };
    case 'PageDown': return { type: 'page', direction: 1, extend: shiftKey };
    case 'PageUp': return { type: 'page', direction: -1, extend: shiftKey };
    case 'F2': return { type: 'edit' };
    case 'F6': return { type: 'leave' };
    case 'F10': return shiftKey ? { type: 'context-menu' } : null;
    case 'ContextMenu': return { type: 'context-menu' };
    case 'Delete':
    case 'Backspace': return { type: 'clear' };
    case ' ': if (shiftKey) return { type: 'select-row' };
  }
  // A printable character starts a new entry with that character.
  return [...key].length === 1 ? { type: 'edit', replaceWith: key } : null;
}

/**
 * Enter mode (typing replaced the cell): arrows finish the entry and move, as in Excel. Edit mode (F2,
 * double-click): arrows move the caret. F2 switches from Enter mode to Edit mode.
 */
export type EditMode = 'enter' | 'edit';

export type EditorCommand =
  | { type: 'commit'; rows: number; columns: number }
  | { type: 'cancel' }
  | { type: 'mode'; mode: EditMode };

export function editorCommand(input: KeyInput, mode: EditMode): EditorCommand | null {
  const { key, shiftKey = false } = input;
  if (input.altKey || input.ctrlKey || input.metaKey) return null;
  switch (key) {
    case 'Enter': return { type: 'commit', rows: shiftKey ? -1 : 1, columns: 0 };
    case 'Tab': return { type: 'commit', rows: 0, columns: shiftKey ? -1 : 1 };
    case 'Escape': return { type: 'cancel' };
    case 'F2': return { type: 'mode', mode: mode === 'enter' ? 'edit' : 'enter' };
  }
  const arrow = ARROWS[key];
  if (arrow && mode === 'enter' && !shiftKey) return { type: 'commit', rows: arrow[0], columns: arrow[1] };
  return null;
}
