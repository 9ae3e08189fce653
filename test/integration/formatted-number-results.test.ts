/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
/// <reference types="custom-functions-runtime" />
import { connectCustomFunctions, type ExcelHost, type FunctionsMetadata } from '../../workbench/excel-host';
import { installWorkbook } from '../support/excel';

/**
 * Custom functions returning formatted numbers, through Office.js's own runtime and the emulator's formula engine.
 * Expectations from Microsoft's documentation:
 * [CFR]  https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets
 *        (CustomFunctionsRuntime 1.4: data types for custom functions; Excel on the web has it, volume-licensed Excel not)
 * [OUT]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts ("Output a formatted
 *        number": `{ type: "Double", basicValue, numberFormat }`)
 * [FMT]  https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values (the
 *        value's format is the default; a format applied to the cell overrides it; without data types, `basicValue`)
 * [OLD]  https://learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue (`type: "FormattedNumber"`)
 * [CODE] https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68 (`#,##0.00`
 *        shows 1234.5 as 1,234.50; `0.0%` shows 0.125 as 12.5%)
 */

jest.setTimeout(30_000);

const METADATA: FunctionsMetadata = {
  functions: [
    { id: 'TEST_PRICE', name: 'PRICE', parameters: [] },
    { id: 'TEST_SHARE', name: 'SHARE', parameters: [] },
    { id: 'TEST_TABLE', name: 'TABLE', parameters: [], result: { dimensionality: 'matrix' } },
  ],
};

CustomFunctions.associate({
  TEST_PRICE: () => ({ type: 'Double', basicValue: 1234.5, numberFormat: '#,##0.00' }),
  TEST_SHARE: () => ({ type: 'FormattedNumber', basicValue: 0.125, numberFormat: '0.0%' }),
  TEST_TABLE: () => [['Region', 'Revenue'], ['Europe', { type: 'Double', basicValue: 1234.5, numberFormat: '#,##0.00' }]],
});

async function connect(host: ExcelHost): Promise<void> {
  const functions = connectCustomFunctions(host, globalThis, METADATA, 'TEST');
  host.model.calculation.addInFunctions = functions;
  await functions.whenReady();
}

/** Writes formulas into A1 onwards, waits for the add-in's answers, and reads `address` as an add-in would. */
async function calculate(host: ExcelHost, formulas: string[][], address: string) {
  await Excel.run(async (context) => {
    context.workbook.worksheets.getItem('Sheet1').getRange('A1').getResizedRange(formulas.length - 1, formulas[0]!.length - 1).formulas = formulas;
    await context.sync();
  });
  await host.model.calculation.idle();
  return read(address);
}

const read = (address: string) => Excel.run(async (context) => {
  const range = context.workbook.worksheets.getItem('Sheet1').getRange(address).load(['values', 'text', 'numberFormat']);
  await context.sync();
  return { values: range.values, text: range.text, numberFormat: range.numberFormat };
});

describe('formatted numbers from custom functions', () => {
  it('are taken by Excel on the web, which has CustomFunctionsRuntime 1.4, and not by Excel 2019 [CFR]', () => {
    installWorkbook({ profile: 'web' });
    expect(Office.context.requirements.isSetSupported('CustomFunctionsRuntime', '1.4')).toBe(true);
    expect(Office.context.requirements.isSetSupported('CustomFunctionsRuntime', '1.5')).toBe(false);
    installWorkbook({ profile: 'excel2019' });
    expect(Office.context.requirements.isSetSupported('CustomFunctionsRuntime', '1.4')).toBe(false);
  });

  it('show their format on a General cell, and formulas reading them see the number [OUT][FMT][OLD][CODE]', async () => {
    const host = installWorkbook({ profile: 'web' });
    await connect(host);
    const read = await calculate(host, [['=TEST.PRICE()', '=A1+1', '=TEST.PRICE()*2', '=TEST.SHARE()']], 'A1:D1');
    expect(read.values).toEqual([[1234.5, 1235.5, 2469, 0.125]]);
    // The value carries the format, not the cell: the cell's own format stays General.
    expect(read.numberFormat).toEqual([['General', 'General', 'General', 'General']]);
    // A formula computing with the value gives a plain number (the emulator's choice; see calculation.ts).
    expect(read.text).toEqual([['1,234.50', '1235.5', '2469', '12.5%']]);
  });

  it('give way to a format applied to the cell [FMT]', async () => {
    const host = installWorkbook({ profile: 'web' });
    await connect(host);
    await calculate(host, [['=TEST.PRICE()']], 'A1');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').numberFormat = [['0.0']];
      await context.sync();
    });
    expect(await read('A1')).toEqual({ values: [[1234.5]], text: [['1234.5']], numberFormat: [['0.0']] });
  });

  it('keep their formats where a matrix result spills [OUT]', async () => {
    const host = installWorkbook({ profile: 'web' });
    await connect(host);
    const read = await calculate(host, [['=TEST.TABLE()']], 'A1:B2');
    expect(read.values).toEqual([['Region', 'Revenue'], ['Europe', 1234.5]]);
    expect(read.text).toEqual([['Region', 'Revenue'], ['Europe', '1,234.50']]);
  });

  it('are their numbers alone where the host has no CustomFunctionsRuntime 1.4 [FMT]', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    await connect(host);
    const read = await calculate(host, [['=TEST.PRICE()']], 'A1');
    expect(read).toEqual({ values: [[1234.5]], text: [['1234.5']], numberFormat: [['General']] });
  });
});
