import { cardState, type CardInputs, type RunItemState } from '../../src/core/card-state';

const BEFORE = '2025-03-01T09:00:00.000Z';
const RUN_WROTE = '2025-03-01T10:00:00.000Z';
const LATER = '2025-03-01T11:00:00.000Z';

/** A readable, linked placement with cells, last written at BEFORE, that the platform calls Out of date. */
const card = (over: Partial<CardInputs> = {}) => cardState({
  denied: false, legacy: false, cellsGone: false, syncStatus: 'CHANGED', refreshedAt: BEFORE, outcome: undefined, run: undefined, ...over,
});
const run = (state: RunItemState['state'], over: Partial<RunItemState> = {}): RunItemState => ({
  state, reason: null, handEdits: false, startedFrom: BEFORE, recorded: state === 'done' ? RUN_WROTE : null, ...over,
});

describe("a placement card's one state", () => {
  it("is the platform's status when nothing else is known, Unknown without one", () => {
    expect(card()).toEqual({ status: 'CHANGED', reason: null, run: null });
    expect(card({ syncStatus: null })).toEqual({ status: 'UNKNOWN', reason: null, run: null });
  });

  it('is what the placement is before anything done to it: no access, not linked, detached', () => {
    const failed = { outcome: { state: 'FAILED', reason: 'boom' } as const, run: run('refreshing') };
    expect(card({ ...failed, denied: true }).status).toBe('DENIED');
    expect(card({ ...failed, legacy: true }).status).toBe('LEGACY');
    expect(card({ ...failed, cellsGone: true })).toEqual({ status: 'DETACHED', reason: null, run: null });
    expect(card({ outcome: { state: 'DETACHED' }, run: run('failed', { reason: 'gone' }) }).status).toBe('DETACHED');
  });

  it('is Damaged when some of its cells were deleted, over a run or an outcome, but never over detached', () => {
    expect(card({ cellsDamaged: true, syncStatus: 'UP_TO_DATE' })).toEqual({ status: 'DAMAGED', reason: null, run: null });
    expect(card({ cellsDamaged: true, outcome: { state: 'EDITED' }, run: run('done') }).status).toBe('DAMAGED');
    expect(card({ cellsDamaged: true, cellsGone: true }).status).toBe('DETACHED');
    expect(card({ cellsDamaged: true, denied: true }).status).toBe('DENIED');
  });

  it('shows a run under way over Damaged (Refresh all writes it whole again), and Damaged over a finished one', () => {
    expect(card({ cellsDamaged: true, run: run('queued') })).toEqual({ status: 'QUEUED', reason: null, run: 'queued' });
    expect(card({ cellsDamaged: true, run: run('refreshing') })).toEqual({ status: 'REFRESHING', reason: null, run: 'refreshing' });
    expect(card({ cellsDamaged: true, run: run('needs-attention', { reason: 'in the way' }) })).toEqual({ status: 'DAMAGED', reason: null, run: null });
  });

  it('shows a run under way over everything the pane knew before', () => {
    expect(card({ run: run('queued'), syncStatus: 'UP_TO_DATE' })).toEqual({ status: 'QUEUED', reason: null, run: 'queued' });
    expect(card({ run: run('refreshing'), outcome: { state: 'EDITED' } })).toEqual({ status: 'REFRESHING', reason: null, run: 'refreshing' });
  });

  it('shows a needs-you outcome over the platform\'s Up to date, with the cells', () => {
    const edited = run('needs-attention', { handEdits: true, reason: 'Edited by hand (B3)' });
    expect(card({ syncStatus: 'UP_TO_DATE', run: edited })).toEqual({ status: 'EDITED', reason: 'Edited by hand (B3)', run: 'needs-attention' });
    const inTheWay = run('needs-attention', { reason: 'Cells in the way (F1)' });
    expect(card({ syncStatus: 'UP_TO_DATE', run: inTheWay })).toEqual({ status: 'IN_THE_WAY', reason: 'Cells in the way (F1)', run: 'needs-attention' });
  });

  it('shows a run\'s failure with why, over the platform\'s status', () => {
    expect(card({ syncStatus: 'UP_TO_DATE', run: run('failed', { reason: 'The platform had a problem.' }) }))
      .toEqual({ status: 'FAILED', reason: 'The platform had a problem.', run: 'failed' });
  });

  it('shows a failure after an earlier success as Failed, never beside Done', () => {
    // The run refreshed it; a later refresh on its own failed (the pane's outcome, set after the run).
    expect(card({ syncStatus: 'UP_TO_DATE', refreshedAt: RUN_WROTE, run: run('done'), outcome: { state: 'FAILED', reason: 'Excel refused.' } }))
      .toEqual({ status: 'FAILED', reason: 'Excel refused.', run: null });
  });

  it('shows a done item as Up to date until the listing has its write, then the platform\'s status', () => {
    expect(card({ run: run('done') })).toEqual({ status: 'UP_TO_DATE', reason: null, run: 'done' });
    expect(card({ refreshedAt: RUN_WROTE, syncStatus: 'UP_TO_DATE', run: run('done') })).toEqual({ status: 'UP_TO_DATE', reason: null, run: 'done' });
    // The report was edited after the run wrote it: the listing is newer.
    expect(card({ refreshedAt: RUN_WROTE, syncStatus: 'CHANGED', run: run('done') })).toEqual({ status: 'CHANGED', reason: null, run: 'done' });
  });

  it('lets a write recorded after the run win over what the run said', () => {
    // "Refresh anyway" after the run found hand edits; a refresh on its own after the run's failure.
    const later = { refreshedAt: LATER, syncStatus: 'UP_TO_DATE' } as const;
    expect(card({ ...later, run: run('needs-attention', { handEdits: true, reason: 'Edited by hand (B3)' }) }))
      .toEqual({ status: 'UP_TO_DATE', reason: null, run: null });
    expect(card({ ...later, run: run('failed', { reason: 'boom' }) })).toEqual({ status: 'UP_TO_DATE', reason: null, run: null });
    expect(card({ ...later, run: run('done') })).toEqual({ status: 'UP_TO_DATE', reason: null, run: null });
  });

  it("leaves the platform's status for an item Stop never reached, saying so", () => {
    expect(card({ run: run('stopped') })).toEqual({ status: 'CHANGED', reason: null, run: 'stopped' });
  });

  it('never says a stopped item was not reached once the listing has a write the run made', () => {
    // A first round wrote it before the stop: "Refreshed now" and "not reached" would contradict each other.
    expect(card({ refreshedAt: RUN_WROTE, run: run('stopped', { recorded: RUN_WROTE }) })).toEqual({ status: 'CHANGED', reason: null, run: null });
  });

  it('keeps Edited by hand over a stopped or a done item and the platform\'s status: the hand edits are still in the cells', () => {
    const edited = { outcome: { state: 'EDITED' } as const, syncStatus: 'UP_TO_DATE' as const };
    expect(card({ ...edited, run: run('stopped') })).toEqual({ status: 'EDITED', reason: null, run: null });
    // Typed after the run wrote it.
    expect(card({ ...edited, refreshedAt: RUN_WROTE, run: run('done') })).toEqual({ status: 'EDITED', reason: null, run: null });
    expect(card(edited)).toEqual({ status: 'EDITED', reason: null, run: null });
  });

  it("shows the run's failure or need of the user over hand edits seen before, with the run's words", () => {
    const edited = { outcome: { state: 'EDITED' } as const, syncStatus: 'UP_TO_DATE' as const };
    expect(card({ ...edited, run: run('failed', { reason: 'boom' }) })).toEqual({ status: 'FAILED', reason: 'boom', run: 'failed' });
    expect(card({ ...edited, run: run('needs-attention', { handEdits: true, reason: 'Edited by hand (B3)' }) }))
      .toEqual({ status: 'EDITED', reason: 'Edited by hand (B3)', run: 'needs-attention' });
  });

  it("shows the pane's own outcome when no run says more", () => {
    // The platform calls it Out of date as well (issue 42): both are said.
    expect(card({ outcome: { state: 'EDITED' } })).toEqual({ status: 'EDITED', reason: null, run: null, alsoOutOfDate: true });
    expect(card({ outcome: { state: 'FAILED', reason: 'boom' } })).toEqual({ status: 'FAILED', reason: 'boom', run: null });
  });
});

