import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../../core/a1';
import { ErrorCodes, HostError } from './host-error';

/** What one cell holds. A formula is stored, never evaluated (the emulator has no formula engine). */
export interface CellData {
  /** For an error value (`error: true`), its text, e.g. `#N/A`. */
  value: string | number | boolean;
  formula?: string;
  /** Text entered with a leading apostrophe: the apostrophe is a hidden prefix, not part of the value. */
  textPrefix?: boolean;
  /** The value is one of Excel's error values (`#N/A`, `#REF!`, ...): `valueTypes` says `Error`. */
  error?: boolean;
  numberFormat?: string;
  bold?: boolean;
  /** Fill colour as `#RRGGBB`. */
  fill?: string;
  /** Font colour as `#RRGGBB`. */
  fontColor?: string;
}

export interface SheetModel {
  /** Valid for this session only: Excel gives a sheet a new id when the file is opened again or elsewhere. */
  id: string;
  name: string;
  cells: Map<string, CellData>;
  /** Merged areas. */
  merges: Rect[];
  /** Worksheet protection on (no password, default options): locked cells refuse edits. */
  protected: boolean;
}

export interface NameModel {
  name: string;
  /** `null` once the range it referred to was deleted (`#REF!`). */
  target: { sheetId: string; rect: Rect } | null;
  visible: boolean;
  comment: string;
}

export type CustomPropertyValue = string | number | boolean;

export interface SerializedWorkbook {
  name: string;
  sheets: { name: string; cells: [string, CellData][]; merges?: Rect[]; protected?: boolean }[];
  names: NameModel[];
  settings: [string, unknown][];
  /** Older saved workbenches have none. */
  customProperties?: [string, CustomPropertyValue][];
  /** Index of the active sheet in `sheets` (ids are not saved: they are per session). */
  activeSheet: number;
  selection: Rect;
  nextSheetNumber: number;
}

export const cellKey = (row: number, column: number) => `${row}:${column}`;
export function keyCell(key: string): { row: number; column: number } {
  const [row, column] = key.split(':').map(Number) as [number, number];
  return { row, column };
}

/** Sheet ids look like Office's: a braced GUID, stable across renames, unique within the workbook. */
function newSheetId(): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16).toUpperCase()).join('');
  return `{${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}}`;
}

/**
 * The state of a simulated workbook: sheets of sparse cells, defined names, document settings and the
 * selection. Structural edits (insert/delete with shift) move cells and the names that point below or to
 * the right of them, as Excel does.
 */
export class WorkbookModel {
  sheets: SheetModel[] = [];
  names: NameModel[] = [];
  settings = new Map<string, unknown>();
  /** Custom document properties (File > Properties), by key as first written; keys match case-insensitively. */
  customProperties = new Map<string, CustomPropertyValue>();
  activeSheetId: string;
  selection: Rect = { top: 0, left: 0, bottom: 0, right: 0 };
  private nextSheetNumber = 1;
  private readonly listeners = new Set<() => void>();
  private readonly selectionListeners = new Set<() => void>();

  constructor(public name = 'Book1.xlsx') {
    this.activeSheetId = this.addSheet().id;
  }

