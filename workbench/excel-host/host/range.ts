import { MAX_COLUMNS, MAX_ROWS, parseRect, rectIntersection as intersection, sheetAddress, type Rect } from '../../../src/core/a1';
import { entryFromFormula, entryFromValue, readFormula, readValue, readValueType, type Entry } from '../workbook/coercion';
import { formatCellValue, shownFormat } from '../workbook/number-format';
import type { CellData, SheetModel } from '../workbook/workbook-model';
import { HostObject, invalidArgument, type HostScope } from './host-object';
import { RangeFormat } from './range-format';

type Scalar = string | number | boolean;

function checkRect(rect: Rect): Rect {
  if (rect.top < 0 || rect.left < 0 || rect.bottom >= MAX_ROWS || rect.right >= MAX_COLUMNS || rect.top > rect.bottom || rect.left > rect.right) {
    throw invalidArgument('The range is outside the worksheet.');
  }
  return rect;
}

/**
 * A rectangle of cells on one sheet. Reading and writing follow the Range reference
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range): `values` of a formula cell is its
 * result, `formulas` of a constant is the constant, a single value set on a larger range fills every cell,
 * `null` in an array leaves that cell as it is, and an array of any other size is refused.
 */
export class Range extends HostObject {
  readonly type = 'Range';
  override readonly defaultProperties = ['Address', 'AddressLocal', 'CellCount', 'ColumnCount', 'ColumnIndex', 'RowCount', 'RowIndex', 'Values', 'Text', 'Formulas', 'NumberFormat', 'ValueTypes'];

  constructor(scope: HostScope, readonly sheet: SheetModel, readonly rect: Rect) {
    super(scope);
    checkRect(rect);
  }

  private at(rect: Rect): Range {
    return new Range(this.scope, this.sheet, rect);
  }

  private map<T>(read: (cell: CellData | undefined) => T): T[][] {
    const rows: T[][] = [];
    for (let row = this.rect.top; row <= this.rect.bottom; row += 1) {
      const line: T[] = [];
      for (let column = this.rect.left; column <= this.rect.right; column += 1) line.push(read(this.model.cellAt(this.sheet, row, column)));
      rows.push(line);
    }
    return rows;
  }

  /** Applies `input` (one value for all cells, or an array of the range's size) cell by cell. */
  private write<T>(input: unknown, apply: (row: number, column: number, value: T) => void): void {
    this.scope.assertWritable(this.sheet);
    const rows = this.rect.bottom - this.rect.top + 1;
    const columns = this.rect.right - this.rect.left + 1;
    if (!Array.isArray(input)) {
      for (let r = 0; r < rows; r += 1) for (let c = 0; c < columns; c += 1) apply(this.rect.top + r, this.rect.left + c, input as T);
    } else {
      if (input.length !== rows || input.some((line) => !Array.isArray(line) || line.length !== columns)) {
        throw invalidArgument("The number of rows or columns in the input array doesn't match the size or dimensions of the range.");
      }
      (input as T[][]).forEach((line, r) => line.forEach((value, c) => apply(this.rect.top + r, this.rect.left + c, value)));
    }
  }

  private store(row: number, column: number, entry: Entry): void {
    const old = this.model.cellAt(this.sheet, row, column);
    // A recognised date, percent or currency gives a General cell its format; any other format stays.
    const keepsFormat = old?.numberFormat && old.numberFormat !== 'General';
    const numberFormat = keepsFormat || !entry.numberFormat ? old?.numberFormat : entry.numberFormat;
    this.model.setCell(this.sheet, row, column, {
      value: entry.value,
      formula: entry.formula,
      textPrefix: entry.textPrefix,
      error: entry.error,
      numberFormat,
      bold: old?.bold,
      fill: old?.fill,
      fontColor: old?.fontColor,
    });
  }

