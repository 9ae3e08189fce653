import { parseCell, MAX_COLUMNS } from '../../src/core/a1';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { fill } from '../../workbench/excel-host/workbook/fill';
import { WorkbookModel, type SheetModel } from '../../workbench/excel-host/workbook/workbook-model';
import { fillSelection } from '../../workbench/grid/actions';
import { fillTarget } from '../../workbench/grid/FillHandle';
import { gridCommand } from '../../workbench/grid/keyboard';

/**
 * The workbench calculates as Excel does where the add-in's scenarios touch it. Expected values come from
 * Microsoft's pages cited in workbench/excel-host/calc/aggregates.ts and workbook/formula-shifts.ts, fill.ts.
 */

function workbook() {
  const model = new WorkbookModel();
  const sheet = model.sheets[0]!;
  const put = (address: string, input: string | number, on: SheetModel = sheet) => {
    const { row, column } = parseCell(address);
    const { value, formula, error, textPrefix } = entryFromFormula(input, undefined);
    model.setCell(on, row, column, { value, formula, error, textPrefix });
    model.notify();
  };
  const cell = (address: string, on: SheetModel = sheet) => {
    const { row, column } = parseCell(address);
    return model.cellAt(on, row, column);
  };
  const at = (address: string, on: SheetModel = sheet) => cell(address, on)?.value ?? '';
  return { model, sheet, put, cell, at };
}

