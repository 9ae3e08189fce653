import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../src/core/a1';
import {
  adjustForDelete, adjustForInsert, formatNameFormula, parseNameFormula, resolveArea, sheetPrefix, type AreaRef, type CellRef,
} from '../../workbench/excel-host/workbook/references';

const LAST_ROW = MAX_ROWS - 1;
const LAST_COLUMN = MAX_COLUMNS - 1;
const abs = (row: number, column: number): CellRef => ({ row, column, rowAbsolute: true, columnAbsolute: true });
const rel = (row: number, column: number): CellRef => ({ row, column, rowAbsolute: false, columnAbsolute: false });
const rect = (top: number, left: number, bottom: number, right: number): Rect => ({ top, left, bottom, right });

describe('parseNameFormula', () => {
  it('reads an absolute area on a sheet', () => {
    expect(parseNameFormula('=Sheet1!$B$3:$F$40')).toEqual({ sheetName: 'Sheet1', start: abs(2, 1), end: abs(39, 5) });
  });

  it('reads quoted sheet names with doubled apostrophes', () => {
    expect(parseNameFormula("='Q1 ''24'!B3")).toEqual({ sheetName: "Q1 '24", start: rel(2, 1), end: rel(2, 1) });
    expect(parseNameFormula("='It''s'!$A$1")).toMatchObject({ sheetName: "It's" });
    expect(parseNameFormula("='a!b'!A1")).toMatchObject({ sheetName: 'a!b' });
    expect(parseNameFormula("='2024'!A1")).toMatchObject({ sheetName: '2024' });
    expect(parseNameFormula("='Sheet1'!A1")).toMatchObject({ sheetName: 'Sheet1' });
  });

  it('reads references without a sheet, with mixed $ and in lower case', () => {
    expect(parseNameFormula('=B3')).toEqual({ sheetName: null, start: rel(2, 1), end: rel(2, 1) });
    expect(parseNameFormula(' = $a1:b$2 ')).toEqual({
      sheetName: null,
      start: { row: 0, column: 0, rowAbsolute: false, columnAbsolute: true },
      end: { row: 1, column: 1, rowAbsolute: true, columnAbsolute: false },
    });
    expect(parseNameFormula('=Sheet1!XFD1048576')).toMatchObject({ start: rel(LAST_ROW, LAST_COLUMN) });
  });

  it('reads whole columns and whole rows', () => {
    expect(parseNameFormula('=Sheet1!$B:$D')).toEqual({ sheetName: 'Sheet1', start: abs(0, 1), end: abs(LAST_ROW, 3) });
    expect(parseNameFormula('=B:B')).toEqual({
      sheetName: null,
      start: { row: 0, column: 1, rowAbsolute: true, columnAbsolute: false },
      end: { row: LAST_ROW, column: 1, rowAbsolute: true, columnAbsolute: false },
    });
    expect(parseNameFormula('=$3:$5')).toEqual({ sheetName: null, start: abs(2, 0), end: abs(4, LAST_COLUMN) });
    // Like Excel, an area spanning every row is whole columns.
    expect(parseNameFormula('=A1:A1048576')).toMatchObject({ start: { rowAbsolute: true }, end: { rowAbsolute: true } });
  });

  it.each([
    '=OFFSET(Sheet1!A1,0,0,2,2)', '={1,2;3,4}', '=5', '="text"', '=#REF!', '=Sheet1!#REF!', '=Sheet1!A1,Sheet1!B2',
    '=A1 B2', '=Sheet1:Sheet3!A1', "='Jan:Mar'!A1", '=[Book2.xlsx]Sheet1!A1', "='[Book2.xlsx]Sheet1'!A1", '=A1:B2:C3',
    '=B', '=3', '=A1:B', '=A:3', '=A0', '=A1048577', '=XFE1', 'Sheet1!A1', '', '=', '=My Sheet!A1', '=2024!A1',
    "='Q1!A1", "='Q1'A1", "=''!A1", '=Sheet1!A1:Sheet1!B2', '=(A1)', '=SomeName',
  ])('returns null for %p', (formula) => {
    expect(parseNameFormula(formula)).toBeNull();
  });
});

