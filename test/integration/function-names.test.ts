/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
/// <reference types="custom-functions-runtime" />
import { connectCustomFunctions, type FunctionsMetadata } from '../../workbench/excel-host';
import { installWorkbook } from '../support/excel';

/**
 * Custom functions kept by id and named per language, in a German workbench (functions-de.json names them):
 * [LOC] https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming#localize-custom-functions
 *       ("Excel only localizes the name and description properties. The id is not localized")
 * [RNG] https://learn.microsoft.com/javascript/api/excel/excel.range (`formulas` "in A1-style notation",
 *       `formulasLocal` "in the user's language and number-formatting locale")
 */

const ENGLISH: FunctionsMetadata = { functions: [{ id: 'TEST_VALUE', name: 'VALUE', parameters: [{ name: 'number' }] }] };
const GERMAN: FunctionsMetadata = { functions: [{ id: 'TEST_VALUE', name: 'WERT', parameters: [{ name: 'Zahl' }] }] };

CustomFunctions.associate('TEST_VALUE', (number: number) => number * 10);

it('takes a function by either name, keeps the English one, and gives the German one in formulasLocal [LOC][RNG]', async () => {
  const host = installWorkbook({ profile: 'web' });
  const functions = connectCustomFunctions(host, globalThis, GERMAN, 'TEST', ENGLISH);
  host.model.calculation.addInFunctions = functions;
  await functions.whenReady();
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1:B1').formulas = [['=TEST.VALUE(1)', '=test.wert(2)+1']];
    sheet.getRange('C1').formulasLocal = [['=TEST.WERT(3)']];
    await context.sync();
  });
  await host.model.calculation.idle();
  const read = await Excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:C1').load(['values', 'formulas', 'formulasLocal']);
    await context.sync();
    return { values: range.values, formulas: range.formulas, formulasLocal: range.formulasLocal };
  });
  expect(read).toEqual({
    values: [[10, 21, 30]],
    formulas: [['=TEST.VALUE(1)', '=TEST.VALUE(2)+1', '=TEST.VALUE(3)']],
    formulasLocal: [['=TEST.WERT(1)', '=TEST.WERT(2)+1', '=TEST.WERT(3)']],
  });
});
