import type { Rect } from '../../../src/core/a1';
import { Calculation } from '../calc/calculation';
import { CellChangeLog, type CellChange } from './cell-change-log';
import { SheetRenameLog, type SheetRename } from './sheet-renames';
import { CustomXmlStore } from './custom-xml-store';
import { ErrorCodes, HostError } from './host-error';
import { nameTarget, namesAfterDelete, namesAfterInsert, namesAfterSheetDeleted, namesAfterSheetRenamed, validateName } from './defined-names';
import { cellKey, keyCell, mergeCells, shiftForDelete, shiftForInsert, usedArea } from './sheet-cells';
import { formulasAfterDelete, formulasAfterInsert } from './formula-shifts';
import { tablesAfterDelete, tablesAfterInsert, type TableModel } from './tables';
import { workbookFile, workbookFileState } from './workbook-file';
import type { CellData, CustomPropertyValue, NameModel, SerializedWorkbook, SheetModel } from './workbook-data';

// Many modules take the workbook's shapes and cell keys from here, with the model.
export { cellKey, keyCell } from './sheet-cells';
export type { CellData, CustomPropertyValue, NameModel, SerializedWorkbook, SheetModel } from './workbook-data';
export type { CellChange, CellChangeType, CellShiftDirection } from './cell-change-log';
export type { SheetRename } from './sheet-renames';

/** Sheet ids look like Office's: a braced GUID, stable across renames, unique within the workbook. */
function newSheetId(): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16).toUpperCase()).join('');
  return `{${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}}`;
}

/**
 * The state of a simulated workbook: sheets of sparse cells, defined names, document settings and the
 * selection. Structural edits (insert/delete with shift) move cells, and the formulas' references and names
 * that point below or to the right of them, as Excel does.
 */
export class WorkbookModel {
  sheets: SheetModel[] = [];
  names: NameModel[] = [];
  /** Excel tables (ListObjects), see tables.ts. */
  tables: TableModel[] = [];
  /** The id the next table gets (ids stay with the workbook, as Table.id does). */
  nextTableId = 1;
  settings = new Map<string, unknown>();
  /** Custom document properties (File > Properties), by key as first written; keys match case-insensitively. */
  customProperties = new Map<string, CustomPropertyValue>();
  /** Custom XML parts (custom-xml-store.ts). */
  customXmlParts = new CustomXmlStore();
  activeSheetId: string;
  selection: Rect = { top: 0, left: 0, bottom: 0, right: 0 };
  /** Several areas selected at once (ctrl-click), or a chart rather than cells. */
  selectionAreas: Rect[] = [];
  selectionKind: 'cells' | 'chart' = 'cells';
  /** A person is typing in a cell (Excel's Edit mode): the host refuses add-in writes meanwhile. */
  editingCell = false;
  /** The add-in's request is being carried out (set by the host): changes now are the add-in's own. */
  addinWriting = false;
  /** The formula engine: formula cells hold their results, recalculated after each operation. */
  readonly calculation: Calculation = new Calculation(this);
  /** The number in the name of the next sheet added without one (`Sheet2`); kept in the file. */
  nextSheetNumber = 1;
  private readonly cellChanges = new CellChangeLog();
  private readonly sheetRenames = new SheetRenameLog();
  private dirty = false;
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

  /**
   * The cells that changed since the last `notify`, one entry per operation (what the worksheet's `onChanged`
   * reports). Called from `notify`, after the change listeners.
   */
  onCellsChanged(listener: (changes: readonly CellChange[]) => void): () => void {
    return this.cellChanges.listen(listener);
  }

  /** The sheets renamed since the last `notify` (what the worksheet collection's `onNameChanged` reports), told from `notify`. */
  onSheetsRenamed(listener: (renames: readonly SheetRename[]) => void): () => void {
    return this.sheetRenames.listen(listener);
  }

  /** Ends the operation under way: its edited cells become one change (the host calls this after each action). */
  endOperation(): void {
    this.calculation.recalculate();
    this.cellChanges.endOperation();
  }

  /** Excel's WorkbookSelectionChanged: called after the user (or the add-in) selects cells or another sheet. */
  onSelectionChanged(listener: () => void): () => void {
    this.selectionListeners.add(listener);
    return () => this.selectionListeners.delete(listener);
  }

