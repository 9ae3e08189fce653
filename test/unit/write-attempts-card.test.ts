import type { Report, ReportPlacement } from '../../src/contract';
import type { PlacementRefreshed, WorkbookPlacement, WriteOptions, WriteOutcome } from '../../src/placements/placement-service';
import type { PlacementLocated } from '../../src/placements/write-outcome';
import { entry, report, started, tick } from '../support/workspace-store-fakes';

/**
 * Issue 43: a card's Refresh shows its outcome as soon as the cells are checked and the refresh recorded. The
 * registry's answer (the placement's new record) and where the write left its cells are that card's truth; the pane
 * lists its placements again afterwards, in the background, and its failure is shown like any listing's.
 */

/** The outcome of refreshing `id`: recorded now (Up to date, a new time and checksum), its cells grown by a row. */
function refreshed(id: string, refreshedAt = '2025-02-01T00:00:00Z'): WriteOutcome<PlacementRefreshed> {
  const placement = {
    id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D9', resultChecksum: { v: 3, chunks: [], payload: 'new' }, syncStatus: 'UP_TO_DATE', refreshedAt,
  } as ReportPlacement;
  return {
    kind: 'done', report, placement, cutAt: null, stale: false, rows: { now: 7, was: 6 },
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: 2, left: 1, bottom: 8, right: 3 }, table: false, cellOptions: null },
  };
}

