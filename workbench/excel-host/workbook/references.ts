/**
 * The A1 references held by defined names: reading and writing `=Sheet1!$B$3:$F$40`, resolving relative parts
 * against the active cell, and moving a referenced area when cells are inserted or deleted. Pure: no Office.js.
 *
 * Sources:
 * - Relative references in names: "if cell A10 is selected on Sheet1 and you define a name by using the RefersTo
 *   argument "=sheet1!A1:B1", the new name actually refers to cells A10:B10 (because you specified a relative
 *   reference). To specify an absolute reference, use "=sheet1!$A$1:$B$1"" (Names object,
 *   https://learn.microsoft.com/en-us/office/vba/api/excel.names; the same text is in the Office 2007 and 2010
 *   editions, https://learn.microsoft.com/en-us/previous-versions/office/developer/office-2007/bb223967(v=office.12)). A relative part is an offset, not a cell: it is
 *   kept as the distance from the cell it was written against (`origin`) and re-applied to the cell that is active
 *   when the name is evaluated. For VBA's `Names.Add` that origin is A1 (hence A1:B1 read at A10 is A10:B10); in
 *   the Name Manager it is the cell active when the name was defined. Callers pass whichever applies.
 *   Assumed (widely observed, not in Microsoft's docs): an offset that runs past an edge of the sheet wraps around
 *   to the other side.
 * - Sheet names: up to 31 characters, none of : \ / ? * [ ], not starting or ending with an apostrophe
 *   (https://support.microsoft.com/en-us/office/rename-a-worksheet-3f1f7148-ee83-404d-8ef0-9ff99fbad1f9 [address from memory]); in a
 *   reference a name that is not a plain identifier (spaces, punctuation, a leading digit, or text that reads as a
 *   cell such as `A1` or an R1C1 reference such as `R`, `C2`, `R1C1`) is put in single quotes, inner quotes doubled
 *   (`'Q1 ''24'!B3`).
 * - Excel's grid: 1,048,576 rows by 16,384 columns (Excel specifications and limits,
 *   https://support.microsoft.com/en-us/office/excel-specifications-and-limits-1672b34d-7043-467e-8e27-269d656771c3 [address from memory]).
 * - Deleting the cells a reference points to turns it into #REF! (How to correct a #REF! error,
 *   https://support.microsoft.com/en-us/office/how-to-correct-a-ref-error-822c8e46-e610-4d02-bf0e-4d1b1e3bff9b [address from memory]).
 * Microsoft does not spell out how an area moves on insert/delete; `reference-shifts.ts` says what is assumed.
 */
import { MAX_COLUMNS, MAX_ROWS, columnIndex, columnLetters, quoteSheetName, type Rect } from '../../../src/core/a1';

export { adjustForDelete, adjustForInsert } from './reference-shifts';

/** A corner of an area, zero-based; the `$` flags say which parts are absolute. */
export interface CellRef {
  row: number;
  column: number;
  rowAbsolute: boolean;
  columnAbsolute: boolean;
}

export interface AreaRef {
  /** `null` for a reference without a sheet (`=B3`): the sheet it is read on. */
  sheetName: string | null;
  start: CellRef;
  end: CellRef;
}

/** Characters a sheet name cannot contain (they also mark 3-D references `Jan:Mar` and other workbooks `[Book2]`). */
const FORBIDDEN_IN_SHEET_NAME = /[:\\/?*[\]]/;

/** A sheet name as written before `!`: bare when Excel allows it, otherwise quoted. */
export function sheetPrefix(name: string): string {
  const quoted = quoteSheetName(name);
  if (quoted !== name || !/^[RC]\d*$/i.test(name)) return quoted;
  return `'${name}'`; // R, C, R1, C12 read as R1C1 references
}

function validSheetName(name: string): boolean {
  return name.length > 0 && name.length <= 31 && !FORBIDDEN_IN_SHEET_NAME.test(name) && !name.startsWith("'") && !name.endsWith("'");
}

/** Splits `'Q1 ''24'!B3` into the sheet name and `B3`; null when the sheet part is malformed. */
function splitSheet(text: string): { sheetName: string | null; rest: string } | null {
  if (text.startsWith("'")) {
    let i = 1;
    let name = '';
    for (;;) {
      if (i >= text.length) return null;
      if (text[i] === "'") {
        if (text[i + 1] !== "'") break;
        name += "'";
        i += 2;
      } else name += text[i++];
    }
    if (text[i + 1] !== '!' || !validSheetName(name)) return null;
    return { sheetName: name, rest: text.slice(i + 2) };
  }
  const bang = text.indexOf('!');
  if (bang < 0) return { sheetName: null, rest: text };
  const name = text.slice(0, bang);
  if (!validSheetName(name) || sheetPrefix(name) !== name) return null; // this name needs quotes
  return { sheetName: name, rest: text.slice(bang + 1) };
}

type Part = { kind: 'cell' | 'column' | 'row'; ref: CellRef };

