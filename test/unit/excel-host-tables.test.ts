/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { expandTableForEntry } from '../../workbench/excel-host/workbook/tables';
import { act, cellsOf, installWorkbook } from '../support/excel';

/**
 * Excel tables and column widths as the emulator keeps them, driven through Microsoft's Office.js.
 * Expectations come from Microsoft's documentation (cited per test), never from what the emulator produced.
 */
const sheet = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code);

async function write(address: string, values: unknown[][]) {
  await act((context) => {
    sheet(context).getRange(address).values = values as Excel.Range['values'];
  });
}

async function addTable(address: string, hasHeaders = true) {
  return Excel.run(async (context) => {
    const table = context.workbook.tables.add(`Sheet1!${address}`, hasHeaders);
    table.load('id, name, style, showHeaders, showTotals, showBandedRows');
    const range = table.getRange();
    range.load('address');
    await context.sync();
    return { id: table.id, name: table.name, style: table.style, showHeaders: table.showHeaders, showTotals: table.showTotals, banded: table.showBandedRows, address: range.address };
  });
}

async function tableAddress(key: string) {
  return Excel.run(async (context) => {
    const range = context.workbook.tables.getItem(key).getRange();
    range.load('address');
    await context.sync();
    return range.address;
  });
}

describe('tables.add (https://learn.microsoft.com/javascript/api/excel/excel.tablecollection#excel-excel-tablecollection-add-member(1))', () => {
  it('makes a table over the range, named Table1 with Excel\'s default style, a header row and no total row', async () => {
    installWorkbook();
    await write('B2:C4', [['Region', 'Revenue'], ['North', 10], ['South', 20]]);
    const table = await addTable('B2:C4');
    expect(table).toMatchObject({ name: 'Table1', style: 'TableStyleMedium2', showHeaders: true, showTotals: false, banded: true, address: 'Sheet1!B2:C4' });
    const second = await addTable('E2:E3');
    expect(second.name).toBe('Table2');
    expect(second.id).not.toBe(table.id);
  });

  it('gives empty and repeated headers unique text ("Column2", "Region2")', async () => {
    const host = installWorkbook();
    await write('A1:C2', [['Region', '', 'region'], [1, 2, 3]]);
    await addTable('A1:C2');
    expect(cellsOf(host, 'Sheet1', 0, 0, 1, 3)).toEqual([['Region', 'Column2', 'region2']]);
  });

  it('without headers, generates a header row and shifts the data down by one row', async () => {
    const host = installWorkbook();
    await write('A1:B2', [[1, 2], [3, 4]]);
    const table = await addTable('A1:B2', false);
    expect(table.address).toBe('Sheet1!A1:B3');
    expect(cellsOf(host, 'Sheet1', 0, 0, 3, 2)).toEqual([['Column1', 'Column2'], [1, 2], [3, 4]]);
  });

  it('refuses a table that would overlap another table', async () => {
    installWorkbook();
    await addTable('A1:B3');
    await expect(codeOf(addTable('B2:C4'))).resolves.toBe('InvalidArgument');
  });

  it('is found by name or id, from the workbook and from its worksheet', async () => {
    installWorkbook();
    const { id } = await addTable('A1:B3');
    const found = await Excel.run(async (context) => {
      const byName = context.workbook.worksheets.getItem('Sheet1').tables.getItemOrNullObject('table1');
      const byId = context.workbook.tables.getItemOrNullObject(id);
      const missing = context.workbook.tables.getItemOrNullObject('Nope');
      byName.load('name');
      byId.load('name');
      await context.sync();
      return [byName.isNullObject ? null : byName.name, byId.isNullObject ? null : byId.name, missing.isNullObject];
    });
    expect(found).toEqual(['Table1', 'Table1', true]);
  });
});

describe('Table name and style (https://learn.microsoft.com/javascript/api/excel/excel.table)', () => {
  it('takes a valid, unique name; refuses a cell reference, a space, or a defined name\'s name', async () => {
    installWorkbook();
    await act((context) => {
      context.workbook.names.add('Budget', sheet(context).getRange('H1'));
    });
    await addTable('A1:B3');
    const rename = (name: string) => codeOf(act((context) => { context.workbook.tables.getItem('Table1').name = name; }));
    await expect(rename('A1')).resolves.toBe('InvalidArgument');
    await expect(rename('Sales by region')).resolves.toBe('InvalidArgument');
    await expect(rename('budget')).resolves.toBe('ItemAlreadyExists');
    await expect(rename('Sales_by_region')).resolves.toBe('ok');
    // A defined name cannot take the table's name either.
    await expect(codeOf(act((context) => { context.workbook.names.add('SALES_BY_REGION', sheet(context).getRange('H2')); }))).resolves.toBe('ItemAlreadyExists');
  });

  it('takes a built-in style (TableStyleLight1–21, Medium1–28, Dark1–11) and refuses an unknown one', async () => {
    installWorkbook();
    await addTable('A1:B3');
    const style = (name: string) => codeOf(act((context) => { context.workbook.tables.getItem('Table1').style = name; }));
    await expect(style('TableStyleLight9')).resolves.toBe('ok');
    await expect(style('TableStyleMedium28')).resolves.toBe('ok');
    await expect(style('TableStyleMedium29')).resolves.toBe('InvalidArgument');
  });
});

