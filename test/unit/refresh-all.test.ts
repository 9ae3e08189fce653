import type { Report, ReportPlacement } from '../../src/contract';
import type { PlacementService, PreparedRefresh, WorkbookPlacement, WriteOptions, WriteOutcome } from '../../src/placements/placement-service';
import { countOutcomes, standingHandEdits, startRefreshAll, withHandEditsUndone, type RefreshItem } from '../../src/monitoring/refresh-all';
import { i18nFor } from '../../src/taskpane/i18n';
import { runItemStates } from '../../src/taskpane/views/run-words';

const report = { id: 2, deploymentId: 1, name: 'Orders by status' } as Report;

/** A placement last written to Sheet1!B3:D8 (header and five rows) whose name now covers `rect`. */
function entry(id: string, rect = { top: 2, left: 1, bottom: 7, right: 3 }): WorkbookPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', syncStatus: 'CHANGED', refreshedAt: '2025-01-01T00:00:00Z' } as ReportPlacement,
    deploymentId: 1, reportId: 2, report, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect },
  };
}
/** Rows 5 (sheet row 5, inside B3:D8) deleted: the name covers B3:D7. */
const damaged = (id: string) => entry(id, { top: 2, left: 1, bottom: 6, right: 3 });

/**
 * A service whose writes answer as Excel would for each placement (by id): what `writeRefreshes` was asked with is
 * kept, so a test sees whether hand edits were allowed to go.
 */
function fakeService(answer: (placementId: string, options: WriteOptions) => WriteOutcome) {
  const writes: { id: string; overwriteHandEdits: boolean }[] = [];
  const service = {
    sharedRun: () => ({ deps: null }),
    prepareRefresh: async (e: WorkbookPlacement) => ({ report, placement: e.placement, prepared: {} }) as PreparedRefresh,
    placementIds: async () => ['a', 'b', 'c'],
    readForRefreshes: async () => ({}),
    writeRefreshes: async (prepared: readonly PreparedRefresh[], options: WriteOptions = {}) => prepared.map(async (one) => {
      writes.push({ id: one.placement.id!, overwriteHandEdits: options.overwriteHandEdits === true });
      return { status: 'fulfilled', value: answer(one.placement.id!, options) };
    }),
  } as unknown as PlacementService;
  return { service, writes };
}

const done = (id: string): WriteOutcome => ({
  kind: 'done', report, placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', refreshedAt: '2025-01-02T00:00:00Z' } as ReportPlacement,
  cutAt: null, stale: false,
});
const handEdits: WriteOutcome = { kind: 'hand-edits', rows: [5], cells: ['C5'], location: { sheetName: 'Sheet1', rect: { top: 2, left: 1, bottom: 6, right: 3 } } as never };
const inTheWay: WriteOutcome = { kind: 'needs-confirmation', foreignCells: ['B9'], target: 'Sheet1!B3:D8' };

describe('Refresh all and damaged placements', () => {
  // Issue 23: these asserted the defect that a damaged placement's hand edits were overwritten without a question.
  // Every write now keeps every guard; the pipeline matches what is left of a damaged placement against its record
  // (integration/every-write-asks.test.ts), so only real hand edits are asked about.
  it('writes a damaged placement whole again where it is, with every guard: its hand edits leave it needing the user', async () => {
    const { service, writes } = fakeService((id, options) => (options.overwriteHandEdits ? done(id) : handEdits));
    const items = await startRefreshAll(service, [damaged('a')]).done;
    expect(writes).toEqual([{ id: 'a', overwriteHandEdits: false }]);
    expect(items.map((i) => i.state)).toEqual(['needs-attention']);
    expect(countOutcomes(items)).toMatchObject({ refreshed: 0, needsYou: 1 });
  });

  it('refreshes a damaged placement without hand edits, and asks about a whole one with them', async () => {
    const { service, writes } = fakeService((id) => (id === 'b' ? handEdits : done(id)));
    const items = await startRefreshAll(service, [entry('b'), damaged('a')], { concurrency: 1 }).done;
    expect(writes).toEqual([{ id: 'b', overwriteHandEdits: false }, { id: 'a', overwriteHandEdits: false }]);
    expect(items.map((i) => i.state)).toEqual(['needs-attention', 'done']);
    expect(items[0]!.outcome).toEqual(handEdits);
  });

  it('stops a damaged placement as "needs you" when foreign content is where it grows back, writing nothing', async () => {
    const { service, writes } = fakeService(() => inTheWay);
    const items = await startRefreshAll(service, [damaged('a')]).done;
    expect(writes).toEqual([{ id: 'a', overwriteHandEdits: false }]);
    expect(items.map((i) => i.state)).toEqual(['needs-attention']);
    expect(items[0]!.outcome).toEqual(inTheWay);
    expect(countOutcomes(items)).toMatchObject({ refreshed: 0, needsYou: 1 });
  });
});

describe('hand edits a finished run found, typed back', () => {
  const en = i18nFor('en-US').m;
  const items = (): RefreshItem[] => [
    { entry: entry('a'), state: 'needs-attention', reason: null, outcome: handEdits },
    { entry: entry('b'), state: 'needs-attention', reason: null, outcome: inTheWay },
    { entry: entry('c'), state: 'done', reason: null, outcome: done('c') },
  ];

  it('go from the run: its item has no say on the card any more, and is not kept as an outcome', () => {
    const before = items();
    expect(runItemStates(before, en).get('a')).toMatchObject({ state: 'needs-attention', handEdits: true });
    const after = withHandEditsUndone(before, 'a');
    expect(after).not.toBe(before);
    expect(after[0]).toMatchObject({ handEditsUndone: true, state: 'needs-attention' });
    // The run's own record is left as it was.
    expect(before[0]!.handEditsUndone).toBeUndefined();
    expect(runItemStates(after, en).has('a')).toBe(false);
    expect(after.filter(standingHandEdits)).toEqual([]);
    expect(before.filter(standingHandEdits).map((i) => i.entry.placement.id)).toEqual(['a']);
    // The summary says what the run ended with.
    expect(countOutcomes(after)).toMatchObject({ needsYou: 2, refreshed: 1 });
  });

  it('leave the run as it is for a placement whose item found no hand edits (cells in the way, done, not in the run)', () => {
    const before = items();
    expect(withHandEditsUndone(before, 'b')).toBe(before);
    expect(withHandEditsUndone(before, 'c')).toBe(before);
    expect(withHandEditsUndone(before, 'zz')).toBe(before);
    const once = withHandEditsUndone(before, 'a');
    expect(withHandEditsUndone(once, 'a')).toBe(once);
  });
});
