/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { installWorkbook } from '../support/excel';

/**
 * Excel's workbook rules as the emulator keeps them, driven through Microsoft's Office.js. Expectations
 * come from Microsoft's documentation (cited per test), never from what the emulator produced.
 */
const sheet = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code);

async function read(address: string) {
  return Excel.run(async (context) => {
    const range = sheet(context).getRange(address);
    range.load('values, formulas, valueTypes, numberFormat, text');
    await context.sync();
    return { values: range.values, formulas: range.formulas, types: range.valueTypes, formats: range.numberFormat };
  });
}

async function write(address: string, values: unknown[][]) {
  await Excel.run(async (context) => {
    sheet(context).getRange(address).values = values as Excel.Range['values'];
    await context.sync();
  });
}

describe('writing values (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-values-member)', () => {
  it('takes text that starts with = + - as a formula, and keeps a leading apostrophe as a hidden prefix that formulas drop (office-js#6687)', async () => {
    installWorkbook();
    await write('A1:A4', [['=B1'], ['-x'], ["'=A1"], ["'0042"]]);
    const out = await read('A1:A4');
    expect(out.formulas.map((r) => r[0])).toEqual(['=B1', '=-x', '=A1', '0042']);
    expect(out.types.map((r) => r[0])).toEqual(['Double', 'Error', 'String', 'String']);
    expect(out.values[1]![0]).toBe('#NAME?');
  });

  it('turns text Excel recognises into numbers, dates and errors, and gives a General cell the recognised format', async () => {
    installWorkbook();
    await write('A1:A5', [['0042'], ['12%'], ['1 1/2'], ['#N/A'], ['TRUE']]);
    const out = await read('A1:A5');
    expect(out.values.map((r) => r[0])).toEqual([42, 0.12, 1.5, '#N/A', true]);
    expect(out.types.map((r) => r[0])).toEqual(['Double', 'Double', 'Double', 'Error', 'Boolean']);
    expect(out.formats[1]![0]).toBe('0%');
  });

  it('leaves a cell alone where the array holds null, and refuses an array of the wrong size', async () => {
    installWorkbook();
    await write('A1:B1', [['a', 'b']]);
    await write('A1:B1', [[null, 'c']]);
    expect((await read('A1:B1')).values).toEqual([['a', 'c']]);
    expect(await codeOf(write('A1:B1', [['only one']]))).toBe('InvalidArgument');
  });
});

describe('clearing (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-clear-member(1))', () => {
  it("clear('All') removes fonts and fills too; clear('Contents') keeps them", async () => {
    const host = installWorkbook();
    await Excel.run(async (context) => {
      const range = sheet(context).getRange('A1:B1');
      range.values = [['x', 'y']];
      range.format.font.bold = true;
      range.format.fill.color = '#FFFF00';
      sheet(context).getRange('A1').clear('Contents');
      sheet(context).getRange('B1').clear('All');
      await context.sync();
    });
    const cells = host.model.sheets[0]!.cells;
    expect(cells.get('0:0')).toEqual({ value: '', bold: true, fill: '#FFFF00' });
    expect(cells.get('0:1')).toBeUndefined();
  });
});

