/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Report } from '../../src/contract';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { MoveNotUndoneError, PlacementNotTakenBackError } from '../../src/placements/errors';
import { tableChoice, type WorkbookPlacement } from '../../src/placements/placement-service';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { openWorkspace } from '../../src/pane/compose/platform';
import { expandTableForEntry } from '../../workbench/excel-host/workbook/tables';
import type { ExcelHost } from '../../workbench/excel-host';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done, withParts } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

/** Flat reports placed as Excel tables: the table over the result, refreshed to new rows with the user's column kept. */
async function service(showAppliedFilters = false) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters };
  return withParts(openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, sheets } } }, {
    excel: new ExcelConnector(),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  }), connection.platform);
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

/** A table of the user's own over `address` (headers and a row), made through the standard API. */
async function theirTable(address: string, name: string, values: string[][]) {
  await Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange(address).values = values;
    const table = sheet.tables.add(address, true);
    table.name = name;
    await context.sync();
  });
}

async function tableNote(placementId: string) {
  return Excel.run(async (context) => {
    const note = context.workbook.properties.custom.getItemOrNullObject(`ReportSyncTable_${placementId}`);
    note.load('value');
    await context.sync();
    return note.isNullObject ? null : String(note.value);
  });
}

const words = i18nFor('en');

describe('moving a placement that is an Excel table', () => {
  it('takes the table (name and style) to the new cells, leaves nothing of it at the old ones, and the user\'s column beside it as it was', async () => {
    const host = installWorkbook();
    await selectCell('B2');
    const r = await ownReport('itTableMove1', byStatus(3), 'Moved table');
    const placed = done(await (await service()).place(r));
    type(host, 1, 3, 'Note');
    type(host, 2, 3, 'check');
    await Excel.run(async (context) => {
      context.workbook.tables.getItem('Moved_table').style = 'TableStyleLight9';
      await context.sync();
    });
    expect((await tables())[0]!.address).toBe('Sheet1!B2:D5');

    await selectCell('G2');
    const svc = await service();
    const moved = done(await svc.move({ deploymentId: r.deploymentId, reportId: r.id, placementId: placed.placement.id! }));
    expect(moved.placement.resultLocation).toBe('Sheet1!G2:H5');
    expect(moved.table).toBeUndefined();
    expect(await tables()).toEqual([{ name: 'Moved_table', style: 'TableStyleLight9', showHeaders: true, address: 'Sheet1!G2:H5' }]);
    expect(cellsOf(host, 'Sheet1', 1, 6, 1, 2)).toEqual([['Status', 'Count']]);
    // The old cells are empty, their formats too; the user's column stays on the sheet where they typed it.
    expect(cellsOf(host, 'Sheet1', 1, 1, 4, 2).flat().every((v) => v === '')).toBe(true);
    expect(cellsOf(host, 'Sheet1', 1, 3, 4, 1)).toEqual([['Note'], ['check'], [''], ['']]);
    // A refresh finds the table by its new id and fits it.
    await ownReport('itTableMove1', byStatus(4), 'Moved table');
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect((await tables())[0]!.address).toBe('Sheet1!G2:H6');
  });

  it('moved onto another table: the placement is right as plain cells, the user is told why, and their table is untouched', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    const r = await ownReport('itTableMove2', byStatus(2), 'Blocked move');
    const placed = done(await (await service()).place(r));
    await theirTable('F3:G4', 'Theirs', [['Own', 'Data'], ['x', 'y']]);
    await selectCell('F1');
    const svc = await service();
    const ref = { deploymentId: r.deploymentId, reportId: r.id, placementId: placed.placement.id! };
    expect((await svc.move(ref)).kind).toBe('needs-confirmation');
    const moved = done(await svc.move(ref, { overwrite: true }));
    expect(moved.placement.resultLocation).toBe('Sheet1!F1:G3');
    expect(moved.table).toEqual({ reason: 'overlap', table: 'Theirs' });
    expect(words.m.tablePlainCells(words.m.tableBecauseOverlap('Theirs'))).toBe('Placed as plain cells: Excel could not make a table here because it would overlap the table "Theirs".');
    expect(cellsOf(host, 'Sheet1', 0, 5, 1, 2)).toEqual([['Status', 'Count']]);
    expect((await tables()).map((t) => t.name)).toEqual(['Theirs']);
    expect(await tableNote(placed.placement.id!)).toBeNull();
    expect(cellsOf(host, 'Sheet1', 0, 0, 3, 2).flat().every((v) => v === '')).toBe(true);
  });
});

