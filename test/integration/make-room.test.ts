/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Report } from '../../src/contract';
import type { PlacedCells } from '../../src/excel/excel-connector';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { WriteFailedError } from '../../src/placements/errors';
import { insertChoices, rowsToInsert, type Room } from '../../src/placements/make-room';
import { afterMakingRoom } from '../../src/placements/placement-service';
import type { WorkbookPlacement, WriteOutcome } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/compose/platform';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done, withParts } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

/** The analyst's use cases, without the applied-filter summary (the seeded app config turns it on). */
async function service() {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters: false };
  return withParts(openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, sheets } } }, {
    excel: new ExcelConnector(),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  }), connection.platform);
}

let salesFolderId: number | undefined;
/** A report of the test's own, whose query the test changes (in the Sales folder, which the analyst reads). */
async function ownReport(publicId: string, query: CubeQuery): Promise<Report> {
  salesFolderId ??= (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, { name: publicId, folderId: salesFolderId, jsonQuery: JSON.stringify(query) });
}
const byStatus = (limit: number): CubeQuery => ({ measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' }, limit });
const byCategory = (limit: number): CubeQuery => ({ measures: ['orders.count'], dimensions: ['orders.category'], order: { 'orders.category': 'asc' }, limit });

async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

function asked(outcome: WriteOutcome): Extract<WriteOutcome, { kind: 'needs-confirmation' }> & { room: Room } {
  if (outcome.kind !== 'needs-confirmation' || !outcome.room) throw new Error(`expected a question with room, got ${outcome.kind}`);
  return outcome as Extract<WriteOutcome, { kind: 'needs-confirmation' }> & { room: Room };
}

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');

/**
 * A2:B4 holds a placement of `grows` (two statuses), A6:B7 the user's own text and D6 a note beside it, A9:B11 a
 * second placement; then `grows` is changed to five statuses, so its refresh would cover A5:B7.
 */
async function growingNeighbourhood(growsId: string, neighbourId: string) {
  const sim = installWorkbook();
  const grows = await ownReport(growsId, byStatus(2));
  const neighbour = await ownReport(neighbourId, byCategory(2));
  await selectCell('A2');
  const first = done(await (await service()).place(grows));
  await selectCell('A9');
  const second = done(await (await service()).place(neighbour));
  await act((c) => {
    sheet1(c).getRange('A6:B7').values = [['Note', 'keep me'], ['second', 42]];
    sheet1(c).getRange('D6').values = [['beside']];
  });
  await ownReport(growsId, byStatus(5));
  expect(first.placement.resultLocation).toBe('Sheet1!A2:B4');
  expect(second.placement.resultLocation).toBe('Sheet1!A9:B11');
  const neighbourCells = cellsOf(sim, 'Sheet1', 8, 0, 3, 2);
  return { sim, first, second, neighbourCells };
}

describe('room to grow: the decisions', () => {
  const placed = (placementId: string, top: number, bottom: number, left: number, right: number): PlacedCells => ({
    placementId, sheetId: 's', sheetName: 'Sheet1', rect: { top, bottom, left, right }, relative: false, formula: '',
  });

  it('inserts from the row below the placement down to the new bottom, or the whole new result for a first write', () => {
    expect(rowsToInsert({ top: 1, bottom: 3, left: 0, right: 1 }, { top: 1, bottom: 6, left: 0, right: 1 })).toEqual({ top: 4, rows: 3 });
    expect(rowsToInsert(null, { top: 4, bottom: 6, left: 0, right: 1 })).toEqual({ top: 4, rows: 3 });
    // Growing only to the right: rows would not help.
    expect(rowsToInsert({ top: 1, bottom: 3, left: 0, right: 1 }, { top: 1, bottom: 3, left: 0, right: 4 })).toBeNull();
  });

  it('offers rows only when foreign cells lie below, and never a way that would split or tear another placement', () => {
    const own = { top: 1, bottom: 3, left: 1, right: 2 };
    const target = { top: 1, bottom: 6, left: 1, right: 2 };
    expect(insertChoices('Sheet1', own, target, ['B6'], [], null)).toEqual(['rows', 'cells']);
    // Only to the right of the old cells, in their rows: inserting rows below would not clear them.
    expect(insertChoices('Sheet1', own, { ...target, right: 4 }, ['E2'], [], null)).toEqual([]);
    // A placement beside it, across the first inserted row: whole rows would cut through it.
    expect(insertChoices('Sheet1', own, target, ['B6'], [placed('side', 2, 8, 5, 6)], null)).toEqual(['cells']);
    // A placement below reaching out of the columns: shifting only these columns would tear it.
    expect(insertChoices('Sheet1', own, target, ['B6'], [placed('wide', 9, 12, 0, 4)], null)).toEqual(['rows']);
    // A placement below within the columns moves whole either way; one on another sheet does not count.
    expect(insertChoices('Sheet1', own, target, ['B6'], [placed('under', 9, 12, 1, 2), { ...placed('other', 2, 8, 0, 9), sheetName: 'Sheet2' }], null)).toEqual(['rows', 'cells']);
  });
});

describe('room to grow: insert rows', () => {
  it('inserts whole rows below the placement: the refresh is written in full, the neighbours move down intact, names and all', async () => {
    const { sim, first, second, neighbourCells } = await growingNeighbourhood('itRoomRows01', 'itRoomRowsNb');
    const svc = await service();
    const entry = await entryFor(first.placement.id);
    const question = asked(await svc.refresh(entry));
    expect(question.foreignCells).toEqual(['A6', 'B6', 'A7', 'B7']);
    expect(question.room).toMatchObject({ own: { top: 1, bottom: 3 }, target: { top: 1, bottom: 6 }, insert: ['rows', 'cells'] });
    // Nothing written yet.
    expect(cellsOf(sim, 'Sheet1', 5, 0, 2, 2)).toEqual([['Note', 'keep me'], ['second', 42]]);

    const write = afterMakingRoom(svc, question.room, 'rows', (o) => svc.refresh(entry, o));
    const refreshed = done(await write({}));
    expect(refreshed.placement.resultLocation).toBe('Sheet1!A2:B7');
    const values = cellsOf(sim, 'Sheet1', 1, 0, 6, 2);
    expect(values[0]).toEqual(['Status', 'Count']);
    expect(values.slice(1).every((row) => typeof row[0] === 'string' && row[0] !== '' && typeof row[1] === 'number')).toBe(true);
    // Three whole rows were inserted at row 5: the user's cells, the note beside them and the second placement moved down.
    expect(cellsOf(sim, 'Sheet1', 8, 0, 2, 2)).toEqual([['Note', 'keep me'], ['second', 42]]);
    expect(cellsOf(sim, 'Sheet1', 8, 3, 1, 1)).toEqual([['beside']]);
    expect(cellsOf(sim, 'Sheet1', 11, 0, 3, 2)).toEqual(neighbourCells);
    // The second placement is found by its name at its new place, and refreshes there without hand edits.
    expect(await svc.workbook.locate(second.placement.id!)).toMatchObject({ sheetName: 'Sheet1', rect: { top: 11, bottom: 13, left: 0, right: 1 } });
    const again = done(await svc.refresh(await entryFor(second.placement.id)));
    expect(again.placement.resultLocation).toBe('Sheet1!A12:B14');
  });

  it('shifts cells down within the result\'s columns only: what is beside them stays where it was', async () => {
    const { sim, first, second, neighbourCells } = await growingNeighbourhood('itRoomCell01', 'itRoomCellNb');
    const svc = await service();
    const entry = await entryFor(first.placement.id);
    const question = asked(await svc.refresh(entry));
    expect(await svc.makeRoom(question.room, 'cells')).toBe(true);
    done(await svc.refresh(entry));
    expect(cellsOf(sim, 'Sheet1', 8, 0, 2, 2)).toEqual([['Note', 'keep me'], ['second', 42]]);
    // D6 is outside columns A:B: not moved.
    expect(cellsOf(sim, 'Sheet1', 5, 3, 1, 1)).toEqual([['beside']]);
    expect(cellsOf(sim, 'Sheet1', 8, 3, 1, 1)).toEqual([['']]);
    expect(cellsOf(sim, 'Sheet1', 11, 0, 3, 2)).toEqual(neighbourCells);
    expect(await svc.workbook.locate(second.placement.id!)).toMatchObject({ rect: { top: 11, bottom: 13, left: 0, right: 1 } });
  });

  it('inserts nothing when another placement now lies across the rows to insert', async () => {
    const { sim, first } = await growingNeighbourhood('itRoomRefuse', 'itRoomRefNb1');
    const svc = await service();
    const question = asked(await svc.refresh(await entryFor(first.placement.id)));
    // Meanwhile a placement appeared beside, across row 5.
    await selectCell('F4');
    done(await svc.place(await ownReport('itRoomSide01', byCategory(3))));
    const before = cellsOf(sim, 'Sheet1', 0, 0, 16, 8);
    expect(await svc.makeRoom(question.room, 'rows')).toBe(false);
    expect(cellsOf(sim, 'Sheet1', 0, 0, 16, 8)).toEqual(before);
  });
});

describe('room to grow: move placement', () => {
  it('writes the new cells at the selection, records the new place, then clears the old cells; the neighbour stays', async () => {
    const { sim, first } = await growingNeighbourhood('itRoomMove01', 'itRoomMoveNb');
    const svc = await service();
    const question = asked(await svc.refresh(await entryFor(first.placement.id)));
    expect(question.room.placement).toMatchObject({ placementId: first.placement.id });
    await selectCell('F2');
    const moved = done(await svc.move(question.room.placement!));
    expect(moved.placement).toMatchObject({ resultLocation: 'Sheet1!F2:G7', anchorCell: 'F2', syncStatus: 'UP_TO_DATE' });
    const onServer = (await local.report('itRoomMove01')).externalWorkbookPlacements?.find((p) => p.id === first.placement.id);
    expect(onServer).toMatchObject({ resultLocation: 'Sheet1!F2:G7', anchorCell: 'F2', sheetName: 'Sheet1' });
    expect(cellsOf(sim, 'Sheet1', 1, 5, 1, 2)).toEqual([['Status', 'Count']]);
    expect(cellsOf(sim, 'Sheet1', 1, 0, 3, 2)).toEqual([['', ''], ['', ''], ['', '']]);
    expect(cellsOf(sim, 'Sheet1', 5, 0, 2, 2)).toEqual([['Note', 'keep me'], ['second', 42]]);
    expect(await svc.workbook.locate(first.placement.id!)).toMatchObject({ rect: { top: 1, bottom: 6, left: 5, right: 6 } });
    // A refresh finds it at its new place with nothing to ask.
    expect(done(await svc.refresh(await entryFor(first.placement.id))).placement.resultLocation).toBe('Sheet1!F2:G7');
  });

  it('leaves the old cells, the name and the record alone when writing the new cells fails', async () => {
    const { sim, first } = await growingNeighbourhood('itRoomMvFail', 'itRoomMvFlNb');
    const svc = await service();
    const question = asked(await svc.refresh(await entryFor(first.placement.id)));
    await selectCell('F2');
    const old = cellsOf(sim, 'Sheet1', 1, 0, 3, 2);
    sim.options.failRequest = ({ body }) => (body.Actions.some((a) => a.ActionType === 4 && a.Name === 'Values') ? 'GeneralException' : undefined);
    await expect(svc.move(question.room.placement!)).rejects.toBeInstanceOf(WriteFailedError);
    sim.options.failRequest = undefined;
    expect(cellsOf(sim, 'Sheet1', 1, 0, 3, 2)).toEqual(old);
    expect(cellsOf(sim, 'Sheet1', 1, 5, 6, 2).flat().every((v) => v === '')).toBe(true);
    const onServer = (await local.report('itRoomMvFail')).externalWorkbookPlacements?.find((p) => p.id === first.placement.id);
    expect(onServer).toMatchObject({ resultLocation: 'Sheet1!A2:B4' });
    expect(await svc.workbook.locate(first.placement.id!)).toMatchObject({ rect: { top: 1, bottom: 3, left: 0, right: 1 } });
  });

  it('puts the new cells back and keeps the old ones when the platform does not record the move', async () => {
    const { sim, first } = await growingNeighbourhood('itRoomMvRec1', 'itRoomMvRcNb');
    const svc = await service();
    const question = asked(await svc.refresh(await entryFor(first.placement.id)));
    await selectCell('F2');
    const old = cellsOf(sim, 'Sheet1', 1, 0, 3, 2);
    jest.spyOn(svc.platform, 'recordRefresh').mockRejectedValueOnce(new Error('platform down'));
    await expect(svc.move(question.room.placement!)).rejects.toThrow('platform down');
    expect(cellsOf(sim, 'Sheet1', 1, 0, 3, 2)).toEqual(old);
    expect(cellsOf(sim, 'Sheet1', 1, 5, 6, 2).flat().every((v) => v === '')).toBe(true);
    expect(await svc.workbook.locate(first.placement.id!)).toMatchObject({ rect: { top: 1, bottom: 3, left: 0, right: 1 } });
  });

  it('takes the record back and keeps the old cells when Excel refuses to move the name', async () => {
    const { sim, first } = await growingNeighbourhood('itRoomMvName', 'itRoomMvNmNb');
    const svc = await service();
    const question = asked(await svc.refresh(await entryFor(first.placement.id)));
    await selectCell('F2');
    const old = cellsOf(sim, 'Sheet1', 1, 0, 3, 2);
    sim.options.failRequest = ({ body }) => (body.Actions.some((a) => a.ActionType === 4 && a.Name === 'Formula') ? 'GeneralException' : undefined);
    await expect(svc.move(question.room.placement!)).rejects.toBeInstanceOf(WriteFailedError);
    sim.options.failRequest = undefined;
    expect(cellsOf(sim, 'Sheet1', 1, 0, 3, 2)).toEqual(old);
    expect(cellsOf(sim, 'Sheet1', 1, 5, 6, 2).flat().every((v) => v === '')).toBe(true);
    const onServer = (await local.report('itRoomMvName')).externalWorkbookPlacements?.find((p) => p.id === first.placement.id);
    expect(onServer).toMatchObject({ resultLocation: 'Sheet1!A2:B4', anchorCell: 'A2' });
  });
});