describe('a card tells every truth (issue 42)', () => {
  const edited = { outcome: { state: 'EDITED' } as const };

  it('says Out of date beside Edited by hand when the report changed too, and only then', () => {
    expect(card({ ...edited, syncStatus: 'CHANGED' })).toEqual({ status: 'EDITED', reason: null, run: null, alsoOutOfDate: true });
    expect(card({ ...edited, syncStatus: 'UP_TO_DATE' })).toEqual({ status: 'EDITED', reason: null, run: null });
    expect(card({ ...edited, syncStatus: 'UNKNOWN' })).toEqual({ status: 'EDITED', reason: null, run: null });
    expect(card({ ...edited, syncStatus: null })).toEqual({ status: 'EDITED', reason: null, run: null });
  });

  it("says it beside a run's need of the user too: hand edits or cells in the way, with the run's words", () => {
    const handEdits = run('needs-attention', { handEdits: true, reason: 'Edited by hand (B3)' });
    expect(card({ run: handEdits })).toEqual({ status: 'EDITED', reason: 'Edited by hand (B3)', run: 'needs-attention', alsoOutOfDate: true });
    const inTheWay = run('needs-attention', { reason: 'Cells in the way (F1)' });
    expect(card({ run: inTheWay })).toEqual({ status: 'IN_THE_WAY', reason: 'Cells in the way (F1)', run: 'needs-attention', alsoOutOfDate: true });
  });

  it('never says it twice, nor beside what the platform status does not hold for', () => {
    expect(card()).toEqual({ status: 'CHANGED', reason: null, run: null });
    // A run under way is refreshing it now; detached or refused cells are not the report's to be out of date in.
    expect(card({ ...edited, run: run('refreshing') }).alsoOutOfDate).toBeUndefined();
    expect(card({ ...edited, cellsGone: true }).alsoOutOfDate).toBeUndefined();
    expect(card({ ...edited, refused: true }).alsoOutOfDate).toBeUndefined();
    // A write recorded after the run's hand edits (Refresh anyway): the platform's own status, once.
    expect(card({ refreshedAt: LATER, run: run('needs-attention', { handEdits: true, reason: 'x' }) })).toEqual({ status: 'CHANGED', reason: null, run: null });
  });
});