describe('a table Excel refuses leaves the placement plain cells, and says why', () => {
  it('at Place: another table in the way', async () => {
    const host = installWorkbook();
    await theirTable('A3:B4', 'Blocking', [['Own', 'Data'], ['x', 'y']]);
    await selectCell('A1');
    const r = await ownReport('itTableRefP1', byStatus(3), 'Refused at place');
    const placed = done(await (await service()).place(r, { overwrite: true }));
    expect(placed.placement.resultLocation).toBe('Sheet1!A1:B4');
    expect(placed.table).toEqual({ reason: 'overlap', table: 'Blocking' });
    expect(cellsOf(host, 'Sheet1', 0, 0, 1, 2)).toEqual([['Status', 'Count']]);
    expect((await tables()).map((t) => t.name)).toEqual(['Blocking']);
    expect(await tableNote(placed.placement.id!)).toBeNull();
  });

  it('at Place: any other refusal, with Excel\'s code', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    host.options.failRequest = ({ body }) => (body.Actions.some((a) => a.Name === 'AutofitColumns') ? 'InvalidOperation' : undefined);
    const placed = done(await (await service()).place(await ownReport('itTableRefP2', byStatus(2), 'Refused code')));
    host.options.failRequest = undefined;
    expect(placed.table).toEqual({ reason: 'refused', code: 'InvalidOperation' });
    expect(placed.placement.resultLocation).toBe('Sheet1!A1:B3');
    expect(await tables()).toEqual([]);
    expect(words.m.tablePlainCells(words.m.tableBecauseRefused('InvalidOperation'))).toMatch(/^Placed as plain cells: Excel could not make a table here because Excel refused it \(InvalidOperation\)/);
  });

  it('at Place: the name taken after it was read, so Excel made the table and then refused its name: that table goes back to a range', async () => {
    const host = installWorkbook();
    await theirTable('H1:I2', 'Theirs', [['Kept', 'As is'], ['1', '2']]);
    await selectCell('A1');
    // Excel carries out a failed request's operations up to the failing one: the table is added, the name refused.
    // Between the add-in's read of free names and its table request, someone defines the name it chose.
    host.options.failRequest = ({ body }) => {
      const renamed = body.Actions.find((a) => a.Name === 'Name' && a.ActionType === 4);
      const addsTable = Object.values(body.ObjectPaths).some((path) => path.Name === 'Add');
      if (renamed && addsTable) {
        const name = String(renamed.ArgumentInfo?.Arguments?.[0] ?? '');
        host.model.names.push({ name, formula: '=Sheet1!$Z$1', origin: { row: 0, column: 0 }, visible: true, comment: '' });
      }
      return undefined;
    };
    const placed = done(await (await service()).place(await ownReport('itTableRefP3', byStatus(2), 'Name taken')));
    host.options.failRequest = undefined;
    expect(placed.table).toMatchObject({ reason: 'refused' });
    expect(placed.placement.resultLocation).toBe('Sheet1!A1:B3');
    expect(cellsOf(host, 'Sheet1', 0, 0, 1, 2)).toEqual([['Status', 'Count']]);
    // Nothing of the refused table is left, the user's table is untouched, and the placement keeps no table note.
    expect((await tables()).map((t) => [t.name, t.address])).toEqual([['Theirs', 'Sheet1!H1:I2']]);
    expect(await tableNote(placed.placement.id!)).toBeNull();
  });

  it('at Refresh: grown into another table, the table goes back to a range over the correct cells', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    const r = await ownReport('itTableRefR1', byStatus(2), 'Refused at refresh');
    const placed = done(await (await service()).place(r));
    await theirTable('A5:B6', 'Below', [['Own', 'Data'], ['x', 'y']]);
    await ownReport('itTableRefR1', byStatus(5), 'Refused at refresh');
    const svc = await service();
    expect((await svc.refresh(await entryFor(placed.placement.id))).kind).toBe('needs-confirmation');
    const refreshed = done(await svc.refresh(await entryFor(placed.placement.id), { overwrite: true }));
    expect(refreshed.placement.resultLocation).toBe('Sheet1!A1:B6');
    expect(refreshed.table).toEqual({ reason: 'overlap', table: 'Below' });
    expect((await tables()).map((t) => t.name)).toEqual(['Below']);
    expect(cellsOf(host, 'Sheet1', 0, 0, 1, 2)).toEqual([['Status', 'Count']]);
    expect(await tableNote(placed.placement.id!)).toBeNull();
  });
});

