/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { storedCellOptions } from '../../src/core/cell-options';
import { ExcelConnector } from '../../src/excel/excel-connector';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { act, installWorkbook } from '../support/excel';

/**
 * Issue 43: the pane's start reads the workbook once (`readStart`): its id, its refresh-on-open choice, its sheets, and
 * the add-in's marks of its placements taken in whole, so the placements the registry lists are located with no read
 * after its answer — exactly where `findPlacements`, which looks each name up, finds them. On Office.js over the host
 * emulator.
 */

const IDS = ['p-1', 'p-2', 'p-3', 'p-4', 'p-missing'];

/** A workbook holding the add-in's marks as its writes leave them, and some of the user's own. */
async function markedWorkbook(): Promise<void> {
  await act((context) => {
    const { workbook } = context;
    workbook.worksheets.add('Sales Q1');
    workbook.worksheets.add('Gone');
    workbook.properties.custom.add('ReportSyncWorkbookId', 'wb-1');
    workbook.properties.custom.add('ReportSyncRefreshOnOpen', 'true');
    // Plain cells with their cell options.
    workbook.names.add('ReportSync_p_1', '=Sheet1!$B$3:$D$8').visible = false;
    workbook.settings.add('reportSync.cells.p-1', storedCellOptions({ language: 'de', titleAndSource: true }));
    // An Excel table, its note naming it (tables.ts).
    workbook.names.add('ReportSync_p_2', "='Sales Q1'!$A$1:$B$3").visible = false;
    workbook.worksheets.getItem('Sales Q1').tables.add("'Sales Q1'!A1:B3", true).name = 'Orders';
    workbook.properties.custom.add('ReportSyncTable_p-2', JSON.stringify({ id: 'Orders', name: 'Orders' }));
    // On a sheet deleted since: the name says #REF!.
    workbook.names.add('ReportSync_p_3', '=Gone!$A$1:$A$2').visible = false;
    // An earlier version's relative reference.
    workbook.names.add('ReportSync_p_4', '=Sheet1!F3:G4').visible = false;
    // The user's own name, not the add-in's.
    workbook.names.add('Budget', '=Sheet1!$A$1');
  });
  await act((context) => context.workbook.worksheets.getItem('Gone').delete());
}

describe('the start read', () => {
  it('gives the opening and locates placements as findPlacements does, in one sync', async () => {
    const host = installWorkbook();
    await markedWorkbook();
    const excel = new ExcelConnector();
    host.resetStats();
    const start = await excel.readStart();
    expect(host.stats.syncs).toBe(1);
    expect(start).toMatchObject({
      workbookId: 'wb-1', refreshOnOpen: true,
      sheets: [{ name: 'Sheet1', visibility: 'Visible' }, { name: 'Sales Q1', visibility: 'Visible' }],
    });
    const byId = (cells: { placementId: string }[]) => [...cells].sort((a, b) => a.placementId.localeCompare(b.placementId));
    const located = byId(start.placementsOf!(IDS));
    expect(located.map((cells) => cells.placementId)).toEqual(['p-1', 'p-2', 'p-4']);
    expect(located[0]).toMatchObject({ sheetName: 'Sheet1', cellOptions: { language: 'de', titleAndSource: true }, table: null, relative: false });
    expect(located[1]).toMatchObject({ sheetName: 'Sales Q1', table: expect.stringContaining('Orders') });
    expect(located[2]).toMatchObject({ relative: true });
    expect(located).toEqual(byId(await excel.findPlacements(IDS)));
  });

  it('reads the opening alone when the marks do not fit one response, and leaves the placements to findPlacements', async () => {
    const host = installWorkbook();
    await markedWorkbook();
    const excel = new ExcelConnector();
    const readsNames = (body: RequestBody) => Object.values(body.ObjectPaths).some((path) => path?.Name === 'Names');
    // Excel on the web refuses a response over 5 MB: a workbook of very many names.
    host.options.failRequest = ({ body }) => (readsNames(body) ? 'ResponsePayloadSizeLimitExceeded' : undefined);
    host.resetStats();
    const start = await excel.readStart();
    expect(host.stats.syncs).toBe(2);
    expect(start).toMatchObject({ workbookId: 'wb-1', refreshOnOpen: true, placementsOf: null });
    expect(start.sheets.map((sheet) => sheet.name)).toEqual(['Sheet1', 'Sales Q1']);
  });
});