/** A listing the test answers when it says. */
function heldListing() {
  let answer: (placements: WorkbookPlacement[]) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<WorkbookPlacement[]>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const listedOf = (store: Awaited<ReturnType<typeof started>>['store'], id: string) => store.getState().placements!.find((e) => e.placement.id === id)!;

describe("a card's Refresh shows its outcome at once", () => {
  it('Up to date with the new record and cells before the pane lists again; the other cards keep theirs; the list follows', async () => {
    const [a, b] = [entry('a'), entry('b')];
    const { store, placements } = await started([a, b]);
    const bBefore = listedOf(store, 'b');
    const listing = heldListing();
    placements.workbookPlacements.mockReturnValueOnce(listing.promise);
    placements.refresh.mockResolvedValueOnce(refreshed('a'));

    // Resolves while the listing is still under way.
    expect(await store.refresh(a)).toBe(true);
    const state = store.getState();
    expect(state.operation).toBeNull();
    expect(store.cards().get('a')?.status).toBe('UP_TO_DATE');
    expect(listedOf(store, 'a')).toMatchObject({
      placement: { refreshedAt: '2025-02-01T00:00:00Z', resultChecksum: { payload: 'new' } }, location: { rect: { top: 2, left: 1, bottom: 8, right: 3 } },
    });
    // Its new record and its cells agree: not taken for a damaged placement.
    expect(store.cards().get('a')?.damaged).toBe(false);
    expect(listedOf(store, 'b')).toBe(bBefore);
    expect(state.notice).toMatchObject({ kind: 'written', location: 'Sheet1!B3:D9', rows: { now: 7, was: 6 } });
    // The workbook's placement ids came from the pane's listing: the registry was not asked for them first.
    expect(placements.refresh.mock.calls[0]![1]).toMatchObject({ placementIds: ['a', 'b'] });
    expect(placements.placementIds).not.toHaveBeenCalled();

    // The listing was asked for after the write, and what it answers stands.
    expect(placements.workbookPlacements).toHaveBeenCalledTimes(2);
    const relisted = [listedOf(store, 'a'), b];
    listing.answer(relisted);
    await tick();
    expect(store.getState().placements).toBe(relisted);
  });

  it('a listing that fails afterwards is shown in the error area; the card keeps the record its refresh returned', async () => {
    const a = entry('a');
    const { store, placements } = await started([a]);
    const listing = heldListing();
    placements.workbookPlacements.mockReturnValueOnce(listing.promise);
    placements.refresh.mockResolvedValueOnce(refreshed('a'));
    expect(await store.refresh(a)).toBe(true);
    const failure = new Error('the platform is away');
    listing.fail(failure);
    await tick();
    expect(store.getState().error).toEqual({ source: 'list', error: failure });
    expect(store.getState().listFailed).toBe(true);
    expect(store.cards().get('a')?.status).toBe('UP_TO_DATE');
  });

  it('a write that does not say where its cells are (a new placement) shows once the pane has listed it', async () => {
    const { store, placements } = await started([]);
    const listing = heldListing();
    placements.workbookPlacements.mockReturnValueOnce(listing.promise);
    let placed = false;
    const placing = store.place(report).then((ok) => {
      placed = ok;
    });
    await tick();
    expect(placed).toBe(false);
    expect(store.getState().notice).toBeNull();
    const listed = [entry('new')];
    listing.answer(listed);
    await placing;
    expect(placed).toBe(true);
    expect(store.getState().placements).toBe(listed);
    expect(store.getState().notice).toMatchObject({ kind: 'written' });
  });

  it("a second refresh's outcome waits for the first one's listing, so that older listing never replaces it", async () => {
    const [a, b] = [entry('a'), entry('b')];
    const { store, placements } = await started([a, b]);
    const [first, next] = [heldListing(), heldListing()];
    placements.workbookPlacements.mockReturnValueOnce(first.promise).mockReturnValueOnce(next.promise);
    placements.refresh.mockResolvedValueOnce(refreshed('a')).mockResolvedValueOnce(refreshed('b', '2025-02-02T00:00:00Z'));
    expect(await store.refresh(a)).toBe(true);

    let second = false;
    const refreshing = store.refresh(b).then((ok) => {
      second = ok;
    });
    await tick();
    expect(second).toBe(false);
    // The first listing was sent before b's record: it still lists b as it was.
    first.answer([listedOf(store, 'a'), b]);
    await refreshing;
    expect(second).toBe(true);
    expect(listedOf(store, 'b').placement.refreshedAt).toBe('2025-02-02T00:00:00Z');
    expect(store.cards().get('b')?.status).toBe('UP_TO_DATE');
    expect(store.cards().get('a')?.status).toBe('UP_TO_DATE');
    // Then b's own listing, sent after its record, is the one that follows.
    expect(placements.workbookPlacements).toHaveBeenCalledTimes(3);
  });
});

/** The report as the registry answers a record: with its owner. */
const recordedReport = { ...report, user: { firstName: 'Ada', email: 'ada@example.com' } } as Report;

/** A new placement `id` at Sheet1!B10:D15, as the registry recorded it: Up to date; not a table until `table`. */
function placedAt(id: string, table = false): PlacementLocated {
  const placement = {
    id, workbookId: 'wb', resultLocation: 'Sheet1!B10:D15', anchorCell: 'B10', resultChecksum: { v: 3, chunks: [], payload: 'placed' }, syncStatus: 'UP_TO_DATE',
    refreshedAt: '2025-03-01T00:00:00Z',
  } as ReportPlacement;
  return {
    report: recordedReport, placement, cutAt: null, stale: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: 9, left: 1, bottom: 14, right: 3 }, table, cellOptions: { language: 'en', titleAndSource: false } },
  };
}

/** A placing the test finishes when it says, after telling it is recorded (`recorded`). */
function heldPlacing(recorded: PlacementLocated) {
  let finish: (outcome: WriteOutcome) => void = () => undefined;
  const place = async (_report: unknown, options: WriteOptions): Promise<WriteOutcome> => {
    options.onRecorded?.(recorded);
    return new Promise<WriteOutcome>((resolve) => {
      finish = resolve;
    });
  };
  return { place, finish: (outcome: WriteOutcome) => finish(outcome) };
}

