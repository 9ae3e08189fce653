import type { Rect } from '../../../src/core/a1';
import { readValue } from './coercion';
import { validateName } from './defined-names';
import { ErrorCodes, HostError } from './host-error';
import { adjustForDelete, adjustForInsert } from './references';
import { formatCellValue } from './number-format';
import type { SheetModel, WorkbookModel } from './workbook-model';

/**
 * Excel tables (ListObjects) as the workbook keeps them, by Microsoft's documentation:
 * - the API: https://learn.microsoft.com/javascript/api/excel/excel.tablecollection#excel-excel-tablecollection-add-member(1)
 *   ("If the table cannot be added (e.g., because the address is invalid, or the table would overlap with
 *   another table), an error will be thrown"; without headers "Excel will automatically generate a header and
 *   shift the data down by one row") and https://learn.microsoft.com/javascript/api/excel/excel.table
 *   (`resize`: "The new range must overlap with the original table range and the headers (or the top of the
 *   table) must be in the same row"; `convertToRange`: "All data is preserved"; `style`: "TableStyleLight1"
 *   through "TableStyleLight21", "TableStyleMedium1" through "TableStyleMedium28", "TableStyleDark1" through
 *   "TableStyleDark11", or a custom style in the workbook);
 * - header cells hold unique text: an empty header becomes "Column1", "Column2"…, a repeated one gets a number
 *   ("Region2"), numbers become their text ("Overview of Excel tables",
 *   https://support.microsoft.com/office/overview-of-excel-tables-7ab0bb7d-3a9e-4b56-a3c9-6c94334e492c, and
 *   "Turn Excel table headers on or off", https://support.microsoft.com/office/turn-excel-table-headers-on-or-off-c91d1742-312c-4480-820f-cf4b534c8b3b);
 * - names follow the rules of defined names and share their namespace: a table cannot take a defined name's
 *   name or another table's, regardless of case ("Rename an Excel table",
 *   https://support.microsoft.com/office/rename-an-excel-table-fbf49a4f-82a3-43eb-8ba2-44d21233b114);
 *   a new table is "Table1", "Table2"…;
 * - typing in the column right of a table, or the row below it, takes that column or row into the table
 *   (AutoCorrect's "Include new rows and columns in table", "Resize a table by adding or removing rows and columns",
 *   https://support.microsoft.com/office/resize-a-table-by-adding-or-removing-rows-and-columns-e65ae4bb-e44b-43f4-ad8b-7d68784f1165);
 *   an add-in's writes do not.
 * A table moves and grows with cells inserted or deleted around it, as the names that point at it do.
 */
export interface TableModel {
  /** "Remains the same even when the table is renamed" (Table.id); kept with the workbook. */
  id: string;
  name: string;
  sheet: SheetModel;
  /** The whole table: header row (when shown), data rows, total row (when shown). */
  rect: Rect;
  style: string;
  showHeaders: boolean;
  showTotals: boolean;
  showBandedRows: boolean;
  showBandedColumns: boolean;
  showFilterButton: boolean;
  highlightFirstColumn: boolean;
  highlightLastColumn: boolean;
}

/** Excel's default for a new table (Insert > Table, and `tables.add`). */
export const DEFAULT_TABLE_STYLE = 'TableStyleMedium2';

const BUILT_IN_STYLE = /^TableStyle(Light([1-9]|1\d|2[01])|Medium([1-9]|1\d|2[0-8])|Dark([1-9]|1[01]))$/;

const invalid = (detail: string) => new HostError(ErrorCodes.invalidArgument, `The argument is invalid or missing or has an incorrect format. ${detail}`);

function overlaps(a: Rect, b: Rect): boolean {
  return a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;
}

/** The tables on `sheet`, in the order they were added. */
export function tablesOn(model: WorkbookModel, sheet: SheetModel): TableModel[] {
  return model.tables.filter((t) => t.sheet === sheet);
}

export function findTable(model: WorkbookModel, key: string): TableModel | undefined {
  const lower = key.toLowerCase();
  return model.tables.find((t) => t.id === key) ?? model.tables.find((t) => t.name.toLowerCase() === lower);
}

/** Checks a table's name: the rules of defined names, unique among names and the other tables. */
export function checkTableName(model: WorkbookModel, name: string, self?: TableModel): void {
  const others = [...model.names, ...model.tables.filter((t) => t !== self).map((t) => ({ name: t.name, formula: '', origin: { row: 0, column: 0 }, visible: true, comment: '' }))];
  validateName(name, others);
}

function checkPlace(model: WorkbookModel, sheet: SheetModel, rect: Rect, self?: TableModel): void {
  if (model.tables.some((t) => t !== self && t.sheet === sheet && overlaps(t.rect, rect))) throw invalid('A table cannot overlap another table.');
  if (sheet.merges.some((m) => overlaps(m, rect))) throw new HostError(ErrorCodes.invalidOperation, 'A table cannot contain merged cells.');
}

