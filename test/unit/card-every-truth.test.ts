import type { ReportPlacement } from '../../src/contract';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { PlacedCells } from '../../src/ports/workbook-cells';
import type { CellChange, SheetRename } from '../../src/ports/workbook-events';
import { entry, fakeWorkspace, tick, until, words } from '../support/workspace-store-fakes';

/**
 * Issue 42, "Cards tell every truth", on the pane store in Node: a card says both Edited by hand and Out of date when
 * both hold, also in a pane opened afresh over a workbook edited before (a reload); sheet names follow a rename; the
 * table switch follows the cells as read with the names, not the listing from before cells moved.
 */

/** A placement the platform calls `syncStatus`, its cells at Sheet1!B3:D8 (a table when `table`). */
function listedAs(id: string, syncStatus: ReportPlacement['syncStatus'], table = false): WorkbookPlacement {
  const base = entry(id);
  return { ...base, placement: { ...base.placement, syncStatus }, location: { ...base.location!, table } };
}

/** Its cells as read with its name, read along (`cellsNow`) when `values` are given. */
function found(e: WorkbookPlacement, over: Partial<PlacedCells> = {}, values?: string[][]): PlacedCells {
  const { sheetId, sheetName, rect } = e.location!;
  return {
    placementId: e.placement.id!, sheetId, sheetName, rect, relative: false, formula: '', table: e.location!.table ? '{"id":"T1"}' : null,
    ...(values ? { cellsNow: { rect, values } } : {}), ...over,
  };
}

/** A pane opened over `listed`, its workbook answering `findPlacements` and telling renames as the test says. */
async function opened(
  listed: WorkbookPlacement[], findPlacements: jest.Mock, renames: 'told' | 'not told' = 'told',
  checkHandEdits?: (e: Pick<WorkbookPlacement, 'placement'>) => Promise<{ rows: number[]; cells: string[] }>,
) {
  const fake = fakeWorkspace(listed);
  if (checkHandEdits) (fake.placements.checkHandEdits as jest.Mock).mockImplementation(checkHandEdits);
  let rename: ((rename: SheetRename) => void) | null = null;
  const watchSheetNames = jest.fn(async (on: (r: SheetRename) => void) => {
    if (renames === 'not told') return null;
    rename = on;
    return async () => undefined;
  });
  let cellChange: ((change: CellChange) => void) | null = null;
  const watchCellChanges = async (_sheets: readonly string[], on: (change: CellChange) => void) => {
    cellChange = on;
    return async () => undefined;
  };
  Object.assign(fake.ports.workbook, { findPlacements, watchSheetNames, watchCellChanges });
  const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1 });
  await store.start({ visible: false });
  const changed = (address: string, changeType = 'RangeEdited') => cellChange!({ sheetId: 's1', address, changeType });
  return { store, placements: fake.placements, type: (address: string) => changed(address), changed, rename: (r: SheetRename) => rename!(r) };
}

const CELLS = [['Status', 'Count'], ['shipped', '999']];

