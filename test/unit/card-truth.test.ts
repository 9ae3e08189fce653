import { RequestCancelledError } from '../../src/client/errors';
import type { ReportPlacement } from '../../src/contract';
import type { PreparedRefresh, WorkbookPlacement, WriteOutcome } from '../../src/placements/placement-service';
import { done, entry, handEdits, report, started, tick, until } from '../support/workspace-store-fakes';

/**
 * One truth per card: each event order that once made a card contradict the cells or itself, replayed on the pane
 * store in Node, and the card it must show after (pane/placement-cards.ts derives it from the whole state).
 */

const BEFORE = '2025-01-01T00:00:00Z';
const FIRST_ROUND = '2025-01-02T00:00:00Z';

/** A placement at Sheet1 rows `top + 1` to `top + 6` (columns B:D), listed with the platform's status. */
function at(id: string, top: number, syncStatus: ReportPlacement['syncStatus'] = 'UP_TO_DATE'): WorkbookPlacement {
  const base = entry(id);
  const rect = { top, left: 1, bottom: top + 5, right: 3 };
  return {
    ...base,
    placement: { ...base.placement, resultLocation: `Sheet1!B${top + 1}:D${top + 6}`, syncStatus, refreshedAt: BEFORE },
    location: { ...base.location!, rect },
  };
}

const prepared = (e: WorkbookPlacement) => ({ report, placement: e.placement, prepared: {} }) as PreparedRefresh;
/** A query that answers only when the run is stopped (cancelled), as a slow data API does. */
const untilStopped = (_e: WorkbookPlacement, signal?: AbortSignal) =>
  new Promise<PreparedRefresh>((_, reject) => signal!.addEventListener('abort', () => reject(new RequestCancelledError())));

async function watching(listed: WorkbookPlacement[]) {
  const fake = await started(listed);
  await until(() => fake.placements.workbookPlacements.mock.calls.length > 0);
  await tick();
  return fake;
}