/** Header cells as Excel keeps them: text, never empty, unique regardless of case. */
function normalizeHeaders(model: WorkbookModel, table: TableModel): void {
  const { sheet, rect } = table;
  const seen = new Set<string>();
  for (let column = rect.left; column <= rect.right; column += 1) {
    const cell = model.cellAt(sheet, rect.top, column);
    let text = cell ? (cell.error ? String(cell.value) : formatCellValue(readValue(cell), cell.numberFormat)) : '';
    if (text === '') text = `Column${column - rect.left + 1}`;
    let unique = text;
    for (let n = 2; seen.has(unique.toLowerCase()); n += 1) unique = `${text}${n}`;
    seen.add(unique.toLowerCase());
    if (!cell || cell.value !== unique || typeof cell.value !== 'string' || cell.formula) {
      model.setCell(sheet, rect.top, column, { ...(cell ?? {}), value: unique, formula: undefined, error: undefined, textPrefix: undefined });
    }
  }
}

/** `tables.add(address, hasHeaders)`: a new table over `rect`. */
export function addTable(model: WorkbookModel, sheet: SheetModel, rect: Rect, hasHeaders: boolean): TableModel {
  checkPlace(model, sheet, rect);
  let area = rect;
  if (!hasHeaders) {
    // "Excel will automatically generate a header and shift the data down by one row."
    model.insert(sheet, { ...rect, bottom: rect.top }, 'Down');
    area = { ...rect, bottom: rect.bottom + 1 };
  } else if (rect.top === rect.bottom) {
    // A header alone: Excel adds one empty data row under it (a table has at least one).
    area = { ...rect, bottom: rect.bottom + 1 };
  }
  let number = 1;
  while (findTable(model, `Table${number}`) || model.findName(`Table${number}`)) number += 1;
  const table: TableModel = {
    id: String(model.nextTableId++), name: `Table${number}`, sheet, rect: area, style: DEFAULT_TABLE_STYLE,
    showHeaders: true, showTotals: false, showBandedRows: true, showBandedColumns: false, showFilterButton: true,
    highlightFirstColumn: false, highlightLastColumn: false,
  };
  model.tables.push(table);
  normalizeHeaders(model, table);
  model.changed();
  return table;
}

export function renameTable(model: WorkbookModel, table: TableModel, name: string): void {
  if (name === table.name) return;
  checkTableName(model, name, table);
  table.name = name;
  model.changed();
}

export function setTableStyle(model: WorkbookModel, table: TableModel, style: string): void {
  // A built-in style, or a custom one in the workbook (the emulator has none): anything else is refused.
  if (!BUILT_IN_STYLE.test(style)) throw invalid(`'${style}' is not a table style.`);
  table.style = style;
  model.changed();
}

/** `table.resize(newRange)` (ExcelApi 1.13): same top row, overlapping the old range, at least one data row. */
export function resizeTable(model: WorkbookModel, table: TableModel, sheet: SheetModel, rect: Rect): void {
  if (sheet !== table.sheet) throw invalid('The new range must be on the table\'s worksheet.');
  if (rect.top !== table.rect.top) throw invalid('The headers must stay in the same row.');
  if (!overlaps(rect, table.rect)) throw invalid('The new range must overlap the table.');
  if (table.showHeaders && rect.bottom === rect.top) throw invalid('A table needs at least one data row.');
  checkPlace(model, sheet, rect, table);
  table.rect = { ...rect };
  if (table.showHeaders) normalizeHeaders(model, table);
  model.changed();
}

/** `table.convertToRange()`: the table goes, its cells stay as they are. */
export function convertTableToRange(model: WorkbookModel, table: TableModel): Rect {
  model.tables = model.tables.filter((t) => t !== table);
  model.changed();
  return table.rect;
}

/** `table.delete()`: the table and what its cells hold go (unlike `convertToRange`, which keeps the data). */
export function deleteTable(model: WorkbookModel, table: TableModel): void {
  model.tables = model.tables.filter((t) => t !== table);
  model.clear(table.sheet, table.rect, 'All');
}

/** Tables follow inserted cells, as names do; a table whose cells were all deleted is gone. */
export function tablesAfterInsert(model: WorkbookModel, sheet: SheetModel, inserted: Rect, shift: 'Down' | 'Right'): void {
  for (const table of tablesOn(model, sheet)) {
    const moved = adjustForInsert(table.rect, inserted, shift);
    if (moved) table.rect = moved;
  }
}

export function tablesAfterDelete(model: WorkbookModel, sheet: SheetModel, deleted: Rect, shift: 'Up' | 'Left'): void {
  for (const table of tablesOn(model, sheet)) {
    const moved = adjustForDelete(table.rect, deleted, shift);
    if (moved) table.rect = moved;
    else model.tables = model.tables.filter((t) => t !== table);
  }
}

/**
 * The user typed into (`row`, `column`): a value right of a table's last column, or below its last row,
 * takes that column or row into the table (AutoCorrect's automatic expansion; the add-in's writes never do).
 */
export function expandTableForEntry(model: WorkbookModel, sheet: SheetModel, row: number, column: number): void {
  const cell = model.cellAt(sheet, row, column);
  if (!cell || (cell.value === '' && !cell.formula)) return;
  for (const table of tablesOn(model, sheet)) {
    const { rect } = table;
    let next: Rect | null = null;
    if (column === rect.right + 1 && row >= rect.top && row <= rect.bottom) next = { ...rect, right: column };
    else if (row === rect.bottom + 1 && column >= rect.left && column <= rect.right && !table.showTotals) next = { ...rect, bottom: row };
    if (!next) continue;
    if (model.tables.some((t) => t !== table && t.sheet === sheet && overlaps(t.rect, next!))) return;
    table.rect = next;
    if (table.showHeaders) normalizeHeaders(model, table);
    model.changed();
    return;
  }
}
