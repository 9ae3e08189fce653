/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Report } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import type { WorkbookPlacement } from '../../src/placement/placement-service';
import { openWorkspace } from '../../src/placement/session';
import { expandTableForEntry } from '../../src/workbench/excel-host/workbook/tables';
import type { ExcelHost } from '../../src/workbench/excel-host';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

/** Flat reports placed as Excel tables: the table over the result, refreshed to new rows with the user's column kept. */
async function service(showAppliedFilters = false) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters };
  return openWorkspace({ ...connection, user: { ...user, settings: { ...user.settings, sheets } } }, {
    excel: new ExcelConnector(),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  });
}

let salesFolderId: number | undefined;
async function ownReport(publicId: string, query: CubeQuery, name = publicId): Promise<Report> {
  salesFolderId ??= (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, { name, folderId: salesFolderId, jsonQuery: JSON.stringify(query) });
}

async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

const byStatus = (limit: number): CubeQuery => ({ measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.count': 'desc' }, limit });

async function tables() {
  return Excel.run(async (context) => {
    const all = context.workbook.tables;
    all.load('items/name, items/style, items/showHeaders');
    await context.sync();
    const ranges = all.items.map((t) => t.getRange());
    ranges.forEach((r) => r.load('address'));
    await context.sync();
    return all.items.map((t, i) => ({ name: t.name, style: t.style, showHeaders: t.showHeaders, address: ranges[i]!.address }));
  });
}

/** The user types into a cell in the grid (Excel's AutoCorrect takes a column typed beside a table into it). */
function type(host: ExcelHost, row: number, column: number, value: string) {
  const sheet = host.model.sheetByName('Sheet1')!;
  host.model.setCell(sheet, row, column, { value });
  expandTableForEntry(host.model, sheet, row, column);
  host.model.notify();
}

async function columnWidth(address: string) {
  return Excel.run(async (context) => {
    const format = context.workbook.worksheets.getItem('Sheet1').getRange(address).format;
    format.load('columnWidth');
    await context.sync();
    return format.columnWidth;
  });
}

describe('a flat report as an Excel table', () => {
  it('is placed as a table in the theme-following default style, its columns autofit once', async () => {
    installWorkbook();
    await selectCell('B2');
    const r = await ownReport('itTablePlace', byStatus(3), 'Orders by status');
    const placed = done(await (await service()).place(r));
    expect(placed.placement.resultLocation).toBe('Sheet1!B2:C5');
    expect(await tables()).toEqual([{ name: 'Orders_by_status', style: 'TableStyleMedium2', showHeaders: true, address: 'Sheet1!B2:C5' }]);
    expect(await columnWidth('B1')).not.toBe(48);
    // Widths set by hand are kept by a refresh: autofit is for the first placement only.
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B1').format.columnWidth = 30;
      await context.sync();
    });
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(await columnWidth('B1')).toBe(30);
  });

  it('is resized to the new rows on refresh, keeping the column the user added inside it; rows that go leave the user\'s cells on the sheet', async () => {
    const host = installWorkbook();
    await selectCell('B2');
    const r = await ownReport('itTableGrow1', byStatus(3));
    const placed = done(await (await service()).place(r));
    type(host, 1, 3, 'Note');
    type(host, 2, 3, 'check');
    type(host, 4, 3, 'call');
    expect((await tables())[0]!.address).toBe('Sheet1!B2:D5');

    await ownReport('itTableGrow1', byStatus(5));
    const grown = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(grown.placement.resultLocation).toBe('Sheet1!B2:C7');
    expect((await tables())[0]!.address).toBe('Sheet1!B2:D7');
    expect(cellsOf(host, 'Sheet1', 1, 3, 6, 1).map((row) => row[0])).toEqual(['Note', 'check', '', 'call', '', '']);

    await ownReport('itTableGrow1', byStatus(2));
    const shrunk = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(shrunk.placement.resultLocation).toBe('Sheet1!B2:C4');
    expect((await tables())[0]!.address).toBe('Sheet1!B2:D4');
    // The note in a row the report no longer fills stays where the user typed it.
    expect(cellsOf(host, 'Sheet1', 4, 1, 1, 3)).toEqual([['', '', 'call']]);
  });

  it('on a host without Table.resize (Excel 2019, ExcelApi 1.7), is made again over the new rows with its name', async () => {
    const host = installWorkbook({ profile: 'excel2019' });
    await selectCell('A1');
    const r = await ownReport('itTable20191', byStatus(2));
    const placed = done(await (await service()).place(r));
    type(host, 0, 2, 'Note');
    type(host, 1, 2, 'first');
    await ownReport('itTable20191', byStatus(4));
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(await tables()).toEqual([{ name: 'itTable20191', style: 'TableStyleMedium2', showHeaders: true, address: 'Sheet1!A1:C5' }]);
    expect(cellsOf(host, 'Sheet1', 0, 2, 2, 1)).toEqual([['Note'], ['first']]);
    // Refreshed again, it is still found (its new id was kept).
    await ownReport('itTable20191', byStatus(3));
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect((await tables())[0]!.address).toBe('Sheet1!A1:C4');
  });

  it('leaves the filter summary above the table, inside the placement\'s name', async () => {
    installWorkbook();
    await selectCell('A1');
    const r = await ownReport('itTableFilt1', { ...byStatus(3), filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }] });
    const placed = done(await (await service(true)).place(r));
    expect(placed.placement.resultLocation).toBe('Sheet1!A1:B6');
    expect((await tables())[0]!.address).toBe('Sheet1!A3:B6');
  });

  it('is not made when the user turns the option off, nor for a pivot', async () => {
    installWorkbook();
    await selectCell('A1');
    done(await (await service()).place(await ownReport('itTableOff12', byStatus(2)), { asTable: false }));
    await selectCell('F1');
    done(await (await service()).place(await local.report('RevRegionQtr')));
    expect(await tables()).toEqual([]);
  });
});
