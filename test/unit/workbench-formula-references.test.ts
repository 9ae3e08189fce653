import { formulaAfterMove, formulaCopied } from '../../workbench/excel-host/workbook/formula-shifts';
import { formulaReferences } from '../../workbench/excel-host/workbook/formula-references';
import { adjustForDelete, adjustForInsert } from '../../workbench/excel-host/workbook/reference-shifts';
import { MAX_COLUMNS, MAX_ROWS } from '../../src/core/a1';

/**
 * Expected formulas follow Excel's documented behaviour (docs/research/formulas-issue-40.md §6): references follow
 * their cells, `$` or not; a range grows when rows are inserted inside it; references whose cells are all
 * deleted become #REF!; copying moves relative parts only.
 */

const rows = (top: number, bottom: number) => ({ top, bottom, left: 0, right: MAX_COLUMNS - 1 });
const columns = (left: number, right: number) => ({ top: 0, bottom: MAX_ROWS - 1, left, right });
const insertRows = (formula: string, top: number, count = 1, onSheet = 'Sheet1', formulaSheet = 'Sheet1') =>
  formulaAfterMove(formula, formulaSheet, onSheet, (rect) => adjustForInsert(rect, rows(top, top + count - 1), 'Down'));
const insertColumns = (formula: string, left: number) => formulaAfterMove(formula, 'Sheet1', 'Sheet1', (rect) => adjustForInsert(rect, columns(left, left), 'Right'));
const deleteColumns = (formula: string, left: number, right = left) => formulaAfterMove(formula, 'Sheet1', 'Sheet1', (rect) => adjustForDelete(rect, columns(left, right), 'Left'));
const deleteRows = (formula: string, top: number, bottom = top) => formulaAfterMove(formula, 'Sheet1', 'Sheet1', (rect) => adjustForDelete(rect, rows(top, bottom), 'Up'));

describe('references in a formula', () => {
  it('finds cells, areas, whole columns and rows with their sheets, and nothing inside strings or names', () => {
    const found = formulaReferences(`=SUM('My Sheet'!A1:B2,$C$3)+LOG10(D4)&"E5"+Sheet2!F:G+SUM(3:5)+Rates+LOG10`);
    expect(found.map((r) => [r.prefix, r.sheetName, r.form])).toEqual([
      ["'My Sheet'!", 'My Sheet', 'area'], ['', null, 'cell'], ['', null, 'cell'], ['Sheet2!', 'Sheet2', 'columns'], ['', null, 'rows'],
      // LOG10 without a bracket is a cell (column LOG, row 10), as Excel reads it.
      ['', null, 'cell'],
    ]);
  });
});

describe('formulas when rows and columns are inserted or deleted', () => {
  it('grows a range when a row is inserted inside it: =SUM(A1:A5) with row 3 inserted is =SUM(A1:A6)', () => {
    expect(insertRows('=SUM(A1:A5)', 2)).toBe('=SUM(A1:A6)');
  });

  it('moves a range below the inserted row and leaves one that ends above it', () => {
    expect(insertRows('=SUM(A3:A5)+A1', 1, 2)).toBe('=SUM(A5:A7)+A1');
    expect(insertRows('=SUM(A1:A5)', 5)).toBe('=SUM(A1:A5)'); // inserted right below the range: no growth
  });

  it('moves absolute and relative references alike; $ only matters when copying', () => {
    expect(insertRows('=$A$1+A$1+$A1+A1', 0)).toBe('=$A$2+A$2+$A2+A2');
  });

  it('gives #REF! for a reference whose cells are all deleted and shrinks a range partly deleted', () => {
    expect(deleteColumns('=SUM(B2,C2,D2)', 2)).toBe('=SUM(B2,#REF!,C2)');
    expect(deleteColumns('=SUM(B2:D2)', 2)).toBe('=SUM(B2:C2)');
    expect(deleteRows('=A2+Sheet1!A2', 1)).toBe('=#REF!+Sheet1!#REF!');
  });

  it('leaves strings, function names and defined names alone', () => {
    expect(insertRows('="A1 is "&A1&LOG10(A2)&Rates', 0)).toBe('="A1 is "&A2&LOG10(A3)&Rates');
  });

  it('moves references to another sheet only when that sheet changed', () => {
    expect(insertRows("='My Sheet'!A1+A1", 0, 1, 'My Sheet', 'Sheet2')).toBe("='My Sheet'!A2+A1");
    expect(insertRows("='My Sheet'!A1+A1", 0, 1, 'Sheet2', 'Sheet2')).toBe("='My Sheet'!A1+A2");
  });

  it('keeps whole columns through row inserts and moves them with column inserts; whole rows the other way', () => {
    expect(insertRows('=SUM(B:B)+SUM(3:5)', 0)).toBe('=SUM(B:B)+SUM(4:6)');
    expect(insertColumns('=SUM(B:B)+SUM(3:5)', 0)).toBe('=SUM(C:C)+SUM(3:5)');
  });

  it('leaves a formula the engine cannot read as typed (its lexer knows no $ before a row number)', () => {
    expect(insertRows('=SUM($3:$5)', 0)).toBe('=SUM($3:$5)');
  });
});

describe('formulas copied (fill)', () => {
  it('moves relative parts by the distance copied and keeps absolute ones (Microsoft: =B4*C4 from D4 to D5 is =B5*C5)', () => {
    expect(formulaCopied('=B4*C4', 1, 0)).toBe('=B5*C5');
    expect(formulaCopied('=$B$4*$C$4', 1, 0)).toBe('=$B$4*$C$4');
  });

  it('copied two rows down and two columns right: $A$1, A$1 → C$1, $A1 → $A3, A1 → C3', () => {
    expect(formulaCopied('=$A$1+A$1+$A1+A1', 2, 2)).toBe('=$A$1+C$1+$A3+C3');
  });

  it('gives #REF! for a relative reference copied off the sheet', () => {
    expect(formulaCopied('=A1+$B$2', -1, 0)).toBe('=#REF!+$B$2');
  });
});
