import type { Rect } from '../../../src/core/a1';
import { readValue } from './coercion';
import { formatCellValue, shownFormat } from './number-format';
import type { SheetModel, WorkbookModel } from './workbook-model';

/**
 * Column widths, in points as `RangeFormat.columnWidth` gives them
 * (https://learn.microsoft.com/javascript/api/excel/excel.rangeformat#excel-excel-rangeformat-columnwidth-member:
 * "Specifies the width of all columns within the range. If the column widths are not uniform, null will be returned").
 *
 * Excel's default column is 8.43 characters of the default font (Calibri 11, whose digits are 7 pixels wide):
 * 64 pixels, 48 points ("Change the column width or row height",
 * https://support.microsoft.com/office/change-the-column-width-and-row-height-72f5e3cc-994d-43e8-ae58-9774a0905f46,
 * and the width formula of the Open XML `col` element, https://learn.microsoft.com/dotnet/api/documentformat.openxml.spreadsheet.column:
 * pixels = Truncate(((256 × characters + Truncate(128 / 7)) / 256) × 7), i.e. 7 pixels a character plus 5 of padding).
 */
export const DEFAULT_COLUMN_WIDTH_POINTS = 48;
const DIGIT_PIXELS = 7;
const PADDING_PIXELS = 5;
/** A point is 4/3 of a pixel at 96 DPI. */
const POINTS_PER_PIXEL = 0.75;
/** Excel's widest column: 255 characters. */
const MAX_CHARACTERS = 255;

export function columnWidth(sheet: SheetModel, column: number): number {
  return sheet.columnWidths?.get(column) ?? DEFAULT_COLUMN_WIDTH_POINTS;
}

export function setColumnWidths(model: WorkbookModel, sheet: SheetModel, rect: Rect, points: number): void {
  sheet.columnWidths ??= new Map();
  for (let column = rect.left; column <= rect.right; column += 1) {
    if (points === DEFAULT_COLUMN_WIDTH_POINTS) sheet.columnWidths.delete(column);
    else sheet.columnWidths.set(column, points);
  }
  model.changed();
}

/** Points for text of `characters` characters of the default font (bold counted a tenth wider). */
function widthFor(characters: number): number {
  const pixels = Math.min(MAX_CHARACTERS, characters) * DIGIT_PIXELS + PADDING_PIXELS;
  return Math.round(pixels * POINTS_PER_PIXEL * 4) / 4;
}

/**
 * `format.autofitColumns()` (ExcelApi 1.2, https://learn.microsoft.com/javascript/api/excel/excel.rangeformat#excel-excel-rangeformat-autofitcolumns-member(1)):
 * "Changes the width of the columns of the current range to achieve the best fit, based on the current data in
 * the columns". The emulator measures what each cell of the range shows (its formatted text) in characters of
 * the default font; a column with nothing shown in the range keeps its width.
 */
export function autofitColumns(model: WorkbookModel, sheet: SheetModel, rect: Rect): void {
  const longest = new Map<number, number>();
  for (const [key, cell] of sheet.cells) {
    const [row, column] = key.split(':').map(Number) as [number, number];
    if (row < rect.top || row > rect.bottom || column < rect.left || column > rect.right) continue;
    const text = cell.error ? String(cell.value) : formatCellValue(readValue(cell), shownFormat(cell));
    if (text === '') continue;
    const characters = Math.ceil(text.length * (cell.bold ? 1.1 : 1));
    longest.set(column, Math.max(longest.get(column) ?? 0, characters));
  }
  for (const [column, characters] of longest) setColumnWidths(model, sheet, { ...rect, left: column, right: column }, widthFor(characters));
}