  /** Selects cells, on another sheet when given (activating it), and tells the selection listeners. */
  select(rect: Rect, sheetId = this.activeSheetId, areas: Rect[] = []): void {
    this.activeSheetId = sheetId;
    this.selection = rect;
    this.selectionAreas = areas;
    this.selectionKind = 'cells';
    this.dirty = true;
    for (const listener of this.selectionListeners) listener();
  }

  /** Selects a chart (no cells): what `getSelectedRange` cannot answer. */
  selectChart(): void {
    this.selectionKind = 'chart';
    this.dirty = true;
    for (const listener of this.selectionListeners) listener();
  }

  /** The active cell: the selection's first cell. */
  get activeCell(): { row: number; column: number } {
    return { row: this.selection.top, column: this.selection.left };
  }

  /** Marks the workbook changed; `notify` then tells the change listeners. */
  changed(): void {
    this.dirty = true;
  }

  /** Tells the change listeners, when something changed since the last time. */
  notify(): void {
    this.endOperation();
    if (this.dirty) {
      this.dirty = false;
      for (const listener of this.listeners) listener();
    }
    this.cellChanges.flush();
    this.sheetRenames.flush();
  }

  sheetById(id: string): SheetModel | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  sheetByName(name: string): SheetModel | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
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
    this.dirty = true;
    return sheet;
  }

  renameSheet(sheet: SheetModel, name: string): void {
    this.dirty = true;
    this.validateSheetName(name);
    const other = this.sheetByName(name);
    if (other && other !== sheet) throw new HostError(ErrorCodes.itemAlreadyExists, `A worksheet named '${name}' already exists.`);
    namesAfterSheetRenamed(this.names, sheet.name, name);
    this.sheetRenames.record({ sheetId: sheet.id, nameBefore: sheet.name, nameAfter: name });
    sheet.name = name;
    this.calculation.rebuild();
  }

  deleteSheet(sheet: SheetModel): void {
    this.dirty = true;
    if (this.sheets.length === 1) throw new HostError(ErrorCodes.invalidOperation, 'A workbook must contain at least one visible worksheet.');
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.tables = this.tables.filter((t) => t.sheet !== sheet);
    namesAfterSheetDeleted(this.names, sheet.name);
    this.calculation.rebuild();
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
    this.dirty = true;
    // A format alone (number format, bold, fill) is not a data change (that is `onFormatChanged`'s).
    const old = sheet.cells.get(cellKey(row, column));
    const sameContent = (old?.value ?? '') === data.value && old?.formula === data.formula && Boolean(old?.textPrefix) === Boolean(data.textPrefix) && Boolean(old?.error) === Boolean(data.error);
    const sameFormat = old?.numberFormat === data.numberFormat && Boolean(old?.bold) === Boolean(data.bold) && old?.fill === data.fill && old?.fontColor === data.fontColor;
    if (!sameContent || sameFormat) this.cellChanges.touch(sheet, { top: row, left: column, bottom: row, right: column }, this.addinWriting);
    const empty = data.value === '' && !data.formula && !data.numberFormat && !data.bold && !data.fill && !data.fontColor;
    if (empty) sheet.cells.delete(cellKey(row, column));
    else sheet.cells.set(cellKey(row, column), data);
    this.calculation.cellChanged(sheet, row, column);
  }

  clear(sheet: SheetModel, rect: Rect, applyTo: 'All' | 'Contents' | 'Formats'): void {
    this.dirty = true;
    if (applyTo !== 'Formats') this.cellChanges.touch(sheet, rect, this.addinWriting);
    for (const [key, cell] of [...sheet.cells]) {
      const { row, column } = keyCell(key);
      if (row < rect.top || row > rect.bottom || column < rect.left || column > rect.right) continue;
      if (applyTo === 'All') sheet.cells.delete(key);
      else if (applyTo === 'Contents') this.setCell(sheet, row, column, { value: '', numberFormat: cell.numberFormat, bold: cell.bold, fill: cell.fill, fontColor: cell.fontColor });
      else this.setCell(sheet, row, column, { value: cell.value, formula: cell.formula, textPrefix: cell.textPrefix, error: cell.error, errorMessage: cell.errorMessage, spillParent: cell.spillParent });
    }
    if (applyTo !== 'Formats') this.calculation.areaChanged(sheet, rect);
  }

  /** Inserts blank cells at `rect`, moving what was there down or right (and the names that point there). */
  insert(sheet: SheetModel, rect: Rect, shift: 'Down' | 'Right'): void {
    this.dirty = true;
    shiftForInsert(sheet, rect, shift);
    formulasAfterInsert(this.sheets, sheet, rect, shift);
    namesAfterInsert(this.names, sheet.name, rect, shift);
    tablesAfterInsert(this, sheet, rect, shift);
    this.calculation.rebuild();
    this.cellChanges.structuralChange(sheet, rect, shift, this.addinWriting);
  }

  /** Deletes the cells at `rect`, moving what was below up or what was right left; names inside become #REF!. */
  delete(sheet: SheetModel, rect: Rect, shift: 'Up' | 'Left'): void {
    this.dirty = true;
    shiftForDelete(sheet, rect, shift);
    formulasAfterDelete(this.sheets, sheet, rect, shift);
    namesAfterDelete(this.names, sheet.name, rect, shift);
    tablesAfterDelete(this, sheet, rect, shift);
    this.calculation.rebuild();
    this.cellChanges.structuralChange(sheet, rect, shift, this.addinWriting);
  }

  /**
   * The used range: the smallest rectangle holding every cell with a value (or, unless `valuesOnly`, a
   * format), as Worksheet.getUsedRange describes it; null on an empty sheet.
   */
  usedRange(sheet: SheetModel, valuesOnly: boolean): Rect | null {
    return usedArea(sheet, valuesOnly);
  }

  /** Merges `rect` (or, `across`, each of its rows); only the top-left value of each merged area stays. */
  merge(sheet: SheetModel, rect: Rect, across: boolean): void {
    this.dirty = true;
    mergeCells(sheet, rect, across);
  }

  unmerge(sheet: SheetModel, rect: Rect): void {
    this.dirty = true;
    sheet.merges = sheet.merges.filter((m) => m.bottom < rect.top || m.top > rect.bottom || m.right < rect.left || m.left > rect.right);
  }

  findName(name: string): NameModel | undefined {
    return this.names.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
  }

  /** Defines a name; relative references in `formula` are taken against the active cell, as in Excel. */
  defineName(name: string, formula: string, comment: string): NameModel {
    this.dirty = true;
    // Tables' names share the namespace of defined names.
    validateName(name, [...this.names, ...this.tables.map((t) => ({ name: t.name, formula: '', origin: { row: 0, column: 0 }, visible: true, comment: '' }))]);
    const entry: NameModel = { name, formula: formula.startsWith('=') ? formula : `=${formula}`, origin: this.activeCell, visible: true, comment };
    this.names.push(entry);
    this.calculation.rebuild();
    return entry;
  }

  /** Sets a name's formula (`NamedItem.formula`), taking relative references against the active cell now. */
  redefineName(entry: NameModel, formula: string): void {
    this.dirty = true;
    entry.formula = formula.startsWith('=') ? formula : `=${formula}`;
    entry.origin = this.activeCell;
    this.calculation.rebuild();
  }

  deleteName(entry: NameModel): void {
    this.dirty = true;
    this.names = this.names.filter((n) => n !== entry);
    this.calculation.rebuild();
  }

  /** The cells a name refers to now, or null when it is not a plain reference to an existing sheet. */
  nameArea(entry: NameModel): { sheet: SheetModel; rect: Rect } | null {
    const target = nameTarget(entry, this.activeCell);
    if (!target) return null;
    const sheet = target.sheetName === null ? this.sheetById(this.activeSheetId) : this.sheetByName(target.sheetName);
    return sheet ? { sheet, rect: target.rect } : null;
  }

  toJSON(): SerializedWorkbook {
    return workbookFile(this);
  }

  static fromJSON(data: SerializedWorkbook): WorkbookModel {
    const model = new WorkbookModel(data.name);
    Object.assign(model, workbookFileState(data, newSheetId));
    // The saved values are calculated again, as Excel does on opening a workbook.
    model.calculation.rebuild();
    model.calculation.recalculate(true);
    return model;
  }
}