describe('a card says one thing, and it is true of the cells', () => {
  it('a hand edit seen live stays Edited by hand when Refresh all is stopped before reaching it', async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store, placements, type } = await watching([a, b]);
    type('C22');
    await until(() => store.cards().get('b')?.status === 'EDITED');

    placements.prepareRefresh.mockImplementation((e: WorkbookPlacement, signal?: AbortSignal) => (e.placement.id === 'a' ? Promise.resolve(prepared(e)) : untilStopped(e, signal)));
    const run = store.refreshAll();
    await until(() => store.getState().run?.items[0]?.state === 'done');
    store.stopRun();
    await run;

    expect(store.getState().run!.items.map((i) => i.state)).toEqual(['done', 'stopped']);
    // Its cell still holds the typed value: the stop did not touch it, so the card still says so, and only that.
    expect(store.cards().get('b')).toMatchObject({ status: 'EDITED', run: null });
    expect(store.cards().get('a')).toMatchObject({ status: 'UP_TO_DATE', run: 'done' });
    await store.dispose();
  });

  it('a hand edit the run finds stays Edited by hand after the stop and after the summary goes, until typed back', async () => {
    const [a, b] = [at('a', 2), at('b', 20)];
    const { store, placements, type } = await watching([a, b]);
    placements.writeRefresh.mockImplementation(async (p: PreparedRefresh): Promise<WriteOutcome> => (p.placement.id === 'a' ? handEdits : done(p.placement.id!)));
    placements.prepareRefresh.mockImplementation((e: WorkbookPlacement, signal?: AbortSignal) => (e.placement.id === 'a' ? Promise.resolve(prepared(e)) : untilStopped(e, signal)));
    const run = store.refreshAll();
    await until(() => store.getState().run?.items[0]?.state === 'needs-attention');
    store.stopRun();
    await run;
    expect(store.cards().get('a')).toMatchObject({ status: 'EDITED', reason: 'Edited: C5' });
    expect(store.cards().get('b')).toMatchObject({ status: 'UP_TO_DATE', run: 'stopped' });

    // The next action dismisses the run's summary: the hand edits are still there, and still said.
    await store.relink(b);
    expect(store.getState().run).toBeNull();
    expect(store.cards().get('a')).toMatchObject({ status: 'EDITED' });

    // Typed back: the cells hold what was written again, and the card says the platform's status.
    placements.checkHandEdits.mockResolvedValueOnce({ rows: [], cells: [] });
    type('C5');
    await until(() => store.cards().get('a')?.status === 'UP_TO_DATE');
    await store.dispose();
  });

  it('a placement the run wrote before the stop (its report changed meanwhile) is not said to be "not refreshed"', async () => {
    const a = at('a', 2, 'UP_TO_DATE');
    const { store, placements } = await watching([a]);
    // First round: written and recorded, but the report changed during it, so the run goes round again; the stop
    // comes during the second round's query (a slow host).
    const firstRound: WriteOutcome = { ...done('a'), stale: true } as WriteOutcome;
    if (firstRound.kind === 'done') firstRound.placement = { ...firstRound.placement, refreshedAt: FIRST_ROUND };
    placements.writeRefresh.mockResolvedValueOnce(firstRound);
    placements.prepareRefresh.mockImplementationOnce(async (e: WorkbookPlacement) => prepared(e)).mockImplementationOnce(untilStopped);
    // After the run the platform lists the first round's write, out of date since the report changed.
    placements.workbookPlacements.mockResolvedValue([{ ...a, placement: { ...a.placement, refreshedAt: FIRST_ROUND, syncStatus: 'CHANGED' } }]);
    const run = store.refreshAll();
    await until(() => placements.prepareRefresh.mock.calls.length === 2);
    store.stopRun();
    await run;

    expect(store.getState().run!.items[0]!.state).toBe('stopped');
    // "Refreshed now by you" is true, and the card says Out of date, with no "Not refreshed" beside it.
    expect(store.cards().get('a')).toEqual({ status: 'CHANGED', reason: null, run: null, denied: false, detached: false, damaged: false });
    await store.dispose();
  });

  it("a run that writes a placement drops what the pane said of its cells before, and a stop keeps an earlier failure's cells untouched", async () => {
    const [a, b] = [at('a', 2, 'CHANGED'), at('b', 20, 'CHANGED')];
    const { store, placements, type } = await watching([a, b]);
    type('C5');
    await until(() => store.cards().get('a')?.status === 'EDITED');
    // b failed on its own before the run.
    placements.refresh.mockRejectedValueOnce(new Error('query failed'));
    await store.refresh(b);
    expect(store.cards().get('b')).toMatchObject({ status: 'FAILED', reason: 'query failed' });

    // The user typed a's value back before the run reached it (the pipeline's check finds it clean) and wrote it.
    placements.prepareRefresh.mockImplementation((e: WorkbookPlacement, signal?: AbortSignal) => (e.placement.id === 'a' ? Promise.resolve(prepared(e)) : untilStopped(e, signal)));
    const run = store.refreshAll();
    await until(() => store.getState().run?.items[0]?.state === 'done');
    expect(store.cards().get('a')).toMatchObject({ status: 'UP_TO_DATE', run: 'done' });
    store.stopRun();
    await run;
    // b's failure was the run's to try again: not reached, it shows the platform's status and says so.
    expect(store.cards().get('b')).toMatchObject({ status: 'CHANGED', run: 'stopped', reason: null });
    await store.dispose();
  });

  it('Place again here on a damaged placement asks about its hand edits, and Cancel writes nothing and keeps them said', async () => {
    // Recorded as six rows; one row inside it was deleted, so five are left.
    const damaged = at('a', 2, 'UP_TO_DATE');
    damaged.location = { ...damaged.location!, rect: { ...damaged.location!.rect, bottom: damaged.location!.rect.bottom - 1 } };
    const { store, placements } = await watching([damaged]);
    expect(store.cards().get('a')).toMatchObject({ status: 'DAMAGED', damaged: true });
    placements.refresh.mockResolvedValueOnce(handEdits);
    await store.placeAgain(damaged);
    expect(store.getState().question).toEqual({ kind: 'hand-edits', rows: [5], cells: ['C5'] });
    store.cancelQuestion();
    expect(store.getState().question).toBeNull();
    expect(placements.refresh).toHaveBeenCalledTimes(1);
    expect(placements.refresh.mock.calls[0]![1].overwriteHandEdits).toBeUndefined();
    expect(placements.place).not.toHaveBeenCalled();
    // Still damaged (its cells are as they were), and its hand edits are remembered for when it is written whole.
    expect(store.cards().get('a')).toMatchObject({ status: 'DAMAGED' });
    expect(store.getState().outcomes.get('a')).toEqual({ state: 'EDITED' });
    await store.dispose();
  });
});
