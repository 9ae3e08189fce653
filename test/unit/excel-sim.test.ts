import { ExcelSimulator, UNEVALUATED, WorkbookModel } from '../../src/workbench/excel-sim';

function setup(options = {}) {
  const model = new WorkbookModel('Budget.xlsx');
  const excel = new ExcelSimulator(model, options);
  return { model, excel };
}

describe('Excel simulator: proxies, load and sync', () => {
  it('throws when a property is read before load and sync, as Office.js does', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1');
      expect(() => range.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      range.load('values');
      expect(() => range.values).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      await context.sync();
      expect(range.values).toEqual([['']]);
      expect(() => range.address).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
    });
  });

  it('counts syncs and bytes, and Excel.run syncs what is still queued at its end', async () => {
    const { excel, model } = setup();
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:B1').values = [['a', 1]];
    });
    expect(excel.stats.syncs).toBe(1);
    expect(excel.stats.requestBytes).toBeGreaterThan(0);
    expect(model.cellAt(model.sheets[0]!, 0, 1)).toEqual({ value: 1, numberFormat: undefined });
  });

  it('refuses a single sync whose request exceeds 5 MB, applying nothing', async () => {
    const { excel, model } = setup();
    const big = Array.from({ length: 60_000 }, (_, i) => [`row ${i} ${'x'.repeat(80)}`]);
    await expect(excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:A60000').values = big;
      await context.sync();
    })).rejects.toMatchObject({ code: 'RequestPayloadSizeLimitExceeded' });
    expect(model.sheets[0]!.cells.size).toBe(0);
    expect(excel.stats.largestRequestBytes).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('refuses a response over 5 MB', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      for (const start of [1, 10_001, 20_001]) {
        sheet.getRange(`A${start}:A${start + 9_999}`).values = Array.from({ length: 10_000 }, () => ['y'.repeat(200)]);
        await context.sync();
      }
      sheet.getRange('A1:A30000').load('values');
      await expect(context.sync()).rejects.toMatchObject({ code: 'ResponsePayloadSizeLimitExceeded' });
    });
  });

  it('checks the shape of a 2-D array against the range', async () => {
    const { excel } = setup();
    await expect(excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2').values = [['a', 'b']];
      await context.sync();
    })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2').values = [['a'], ['b']];
      await context.sync();
    })).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('leaves cells unchanged for null in a 2-D array and refuses null for the whole property', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
      range.values = [['a', 'b', 'c']];
      range.values = [[null, 'B', null]];
      range.load('values');
      await context.sync();
      expect(range.values).toEqual([['a', 'B', 'c']]);
      expect(() => { range.values = null as unknown as string; }).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
    });
  });
});

describe('Excel simulator: writing rules', () => {
  it('takes values starting with =, + or - as formulas; an apostrophe makes text and stays hidden', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:F1');
      range.values = [['=SUM(1,2)', '+1+2', '-A1', "'=HYPERLINK(\"x\")", '@SUM(A1)', 'plain']];
      range.load(['values', 'formulas']);
      await context.sync();
      expect(range.formulas).toEqual([['=SUM(1,2)', '=+1+2', '=-A1', "'=HYPERLINK(\"x\")", '@SUM(A1)', 'plain']]);
      expect(range.values).toEqual([[UNEVALUATED, UNEVALUATED, UNEVALUATED, '=HYPERLINK("x")', '@SUM(A1)', 'plain']]);
    });
    expect(excel.formulaCells().map((c) => c.address)).toEqual(['A1', 'B1', 'C1']);
  });

  it('takes formulas starting with = as formulas and anything else as constants', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
      range.formulas = [['=A2*2', 'text', 5]];
      range.load('formulas');
      await context.sync();
      expect(range.formulas).toEqual([['=A2*2', 'text', 5]]);
    });
    expect(excel.formulaCells()).toEqual([{ sheet: 'Sheet1', address: 'A1', formula: '=A2*2' }]);
  });

  it('keeps number formats apart from values and shows text through them', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:D1');
      range.values = [[45_658, 1234.5, 0.256, true]];
      range.numberFormat = [['yyyy-mm-dd', '#,##0.00', '0.0%', 'General']];
      range.load(['text', 'numberFormat', 'values']);
      await context.sync();
      expect(range.text).toEqual([['2025-01-01', '1,234.50', '25.6%', 'TRUE']]);
      expect(range.values).toEqual([[45_658, 1234.5, 0.256, true]]);
      range.clear('Contents');
      range.load(['values', 'numberFormat']);
      await context.sync();
      expect(range.values).toEqual([['', '', '', '']]);
      expect(range.numberFormat[0]![0]).toBe('yyyy-mm-dd');
    });
  });
});

