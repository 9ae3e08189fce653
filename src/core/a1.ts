/**
 * A1 addresses: zero-based cells and rectangles, and their text forms with or without a sheet name.
 * Excel's limits: 1,048,576 rows and 16,384 columns (XFD).
 */

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

export interface Cell {
  row: number;
  column: number;
}

/** A rectangle of cells, zero-based and inclusive. */
export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.top === b.top && a.left === b.left && a.bottom === b.bottom && a.right === b.right;
}

export function columnLetters(column: number): string {
  if (!Number.isInteger(column) || column < 0 || column >= MAX_COLUMNS) throw new RangeError(`column ${column} is outside the sheet`);
  let n = column + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) throw new RangeError(`"${letters}" is not a column`);
    n = n * 26 + (code - 64);
  }
  if (n < 1 || n > MAX_COLUMNS) throw new RangeError(`"${letters}" is outside the sheet`);
  return n - 1;
}

export function cellAddress(cell: Cell): string {
  if (cell.row < 0 || cell.row >= MAX_ROWS) throw new RangeError(`row ${cell.row + 1} is outside the sheet`);
  return `${columnLetters(cell.column)}${cell.row + 1}`;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?([1-9][0-9]{0,6})$/;

export function parseCell(text: string): Cell {
  const match = CELL.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not a cell address`);
  const row = Number(match[2]) - 1;
  if (row >= MAX_ROWS) throw new RangeError(`"${text}" is outside the sheet`);
  return { row, column: columnIndex(match[1]!) };
}

/** `B2`, `B2:D5`, whole rows `3:4`, whole columns `B:C` (with or without `$`). */
export function parseRect(text: string): Rect {
  const [first, second = first] = text.trim().split(':') as [string, string?];
  const rows = /^\$?(\d+)$/;
  const cols = /^\$?([A-Za-z]{1,3})$/;
  if (rows.test(first) && rows.test(second!)) {
    const a = Number(rows.exec(first)![1]) - 1;
    const b = Number(rows.exec(second!)![1]) - 1;
    if (a < 0 || b < 0 || a >= MAX_ROWS || b >= MAX_ROWS) throw new RangeError(`"${text}" is outside the sheet`);
    return { top: Math.min(a, b), bottom: Math.max(a, b), left: 0, right: MAX_COLUMNS - 1 };
  }
  if (cols.test(first) && cols.test(second!)) {
    const a = columnIndex(cols.exec(first)![1]!);
    const b = columnIndex(cols.exec(second!)![1]!);
    return { top: 0, bottom: MAX_ROWS - 1, left: Math.min(a, b), right: Math.max(a, b) };
  }
  const a = parseCell(first);
  const b = parseCell(second!);
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.column, b.column), right: Math.max(a.column, b.column) };
}

export function rectAddress(rect: Rect): string {
  const start = cellAddress({ row: rect.top, column: rect.left });
  if (rect.top === rect.bottom && rect.left === rect.right) return start;
  return `${start}:${cellAddress({ row: rect.bottom, column: rect.right })}`;
}

export const rectRows = (rect: Rect) => rect.bottom - rect.top + 1;
export const rectColumns = (rect: Rect) => rect.right - rect.left + 1;
/** The cells a rectangle covers; none for no rectangle. */
export const rectCells = (rect: Rect | null) => (rect ? rectRows(rect) * rectColumns(rect) : 0);
/** The cells a grid of rows covers (its first row's length for every row). */
export const gridCells = (rows: readonly (readonly unknown[])[]) => rows.length * (rows[0]?.length ?? 0);

export function rectFrom(anchor: Cell, rows: number, columns: number): Rect {
  return { top: anchor.row, left: anchor.column, bottom: anchor.row + rows - 1, right: anchor.column + columns - 1 };
}

export function rectsIntersect(a: Rect, b: Rect): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

/** The cells two rectangles share, or null when they share none. */
export function rectIntersection(a: Rect, b: Rect): Rect | null {
  const r = { top: Math.max(a.top, b.top), left: Math.max(a.left, b.left), bottom: Math.min(a.bottom, b.bottom), right: Math.min(a.right, b.right) };
  return r.top > r.bottom || r.left > r.right ? null : r;
}

export function rectContains(outer: Rect, cell: Cell): boolean {
  return cell.row >= outer.top && cell.row <= outer.bottom && cell.column >= outer.left && cell.column <= outer.right;
}

/**
 * A sheet name as it appears before `!`: bare when it is a plain identifier that cannot be read as a cell
 * or a number, otherwise in single quotes with inner quotes doubled (`'Sales Q1'`, `'Bob''s'`).
 */
export function quoteSheetName(name: string): string {
  const plain = /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*$/.test(name);
  const looksLikeReference = /^[A-Za-z]{1,3}[0-9]+$/.test(name) || /^R[0-9]*C[0-9]*$/i.test(name) || /^(TRUE|FALSE)$/i.test(name);
  return plain && !looksLikeReference ? name : `'${name.replace(/'/g, "''")}'`;
}

/** `'Sales Q1'!B2:F40` */
export function sheetAddress(sheetName: string, rect: Rect): string {
  return `${quoteSheetName(sheetName)}!${rectAddress(rect)}`;
}

/** Splits `'Bob''s'!A1:B2` or `Sheet1!A1` into the sheet name and the rectangle. */
export function parseSheetAddress(text: string): { sheetName: string | null; rect: Rect } {
  const bang = text.lastIndexOf('!');
  if (bang < 0) return { sheetName: null, rect: parseRect(text) };
  let sheet = text.slice(0, bang).replace(/^=/, '');
  if (sheet.startsWith("'") && sheet.endsWith("'")) sheet = sheet.slice(1, -1).replace(/''/g, "'");
  return { sheetName: sheet, rect: parseRect(text.slice(bang + 1)) };
}
