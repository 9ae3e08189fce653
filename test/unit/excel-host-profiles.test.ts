/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { installWorkbook } from '../support/excel';

/**
 * The host profiles, seen through Microsoft's Office.js: what each host supports, its payload limits and
 * the states in which Excel refuses writes. Expected codes and limits are Microsoft's documented ones:
 * https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
 * https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling
 */
const sheet = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code);
const valueAt = (host: ReturnType<typeof installWorkbook>, row: number, column: number) => host.model.cellAt(host.model.sheets[0]!, row, column)?.value;

describe('Excel 2019 (ExcelApi 1.7)', () => {
  it('answers isSetSupported as that host would', () => {
    installWorkbook({ profile: 'excel2019' });
    expect(Office.context.requirements.isSetSupported('ExcelApi', '1.7')).toBe(true);
    expect(Office.context.requirements.isSetSupported('ExcelApi', '1.8')).toBe(false);
    expect(Office.context.requirements.isSetSupported('ExcelApi', '1.9')).toBe(false);
  });

  it('refuses a member newer than 1.7 with ApiNotFound, though Office.js queued it, and stops the batch there', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    const code = await codeOf(Excel.run(async (context) => {
      sheet(context).getRange('A1').values = [['before']];
      context.workbook.application.suspendScreenUpdatingUntilNextSync();
      sheet(context).getRange('A2').values = [['after']];
      await context.sync();
    }));
    expect(code).toBe('ApiNotFound');
    // What ran before the failing action stays; nothing after it ran (Excel has no transaction).
    expect(valueAt(host, 0, 0)).toBe('before');
    expect(valueAt(host, 1, 0)).toBeUndefined();
  });

  it('carries out what 1.7 has: custom properties, NamedItem.formula, Workbook.name', async () => {
    installWorkbook({ profile: 'excel2019' });
    const out = await Excel.run(async (context) => {
      context.workbook.properties.custom.add('Key', 'v');
      const name = context.workbook.names.add('Cells', sheet(context).getRange('B2:C3'));
      name.formula = '=Sheet1!$B$2:$D$4';
      name.load('value');
      context.workbook.load('name');
      await context.sync();
      return [name.value, context.workbook.name];
    });
    expect(out).toEqual(['Sheet1!$B$2:$D$4', 'Budget.xlsx']);
  });

  it('is all there on Excel on the web', async () => {
    installWorkbook({ profile: 'web' });
    expect(Office.context.requirements.isSetSupported('ExcelApi', '1.9')).toBe(true);
    await expect(Excel.run(async (context) => {
      context.workbook.application.suspendScreenUpdatingUntilNextSync();
      await context.sync();
    })).resolves.toBeUndefined();
  });
});

describe('payload limits', () => {
  const bigText = 'x'.repeat(1000);
  const writeBig = (rows: number) => Excel.run(async (context) => {
    sheet(context).getRange(`A1:A${rows}`).values = Array.from({ length: rows }, () => [bigText]);
    await context.sync();
  });

  it('refuses a request over 5 MB on the web, whole, and measures its real size', async () => {
    const host = installWorkbook({ profile: 'web' });
    expect(await codeOf(writeBig(6000))).toBe('RequestPayloadSizeLimitExceeded');
    expect(host.stats.largestRequestBytes).toBeGreaterThan(6000 * 1000);
    expect(host.model.sheets[0]!.cells.size).toBe(0);
  });

  it('takes it on desktop, which has no such limit', async () => {
    const host = installWorkbook({ profile: 'desktop' });
    await expect(writeBig(6000)).resolves.toBeUndefined();
    expect(host.model.sheets[0]!.cells.size).toBe(6000);
  });

  it('refuses a response over 5 MB on the web', async () => {
    const host = installWorkbook({ profile: 'desktop' });
    await writeBig(6000);
    const web = installWorkbook({ profile: 'web' }, host.model);
    const code = await codeOf(Excel.run(async (context) => {
      const range = sheet(context).getRange('A1:A6000');
      range.load('values');
      await context.sync();
    }));
    expect(code).toBe('ResponsePayloadSizeLimitExceeded');
    expect(web.stats.largestResponseBytes).toBeGreaterThan(5 * 1024 * 1024);
  });
});

describe('hosts that refuse writes', () => {
  it('answers InvalidOperationInCellEditMode while the user edits a cell, and reads still work', async () => {
    const host = installWorkbook();
    host.editingCell = true;
    expect(await codeOf(Excel.run(async (context) => {
      sheet(context).getRange('A1').values = [['x']];
      await context.sync();
    }))).toBe('InvalidOperationInCellEditMode');
    const read = await Excel.run(async (context) => {
      const range = sheet(context).getRange('A1');
      range.load('values');
      await context.sync();
      return range.values;
    });
    expect(read).toEqual([['']]);
    host.editingCell = false;
  });

  it('answers AccessDenied for a write to a protected sheet, not to another', async () => {
    const host = installWorkbook();
    host.model.addSheet('Open');
    host.model.sheets[0]!.protected = true;
    expect(await codeOf(Excel.run(async (context) => {
      sheet(context).getRange('A1').values = [['x']];
      await context.sync();
    }))).toBe('AccessDenied');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Open').getRange('A1').values = [['x']];
      const protection = sheet(context).protection;
      protection.load('protected');
      await context.sync();
      expect(protection.protected).toBe(true);
    });
  });
});

describe('sessions', () => {
  it('gives a reopened workbook new worksheet ids, as Excel does across sessions and hosts', async () => {
    const host = installWorkbook();
    const first = host.model.sheets[0]!.id;
    const reopened = installWorkbook({}, (host.model.constructor as typeof import('../../workbench/excel-host').WorkbookModel).fromJSON(host.model.toJSON()));
    const id = await Excel.run(async (context) => {
      const ws = sheet(context);
      ws.load('id');
      await context.sync();
      return ws.id;
    });
    expect(id).toBe(reopened.model.sheets[0]!.id);
    expect(id).not.toBe(first);
  });

  it('raises onSelectionChanged through Office.js when the selection moves', async () => {
    const host = installWorkbook();
    const seen: string[] = [];
    const registration = await Excel.run(async (context) => {
      const handler = context.workbook.onSelectionChanged.add(async () => { seen.push('changed'); });
      await context.sync();
      return handler;
    });
    host.model.select({ top: 2, left: 1, bottom: 2, right: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['changed']);
    await Excel.run(registration.context, async (context) => {
      registration.remove();
      await context.sync();
    });
    host.model.select({ top: 0, left: 0, bottom: 0, right: 0 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['changed']);
  });
});
