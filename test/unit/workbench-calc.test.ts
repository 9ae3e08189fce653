import { parseCell } from '../../src/core/a1';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { WorkbookModel, type SheetModel } from '../../workbench/excel-host/workbook/workbook-model';

/** Types `input` into a cell as the grid does (one operation), then ends the operation. */
function enter(model: WorkbookModel, sheet: SheetModel, address: string, input: string | number) {
  const { row, column } = parseCell(address);
  const { value, formula, error, textPrefix } = entryFromFormula(input, undefined);
  model.setCell(sheet, row, column, { value, formula, error, textPrefix });
  model.notify();
}

const valueAt = (model: WorkbookModel, sheet: SheetModel, address: string) => {
  const { row, column } = parseCell(address);
  return model.cellAt(sheet, row, column)?.value ?? '';
};

function workbook() {
  const model = new WorkbookModel();
  const sheet = model.sheets[0]!;
  return { model, sheet, put: (address: string, input: string | number) => enter(model, sheet, address, input), at: (address: string) => valueAt(model, sheet, address) };
}

describe('the workbench formula engine', () => {
  it('calculates arithmetic, references and built-in functions, keeping the formula', () => {
    const { model, sheet, put, at } = workbook();
    put('A1', 2);
    put('A2', 3);
    put('B1', '=1+1');
    put('B2', '=A1*A2+$A$1');
    put('B3', '=SUM(A1:A2)');
    put('B4', '=IF(A1>1,"big","small")');
    put('B5', '=0.1+0.2');
    expect([at('B1'), at('B2'), at('B3'), at('B4'), at('B5')]).toEqual([2, 8, 5, 'big', 0.3]);
    expect(model.cellAt(sheet, 1, 1)?.formula).toBe('=A1*A2+$A$1');
  });

  it('reads other sheets, quoted names included', () => {
    const { model, put, at } = workbook();
    const other = model.addSheet('Sheet 2');
    enter(model, other, 'C3', 7);
    put('A1', "='Sheet 2'!C3+1");
    expect(at('A1')).toBe(8);
  });

  it('stores errors as the emulator stores error values', () => {
    const { model, sheet, put, at } = workbook();
    put('A1', '=1/0');
    put('A2', '=NOSUCHFUNCTION(1)');
    put('A3', '=Nowhere!A1');
    put('A4', '=A1+1');
    expect([at('A1'), at('A2'), at('A3'), at('A4')]).toEqual(['#DIV/0!', '#NAME?', '#REF!', '#DIV/0!']);
    expect(model.cellAt(sheet, 0, 0)?.error).toBe(true);
  });

  it('reads defined names, short ones included, and shows #NAME? for an undefined name', () => {
    const { model, put, at } = workbook();
    put('A1', 4);
    model.defineName('abc', '=Sheet1!$A$1', '');
    model.defineName('Rates', '=Sheet1!$A$1:$A$2', '');
    put('A2', 6);
    put('B1', '=abc*2');
    put('B2', '=SUM(Rates)');
    put('B3', '=-x');
    expect([at('B1'), at('B2'), at('B3')]).toEqual([8, 10, '#NAME?']);
  });

  it('shows 0 for a reference to an empty cell', () => {
    const { put, at } = workbook();
    put('A1', '=B1');
    expect(at('A1')).toBe(0);
  });

  it('recalculates the formulas that read a changed cell, transitively and in order', () => {
    const { put, at } = workbook();
    put('A1', 1);
    // Entered out of order: C1 reads B1, which reads A1.
    put('C1', '=B1*10');
    put('B1', '=A1+1');
    expect(at('C1')).toBe(20);
    put('A1', 5);
    expect([at('B1'), at('C1')]).toEqual([6, 60]);
  });

  it('recalculates a formula over a range when a cell of the range changes', () => {
    const { put, at } = workbook();
    put('B1', '=SUM(A1:A100)');
    put('A50', 4);
    put('A99', 6);
    expect(at('B1')).toBe(10);
  });

  it('stops at a circular reference with 0 instead of hanging', () => {
    const { put, at } = workbook();
    put('A1', '=A1+1');
    put('B1', '=C1');
    put('C1', '=B1');
    expect([at('A1'), at('B1'), at('C1')]).toEqual([0, 0, 0]);
  });

  it('takes a formula away: the cell holds the new constant and readers recalculate', () => {
    const { put, at } = workbook();
    put('A1', '=2+2');
    put('B1', '=A1*2');
    put('A1', 10);
    expect([at('A1'), at('B1')]).toEqual([10, 20]);
  });

  it('recalculates after Range.clear-like removal', () => {
    const { model, sheet, put, at } = workbook();
    put('A1', 3);
    put('B1', '=A1*2');
    model.clear(sheet, { top: 0, left: 0, bottom: 0, right: 0 }, 'All');
    model.notify();
    expect(at('B1')).toBe(0);
  });

  it('calculates 1,000 formula cells quickly', () => {
    const { model, sheet } = workbook();
    const started = performance.now();
    model.setCell(sheet, 0, 0, { value: 1 });
    for (let row = 1; row < 1000; row += 1) model.setCell(sheet, row, 0, { value: 0, formula: `=A${row}+1` });
    model.notify();
    expect(valueAt(model, sheet, 'A1000')).toBe(1000);
    model.setCell(sheet, 0, 0, { value: 2 });
    model.notify();
    expect(valueAt(model, sheet, 'A1000')).toBe(1001);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('dynamic arrays', () => {
  it('spills an array result below and to the right; spilled cells hold values, not formulas', () => {
    const { model, sheet, put, at } = workbook();
    put('B2', '={1,2;3,4}');
    expect([[at('B2'), at('C2')], [at('B3'), at('C3')]]).toEqual([[1, 2], [3, 4]]);
    expect(model.cellAt(sheet, 2, 2)?.formula).toBeUndefined();
    expect(model.calculation.spilledAreas(sheet)).toEqual([{ top: 1, left: 1, bottom: 2, right: 2 }]);
    expect(model.calculation.spilledAreaAt(sheet, 2, 2)).toEqual({ top: 1, left: 1, bottom: 2, right: 2 });
  });

  it('spills SEQUENCE, and formulas reading the spilled cells follow it', () => {
    const { put, at } = workbook();
    put('C1', '=SUM(A1:A3)');
    put('A1', '=SEQUENCE(3)');
    expect([at('A1'), at('A2'), at('A3'), at('C1')]).toEqual([1, 2, 3, 6]);
    put('A1', '=SEQUENCE(3,1,10)');
    expect(at('C1')).toBe(33);
  });

  it('shows #SPILL! when a cell of the area holds something, and spills once it is cleared', () => {
    const { model, sheet, put, at } = workbook();
    put('A3', 'x');
    put('A1', '=SEQUENCE(3)');
    expect([at('A1'), at('A2'), at('A3')]).toEqual(['#SPILL!', '', 'x']);
    expect(model.calculation.spilledAreas(sheet)).toEqual([]);
    put('A3', '');
    expect([at('A1'), at('A2'), at('A3')]).toEqual([1, 2, 3]);
  });

  it('shows #SPILL! when something is typed into a spilled cell', () => {
    const { put, at } = workbook();
    put('A1', '=SEQUENCE(3)');
    put('A2', 9);
    expect([at('A1'), at('A2'), at('A3')]).toEqual(['#SPILL!', 9, '']);
  });

  it('shows #SPILL! when the array would run off the sheet', () => {
    const { model, sheet } = workbook();
    model.setCell(sheet, 1_048_575, 0, { value: 0, formula: '=SEQUENCE(2)' });
    model.notify();
    expect(model.cellAt(sheet, 1_048_575, 0)?.value).toBe('#SPILL!');
  });

  it('takes the spilled values back when the formula goes', () => {
    const { put, at } = workbook();
    put('A1', '=SEQUENCE(2,2)');
    put('A1', 5);
    expect([at('A1'), at('B1'), at('A2'), at('B2')]).toEqual([5, '', '', '']);
  });
});

describe('Application.calculate on the model', () => {
  it('recalculates volatile functions on Recalculate', () => {
    const { model, sheet, put } = workbook();
    put('A1', '=RAND()');
    const first = model.cellAt(sheet, 0, 0)?.value;
    model.calculation.calculate('Recalculate');
    expect(model.cellAt(sheet, 0, 0)?.value).not.toBe(first);
  });

  it('calculates a workbook read from JSON', () => {
    const { model, put } = workbook();
    put('A1', 2);
    put('B1', '=A1*3');
    put('C1', '={1,2}');
    const copy = WorkbookModel.fromJSON(model.toJSON());
    const sheet = copy.sheets[0]!;
    expect([valueAt(copy, sheet, 'B1'), valueAt(copy, sheet, 'C1'), valueAt(copy, sheet, 'D1')]).toEqual([6, 1, 2]);
    expect(copy.calculation.spilledAreas(sheet)).toEqual([{ top: 0, left: 2, bottom: 0, right: 3 }]);
  });
});