function parsePart(text: string): Part | null {
  try {
    let m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/.exec(text);
    if (m) {
      const row = Number(m[4]) - 1;
      if (row < 0 || row >= MAX_ROWS) return null;
      return { kind: 'cell', ref: { row, column: columnIndex(m[2]!), rowAbsolute: m[3] === '$', columnAbsolute: m[1] === '$' } };
    }
    m = /^(\$?)([A-Za-z]{1,3})$/.exec(text);
    if (m) return { kind: 'column', ref: { row: 0, column: columnIndex(m[2]!), rowAbsolute: true, columnAbsolute: m[1] === '$' } };
    m = /^(\$?)(\d{1,7})$/.exec(text);
    if (m) {
      const row = Number(m[2]) - 1;
      if (row < 0 || row >= MAX_ROWS) return null;
      return { kind: 'row', ref: { row, column: 0, rowAbsolute: m[1] === '$', columnAbsolute: true } };
    }
  } catch {
    return null; // a column past XFD
  }
  return null;
}

/**
 * The single area a defined name refers to: `=Sheet1!$B$3:$F$40`, `='Q1 ''24'!B3`, `=B3`, `=Sheet1!$B:$D`,
 * `=$3:$5`. Null for anything else: formulas (`=OFFSET(…)`), array or other constants, `#REF!`, unions and
 * intersections, 3-D references and references to other workbooks, text without `=`.
 * Like Excel, an area spanning every row is read as whole columns (rows absolute), and every column as whole rows.
 */
export function parseNameFormula(formula: string): AreaRef | null {
  const text = formula.trim();
  if (!text.startsWith('=')) return null;
  const split = splitSheet(text.slice(1).trim());
  if (!split) return null;
  const pieces = split.rest.split(':');
  if (pieces.length > 2) return null;
  const first = parsePart(pieces[0]!);
  const second = pieces.length === 2 ? parsePart(pieces[1]!) : first;
  if (!first || !second || first.kind !== second.kind || (pieces.length === 1 && first.kind !== 'cell')) return null;
  const start = { ...first.ref };
  const end = { ...second.ref };
  if (first.kind === 'column') end.row = MAX_ROWS - 1;
  if (first.kind === 'row') end.column = MAX_COLUMNS - 1;
  const lowRow = Math.min(start.row, end.row);
  const highRow = Math.max(start.row, end.row);
  if (lowRow === 0 && highRow === MAX_ROWS - 1) start.rowAbsolute = end.rowAbsolute = true;
  const lowColumn = Math.min(start.column, end.column);
  const highColumn = Math.max(start.column, end.column);
  if (lowColumn === 0 && highColumn === MAX_COLUMNS - 1) start.columnAbsolute = end.columnAbsolute = true;
  return { sheetName: split.sheetName, start, end };
}

const col = (r: CellRef) => `${r.columnAbsolute ? '$' : ''}${columnLetters(r.column)}`;
const row = (r: CellRef) => `${r.rowAbsolute ? '$' : ''}${r.row + 1}`;

/** `=Sheet1!$B$3:$F$40`, `='Q1 ''24'!B3`, `=$B:$D`, `=$3:$5` (whole rows win when an area is the whole sheet). */
export function formatNameFormula(ref: AreaRef): string {
  const { start, end } = ref;
  const prefix = ref.sheetName === null ? '' : `${sheetPrefix(ref.sheetName)}!`;
  const allColumns = Math.min(start.column, end.column) === 0 && Math.max(start.column, end.column) === MAX_COLUMNS - 1;
  const allRows = Math.min(start.row, end.row) === 0 && Math.max(start.row, end.row) === MAX_ROWS - 1;
  let area: string;
  if (allColumns && start.columnAbsolute && end.columnAbsolute) area = `${row(start)}:${row(end)}`;
  else if (allRows && start.rowAbsolute && end.rowAbsolute) area = `${col(start)}:${col(end)}`;
  else {
    const a = `${col(start)}${row(start)}`;
    const b = `${col(end)}${row(end)}`;
    area = a === b ? a : `${a}:${b}`;
  }
  return `=${prefix}${area}`;
}

const wrap = (n: number, size: number) => ((n % size) + size) % size;

function resolveCorner(ref: CellRef, origin: { row: number; column: number }, active: { row: number; column: number }) {
  return {
    row: ref.rowAbsolute ? ref.row : wrap(active.row + ref.row - origin.row, MAX_ROWS),
    column: ref.columnAbsolute ? ref.column : wrap(active.column + ref.column - origin.column, MAX_COLUMNS),
  };
}

/**
 * The cells an area refers to when `active` is the active cell, for a name whose relative parts were written
 * against `origin` (see the header). Absolute parts stay where they are.
 */
export function resolveArea(ref: AreaRef, origin: { row: number; column: number }, active: { row: number; column: number }): Rect {
  const a = resolveCorner(ref.start, origin, active);
  const b = resolveCorner(ref.end, origin, active);
  return { top: Math.min(a.row, b.row), left: Math.min(a.column, b.column), bottom: Math.max(a.row, b.row), right: Math.max(a.column, b.column) };
}