describe('Table.resize (ExcelApi 1.13): "The new range must overlap with the original table range and the headers must be in the same row"', () => {
  it('grows and shrinks the table keeping its header row', async () => {
    installWorkbook();
    await write('A1:B1', [['Region', 'Revenue']]);
    await addTable('A1:B3');
    await act((context) => context.workbook.tables.getItem('Table1').resize('Sheet1!A1:C6'));
    expect(await tableAddress('Table1')).toBe('Sheet1!A1:C6');
    await act((context) => context.workbook.tables.getItem('Table1').resize(sheet(context).getRange('A1:C2')));
    expect(await tableAddress('Table1')).toBe('Sheet1!A1:C2');
  });

  it('refuses a new range whose top row differs, or that does not overlap the table', async () => {
    installWorkbook();
    await addTable('A1:B3');
    const resize = (address: string) => codeOf(act((context) => context.workbook.tables.getItem('Table1').resize(address)));
    await expect(resize('A2:B5')).resolves.toBe('InvalidArgument');
    await expect(resize('D1:E3')).resolves.toBe('InvalidArgument');
  });

  it('is unknown to a host without ExcelApi 1.13 (Excel 2019 volume licence: ExcelApi 1.7)', async () => {
    installWorkbook({ profile: 'excel2019' });
    await addTable('A1:B3');
    await expect(codeOf(act((context) => context.workbook.tables.getItem('Table1').resize('A1:B5')))).resolves.toBe('ApiNotFound');
  });
});

describe('convertToRange and delete', () => {
  it('convertToRange: "Converts the table into a normal range of cells. All data is preserved."', async () => {
    const host = installWorkbook();
    await write('A1:B2', [['Region', 'Revenue'], ['North', 10]]);
    await addTable('A1:B2');
    await act((context) => { context.workbook.tables.getItem('Table1').convertToRange(); });
    expect(host.model.tables).toHaveLength(0);
    expect(cellsOf(host, 'Sheet1', 0, 0, 2, 2)).toEqual([['Region', 'Revenue'], ['North', 10]]);
  });

  it('a table moves down with rows inserted above it', async () => {
    installWorkbook();
    await addTable('B2:C4');
    await act((context) => { sheet(context).getRange('1:2').insert('Down'); });
    expect(await tableAddress('Table1')).toBe('Sheet1!B4:C6');
  });
});

describe('typing beside a table (https://support.microsoft.com/office/resize-a-table-by-adding-or-removing-rows-and-columns-e65ae4bb-e44b-43f4-ad8b-7d68784f1165)', () => {
  it('takes the column right of the table into it when the user types there; an add-in write does not', async () => {
    const host = installWorkbook();
    await write('A1:B3', [['Region', 'Revenue'], ['North', 10], ['South', 20]]);
    await addTable('A1:B3');
    await write('D1', [['far']]);
    expect(await tableAddress('Table1')).toBe('Sheet1!A1:B3');
    const model = host.model;
    const s = model.sheetByName('Sheet1')!;
    model.setCell(s, 0, 2, { value: 'Note' });
    expandTableForEntry(model, s, 0, 2);
    expect(await tableAddress('Table1')).toBe('Sheet1!A1:C3');
  });
});

describe('column widths (https://learn.microsoft.com/javascript/api/excel/excel.rangeformat)', () => {
  it('reads 48 points for a default column, null where the widths differ, and the width set', async () => {
    installWorkbook();
    const widths = await Excel.run(async (context) => {
      const a = sheet(context).getRange('A1').format;
      a.load('columnWidth');
      await context.sync();
      const before = a.columnWidth;
      sheet(context).getRange('B1').format.columnWidth = 100;
      const ab = sheet(context).getRange('A1:B1').format;
      const b = sheet(context).getRange('B5').format;
      ab.load('columnWidth');
      b.load('columnWidth');
      await context.sync();
      return [before, ab.columnWidth, b.columnWidth];
    });
    expect(widths).toEqual([48, null, 100]);
  });

  it('autofitColumns fits each column to the longest text shown in the range, wider for longer text', async () => {
    installWorkbook();
    await write('A1:B3', [['Region', 'Revenue'], ['North America and Europe', 1234567.5], ['South', 2]]);
    await write('A10', [['a much much much longer text outside the range']]);
    const widths = await Excel.run(async (context) => {
      sheet(context).getRange('A1:B3').format.autofitColumns();
      const a = sheet(context).getRange('A1').format;
      const b = sheet(context).getRange('B1').format;
      const c = sheet(context).getRange('C1').format;
      a.load('columnWidth');
      b.load('columnWidth');
      c.load('columnWidth');
      await context.sync();
      return [a.columnWidth, b.columnWidth, c.columnWidth];
    });
    // "North America and Europe" (24 characters) is longer than "1234567.5" (9): its column is wider, and
    // wider than the default 8.43 characters; the empty column C keeps its width.
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    expect(widths[0]).toBeGreaterThan(48);
    expect(widths[0]).toBeLessThan(200);
    expect(widths[2]).toBe(48);
  });
});
