import { RequestCancelledError } from '../../src/client/errors';
import type { PreparedRefresh, WorkbookPlacement } from '../../src/placements/placement-service';
import { isBusy } from '../../src/pane/pane-state';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import { done, entry, fakeWorkspace, handEdits, inTheWay, report, started, tick, until, words } from '../support/workspace-store-fakes';
import type { FormulaTally } from '../../src/functions/formula-calls';

/**
 * The pane store in Node, over a workspace whose placements answer as a test says (test/support/workspace-store-fakes.ts):
 * no DOM, no Excel. Each flow is what a user does in the pane, and what the store then shows.
 */

describe('the pane store: ask, answer, retry', () => {
  it('a place stopped at foreign cells asks, writes nothing, and the answer writes it with permission', async () => {
    const { store, placements } = await started([]);
    placements.place.mockResolvedValueOnce(inTheWay);
    expect(await store.place(report)).toBe(false);
    expect(store.getState().question).toEqual({ kind: 'overwrite', target: 'Sheet1!B3:D8', foreignCells: ['C6'], insertWays: ['rows'], canMove: true });
    expect(isBusy(store.getState())).toBe(true);
    expect(placements.place).toHaveBeenCalledTimes(1);

    expect(await store.answerOverwrite()).toBe(true);
    expect(placements.place.mock.calls[1]![1]).toMatchObject({ overwrite: true, asTable: true });
    const state = store.getState();
    expect(state.question).toBeNull();
    expect(state.operation).toBeNull();
    expect(state.notice).toMatchObject({ kind: 'written', title: 'Orders by status', location: 'Sheet1!B3:D8', rows: null });
  });

  it('a refresh stopped at hand edits marks the card Edited, and Overwrite writes with that permission only', async () => {
    const a = entry('a');
    const { store, placements } = await started([a]);
    placements.refresh.mockResolvedValueOnce(handEdits);
    expect(await store.refresh(a)).toBe(false);
    expect(store.getState().question).toEqual({ kind: 'hand-edits', rows: [5], cells: ['C5'] });
    expect(store.getState().outcomes.get('a')).toEqual({ state: 'EDITED' });
    await store.locateHandEdits();
    expect(placements.selectCells).toHaveBeenCalledWith(handEdits.kind === 'hand-edits' && handEdits.location, ['C5']);
    expect(store.getState().question).not.toBeNull();

    expect(await store.answerHandEdits()).toBe(true);
    expect(placements.refresh.mock.calls[1]![1]).toMatchObject({ overwriteHandEdits: true });
    expect(placements.refresh.mock.calls[1]![1].overwrite).toBeUndefined();
    expect(store.getState().outcomes.has('a')).toBe(false);
  });

  it('refreshing a report\'s placements refreshes them one at a time in one shared run (one read, one query)', async () => {
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    const { store, placements } = await started([a, b, c]);
    await store.refreshReport([a, b, c]);
    expect(placements.sharedRun).toHaveBeenCalledTimes(1);
    const run = placements.sharedRun.mock.results[0]!.value as unknown;
    expect(placements.refresh.mock.calls.map(([e, options]) => [e.placement.id, (options as { run?: unknown }).run])).toEqual([['a', run], ['b', run], ['c', run]]);
    // A single placement's refresh is a run of its own.
    await store.refresh(a);
    expect((placements.refresh.mock.calls[3]![1] as { run?: unknown }).run).toBeUndefined();
  });

  it('Cancel closes the question and a later answer writes nothing', async () => {
    const { store, placements } = await started([]);
    placements.place.mockResolvedValueOnce(inTheWay);
    await store.place(report);
    store.cancelQuestion();
    expect(store.getState().question).toBeNull();
    expect(await store.answerOverwrite()).toBe(false);
    expect(placements.place).toHaveBeenCalledTimes(1);
  });

  it('a failed write marks its card Failed with why, and the error area holds the failure itself', async () => {
    const a = entry('a');
    const { store, placements } = await started([a]);
    const failure = new Error('Excel said no');
    placements.refresh.mockRejectedValueOnce(failure);
    expect(await store.refresh(a)).toBe(false);
    expect(store.getState().outcomes.get('a')).toEqual({ state: 'FAILED', reason: 'Excel said no' });
    expect(store.getState().error).toEqual({ source: 'action', error: failure });
  });
});

