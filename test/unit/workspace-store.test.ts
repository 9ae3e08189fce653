import { RequestCancelledError } from '../../src/client/errors';
import type { Report, ReportPlacement } from '../../src/contract';
import type { RefreshItem } from '../../src/monitoring/refresh-all';
import type { PreparedRefresh, WorkbookPlacement, WriteOptions, WriteOutcome } from '../../src/placements/placement-service';
import type { Workspace } from '../../src/placements/workspace-parts';
import { isBusy } from '../../src/pane/pane-state';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { CellChange, PlacedCells } from '../../src/ports/workbook';

/**
 * The pane store in Node, over a workspace whose placements answer as a test says: no DOM, no Excel. Each flow is
 * what a user does in the pane, and what the store then shows.
 */

const report = { id: 2, deploymentId: 1, name: 'Orders by status' } as Report;

/** A placement last written to Sheet1!B3:D8, its name there. */
function entry(id: string): WorkbookPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', resultChecksum: { v: 3, chunks: [], payload: 'x' }, syncStatus: 'CHANGED', refreshedAt: '2025-01-01T00:00:00Z' } as ReportPlacement,
    deploymentId: 1, reportId: 2, report, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: 2, left: 1, bottom: 7, right: 3 } },
  };
}

const done = (id: string): WriteOutcome => ({
  kind: 'done', report, placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', refreshedAt: '2025-01-02T00:00:00Z' } as ReportPlacement,
  cutAt: null, stale: false,
});
const handEdits: WriteOutcome = { kind: 'hand-edits', rows: [5], cells: ['C5'], location: { sheetId: 's1', sheetName: 'Sheet1', rect: { top: 2, left: 1, bottom: 7, right: 3 } } };
const room = { sheetName: 'Sheet1', own: null, target: { top: 2, left: 1, bottom: 7, right: 3 }, placement: null, insert: ['rows' as const] };
const inTheWay: WriteOutcome = { kind: 'needs-confirmation', foreignCells: ['C6'], target: 'Sheet1!B3:D8', room };

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('timed out');
}

/** A workspace whose use cases are jest functions, listing `listed`; typing raises a cell change on Sheet1. */
function fakeWorkspace(listed: WorkbookPlacement[]) {
  let onCellChange: ((change: CellChange) => void) | null = null;
  const placed: PlacedCells[] = listed.map((e) => ({ placementId: e.placement.id!, sheetId: 's1', sheetName: 'Sheet1', rect: e.location!.rect, relative: false, formula: '' }));
  const placements = {
    workbookPlacements: jest.fn(async () => listed),
    watchSelection: jest.fn(async (on: (address: string | null) => void) => {
      on('Sheet1!B3');
      return async () => undefined;
    }),
    place: jest.fn(async (_report: Report, _options: WriteOptions): Promise<WriteOutcome> => done('new')),
    refresh: jest.fn(async (e: WorkbookPlacement, _options: WriteOptions): Promise<WriteOutcome> => done(e.placement.id!)),
    placementIds: jest.fn(async () => listed.map((e) => e.placement.id!)),
    prepareRefresh: jest.fn(async (e: WorkbookPlacement) => ({ report, placement: e.placement, prepared: {} }) as PreparedRefresh),
    writeRefresh: jest.fn(async (p: PreparedRefresh, _options: WriteOptions): Promise<WriteOutcome> => done(p.placement.id!)),
    checkHandEdits: jest.fn(async () => ({ rows: [5], cells: ['C5'] })),
    selectCells: jest.fn(async () => undefined),
    relink: jest.fn(async (e: WorkbookPlacement) => e),
  };
  const workbook = {
    readRefreshOnOpen: async () => false,
    writeRefreshOnOpen: async () => true,
    supportsStartupBehavior: () => true,
    watchCellChanges: async (_sheets: readonly string[], on: (change: CellChange) => void) => {
      onCellChange = on;
      return async () => undefined;
    },
    findPlacements: async () => placed,
  };
  const registry = { statuses: jest.fn(async () => listed.map((e) => ({ deploymentId: 1, reportId: 2, placement: { ...e.placement, syncStatus: 'UP_TO_DATE' as const } }))) };
  const workspace = { placements, workbook, registry } as unknown as Workspace;
  return { workspace, placements, registry, type: (address: string) => onCellChange!({ sheetId: 's1', address, changeType: 'RangeEdited' }) };
}

const words = {
  describe: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  attention: (item: RefreshItem) => (item.outcome?.kind === 'hand-edits' ? `Edited: ${item.outcome.cells.join(', ')}` : item.reason),
};

async function started(listed: WorkbookPlacement[]) {
  const fake = fakeWorkspace(listed);
  const store = new WorkspaceStore({ workspace: fake.workspace, writeDisabled: () => false, words, liveDebounceMs: 1 });
  await store.start({ visible: false });
  return { store, ...fake };
}

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
