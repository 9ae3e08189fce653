import { formatCategory, formatCellValue } from '../excel-host/workbook/number-format';
import type { CellData } from '../excel-host/workbook/workbook-model';
import type { EditMode } from './keyboard';

/** What Excel stores for typed text (the signature of `entryFromFormula` in excel-host/workbook/coercion.ts). */
export interface Entry {
  value: CellData['value'];
  formula?: string;
  textPrefix?: boolean;
  error?: boolean;
  numberFormat?: string;
}
export type Coerce = (input: string | number | boolean | null, cellFormat: string | undefined) => Entry;

/** A cell being edited. `original` is what the editor started with, to tell an unchanged F2 edit. */
export interface EditState {
  sheetId: string;
  row: number;
  column: number;
  text: string;
  original: string;
  mode: EditMode;
  /** Started by typing: the entry replaces the cell even when it reads the same. */
  replacing: boolean;
}

/**
 * The cell's content as Excel's formula bar shows it for editing: the formula; text with its apostrophe
 * prefix; a date as m/d/yyyy (with the time when it has one); a percentage with `%`; other numbers in full
 * (15 significant digits), whatever their display format.
 */
export function editText(cell: CellData | undefined): string {
  if (!cell) return '';
  if (cell.formula) return cell.formula;
  if (typeof cell.value === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  if (typeof cell.value === 'string') return cell.textPrefix ? `'${cell.value}` : cell.value;
  const value = cell.value;
  switch (formatCategory(cell.numberFormat)) {
    case 'date': return value >= 0 ? formatCellValue(value, value % 1 ? 'm/d/yyyy h:mm:ss AM/PM' : 'm/d/yyyy') : fullNumber(value);
    case 'datetime': return value >= 0 ? formatCellValue(value, 'm/d/yyyy h:mm:ss AM/PM') : fullNumber(value);
    case 'time': return value >= 0 ? formatCellValue(value, value >= 1 ? 'm/d/yyyy h:mm:ss AM/PM' : 'h:mm:ss AM/PM') : fullNumber(value);
    case 'percent': return `${fullNumber(value * 100)}%`;
    default: return fullNumber(value);
  }
}

/** A number with Excel's 15 significant digits, in scientific notation as Excel writes it (`1E-07`). */
export function fullNumber(value: number): string {
  const text = String(Number(value.toPrecision(15)));
  const scientific = /^(-?[\d.]+)e([+-])(\d+)$/.exec(text);
  return scientific ? `${scientific[1]}E${scientific[2]}${scientific[3]!.padStart(2, '0')}` : text;
}

export function startEdit(sheetId: string, row: number, column: number, cell: CellData | undefined, replaceWith?: string): EditState {
  const original = editText(cell);
  return replaceWith === undefined
    ? { sheetId, row, column, text: original, original, mode: 'edit', replacing: false }
    : { sheetId, row, column, text: replaceWith, original, mode: 'enter', replacing: true };
}

/** An edit opened with F2 or a double-click and left as it was writes nothing (no change event). */
export const shouldCommit = (edit: EditState) => edit.replacing || edit.text !== edit.original;

/** The cell after an entry: what the typed text means, on the cell's fill, font and (unless the entry sets one) number format. */
export function enteredCell(text: string, existing: CellData | undefined, coerce: Coerce): CellData {
  const entry = coerce(text, existing?.numberFormat);
  const cell: CellData = {
    value: entry.value,
    formula: entry.formula,
    textPrefix: entry.textPrefix,
    error: entry.error,
    numberFormat: entry.numberFormat ?? existing?.numberFormat,
    bold: existing?.bold,
    fill: existing?.fill,
    fontColor: existing?.fontColor,
  };
  for (const key of Object.keys(cell) as (keyof CellData)[]) {
    if (key !== 'value' && (cell[key] === undefined || cell[key] === false)) delete cell[key];
  }
  return cell;
}