describe('errors through SUM, AVERAGE, MIN, MAX and arithmetic', () => {
  it('gives the error a range holds, where fast-formula-parser alone gives 4', () => {
    const { put, at } = workbook();
    put('A1', 1);
    put('A2', '#N/A');
    put('A3', 3);
    for (const [address, formula] of [['C1', '=SUM(A1:A3)'], ['C2', '=SUM(A1,A2)'], ['C3', '=AVERAGE(A1:A3)'], ['C4', '=MIN(A1:A3)'], ['C5', '=MAX(A1:A3)'], ['C6', '=A1+A2'], ['C7', '=A2*0']] as const) put(address, formula);
    expect(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7'].map((a) => at(a))).toEqual(Array(7).fill('#N/A'));
  });

  it('ignores text, logicals and empty cells in references and counts them typed as arguments (=SUM("5", 15, TRUE) is 21)', () => {
    const { put, at } = workbook();
    put('A1', 4);
    put('A2', 'text');
    put('A3', '=TRUE');
    put('B1', '=SUM(A1:A4)');
    put('B2', '=SUM("5", 15, TRUE)');
    put('B3', '=SUM(A1,"abc")');
    put('B4', '=MAX(A2:A4)');
    put('B5', '=AVERAGE(A2:A4)');
    put('B6', '=MIN(A1:A3,-2)');
    put('B7', '=AVERAGE(A1,2)');
    expect(['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7'].map((a) => at(a))).toEqual([4, 21, '#VALUE!', 0, '#DIV/0!', -2, 3]);
  });

  it('COUNT ignores errors (Microsoft: Sales, 12/8/2008, 19, 22.24, TRUE, #DIV/0! count 3)', () => {
    const { put, at } = workbook();
    ['Sales', '12/8/2008', '', '19', '22.24', 'TRUE', '#DIV/0!'].forEach((input, i) => { if (input) put(`${'ABCDEFG'[i]}1`, input); });
    put('A2', '=COUNT(A1:G1)');
    put('A3', '=COUNT(D1:G1)');
    put('A4', '=COUNT(A1:G1,2)');
    expect([at('A2'), at('A3'), at('A4')]).toEqual([3, 2, 4]);
  });
});

describe('formulas when rows and columns are inserted or deleted in the workbook', () => {
  it('keeps every formula pointing at its cells when a row is inserted above, on this and other sheets', () => {
    const { model, sheet, put, cell, at } = workbook();
    const other = model.addSheet('Other Sheet');
    put('A2', 10);
    put('A3', 20);
    put('B4', '=SUM(A2:A3)');
    put('B5', '=$A$2*2');
    put('A1', 5, other);
    put('C1', "=Sheet1!A2+'Other Sheet'!A1", other);
    model.insert(sheet, { top: 0, left: 0, bottom: 0, right: MAX_COLUMNS - 1 }, 'Down');
    model.notify();
    expect([cell('B5')?.formula, cell('B6')?.formula, cell('C1', other)?.formula]).toEqual(['=SUM(A3:A4)', '=$A$3*2', "=Sheet1!A3+'Other Sheet'!A1"]);
    expect([at('B5'), at('B6'), at('C1', other)]).toEqual([30, 20, 15]);
  });

  it('=SUM(B2,C2,D2) with column C deleted is #REF!, =SUM(B2:D2) shrinks to B2:C2', () => {
    const { model, sheet, put, cell, at } = workbook();
    put('B2', 1);
    put('C2', 2);
    put('D2', 4);
    put('A5', '=SUM(B2,C2,D2)');
    put('A6', '=SUM(B2:D2)');
    model.delete(sheet, { top: 0, left: 2, bottom: 1_048_575, right: 2 }, 'Left');
    model.notify();
    expect([cell('A5')?.formula, at('A5'), cell('A6')?.formula, at('A6')]).toEqual(['=SUM(B2,#REF!,C2)', '#REF!', '=SUM(B2:C2)', 5]);
  });
});

describe('fill down and right', () => {
  it('copies the top row down, formulas with relative parts moved and formats kept', () => {
    const { model, sheet, put, cell, at } = workbook();
    put('A1', 2);
    put('A2', 3);
    put('A3', 5);
    put('B1', 10);
    put('C1', '=A1*$B$1');
    model.setCell(sheet, 0, 2, { ...cell('C1')!, bold: true });
    fill(model, sheet, { top: 0, left: 2, bottom: 2, right: 2 }, 'Down');
    model.notify();
    expect([cell('C2')?.formula, cell('C3')?.formula, cell('C3')?.bold]).toEqual(['=A2*$B$1', '=A3*$B$1', true]);
    expect([at('C2'), at('C3')]).toEqual([30, 50]);
  });

  it('copies the left column right with mixed references', () => {
    const { model, sheet, put, cell } = workbook();
    put('B2', '=$A2+B$1+A1');
    fill(model, sheet, { top: 1, left: 1, bottom: 1, right: 3 }, 'Right');
    model.notify();
    expect([cell('C2')?.formula, cell('D2')?.formula]).toEqual(['=$A2+C$1+B1', '=$A2+D$1+C1']);
  });
});

describe('the grid asks for a fill', () => {
  it('Ctrl+D fills down and Ctrl+R fills right', () => {
    expect(gridCommand({ key: 'd', ctrlKey: true })).toEqual({ type: 'fill', direction: 'Down' });
    expect(gridCommand({ key: 'r', ctrlKey: true })).toEqual({ type: 'fill', direction: 'Right' });
  });

  it('the fill handle fills the way it was dragged further, down or right; up or left does nothing', () => {
    const selection = { top: 0, left: 2, bottom: 0, right: 2 };
    expect(fillTarget(selection, { row: 3, column: 3 })).toEqual({ rect: { top: 0, left: 2, bottom: 3, right: 2 }, direction: 'Down' });
    expect(fillTarget(selection, { row: 1, column: 5 })).toEqual({ rect: { top: 0, left: 2, bottom: 0, right: 5 }, direction: 'Right' });
    expect(fillTarget(selection, { row: 0, column: 1 })).toBeNull();
  });

  it('Ctrl+D on a single cell copies the cell above', () => {
    const { model, put, cell } = workbook();
    put('A1', 1);
    put('B1', '=A1+1');
    model.select({ top: 1, left: 1, bottom: 1, right: 1 });
    fillSelection(model, model.selection, 'Down');
    expect(cell('B2')?.formula).toBe('=A2+1');
  });
});
