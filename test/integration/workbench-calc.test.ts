/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { AddInCall, AddInFunctions, AddInResult } from '../../workbench/excel-host/calc/add-in-functions';
import { installWorkbook } from '../support/excel';

/** Formulas written through Microsoft's Office.js are calculated by the emulator's formula engine. */
describe('the workbench formula engine through Office.js', () => {
  it('calculates a formula written via range.formulas, which values then read', async () => {
    installWorkbook();
    const read = await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1').values = [[21]];
      const formula = sheet.getRange('B1');
      formula.formulas = [['=A1*2']];
      formula.load(['values', 'formulas', 'valueTypes']);
      await context.sync();
      return { values: formula.values, formulas: formula.formulas, valueTypes: formula.valueTypes };
    });
    expect(read).toEqual({ values: [[42]], formulas: [['=A1*2']], valueTypes: [['Double']] });
  });

  it('recalculates a dependent when a value changes, and spills arrays (spilled cells read as values)', async () => {
    installWorkbook();
    const read = await Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1:B1').formulas = [[1, '=A1+1']];
      sheet.getRange('D1').formulas = [['=SEQUENCE(2,2)']];
      await context.sync();
      sheet.getRange('A1').values = [[10]];
      const results = sheet.getRange('A1:E2');
      results.load(['values', 'formulas']);
      await context.sync();
      return { values: results.values, formulas: results.formulas };
    });
    expect(read.values).toEqual([[10, 11, '', 1, 2], ['', '', '', 3, 4]]);
    expect(read.formulas).toEqual([[10, '=A1+1', '', '=SEQUENCE(2,2)', 2], ['', '', '', 3, 4]]);
  });

  it('calls add-in functions again on Application.calculate(full) but not on recalculate', async () => {
    const host = installWorkbook();
    const invocations: AddInCall[][] = [];
    let answer = 1;
    const functions: AddInFunctions = {
      idOf: (name) => (name.toUpperCase() === 'RS.VALUE' ? 'RS_VALUE' : null),
      returnsMatrix: () => false,
      invoke: (calls, onResult: (index: number, result: AddInResult) => void) => {
        invocations.push([...calls]);
        const value = answer;
        setTimeout(() => calls.forEach((_, index) => onResult(index, { ok: true, value })), 0);
      },
    };
    host.model.calculation.addInFunctions = functions;
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').formulas = [['=RS.VALUE()']];
      await context.sync();
    });
    await host.model.calculation.idle();
    answer = 2;
    const calculateAndRead = (type: Excel.CalculationType) => Excel.run(async (context) => {
      context.workbook.application.calculate(type);
      await context.sync();
      await host.model.calculation.idle();
      const cell = context.workbook.worksheets.getItem('Sheet1').getRange('A1').load('values');
      await context.sync();
      return cell.values[0]![0];
    });
    expect(await calculateAndRead(Excel.CalculationType.recalculate)).toBe(1);
    expect(invocations).toHaveLength(1);
    expect(await calculateAndRead(Excel.CalculationType.full)).toBe(2);
    expect(invocations).toHaveLength(2);
  });
});