  /** Called after every sync that changed something, and after selection changes. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Excel's WorkbookSelectionChanged: called after the user (or the add-in) selects cells or another sheet. */
  onSelectionChanged(listener: () => void): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  /** Selects cells, on another sheet when given (activating it), and tells the selection listeners. */
  select(rect: Rect, sheetId = this.activeSheetId): void {
    this.activeSheetId = sheetId;
    this.selection = rect;
    for (const listener of this.selectionListeners) listener();
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  sheetById(id: string): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  requireSheet(name: string): SheetModel {
    const sheet = this.sheetByName(name);
    if (!sheet) throw new HostError(ErrorCodes.itemNotFound, `The requested resource doesn't exist. (worksheet '${name}')`);
    return sheet;
  }

  addSheet(name?: string): SheetModel {
    let sheetName = name;
    if (!sheetName) {
      do sheetName = `Sheet${this.nextSheetNumber++}`;
      while (this.sheetByName(sheetName));
    }
    this.validateSheetName(sheetName);
    if (this.sheetByName(sheetName)) throw new HostError(ErrorCodes.itemAlreadyExists, `A worksheet named '${sheetName}' already exists.`);
    const sheet: SheetModel = { id: newSheetId(), name: sheetName, cells: new Map(), merges: [], protected: false };
    this.sheets.push(sheet);
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    this.validateSheetName(name);
    const other = this.sheetByName(name);
    if (other && other !== sheet) throw new HostError(ErrorCodes.itemAlreadyExists, `A worksheet named '${name}' already exists.`);
    sheet.name = name;
  }

  deleteSheet(sheet: SheetModel): void {
    if (this.sheets.length === 1) throw new HostError(ErrorCodes.invalidOperation, 'A workbook must contain at least one visible worksheet.');
    this.sheets = this.sheets.filter((s) => s !== sheet);
    for (const name of this.names) if (name.target?.sheetId === sheet.id) name.target = null;
    if (this.activeSheetId === sheet.id) {
      this.activeSheetId = this.sheets[0]!.id;
      this.selection = { top: 0, left: 0, bottom: 0, right: 0 };
    }
  }

  private validateSheetName(name: string): void {
    if (!name || name.length > 31 || /[:\\/?*[\]]/.test(name) || name.startsWith("'") || name.endsWith("'")) {
      throw new HostError(ErrorCodes.invalidArgument, `The worksheet name '${name}' is not valid.`);
    }
  }

  cellAt(sheet: SheetModel, row: number, column: number): CellData | undefined {
    return sheet.cells.get(cellKey(row, column));
  }

  setCell(sheet: SheetModel, row: number, column: number, data: CellData): void {
    const empty = data.value === '' && !data.formula && !data.numberFormat && !data.bold && !data.fill && !data.fontColor;
    if (empty) sheet.cells.delete(cellKey(row, column));
    else sheet.cells.set(cellKey(row, column), data);
  }

  clear(sheet: SheetModel, rect: Rect, applyTo: 'All' | 'Contents' | 'Formats'): void {
    for (const [key, cell] of [...sheet.cells]) {
      const { row, column } = keyCell(key);
      if (row < rect.top || row > rect.bottom || column < rect.left || column > rect.right) continue;
      if (applyTo === 'All') sheet.cells.delete(key);
      else if (applyTo === 'Contents') this.setCell(sheet, row, column, { value: '', numberFormat: cell.numberFormat, bold: cell.bold });
      else this.setCell(sheet, row, column, { ...cell, numberFormat: undefined, bold: undefined });
    }
  }

  /** Inserts blank cells at `rect`, moving what was there down or right (and the names that point there). */
  insert(sheet: SheetModel, rect: Rect, shift: 'Down' | 'Right'): void {
    const count = shift === 'Down' ? rect.bottom - rect.top + 1 : rect.right - rect.left + 1;
    const moves = (row: number, column: number) =>
      shift === 'Down'
        ? column >= rect.left && column <= rect.right && row >= rect.top
        : row >= rect.top && row <= rect.bottom && column >= rect.left;
    const limit = shift === 'Down' ? MAX_ROWS : MAX_COLUMNS;
    for (const [key] of sheet.cells) {
      const { row, column } = keyCell(key);
      if (moves(row, column) && (shift === 'Down' ? row : column) + count >= limit) {
        throw new HostError(ErrorCodes.invalidOperation, 'To prevent possible loss of data, Excel cannot shift nonblank cells off of the worksheet.');
      }
    }
    const moved = new Map<string, CellData>();
    for (const [key, cell] of sheet.cells) {
      const { row, column } = keyCell(key);
      if (moves(row, column)) moved.set(shift === 'Down' ? cellKey(row + count, column) : cellKey(row, column + count), cell);
      else moved.set(key, cell);
    }
    sheet.cells = moved;
    for (const name of this.names) {
      if (name.target?.sheetId !== sheet.id) continue;
      const r = name.target.rect;
      if (shift === 'Down' && r.left >= rect.left && r.right <= rect.right) {
        if (r.top >= rect.top) name.target.rect = { ...r, top: r.top + count, bottom: r.bottom + count };
        else if (r.bottom >= rect.top) name.target.rect = { ...r, bottom: r.bottom + count };
      }
      if (shift === 'Right' && r.top >= rect.top && r.bottom <= rect.bottom) {
        if (r.left >= rect.left) name.target.rect = { ...r, left: r.left + count, right: r.right + count };
        else if (r.right >= rect.left) name.target.rect = { ...r, right: r.right + count };
      }
    }
  }

  /** Deletes the cells at `rect`, moving what was below up or what was right left; names inside become #REF!. */
  delete(sheet: SheetModel, rect: Rect, shift: 'Up' | 'Left'): void {
    const count = shift === 'Up' ? rect.bottom - rect.top + 1 : rect.right - rect.left + 1;
    const next = new Map<string, CellData>();
    for (const [key, cell] of sheet.cells) {
      const { row, column } = keyCell(key);
      const inside = row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right;
      if (inside) continue;
      if (shift === 'Up' && column >= rect.left && column <= rect.right && row > rect.bottom) next.set(cellKey(row - count, column), cell);
      else if (shift === 'Left' && row >= rect.top && row <= rect.bottom && column > rect.right) next.set(cellKey(row, column - count), cell);
      else next.set(key, cell);
    }
    sheet.cells = next;
    for (const name of this.names) {
      const target = name.target;
      if (target?.sheetId !== sheet.id) continue;
      const r = target.rect;
      if (shift === 'Up' && r.left >= rect.left && r.right <= rect.right) {
        if (r.top >= rect.top && r.bottom <= rect.bottom) name.target = null;
        else if (r.top > rect.bottom) target.rect = { ...r, top: r.top - count, bottom: r.bottom - count };
        else if (r.bottom >= rect.top) {
          const removed = Math.min(r.bottom, rect.bottom) - Math.max(r.top, rect.top) + 1;
          target.rect = { ...r, top: Math.min(r.top, rect.top), bottom: r.bottom - removed };
        }
      }
      if (shift === 'Left' && r.top >= rect.top && r.bottom <= rect.bottom) {
        if (r.left >= rect.left && r.right <= rect.right) name.target = null;
        else if (r.left > rect.right) target.rect = { ...r, left: r.left - count, right: r.right - count };
        else if (r.right >= rect.left) {
          const removed = Math.min(r.right, rect.right) - Math.max(r.left, rect.left) + 1;
          target.rect = { ...r, left: Math.min(r.left, rect.left), right: r.right - removed };
        }
      }
    }
  }

  toJSON(): SerializedWorkbook {
    return {
      name: this.name,
      sheets: this.sheets.map((s) => ({ name: s.name, cells: [...s.cells], merges: s.merges, protected: s.protected })),
      names: this.names.map((n) => ({ ...n, target: n.target && { sheetId: n.target.sheetId, rect: { ...n.target.rect } } })),
      settings: [...this.settings],
      customProperties: [...this.customProperties],
      activeSheet: this.sheets.findIndex((s) => s.id === this.activeSheetId),
      selection: this.selection,
      nextSheetNumber: this.nextSheetNumber,
    };
  }

  static fromJSON(data: SerializedWorkbook): WorkbookModel {
    const model = new WorkbookModel(data.name);
    // A workbook opened again gets new sheet ids, as in Excel.
    model.sheets = data.sheets.map((s) => ({ id: newSheetId(), name: s.name, cells: new Map(s.cells), merges: s.merges ?? [], protected: s.protected ?? false }));
    model.names = data.names;
    model.settings = new Map(data.settings);
    model.customProperties = new Map(data.customProperties ?? []);
    model.activeSheetId = model.sheets[data.activeSheet]?.id ?? model.sheets[0]!.id;
    model.selection = data.selection;
    model.nextSheetNumber = data.nextSheetNumber;
    return model;
  }
}
