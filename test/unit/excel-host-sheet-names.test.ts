/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { watchSheetNames } from '../../src/excel/sheet-names';
import type { SheetRename } from '../../src/ports/workbook-events';
import { renameSheet } from '../../workbench/grid/actions';
import { act, installWorkbook } from '../support/excel';

/**
 * The worksheet collection's onNameChanged (ExcelApi 1.17) raised by the emulator through Microsoft's Office.js, as
 * Excel raises it: "Occurs when the worksheet name is changed in the worksheet collection", with
 * WorksheetNameChangedEventArgs, the sheet's id and its names before and after
 * (https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onnamechanged-member,
 * https://learn.microsoft.com/javascript/api/excel/excel.worksheetnamechangedeventargs); and the add-in's adapter over it.
 */

/** Lets the host's asynchronous event delivery (a timer) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

async function listen() {
  const heard: Excel.WorksheetNameChangedEventArgs[] = [];
  const registration = await Excel.run(async (context) => {
    const result = context.workbook.worksheets.onNameChanged.add(async (args) => {
      heard.push(args);
    });
    await context.sync();
    return result;
  });
  const remove = () => Excel.run(registration.context, async (context) => {
    registration.remove();
    await context.sync();
  });
  return { heard, remove };
}

describe('WorksheetCollection.onNameChanged', () => {
  it('tells a handler of a sheet the user renamed from its tab, after the rename, with its id and both names', async () => {
    const host = installWorkbook();
    const { heard, remove } = await listen();
    expect(host.sheetNameChangedRegistrations).toBe(1);
    const id = host.model.sheetByName('Sheet1')!.id;
    renameSheet(host.model, id, 'Revenue');
    // Asynchronous, as Excel's events are.
    expect(heard).toHaveLength(0);
    await settle();
    expect(heard).toEqual([{ type: 'WorksheetNameChanged', source: 'Local', worksheetId: id, nameBefore: 'Sheet1', nameAfter: 'Revenue' }]);
    await remove();
    expect(host.sheetNameChangedRegistrations).toBe(0);
    renameSheet(host.model, id, 'Costs');
    await settle();
    expect(heard).toHaveLength(1);
  });

  it('tells of a rename an add-in makes as well, once per rename', async () => {
    const host = installWorkbook();
    const { heard } = await listen();
    await act((context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.name = 'First';
      sheet.name = 'Second';
    });
    await settle();
    const id = host.model.sheetByName('Second')!.id;
    expect(heard.map(({ nameBefore, nameAfter, worksheetId }) => ({ nameBefore, nameAfter, worksheetId }))).toEqual([
      { nameBefore: 'Sheet1', nameAfter: 'First', worksheetId: id },
      { nameBefore: 'First', nameAfter: 'Second', worksheetId: id },
    ]);
  });

  it('is refused on a host before ExcelApi 1.17 (Excel 2019), as a member of a newer set is', async () => {
    installWorkbook({ profile: 'excel2019' });
    await expect(listen()).rejects.toMatchObject({ code: 'ApiNotFound' });
  });
});

describe('watchSheetNames (the add-in over Office.js)', () => {
  it('hears renames where the host tells of them, and stops hearing when asked', async () => {
    const host = installWorkbook();
    const heard: SheetRename[] = [];
    const stop = await watchSheetNames((rename) => heard.push(rename));
    expect(stop).not.toBeNull();
    const id = host.model.sheetByName('Sheet1')!.id;
    renameSheet(host.model, id, 'Revenue');
    await settle();
    expect(heard).toEqual([{ sheetId: id, nameBefore: 'Sheet1', nameAfter: 'Revenue' }]);
    await stop!();
    expect(host.sheetNameChangedRegistrations).toBe(0);
  });

  it('answers null, registering nothing and sending no request, where the host cannot tell (Excel 2019)', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    await expect(watchSheetNames(() => undefined)).resolves.toBeNull();
    expect(host.stats.syncs).toBe(0);
  });
});