describe('formatNameFormula', () => {
  it('writes areas and single cells with their $ signs', () => {
    expect(formatNameFormula({ sheetName: 'Sheet1', start: abs(2, 1), end: abs(39, 5) })).toBe('=Sheet1!$B$3:$F$40');
    expect(formatNameFormula({ sheetName: null, start: rel(2, 1), end: rel(2, 1) })).toBe('=B3');
    expect(formatNameFormula({ sheetName: null, start: rel(2, 1), end: abs(2, 1) })).toBe('=B3:$B$3');
  });

  it('quotes sheet names when Excel requires it', () => {
    const at = (sheetName: string) => formatNameFormula({ sheetName, start: abs(0, 0), end: abs(0, 0) });
    expect(at('Sheet1')).toBe('=Sheet1!$A$1');
    expect(at('Sales_2024.v2')).toBe('=Sales_2024.v2!$A$1');
    expect(at("Q1 '24")).toBe("='Q1 ''24'!$A$1");
    expect(at('2024')).toBe("='2024'!$A$1");
    expect(at('A1')).toBe("='A1'!$A$1");
    expect(at('R1C1')).toBe("='R1C1'!$A$1");
    expect(at('R')).toBe("='R'!$A$1");
    expect(at('c12')).toBe("='c12'!$A$1");
    expect(at('TRUE')).toBe("='TRUE'!$A$1");
    expect(at('a-b')).toBe("='a-b'!$A$1");
    expect(at('Résumé')).toBe('=Résumé!$A$1');
  });

  it('exports the sheet prefix it uses', () => {
    expect(['Sheet1', 'My Sheet', 'C', 'RC', 'R1C', 'Rx'].map(sheetPrefix)).toEqual(['Sheet1', "'My Sheet'", "'C'", "'RC'", "'R1C'", 'Rx']);
  });

  it('writes whole columns and rows the short way', () => {
    expect(formatNameFormula({ sheetName: 'S', start: abs(0, 1), end: abs(LAST_ROW, 3) })).toBe('=S!$B:$D');
    expect(formatNameFormula({ sheetName: null, start: abs(2, 0), end: abs(4, LAST_COLUMN) })).toBe('=$3:$5');
    expect(formatNameFormula({ sheetName: null, start: abs(0, 0), end: abs(LAST_ROW, LAST_COLUMN) })).toBe('=$1:$1048576');
  });

  it.each([
    '=Sheet1!$B$3:$F$40', "='Q1 ''24'!B3", '=B3', '=$A1:B$2', '=Sheet1!$B:$D', '=B:B', '=$3:$5', '=3:5', "='My Sheet'!$XFD$1048576",
  ])('round-trips %p', (formula) => {
    expect(formatNameFormula(parseNameFormula(formula)!)).toBe(formula);
  });

  it('normalizes like Excel', () => {
    expect(formatNameFormula(parseNameFormula("='Sheet1'!a1")!)).toBe('=Sheet1!A1');
    expect(formatNameFormula(parseNameFormula('=$A$1:$A$1048576')!)).toBe('=$A:$A');
  });
});