describe('"As an Excel table" from the placement card', () => {
  it('turns a flat placement into plain cells (values and formats kept) and back into a table; refreshes honour the choice', async () => {
    const host = installWorkbook();
    await selectCell('B2');
    const r = await ownReport('itTableCard1', byStatus(3), 'Card choice');
    const placed = done(await (await service()).place(r));
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: true });
    const before = cellsOf(host, 'Sheet1', 1, 1, 4, 2);
    const formats = () => Excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('B2:C5');
      range.load('numberFormat, format/font/bold');
      await context.sync();
      return { numberFormat: range.numberFormat, bold: range.format.font.bold };
    });
    const formatsBefore = await formats();

    expect(await (await service()).setTable(await entryFor(placed.placement.id), false)).toBeNull();
    expect(await tables()).toEqual([]);
    expect(cellsOf(host, 'Sheet1', 1, 1, 4, 2)).toEqual(before);
    expect(await formats()).toEqual(formatsBefore);
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: false });
    await ownReport('itTableCard1', byStatus(4), 'Card choice');
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(await tables()).toEqual([]);

    expect(await (await service()).setTable(await entryFor(placed.placement.id), true)).toBeNull();
    expect(await tables()).toEqual([{ name: 'Card_choice', style: 'TableStyleMedium2', showHeaders: true, address: 'Sheet1!B2:C6' }]);
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: true });
    await ownReport('itTableCard1', byStatus(5), 'Card choice');
    done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect((await tables())[0]!.address).toBe('Sheet1!B2:C7');
  });

  it('reads the cells as they are: a table the user turned into a range shows off, and on makes it a table again (issue 42)', async () => {
    installWorkbook();
    await selectCell('B2');
    const placed = done(await (await service()).place(await ownReport('itTableCard3', byStatus(3), 'Card truth')));
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: true });
    // Converted in Excel (Table Design > Convert to Range), not from the card: the add-in's note of it stays behind.
    await Excel.run(async (context) => {
      context.workbook.tables.getItem('Card_truth').convertToRange();
      await context.sync();
    });
    expect(await tables()).toEqual([]);
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: false });
    // Turned on from the card: a table is made again, and the switch says so.
    expect(await (await service()).setTable(await entryFor(placed.placement.id), true)).toBeNull();
    expect((await tables()).map((t) => t.address)).toEqual(['Sheet1!B2:C5']);
    expect(tableChoice(await entryFor(placed.placement.id))).toEqual({ on: true });
  });

  it('turned on where Excel refuses: still plain cells, with the reason', async () => {
    installWorkbook();
    await selectCell('A1');
    const placed = done(await (await service()).place(await ownReport('itTableCard2', byStatus(2), 'Card refused'), { asTable: false }));
    await theirTable('C1:D2', 'Beside', [['Own', 'Data'], ['x', 'y']]);
    // The user widens their table to the left, over the placement's Count column.
    await Excel.run(async (context) => {
      context.workbook.tables.getItem('Beside').resize('Sheet1!B1:D2');
      await context.sync();
    });
    const refusal = await (await service()).setTable(await entryFor(placed.placement.id), true);
    expect(refusal).toEqual({ reason: 'overlap', table: 'Beside' });
    expect((await tables()).map((t) => t.name)).toEqual(['Beside']);
  });

  it('is not offered for a pivot', async () => {
    installWorkbook();
    await selectCell('A1');
    const placed = done(await (await service()).place(await local.report('RevRegionQtr')));
    expect(tableChoice(await entryFor(placed.placement.id))).toBeNull();
  });
});

describe('failures after a write are told, not swallowed', () => {
  it('a placement the platform recorded but did not return, and could not take back: the cells and their name are put back, the user told it is listed detached', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    const svc = await service();
    const connect = svc.platform.connectWorkbook.bind(svc.platform);
    jest.spyOn(svc.platform, 'connectWorkbook').mockImplementationOnce(async (...args) => ({ ...(await connect(...args)), externalWorkbookPlacements: [] }));
    jest.spyOn(svc.platform, 'disconnectWorkbook').mockRejectedValueOnce(new Error('platform down'));
    const error = await svc.place(await ownReport('itTableUnpl1', byStatus(2))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlacementNotTakenBackError);
    expect(cellsOf(host, 'Sheet1', 0, 0, 3, 2).flat().every((v) => v === '')).toBe(true);
    expect(host.model.names).toEqual([]);
    expect(describeError(error, words)).toBe('The report could not be placed at Sheet1!A1:B3, and its record on the platform could not be removed: it is listed as detached. Disconnect it there.');
  });

  it('a move whose record cannot be put back: the old cells stay, the new ones are emptied, and the user is told where things are and what to do', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    const r = await ownReport('itTableMvRec', byStatus(2));
    const placed = done(await (await service()).place(r));
    const old = cellsOf(host, 'Sheet1', 0, 0, 3, 2);
    await selectCell('F1');
    const svc = await service();
    const platform = svc.platform;
    const record = platform.recordRefresh.bind(platform);
    jest.spyOn(platform, 'recordRefresh').mockImplementationOnce(record).mockRejectedValueOnce(new Error('platform down'));
    host.options.failRequest = ({ body }) => (body.Actions.some((a) => a.ActionType === 4 && a.Name === 'Formula') ? 'GeneralException' : undefined);
    const error = await svc.move({ deploymentId: r.deploymentId, reportId: r.id, placementId: placed.placement.id! }).catch((e: unknown) => e);
    host.options.failRequest = undefined;
    expect(error).toBeInstanceOf(MoveNotUndoneError);
    expect(error).toMatchObject({ oldLocation: 'Sheet1!A1:B3', newLocation: 'Sheet1!F1:G3', cellsAt: null });
    expect(cellsOf(host, 'Sheet1', 0, 0, 3, 2)).toEqual(old);
    expect(cellsOf(host, 'Sheet1', 0, 5, 3, 2).flat().every((v) => v === '')).toBe(true);
    expect(describeError(error, words)).toMatch(/^The placement could not be moved: it is still at Sheet1!A1:B3, but the platform could not be told and still records it at Sheet1!F1:G3\. Refresh it/);
  });
});