describe('Excel simulator: sheets, names, settings, selection', () => {
  it('gives sheets stable unique ids across renames and resolves OrNullObject after sync', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const added = context.workbook.worksheets.add('Sales Q1');
      added.load('id');
      const missing = context.workbook.worksheets.getItemOrNullObject('Nope');
      expect(() => missing.isNullObject).toThrow(expect.objectContaining({ code: 'PropertyNotLoaded' }));
      await context.sync();
      expect(missing.isNullObject).toBe(true);
      const id = added.id;
      added.name = 'Sales Q2';
      const again = context.workbook.worksheets.getItem(id);
      again.load(['name', 'id']);
      const sheets = context.workbook.worksheets;
      sheets.load('items/name');
      await context.sync();
      expect(again.name).toBe('Sales Q2');
      expect(sheets.items.map((s) => s.name)).toEqual(['Sheet1', 'Sales Q2']);
      expect(new Set(sheets.items.map((s) => s.id)).size).toBe(2);
      context.workbook.worksheets.add('Sales Q2');
      await expect(context.sync()).rejects.toMatchObject({ code: 'ItemAlreadyExists' });
    });
  });

  it('moves cells and named ranges when rows are inserted above or columns to the left', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('B3:C4').values = [['a', 'b'], ['c', 'd']];
      const name = context.workbook.names.add('RS_placement', sheet.getRange('B3:C4'));
      name.visible = false;
      await context.sync();
      sheet.getRange('1:2').insert('Down');
      sheet.getRange('A:A').insert('Right');
      const moved = context.workbook.names.getItem('RS_placement').getRange();
      moved.load(['address', 'values']);
      const named = context.workbook.names.getItem('RS_placement');
      named.load(['visible', 'value']);
      await context.sync();
      expect(moved.address).toBe('Sheet1!C5:D6');
      expect(moved.values).toEqual([['a', 'b'], ['c', 'd']]);
      expect(named.visible).toBe(false);
      expect(named.value).toBe('Sheet1!$C$5:$D$6');
      // Rows inserted below, or columns right of it, do not move it.
      sheet.getRange('10:10').insert('Down');
      sheet.getRange('F5:F6').insert('Right');
      const still = context.workbook.names.getItem('RS_placement').getRange();
      still.load('address');
      await context.sync();
      expect(still.address).toBe('Sheet1!C5:D6');
    });
  });

  it('turns a name into #REF! when its cells or its sheet are deleted', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add('Data');
      context.workbook.names.add('RS_a', sheet.getRange('B2:C3'));
      context.workbook.names.add('RS_b', context.workbook.worksheets.getItem('Sheet1').getRange('A1'));
      await context.sync();
      sheet.getRange('2:3').delete('Up');
      const a = context.workbook.names.getItem('RS_a');
      a.load('type');
      const range = a.getRangeOrNullObject();
      await context.sync();
      expect(a.type).toBe('Error');
      expect(range.isNullObject).toBe(true);
      context.workbook.worksheets.getItem('Sheet1').delete();
      const b = context.workbook.names.getItem('RS_b');
      b.load('value');
      await context.sync();
      expect(b.value).toBe('#REF!');
      b.getRange().load('address');
      await expect(context.sync()).rejects.toMatchObject({ code: 'InvalidReference' });
    });
  });

  it('keeps document settings inside the workbook across serialization', async () => {
    const { excel, model } = setup();
    await excel.run(async (context) => {
      context.workbook.settings.add('workbookId', 'wb-123');
      await context.sync();
    });
    const reopened = new ExcelSimulator(WorkbookModel.fromJSON(JSON.parse(JSON.stringify(model.toJSON()))));
    await reopened.run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject('workbookId');
      setting.load('value');
      const missing = context.workbook.settings.getItemOrNullObject('other');
      await context.sync();
      expect(setting.value).toBe('wb-123');
      expect(missing.isNullObject).toBe(true);
    });
  });

  it('keeps custom document properties with case-insensitive keys inside the workbook across serialization', async () => {
    const { excel, model } = setup();
    await excel.run(async (context) => {
      const custom = context.workbook.properties.custom;
      custom.add('ReportSyncWorkbookId', 'wb-1');
      const early = custom.getItemOrNullObject('reportsyncworkbookid');
      early.load('value');
      await context.sync();
      expect(early.value).toBe('wb-1');
      // Another case names the same property: `add` overwrites it and keeps the key as first written.
      custom.add('REPORTSYNCWORKBOOKID', 'wb-2');
      custom.add('Revision', 3);
      await context.sync();
    });
    expect([...model.customProperties]).toEqual([['ReportSyncWorkbookId', 'wb-2'], ['Revision', 3]]);
    const reopened = new ExcelSimulator(WorkbookModel.fromJSON(JSON.parse(JSON.stringify(model.toJSON()))));
    await reopened.run(async (context) => {
      const id = context.workbook.properties.custom.getItemOrNullObject('reportSyncWorkbookId');
      id.load(['key', 'value', 'type']);
      const revision = context.workbook.properties.custom.getItemOrNullObject('revision');
      revision.load(['value', 'type']);
      const missing = context.workbook.properties.custom.getItemOrNullObject('other');
      await context.sync();
      expect([id.isNullObject, id.key, id.value, id.type]).toEqual([false, 'ReportSyncWorkbookId', 'wb-2', 'String']);
      expect([revision.value, revision.type]).toEqual([3, 'Number']);
      expect(missing.isNullObject).toBe(true);
    });
  });

  it('selects ranges and reads the selection back', async () => {
    const { excel } = setup();
    await excel.run(async (context) => {
      context.workbook.worksheets.add('Other');
      context.workbook.worksheets.getItem('Other').getRange('C4:D5').select();
      const selected = context.workbook.getSelectedRange();
      selected.load('address');
      await context.sync();
      expect(selected.address).toBe('Other!C4:D5');
    });
  });

  it('raises workbook.onSelectionChanged after a sync registers it, until the handler is removed', async () => {
    const { excel, model } = setup();
    const seen: string[] = [];
    const registration = await excel.run(async (context) => {
      const result = context.workbook.onSelectionChanged.add(async () => {
        await excel.run(async (inner) => {
          const range = inner.workbook.getSelectedRange();
          range.load('address');
          await inner.sync();
          seen.push(range.address);
        });
      });
      model.select({ top: 9, left: 9, bottom: 9, right: 9 });
      await context.sync();
      return result;
    });
    expect(seen).toEqual([]);
    model.select({ top: 2, left: 1, bottom: 3, right: 1 });
    // Handlers run after the change, asynchronously, as Excel's do: each reads the selection it follows.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('E7').select();
      await context.sync();
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['Sheet1!B3:B4', 'Sheet1!E7']);
    await excel.run(async () => {
      registration.remove();
      await registration.context.sync();
    });
    model.select({ top: 0, left: 0, bottom: 0, right: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toHaveLength(2);
  });

  it('models a round trip per sync when asked', async () => {
    const { excel } = setup({ syncDelayMs: 30 });
    const started = Date.now();
    await excel.run(async (context) => {
      await context.sync();
      await context.sync();
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(excel.stats.syncs).toBe(2);
  });
});