describe('resolveArea', () => {
  const origin = { row: 0, column: 0 };

  it('leaves absolute references where they are', () => {
    const ref = parseNameFormula('=Sheet1!$B$3:$F$40')!;
    expect(resolveArea(ref, { row: 9, column: 9 }, { row: 100, column: 3 })).toEqual(rect(2, 1, 39, 5));
  });

  it('re-applies relative offsets to the active cell (the Names object example: A1:B1 from A1, read at A10)', () => {
    const ref = parseNameFormula('=Sheet1!A1:B1')!;
    expect(resolveArea(ref, origin, { row: 9, column: 0 })).toEqual(rect(9, 0, 9, 1));
  });

  it('keeps the offset from the cell active when the name was defined', () => {
    // Defined at C5 as =B4 (one up, one left); read at E10 it is D9.
    const ref = parseNameFormula('=B4')!;
    expect(resolveArea(ref, { row: 4, column: 2 }, { row: 9, column: 4 })).toEqual(rect(8, 3, 8, 3));
    expect(resolveArea(ref, { row: 4, column: 2 }, { row: 4, column: 2 })).toEqual(rect(3, 1, 3, 1));
  });

  it('mixes absolute and relative parts', () => {
    const ref = parseNameFormula('=$A1:B$2')!; // column A fixed, row 1 relative; column B relative, row 2 fixed
    expect(resolveArea(ref, origin, { row: 5, column: 3 })).toEqual(rect(1, 0, 5, 4));
  });

  it('wraps offsets that run past an edge of the sheet', () => {
    const ref = parseNameFormula('=A1')!;
    expect(resolveArea(ref, { row: 1, column: 1 }, { row: 0, column: 0 })).toEqual(rect(LAST_ROW, LAST_COLUMN, LAST_ROW, LAST_COLUMN));
    expect(resolveArea(parseNameFormula('=A2')!, origin, { row: LAST_ROW, column: 0 })).toEqual(rect(0, 0, 0, 0));
  });

  it('moves relative whole columns sideways only', () => {
    const ref = parseNameFormula('=B:B')!;
    expect(resolveArea(ref, origin, { row: 50, column: 2 })).toEqual(rect(0, 3, LAST_ROW, 3));
  });

  it('accepts an area written back to front', () => {
    const ref: AreaRef = { sheetName: null, start: abs(9, 5), end: abs(2, 1) };
    expect(resolveArea(ref, origin, origin)).toEqual(rect(2, 1, 9, 5));
  });
});

describe('adjustForInsert', () => {
  const area = rect(2, 1, 9, 3); // B3:D10
  const rows = (top: number, bottom: number) => rect(top, 0, bottom, LAST_COLUMN);
  const columns = (left: number, right: number) => rect(0, left, LAST_ROW, right);

  it('moves an area down when whole rows are inserted above it, or at its first row', () => {
    expect(adjustForInsert(area, rows(0, 1), 'Down')).toEqual(rect(4, 1, 11, 3));
    expect(adjustForInsert(area, rows(2, 2), 'Down')).toEqual(rect(3, 1, 10, 3));
  });

  it('grows an area when rows are inserted inside it, including at its last row', () => {
    expect(adjustForInsert(area, rows(5, 7), 'Down')).toEqual(rect(2, 1, 12, 3));
    expect(adjustForInsert(area, rows(9, 9), 'Down')).toEqual(rect(2, 1, 10, 3));
  });

  it('leaves an area alone when rows are inserted below it', () => {
    expect(adjustForInsert(area, rows(10, 12), 'Down')).toEqual(area);
  });

  it('moves and grows with cells shifted down when they cover the area\'s columns', () => {
    expect(adjustForInsert(area, rect(0, 1, 0, 3), 'Down')).toEqual(rect(3, 1, 10, 3));
    expect(adjustForInsert(area, rect(4, 0, 4, 5), 'Down')).toEqual(rect(2, 1, 10, 3));
  });

  it('does not move an area when the shifted cells cover only some of its columns, or none', () => {
    expect(adjustForInsert(area, rect(0, 1, 0, 2), 'Down')).toEqual(area);
    expect(adjustForInsert(area, rect(4, 2, 4, 5), 'Down')).toEqual(area);
    expect(adjustForInsert(area, rect(0, 5, 3, 6), 'Down')).toEqual(area);
  });

  it('does the same with columns and shift right', () => {
    expect(adjustForInsert(area, columns(0, 0), 'Right')).toEqual(rect(2, 2, 9, 4));
    expect(adjustForInsert(area, columns(2, 3), 'Right')).toEqual(rect(2, 1, 9, 5));
    expect(adjustForInsert(area, columns(4, 4), 'Right')).toEqual(area);
    expect(adjustForInsert(area, rect(2, 0, 9, 0), 'Right')).toEqual(rect(2, 2, 9, 4));
    expect(adjustForInsert(area, rect(3, 0, 9, 0), 'Right')).toEqual(area);
  });

  it('does not move whole columns for inserted rows, nor whole rows for inserted columns', () => {
    expect(adjustForInsert(columns(1, 1), rows(0, 4), 'Down')).toEqual(columns(1, 1));
    expect(adjustForInsert(rows(3, 3), columns(0, 2), 'Right')).toEqual(rows(3, 3));
    expect(adjustForInsert(rows(3, 3), rows(0, 0), 'Down')).toEqual(rows(4, 4));
  });

  it('cuts an area at the last row and drops one pushed off the sheet', () => {
    expect(adjustForInsert(rect(5, 0, LAST_ROW, 0), rows(0, 0), 'Down')).toEqual(rect(6, 0, LAST_ROW, 0));
    expect(adjustForInsert(rect(LAST_ROW, 0, LAST_ROW, 0), rows(0, 0), 'Down')).toBeNull();
    expect(adjustForInsert(rect(0, LAST_COLUMN - 1, 0, LAST_COLUMN), columns(0, 1), 'Right')).toBeNull();
  });
});