describe('the pane store: Refresh all', () => {
  it("a run's outcomes: one refreshed, one failed, one needing the user; the hand edits outlive the run's summary", async () => {
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    const { store, placements } = await started([a, b, c]);
    placements.writeRefresh.mockImplementation(async (p) => {
      if (p.placement.id === 'b') throw new Error('query failed');
      return p.placement.id === 'c' ? handEdits : done(p.placement.id!);
    });
    await store.refreshAll();
    const run = store.getState().run!;
    expect(run.running).toBe(false);
    expect(run.items.map((i) => [i.entry.placement.id, i.state])).toEqual([['a', 'done'], ['b', 'failed'], ['c', 'needs-attention']]);
    expect(run.items[1]!.reason).toBe('query failed');

    // The next action dismisses the summary: the failure goes with it, the hand edits stay as c's outcome.
    await store.relink(a);
    expect(store.getState().run).toBeNull();
    expect(store.getState().outcomes.get('c')).toEqual({ state: 'EDITED', reason: 'Edited: C5' });
    expect(store.getState().outcomes.has('b')).toBe(false);
  });

  it("refreshes the workbook's formulas after its placements, their count in the summary; alone when there are no placements", async () => {
    const order: string[] = [];
    const refreshFormulas = jest.fn(async () => (order.push('formulas'), tally(7)));
    const { store, placements } = await started([entry('a')], { refreshFormulas });
    placements.writeRefresh.mockImplementation(async (p) => (order.push('write'), done(p.placement.id!)));
    await store.refreshAll();
    expect(order).toEqual(['write', 'formulas']);
    expect(store.getState().run).toMatchObject({ running: false, formulas: tally(7) });

    const alone = await started([], { refreshFormulas: async () => tally(3) });
    await alone.store.refreshAll();
    expect(alone.store.getState().run).toMatchObject({ items: [], running: false, formulas: tally(3) });
    // Formulas that all failed are still formulas refreshed: the summary says so.
    const failing = await started([], { refreshFormulas: async () => ({ recalculated: 0, failed: 2, stale: null }) });
    await failing.store.refreshAll();
    expect(failing.store.getState().run).toMatchObject({ formulas: { failed: 2 } });
    // No formulas either: nothing to refresh, said so.
    const none = await started([], { refreshFormulas: async () => tally(0) });
    await none.store.refreshAll();
    expect([none.store.getState().run, none.store.getState().notice]).toEqual([null, { kind: 'nothing-to-refresh' }]);
  });

  it('Stop midway: what was written stays written, what was not reached is stopped, and the run ends', async () => {
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    const { store, placements } = await started([a, b, c]);
    // a's query answers at once; b's and c's wait until stopped.
    placements.prepareRefresh.mockImplementation((e: WorkbookPlacement, signal?: AbortSignal) => (e.placement.id === 'a'
      ? Promise.resolve({ report, placement: e.placement, prepared: {} } as PreparedRefresh)
      : new Promise((_, reject) => signal!.addEventListener('abort', () => reject(new RequestCancelledError())))));
    const run = store.refreshAll();
    await until(() => store.getState().run?.items[0]?.state === 'done');
    expect(store.getState().run!.running).toBe(true);
    store.stopRun();
    await run;
    expect(store.getState().run!.items.map((i) => i.state)).toEqual(['done', 'stopped', 'stopped']);
    expect(store.getState().run!.running).toBe(false);
    expect(placements.writeRefresh).toHaveBeenCalledTimes(1);
  });

  it('live edits and status re-reads arriving during a run wait for it, then apply', async () => {
    const a = entry('a');
    const { store, placements, registry, type } = await started([a]);
    let release!: () => void;
    placements.prepareRefresh.mockImplementationOnce((e: WorkbookPlacement) => new Promise((resolve) => {
      release = () => resolve({ report, placement: e.placement, prepared: {} } as PreparedRefresh);
    }));
    await until(() => placements.workbookPlacements.mock.calls.length > 0);
    await tick();
    const run = store.refreshAll();
    await until(() => release !== undefined);
    // During the run: the user types into a placed cell, and the pane regains focus.
    type('C5');
    store.focused();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(placements.checkHandEdits).not.toHaveBeenCalled();
    expect(registry.statuses).not.toHaveBeenCalled();

    release();
    await run;
    // After it: the edit is checked and shown on the card, and the statuses are read and put on the cards.
    await until(() => placements.checkHandEdits.mock.calls.length > 0);
    await until(() => store.getState().outcomes.get('a')?.state === 'EDITED');
    store.focused();
    await until(() => store.getState().placements?.[0]?.placement.syncStatus === 'UP_TO_DATE');
    expect(registry.statuses).toHaveBeenCalledTimes(1);
    await store.dispose();
  });
});