describe('Edited by hand and Out of date, both said', () => {
  it('a pane opened over cells edited before it opened compares them with the record once, and says both', async () => {
    const a = listedAs('a', 'CHANGED');
    const findPlacements = jest.fn(async () => [found(a, {}, CELLS)]);
    const { store, placements } = await opened([a], findPlacements);
    await until(() => store.cards().get('a')?.status === 'EDITED');
    expect(store.cards().get('a')).toMatchObject({ status: 'EDITED', alsoOutOfDate: true });
    // One read of the names with the cells along, and the check took those cells as read.
    expect(findPlacements).toHaveBeenCalledTimes(1);
    expect((findPlacements.mock.calls[0] as unknown[])[1]).toEqual([expect.objectContaining({ placementId: 'a' })]);
    expect(placements.checkHandEdits).toHaveBeenCalledWith(expect.objectContaining({ placement: a.placement }), { values: CELLS, rect: a.location!.rect });
    await store.dispose();
  });

  it('says only Edited by hand when the report did not change, and nothing but the platform when the cells are clean', async () => {
    const [a, b] = [listedAs('a', 'UP_TO_DATE'), { ...listedAs('b', 'CHANGED'), location: { ...listedAs('b', 'CHANGED').location!, rect: { top: 20, left: 1, bottom: 25, right: 3 } } }];
    const findPlacements = jest.fn(async () => [found(a, {}, CELLS), found(b, {}, CELLS)]);
    const { store, placements } = await opened([a, b], findPlacements, 'told', async (e) => (e.placement.id === 'a' ? { rows: [1], cells: ['C4'] } : { rows: [], cells: [] }));
    await until(() => placements.checkHandEdits.mock.calls.length === 2);
    await tick();
    expect(store.cards().get('a')).toEqual(expect.objectContaining({ status: 'EDITED' }));
    expect(store.cards().get('a')?.alsoOutOfDate).toBeUndefined();
    expect(store.cards().get('b')).toMatchObject({ status: 'CHANGED' });
    expect(store.cards().get('b')?.alsoOutOfDate).toBeUndefined();
    await store.dispose();
  });

  it('a placement too large to ride along with the names is not read on its own when the pane opens', async () => {
    const a = listedAs('a', 'CHANGED');
    const findPlacements = jest.fn(async () => [found(a)]);
    const { store, placements } = await opened([a], findPlacements);
    await until(() => findPlacements.mock.calls.length === 1);
    await tick();
    await tick();
    expect(placements.checkHandEdits).not.toHaveBeenCalled();
    expect(store.cards().get('a')).toMatchObject({ status: 'CHANGED' });
    await store.dispose();
  });

  it('a hand edit seen live on an Out of date placement says both, and typed back says Out of date alone', async () => {
    const a = listedAs('a', 'CHANGED');
    // Too large to read along: the first look checks nothing, the typing does.
    const { store, placements, type } = await opened([a], jest.fn(async () => [found(a)]));
    await tick();
    type('C5');
    await until(() => store.cards().get('a')?.status === 'EDITED');
    expect(store.cards().get('a')).toMatchObject({ status: 'EDITED', alsoOutOfDate: true });
    placements.checkHandEdits.mockResolvedValueOnce({ rows: [], cells: [] });
    type('C5');
    await until(() => store.cards().get('a')?.status === 'CHANGED');
    expect(store.cards().get('a')?.alsoOutOfDate).toBeUndefined();
    await store.dispose();
  });
});

describe('sheet names follow a rename', () => {
  it('where the host tells of renames, at once and with no read of the workbook', async () => {
    const a = listedAs('a', 'UP_TO_DATE');
    const findPlacements = jest.fn(async () => [found(a)]);
    const { store, rename } = await opened([a], findPlacements);
    await until(() => store.getState().placements !== null);
    await tick();
    const reads = findPlacements.mock.calls.length;
    rename({ sheetId: 's1', nameBefore: 'Sheet1', nameAfter: 'Q1 Revenue' });
    expect(store.getState().placements![0]!.location).toMatchObject({ sheetId: 's1', sheetName: 'Q1 Revenue', rect: a.location!.rect });
    // Where Place writes follows too (the fake's selection is Sheet1!B3), quoted as Excel writes such a name.
    expect(store.getState().selection).toBe("'Q1 Revenue'!B3");
    // A sheet without placements renamed: nothing changes.
    const before = store.getState().placements;
    rename({ sheetId: 's9', nameBefore: 'Notes', nameAfter: 'Ideas' });
    expect(store.getState().placements).toBe(before);
    expect(findPlacements.mock.calls.length).toBe(reads);
    await store.dispose();
  });

  it('where it cannot, the placements are found again when the pane regains focus', async () => {
    const a = listedAs('a', 'UP_TO_DATE');
    const findPlacements = jest.fn(async () => [found(a)]);
    const { store } = await opened([a], findPlacements, 'not told');
    await until(() => store.getState().placements !== null);
    await tick();
    findPlacements.mockResolvedValue([found(a, { sheetName: 'Revenue' })]);
    store.focused();
    await until(() => store.getState().placements![0]!.location?.sheetName === 'Revenue');
    await store.dispose();
  });
});

describe('the table switch reads the cells as they are now', () => {
  it('stays on after a row is deleted elsewhere on the sheet, as read with the names', async () => {
    const a = listedAs('a', 'UP_TO_DATE', true);
    const moved = { top: 1, left: 1, bottom: 6, right: 3 };
    const findPlacements = jest.fn(async () => [found(a)]);
    const { store, changed } = await opened([a], findPlacements);
    await until(() => store.getState().placements !== null);
    await tick();
    findPlacements.mockResolvedValue([found(a, { rect: moved })]);
    // A row above it deleted: the sheet's placements are found again where their names are now.
    changed('1:1', 'RowDeleted');
    await until(() => store.getState().placements![0]!.location?.rect.top === 1);
    expect(store.getState().placements![0]!.location).toMatchObject({ rect: moved, table: true });
    await store.dispose();
  });
});
