import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { WorkspaceState } from '../../src/pane/pane-state';
import { RunBanners } from '../../src/pane/run-banners';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { PlacedCells } from '../../src/ports/workbook-cells';
import type { CellChange } from '../../src/ports/workbook-events';
import type { RefreshAllRun, RefreshItem } from '../../src/monitoring/refresh-all';
import { done, entry, fakeWorkspace, tick, until, words } from '../support/workspace-store-fakes';

/**
 * A banner about a run (issue 42): "Orders is in Sheet1!B3:D8" and "2 refreshed" are replaced by the next run's and
 * go with any later action on their cells, including a change the pane only sees (a hand edit, rows inserted above).
 * Replayed on the pane store in Node over a workspace whose use cases answer as each test says.
 */

/** A placement at Sheet1 rows `top + 1` to `top + 6` (columns B:D), recorded there. */
function at(id: string, top: number): WorkbookPlacement {
  const base = entry(id);
  return {
    ...base,
    placement: { ...base.placement, resultLocation: `Sheet1!B${top + 1}:D${top + 6}` },
    location: { ...base.location!, rect: { top, left: 1, bottom: top + 5, right: 3 } },
  };
}

/** Its cells where its name is, `down` rows lower than listed. */
function found(e: WorkbookPlacement, down = 0): PlacedCells {
  const { sheetId, sheetName, rect } = e.location!;
  return { placementId: e.placement.id!, sheetId, sheetName, rect: { ...rect, top: rect.top + down, bottom: rect.bottom + down }, relative: false, formula: '' };
}

/** A pane over `listed` whose cells hold what was written (no hand edits), once its first look at them is over. */
async function opened(listed: WorkbookPlacement[]) {
  const fake = fakeWorkspace(listed);
  fake.placements.checkHandEdits.mockResolvedValue({ rows: [], cells: [] });
  // Each placement's write is recorded where it is listed (the fakes' `done` records all at B3:D8).
  const recordedAt = (id: string) => listed.find((e) => e.placement.id === id)?.placement.resultLocation ?? 'Sheet1!B3:D8';
  const written = (id: string) => {
    const outcome = done(id);
    return outcome.kind === 'done' ? { ...outcome, placement: { ...outcome.placement, resultLocation: recordedAt(id) } } : outcome;
  };
  fake.placements.refresh.mockImplementation(async (e: WorkbookPlacement) => written(e.placement.id!));
  fake.placements.writeRefresh.mockImplementation(async (p) => written(p.placement.id!));
  const findPlacements = jest.fn(async () => listed.map((e) => found(e)));
  let cellChange: ((change: CellChange) => void) | null = null;
  Object.assign(fake.ports.workbook, {
    findPlacements,
    watchCellChanges: async (_sheets: readonly string[], on: (change: CellChange) => void) => {
      cellChange = on;
      return async () => undefined;
    },
  });
  const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1 });
  await store.start({ visible: false });
  await until(() => cellChange !== null && findPlacements.mock.calls.length > 0);
  await tick();
  const changed = (address: string, changeType = 'RangeEdited') => cellChange!({ sheetId: 's1', address, changeType });
  return { store, placements: fake.placements, findPlacements, changed };
}

describe('a banner about a run is replaced by the next run\'s', () => {
  it("a refresh's notice gives way to Refresh all's summary, and the summary to the next refresh's notice", async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store } = await opened([a, b]);
    await store.refresh(a);
    expect(store.getState().notice).toMatchObject({ kind: 'written', location: 'Sheet1!B3:D8' });

    await store.refreshAll();
    expect(store.getState().notice).toBeNull();
    expect(store.getState().run).toMatchObject({ running: false, items: [{ state: 'done' }, { state: 'done' }] });

    await store.refresh(b);
    expect(store.getState().run).toBeNull();
    expect(store.getState().notice).toMatchObject({ kind: 'written', location: 'Sheet1!B21:D26' });
    await store.dispose();
  });

  it('a finished summary stands while nothing touches its cells: a status re-read, an edit elsewhere, an empty check', async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store, findPlacements, changed } = await opened([a, b]);
    await store.refreshAll();
    const run = store.getState().run;
    expect(run?.running).toBe(false);
    // Typed outside both placements, then into one whose cells still hold what was written: checked, nothing changed.
    const looked = findPlacements.mock.calls.length;
    changed('H40');
    store.focused();
    await tick();
    changed('C5');
    await until(() => findPlacements.mock.calls.length > looked);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().run).toBe(run);
    await store.dispose();
  });
});