describe('the pane store: background checks take back only their own message', () => {
  it('a failed hand-edit check is shown, and taken back when a check succeeds, unless another message replaced it', async () => {
    const a = entry('a');
    const { store, placements, type } = await started([a]);
    await until(() => placements.workbookPlacements.mock.calls.length > 0);
    await tick();
    const busyHost = new Error('host busy');
    placements.checkHandEdits.mockRejectedValueOnce(busyHost);
    type('C5');
    await until(() => store.getState().error !== null);
    expect(store.getState().error).toEqual({ source: 'hand-edit-check', error: busyHost });
    placements.checkHandEdits.mockResolvedValueOnce({ rows: [], cells: [] });
    type('C5');
    await until(() => store.getState().error === null);

    // Failing again, then the user's own action fails: the check's recovery leaves the action's failure.
    placements.checkHandEdits.mockRejectedValueOnce(busyHost);
    type('C5');
    await until(() => store.getState().error?.source === 'hand-edit-check');
    placements.refresh.mockRejectedValueOnce(new Error('query failed'));
    await store.refresh(a);
    placements.checkHandEdits.mockResolvedValueOnce({ rows: [], cells: [] });
    type('C5');
    await until(() => placements.checkHandEdits.mock.calls.length === 4);
    await tick();
    expect(store.getState().error).toMatchObject({ source: 'action' });
    await store.dispose();
  });
});

/** Formulas that all answered afresh. */
function tally(recalculated: number): FormulaTally {
  return { recalculated, failed: 0, stale: null };
}

describe('the pane store: its start', () => {
  it('lists the cards from its one read, and follows the selection and watches the sheets only once the view shows them', async () => {
    const fake = fakeWorkspace([entry('a')]);
    const watchCellChanges = jest.spyOn(fake.ports.workbook, 'watchCellChanges');
    const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1, viewPatienceMs: 60_000 });
    const starting = store.start({ visible: false });
    await until(() => store.getState().placements !== null);
    expect(store.getState().refreshOnOpen).toEqual({ on: false, supported: true });
    await tick();
    expect(fake.placements.watchSelection).not.toHaveBeenCalled();
    expect(watchCellChanges).not.toHaveBeenCalled();

    store.cardsShown();
    await starting;
    expect(fake.placements.watchSelection).toHaveBeenCalledTimes(1);
    await until(() => watchCellChanges.mock.calls.length === 1);
    await store.dispose();
  });

  it('a view that never says the cards are shown leaves the checks late, never off', async () => {
    const fake = fakeWorkspace([entry('a')]);
    const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1, viewPatienceMs: 20 });
    await store.start({ visible: false });
    expect(fake.placements.watchSelection).toHaveBeenCalledTimes(1);
    await store.dispose();
  });
});