describe('Place shows the new card once it is recorded', () => {
  it('Up to date, in sheet order, before its table is made and before any listing; the list follows the table', async () => {
    const [a, b] = [entry('a'), { ...entry('b'), location: { ...entry('b').location!, rect: { top: 20, left: 1, bottom: 25, right: 3 } } }];
    const { store, placements } = await started([a, b]);
    const placing = heldPlacing(placedAt('new'));
    placements.place.mockImplementationOnce(placing.place);
    const listing = heldListing();
    placements.workbookPlacements.mockReturnValueOnce(listing.promise);

    let placed: boolean | null = null;
    const run = store.place(report).then((ok) => {
      placed = ok;
    });
    await tick();
    // Recorded: its card and the notice, though the table is still being made (the write is still under way).
    expect(store.getState().placements!.map((e) => e.placement.id)).toEqual(['a', 'new', 'b']);
    expect(store.cards().get('new')?.status).toBe('UP_TO_DATE');
    expect(store.cards().get('new')?.damaged).toBe(false);
    expect(listedOf(store, 'new')).toMatchObject({ reportId: report.id, access: 'GRANTED', owner: { email: 'ada@example.com' }, legacy: false, location: { rect: { top: 9, bottom: 14 }, table: false } });
    expect(store.getState().notice).toMatchObject({ kind: 'written', location: 'Sheet1!B10:D15', table: null });
    expect(store.getState().operation).not.toBeNull();
    expect(placed).toBeNull();
    // Not listed again yet: only the pane's start listed.
    expect(placements.workbookPlacements).toHaveBeenCalledTimes(1);
    // The overlap check takes the listed placements' ids.
    expect(placements.place.mock.calls[0]![1]).toMatchObject({ placementIds: ['a', 'b'] });

    // The table made: the card says so, then the pane lists again, in the background.
    const final = placedAt('new', true);
    placing.finish({ kind: 'done', ...final });
    await run;
    expect(placed).toBe(true);
    expect(store.getState().operation).toBeNull();
    expect(listedOf(store, 'new').location?.table).toBe(true);
    expect(placements.workbookPlacements).toHaveBeenCalledTimes(2);
    const relisted = [a, listedOf(store, 'new'), b];
    listing.answer(relisted);
    await tick();
    expect(store.getState().placements).toBe(relisted);
  });

  it('a table Excel refused is said in the notice once known; the card stays Up to date', async () => {
    const { store, placements } = await started([]);
    const placing = heldPlacing(placedAt('new'));
    placements.place.mockImplementationOnce(placing.place);
    placements.workbookPlacements.mockReturnValueOnce(heldListing().promise);
    const run = store.place(report);
    await tick();
    expect(store.cards().get('new')?.status).toBe('UP_TO_DATE');
    placing.finish({ kind: 'done', ...placedAt('new'), table: { reason: 'overlap', table: 'Sales' } });
    expect(await run).toBe(true);
    expect(store.getState().notice).toMatchObject({ kind: 'written', table: { reason: 'overlap', table: 'Sales' } });
    expect(store.cards().get('new')?.status).toBe('UP_TO_DATE');
    expect(listedOf(store, 'new').location?.table).toBe(false);
  });

  it('an id another listed record shares is not shown from the outcome: the listing says which names the cells', async () => {
    const twin = { ...entry('new'), refused: { kind: 'shared-id' as const, copy: 1, others: [] } };
    const { store, placements } = await started([twin]);
    const placing = heldPlacing(placedAt('new'));
    placements.place.mockImplementationOnce(placing.place);
    const listing = heldListing();
    placements.workbookPlacements.mockReturnValueOnce(listing.promise);
    let placed = false;
    const run = store.place(report).then((ok) => {
      placed = ok;
    });
    await tick();
    expect(store.getState().notice).toBeNull();
    placing.finish({ kind: 'done', ...placedAt('new', true) });
    await tick();
    expect(placed).toBe(false);
    const listed = [entry('new')];
    listing.answer(listed);
    await run;
    expect(placed).toBe(true);
    expect(store.getState().placements).toBe(listed);
  });
});