describe('adjustForDelete', () => {
  const area = rect(2, 1, 9, 3); // B3:D10
  const rows = (top: number, bottom: number) => rect(top, 0, bottom, LAST_COLUMN);
  const columns = (left: number, right: number) => rect(0, left, LAST_ROW, right);

  it('moves an area up when rows above it are deleted', () => {
    expect(adjustForDelete(area, rows(0, 1), 'Up')).toEqual(rect(0, 1, 7, 3));
  });

  it('shrinks an area when some of its rows are deleted', () => {
    expect(adjustForDelete(area, rows(4, 6), 'Up')).toEqual(rect(2, 1, 6, 3)); // inside
    expect(adjustForDelete(area, rows(0, 4), 'Up')).toEqual(rect(0, 1, 4, 3)); // its top
    expect(adjustForDelete(area, rows(7, 12), 'Up')).toEqual(rect(2, 1, 6, 3)); // its bottom
    expect(adjustForDelete(area, rows(2, 2), 'Up')).toEqual(rect(2, 1, 8, 3)); // its first row
  });

  it('is gone (#REF!) when all of it is deleted', () => {
    expect(adjustForDelete(area, rows(2, 9), 'Up')).toBeNull();
    expect(adjustForDelete(area, rows(0, 20), 'Up')).toBeNull();
    expect(adjustForDelete(area, rect(0, 0, 20, 5), 'Up')).toBeNull();
    expect(adjustForDelete(area, columns(1, 3), 'Left')).toBeNull();
  });

  it('leaves an area alone when rows below it are deleted', () => {
    expect(adjustForDelete(area, rows(10, 12), 'Up')).toEqual(area);
  });

  it('does not move an area when the deleted cells cover only some of its columns', () => {
    expect(adjustForDelete(area, rect(0, 1, 1, 2), 'Up')).toEqual(area);
    expect(adjustForDelete(area, rect(2, 2, 9, 3), 'Up')).toEqual(area);
  });

  it('moves with deleted cells that cover its columns', () => {
    expect(adjustForDelete(area, rect(0, 0, 0, 3), 'Up')).toEqual(rect(1, 1, 8, 3));
  });

  it('does the same with columns and shift left', () => {
    expect(adjustForDelete(area, columns(0, 0), 'Left')).toEqual(rect(2, 0, 9, 2));
    expect(adjustForDelete(area, columns(2, 2), 'Left')).toEqual(rect(2, 1, 9, 2));
    expect(adjustForDelete(area, columns(3, 6), 'Left')).toEqual(rect(2, 1, 9, 2));
    expect(adjustForDelete(area, columns(5, 6), 'Left')).toEqual(area);
    expect(adjustForDelete(area, rect(3, 0, 9, 0), 'Left')).toEqual(area);
  });

  it('keeps whole columns when rows are deleted, unless the whole of them goes', () => {
    expect(adjustForDelete(columns(1, 1), rows(0, 4), 'Up')).toEqual(columns(1, 1));
    expect(adjustForDelete(columns(1, 1), columns(0, 1), 'Left')).toBeNull();
    expect(adjustForDelete(columns(1, 2), columns(0, 1), 'Left')).toEqual(columns(0, 0));
    expect(adjustForDelete(rows(3, 3), columns(0, 0), 'Left')).toEqual(rows(3, 3));
  });
});