  override get(name: string): unknown {
    const { rect } = this;
    switch (name) {
      case 'Address':
      case 'AddressLocal':
        return sheetAddress(this.sheet.name, rect);
      case 'RowCount': return rect.bottom - rect.top + 1;
      case 'ColumnCount': return rect.right - rect.left + 1;
      case 'RowIndex': return rect.top;
      case 'ColumnIndex': return rect.left;
      case 'CellCount': return (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);
      case 'Values': return this.map((cell) => readValue(cell));
      case 'Formulas': return this.map((cell) => readFormula(cell));
      // Add-in functions in the workbench's language (calc/function-names.ts).
      case 'FormulasLocal': return this.map((cell) => (cell?.formula ? this.model.calculation.localFormula(cell.formula) : readFormula(cell)));
      case 'ValueTypes': return this.map((cell) => readValueType(cell));
      case 'NumberFormat':
      case 'NumberFormatLocal':
        return this.map((cell) => cell?.numberFormat ?? 'General');
      case 'Text': return this.map((cell) => (cell ? (cell.error ? String(cell.value) : formatCellValue(readValue(cell), shownFormat(cell))) : ''));
      case 'Format': return new RangeFormat(this.scope, this);
      case 'Worksheet': return this.scope.worksheet(this.sheet);
      default: return super.get(name);
    }
  }

  override set(name: string, value: unknown): void {
    switch (name) {
      case 'Values':
        return this.write<Scalar | null>(value, (row, column, input) => {
          if (input !== null) this.store(row, column, entryFromValue(input, this.model.cellAt(this.sheet, row, column)?.numberFormat));
        });
      case 'Formulas':
      case 'FormulasLocal':
        return this.write<Scalar | null>(value, (row, column, input) => {
          if (input !== null) this.store(row, column, entryFromFormula(input, this.model.cellAt(this.sheet, row, column)?.numberFormat));
        });
      case 'NumberFormat':
      case 'NumberFormatLocal':
        return this.write<string | null>(value, (row, column, format) => {
          if (format === null) return;
          const cell = this.model.cellAt(this.sheet, row, column) ?? { value: '' };
          this.model.setCell(this.sheet, row, column, { ...cell, numberFormat: format === 'General' ? undefined : String(format) });
        });
      default: return super.set(name, value);
    }
  }

  /** Sets a cell attribute (font, fill) on every cell; used by the range's format objects. */
  setCellAttribute(apply: (cell: CellData) => CellData): void {
    this.write<null>(null, (row, column) => {
      this.model.setCell(this.sheet, row, column, apply(this.model.cellAt(this.sheet, row, column) ?? { value: '' }));
    });
  }

  /** The attribute's value when every cell agrees, else `null` (as Excel answers for mixed formats). */
  cellAttribute<T>(read: (cell: CellData | undefined) => T): T | null {
    let first: T | undefined;
    for (const line of this.map(read)) for (const value of line) {
      if (first === undefined) first = value;
      else if (value !== first) return null;
    }
    return first ?? null;
  }

  /**
   * `getCellProperties` (ExcelApi 1.9, https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getcellproperties-member(1)):
   * per cell, only the properties the load options ask for
   * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.cellpropertiesloadoptions). The emulator models
   * the address, and the font's bold and colour and the fill's colour (no fill reads as white, as `fill.color` does);
   * asking for anything else is refused rather than answered wrongly.
   */
  private cellProperties(options: unknown): unknown[][] {
    const asked = (options ?? {}) as { address?: boolean; addressLocal?: boolean; format?: { font?: Record<string, boolean>; fill?: Record<string, boolean> } };
    const known = (group: Record<string, unknown> | undefined, keys: string[]) => Object.keys(group ?? {}).every((key) => keys.includes(key));
    if (!known(asked, ['address', 'addressLocal', 'format']) || !known(asked.format, ['font', 'fill']) || !known(asked.format?.font, ['bold', 'color']) || !known(asked.format?.fill, ['color'])) {
      throw invalidArgument(`The emulator does not model the cell properties ${JSON.stringify(options)}.`);
    }
    const { font, fill } = asked.format ?? {};
    const rows: unknown[][] = [];
    for (let row = this.rect.top; row <= this.rect.bottom; row += 1) {
      const line: unknown[] = [];
      for (let column = this.rect.left; column <= this.rect.right; column += 1) {
        const cell = this.model.cellAt(this.sheet, row, column);
        const out: Record<string, unknown> = {};
        const address = sheetAddress(this.sheet.name, { top: row, bottom: row, left: column, right: column });
        if (asked.address) out.address = address;
        if (asked.addressLocal) out.addressLocal = address;
        if (asked.format) {
          const format: Record<string, unknown> = {};
          if (font) format.font = { ...(font.bold ? { bold: cell?.bold ?? false } : {}), ...(font.color ? { color: cell?.fontColor ?? '#000000' } : {}) };
          if (fill) format.fill = fill.color ? { color: cell?.fill ?? '#FFFFFF' } : {};
          out.format = format;
        }
        line.push(out);
      }
      rows.push(line);
    }
    return rows;
  }

