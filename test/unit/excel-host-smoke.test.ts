/**
 * @jest-environment ./test/support/office-js-environment.js
 */
import { installWorkbook } from '../support/excel';

describe('host emulator behind Office.js', () => {
  it('writes, reads and names cells through the real library', async () => {
    const host = installWorkbook();
    const out = await Excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B3:C4');
      range.values = [[1, 'x'], ['0042', "'=A1"]];
      range.format.font.bold = true;
      context.workbook.names.add('Foo', range, 'c').visible = false;
      range.load('address, values, formulas, valueTypes');
      const name = context.workbook.names.getItemOrNullObject('Foo');
      name.load('value, type, visible');
      const missing = context.workbook.names.getItemOrNullObject('Nope');
      await context.sync();
      return { address: range.address, values: range.values, formulas: range.formulas, types: range.valueTypes, name: name.toJSON(), missing: missing.isNullObject };
    });
    expect(out).toEqual({});
    expect(host.stats.syncs).toBe(1);
  });
});