describe('a banner about a run goes with a later change of its cells', () => {
  it("a notice goes when its cells are edited by hand; another placement's edit leaves it", async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store, placements, changed } = await opened([a, b]);
    await store.refresh(a);
    const notice = store.getState().notice;
    expect(notice).toMatchObject({ kind: 'written', location: 'Sheet1!B3:D8' });

    placements.checkHandEdits.mockImplementation(async (e: Pick<WorkbookPlacement, 'placement'>) => (e.placement.id === 'b' ? { rows: [22], cells: ['C22'] } : { rows: [], cells: [] }));
    changed('C22');
    await until(() => store.getState().outcomes.get('b')?.state === 'EDITED');
    expect(store.getState().notice).toBe(notice);

    placements.checkHandEdits.mockResolvedValue({ rows: [5], cells: ['C5'] });
    changed('C5');
    await until(() => store.getState().outcomes.get('a')?.state === 'EDITED');
    expect(store.getState().notice).toBeNull();
    await store.dispose();
  });

  it('rows inserted above: the notice naming the old address and the summary of the run go, the cards say where they are', async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store, findPlacements, changed } = await opened([a, b]);
    await store.refresh(b);
    expect(store.getState().notice).toMatchObject({ location: 'Sheet1!B21:D26' });
    // Two rows inserted above b only: the notice's address is no longer b's.
    findPlacements.mockResolvedValue([found(a), found(b, 2)]);
    changed('10:11', 'RowInserted');
    await until(() => store.getState().notice === null);
    expect(store.getState().placements!.find((e) => e.placement.id === 'b')!.location!.rect.top).toBe(22);

    await store.refreshAll();
    expect(store.getState().run?.running).toBe(false);
    findPlacements.mockResolvedValue([found(a, 2), found(b, 4)]);
    changed('1:2', 'RowInserted');
    await until(() => store.getState().run === null);
    // Nothing the run found stays said of cells that were written: no card keeps an outcome.
    expect(store.getState().outcomes.size).toBe(0);
    await store.dispose();
  });
});

describe('RunBanners: what makes a banner untrue', () => {
  const a = at('a', 2);
  const state = (over: Partial<WorkspaceState>): WorkspaceState => ({
    placements: [a], listFailed: false, selection: null, asTable: true, outcomes: new Map(), operation: null, question: null, error: null,
    notice: null, run: null, refreshOnOpen: null, builderOpen: false, formulasInUse: false, staleFormulas: null, consent: { kind: 'allowed' }, ...over,
  });
  const notice = { kind: 'written' as const, title: 'Orders by status', location: 'Sheet1!B3:D8', rows: null, cutAt: null, table: null };
  const watched = (first: WorkspaceState) => {
    const host = { clearNotice: jest.fn(), dismissRun: jest.fn() };
    const banners = new RunBanners(host);
    banners.changed(first);
    return { banners, host };
  };

  it("the notice's placement renamed onto another sheet name, or gone from the list, or its cells gone", () => {
    const shown = state({ notice });
    for (const later of [
      state({ notice, placements: [{ ...a, location: { ...a.location!, sheetName: 'Revenue' } }] }),
      state({ notice, placements: [] }),
      state({ notice, placements: [{ ...a, location: null }] }),
      state({ notice, outcomes: new Map([['a', { state: 'DETACHED' as const }]]) }),
    ]) {
      const { banners, host } = watched(shown);
      banners.changed(later);
      expect(host.clearNotice).toHaveBeenCalledTimes(1);
    }
  });

  it('stands through a status re-read, a failure said elsewhere, and a list being read again from nothing', () => {
    const { banners, host } = watched(state({ notice }));
    banners.changed(state({ notice, placements: [{ ...a, placement: { ...a.placement, syncStatus: 'UP_TO_DATE' } }] }));
    banners.changed(state({ notice, error: { source: 'status-read', error: new Error('offline') } }));
    banners.changed(state({ notice, placements: null }));
    expect(host.clearNotice).not.toHaveBeenCalled();
  });

  it('a running run is never judged; a finished one is, once it is over', () => {
    const handle = { items: [], done: Promise.resolve([]), stop: () => undefined } as unknown as RefreshAllRun;
    const items = [{ entry: a, state: 'done' }] as unknown as RefreshItem[];
    const { banners, host } = watched(state({ run: { handle, items, running: true } }));
    banners.changed(state({ run: { handle, items, running: true }, placements: [] }));
    expect(host.dismissRun).not.toHaveBeenCalled();
    banners.changed(state({ run: { handle, items, running: false } }));
    banners.changed(state({ run: { handle, items, running: false }, outcomes: new Map([['a', { state: 'EDITED' as const }]]) }));
    expect(host.dismissRun).toHaveBeenCalledTimes(1);
  });
});