  override call(name: string, args: unknown[]): unknown {
    const { rect } = this;
    const number = (i: number) => Number(args[i] ?? 0);
    switch (name) {
      case 'GetCell': return this.at({ top: rect.top + number(0), left: rect.left + number(1), bottom: rect.top + number(0), right: rect.left + number(1) });
      case 'GetResizedRange': return this.at({ ...rect, bottom: rect.bottom + number(0), right: rect.right + number(1) });
      case 'GetOffsetRange': return this.at({ top: rect.top + number(0), bottom: rect.bottom + number(0), left: rect.left + number(1), right: rect.right + number(1) });
      case 'GetRow': return this.at({ ...rect, top: rect.top + number(0), bottom: rect.top + number(0) });
      case 'GetColumn': return this.at({ ...rect, left: rect.left + number(0), right: rect.left + number(0) });
      case 'GetLastRow': return this.at({ ...rect, top: rect.bottom });
      case 'GetEntireRow': return this.at({ top: rect.top, bottom: rect.bottom, left: 0, right: MAX_COLUMNS - 1 });
      case 'GetEntireColumn': return this.at({ top: 0, bottom: MAX_ROWS - 1, left: rect.left, right: rect.right });
      case 'GetIntersectionOrNullObject':
      case 'GetIntersection': {
        const other = args[0] instanceof Range ? args[0].rect : parseRect(String(args[0]));
        const common = intersection(rect, other);
        if (!common && name === 'GetIntersection') throw invalidArgument('The ranges do not intersect.');
        return common ? this.at(common) : null;
      }
      case 'GetBoundingRect': {
        const other = args[0] instanceof Range ? args[0].rect : parseRect(String(args[0]));
        return this.at({ top: Math.min(rect.top, other.top), left: Math.min(rect.left, other.left), bottom: Math.max(rect.bottom, other.bottom), right: Math.max(rect.right, other.right) });
      }
      case 'GetUsedRange':
      case 'GetUsedRangeOrNullObject': {
        const used = this.model.usedRange(this.sheet, Boolean(args[0]));
        const common = used && intersection(rect, used);
        if (!common && name === 'GetUsedRange') return this.at({ top: rect.top, left: rect.left, bottom: rect.top, right: rect.left });
        return common ? this.at(common) : null;
      }
      case 'Clear':
        this.scope.assertWritable(this.sheet);
        this.model.clear(this.sheet, rect, (args[0] as 'All' | 'Contents' | 'Formats' | undefined) ?? 'All');
        return null;
      case 'Insert': {
        this.scope.assertWritable(this.sheet);
        const shift = String(args[0]) as 'Down' | 'Right';
        if (shift !== 'Down' && shift !== 'Right') throw invalidArgument(`Unknown shift '${shift}'.`);
        this.model.insert(this.sheet, rect, shift);
        return this.at(rect);
      }
      case 'Delete': {
        this.scope.assertWritable(this.sheet);
        const shift = String(args[0]) as 'Up' | 'Left';
        if (shift !== 'Up' && shift !== 'Left') throw invalidArgument(`Unknown shift '${shift}'.`);
        this.model.delete(this.sheet, rect, shift);
        return null;
      }
      case 'GetCellProperties': return this.cellProperties(args[0]);
      case 'Select':
        this.model.select(rect, this.sheet.id);
        return null;
      case '_ValidateArraySize':
        // Office.js sends this before splitting a large `values`/`formulas`/`numberFormat` array into
        // 1,500-cell row blocks (`setRangePropertiesInBulk`), so the whole array is checked once.
        if (number(0) !== rect.bottom - rect.top + 1 || number(1) !== rect.right - rect.left + 1) {
          throw invalidArgument("The number of rows or columns in the input array doesn't match the size or dimensions of the range.");
        }
        return null;
      case 'Merge':
        this.scope.assertWritable(this.sheet);
        this.model.merge(this.sheet, rect, Boolean(args[0]));
        return null;
      case 'Unmerge':
        this.scope.assertWritable(this.sheet);
        this.model.unmerge(this.sheet, rect);
        return null;
      default: return super.call(name, args);
    }
  }
}