describe('defined names', () => {
  it('names a Range with absolute references, which follow rows inserted above and go #REF! when their rows are deleted', async () => {
    installWorkbook();
    const address = () => Excel.run(async (context) => {
      const range = context.workbook.names.getItem('Block').getRangeOrNullObject();
      range.load('address');
      await context.sync();
      return range.isNullObject ? null : range.address;
    });
    await Excel.run(async (context) => {
      context.workbook.names.add('Block', sheet(context).getRange('B3:C4'));
      await context.sync();
    });
    await Excel.run(async (context) => {
      sheet(context).getRange('1:2').insert('Down');
      await context.sync();
    });
    expect(await address()).toBe('Sheet1!B5:C6');
    await Excel.run(async (context) => {
      sheet(context).getRange('5:6').delete('Up');
      await context.sync();
    });
    expect(await address()).toBeNull();
    // A name that is not a range answers getRange with InvalidOperation (https://github.com/xlwings/xlwings-server/issues/218).
    expect(await codeOf(Excel.run(async (context) => {
      context.workbook.names.getItem('Block').getRange().load('address');
      await context.sync();
    }))).toBe('InvalidOperation');
    const item = await Excel.run(async (context) => {
      const name = context.workbook.names.getItem('Block');
      name.load('type, value');
      await context.sync();
      return { type: name.type, value: name.value };
    });
    expect(item).toEqual({ type: 'Error', value: 'Sheet1!#REF!' });
  });

  it('resolves a relative reference against the active cell, as Excel does for names', async () => {
    const host = installWorkbook();
    await Excel.run(async (context) => {
      sheet(context).getRange('A1').select();
      context.workbook.names.add('Relative', '=Sheet1!B3:C4');
      await context.sync();
    });
    host.model.select({ top: 9, left: 3, bottom: 9, right: 3 });
    const address = await Excel.run(async (context) => {
      const range = context.workbook.names.getItem('Relative').getRange();
      range.load('address');
      await context.sync();
      return range.address;
    });
    // Defined from A1 as B3:C4 (1 column right, 2 rows down); evaluated from D10: E12:F13.
    expect(address).toBe('Sheet1!E12:F13');
  });

  it('refuses to load the value of an OFFSET name on desktop (office-js#4321), and answers on the web', async () => {
    const load = () => Excel.run(async (context) => {
      const name = context.workbook.names.getItem('Moving');
      name.load('value');
      await context.sync();
      return name.value;
    });
    const desktop = installWorkbook({ profile: 'desktop' });
    desktop.model.defineName('Moving', '=OFFSET(Sheet1!$A$1,0,0,3,1)', '');
    expect(await codeOf(load())).toBe('InvalidOperation');
    installWorkbook({ profile: 'web' }, desktop.model);
    expect(await load()).toBe('OFFSET(Sheet1!$A$1,0,0,3,1)');
  });

  it('answers getItemOrNullObject with a null object for a missing name', async () => {
    installWorkbook();
    const isNull = await Excel.run(async (context) => {
      const name = context.workbook.names.getItemOrNullObject('Nowhere');
      await context.sync();
      return name.isNullObject;
    });
    expect(isNull).toBe(true);
  });
});

describe('selection (https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1))', () => {
  const selected = () => codeOf(Excel.run(async (context) => {
    context.workbook.getSelectedRange().load('address');
    await context.sync();
  }));

  it('throws InvalidSelection for several areas or a chart; getSelectedRanges lists the areas', async () => {
    const host = installWorkbook();
    host.model.select({ top: 0, left: 0, bottom: 1, right: 1 }, host.model.activeSheetId, [{ top: 0, left: 0, bottom: 1, right: 1 }, { top: 4, left: 3, bottom: 4, right: 3 }]);
    expect(await selected()).toBe('InvalidSelection');
    const areas = await Excel.run(async (context) => {
      const ranges = context.workbook.getSelectedRanges();
      ranges.load('address, areaCount');
      await context.sync();
      return [ranges.address, ranges.areaCount];
    });
    expect(areas).toEqual(['Sheet1!A1:B2, Sheet1!D5', 2]);
    host.model.selectChart();
    expect(await selected()).toBe('InvalidSelection');
  });
});

describe('document properties and settings', () => {
  it('keeps custom properties with case-insensitive keys, and settings', async () => {
    installWorkbook();
    const out = await Excel.run(async (context) => {
      context.workbook.properties.custom.add('WorkbookId', 'abc');
      context.workbook.settings.add('s', 42);
      const property = context.workbook.properties.custom.getItem('workbookid');
      property.load('key, value, type');
      const setting = context.workbook.settings.getItemOrNullObject('s');
      setting.load('value');
      await context.sync();
      return [property.key, property.value, property.type, setting.value];
    });
    expect(out).toEqual(['WorkbookId', 'abc', 'String', 42]);
  });
});
