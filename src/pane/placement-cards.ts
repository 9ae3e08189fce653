import { cardState, type CardState, type PaneOutcome, type RunItemState } from '../core/card-state';
import { isDamaged } from '../monitoring/live-edit-results';
import type { RefreshItem } from '../monitoring/refresh-all';
import { placementKey, type WorkbookPlacement } from '../placements/workbook-placements';
import type { WorkspaceState } from './pane-state';

/**
 * Each placement card's one state, derived again from the whole pane state after every event (a run item, a stop,
 * a live edit, a status re-read, a write's outcome): the view renders it and holds no rule of its own, so no two
 * lines of a card can come from different moments.
 */

export interface PlacementCard extends CardState {
  /** The user may not read its report: no actions but asking for access. */
  denied: boolean;
  /** Its cells are gone: it is listed apart, with Place again here. */
  detached: boolean;
  /** Rows or columns inside it were deleted: placed again where it is, not refreshed. */
  damaged: boolean;
  /** Its id is another record's too (`WorkbookPlacement.refused` says whose): listed greyed, nothing but Locate and Disconnect. */
  refused?: true;
}

/**
 * Per placement key, what its card needs of a run's item (`cardState` weighs it). An item whose hand edits were
 * typed back since has no say: its card shows the platform's status.
 */
export function runItemStates(items: readonly RefreshItem[], attention: (item: RefreshItem) => string | null): Map<string, RunItemState> {
  return new Map(items.filter((item) => !item.handEditsUndone).map((item): [string, RunItemState] => [placementKey(item.entry), {
    state: item.state,
    reason: attention(item),
    handEdits: item.outcome?.kind === 'hand-edits',
    startedFrom: item.entry.placement.refreshedAt ?? null,
    recorded: item.outcome?.kind === 'done' ? item.outcome.placement.refreshedAt ?? null : null,
  }]));
}

/** Every listed placement's card, by `placementKey`. */
export function placementCards(
  state: Pick<WorkspaceState, 'placements' | 'outcomes' | 'run'>,
  attention: (item: RefreshItem) => string | null,
): Map<string, PlacementCard> {
  return cardsOf(state.placements ?? [], state.outcomes, runItemStates(state.run?.items ?? [], attention));
}

/** The cards of these placements, given the pane's outcomes and the run's items by placement key. */
export function cardsOf(
  placements: readonly WorkbookPlacement[],
  outcomes: ReadonlyMap<string, PaneOutcome>,
  runs: ReadonlyMap<string, RunItemState>,
): Map<string, PlacementCard> {
  const cards = new Map<string, PlacementCard>();
  for (const entry of placements) {
    const key = placementKey(entry);
    cards.set(key, cardOf(entry, outcomes.get(key), runs.get(key)));
  }
  return cards;
}

function cardOf(entry: WorkbookPlacement, outcome: PaneOutcome | undefined, run: RunItemState | undefined): PlacementCard {
  const denied = entry.access !== 'GRANTED' || !entry.report;
  const refused = !denied && Boolean(entry.refused);
  // A placement the user may not read is listed where it was recorded: its cells are not theirs to look after.
  const detached = entry.access === 'GRANTED' && !refused && (outcome?.state === 'DETACHED' || entry.location === null);
  const damaged = !denied && !refused && !detached && isDamaged(entry);
  const { placement } = entry;
  const card = cardState({
    denied, legacy: entry.legacy, refused, cellsGone: detached, cellsDamaged: damaged, syncStatus: placement.syncStatus, refreshedAt: placement.refreshedAt,
    outcome, run,
  });
  return { ...card, denied, detached, damaged, ...(refused ? { refused } : {}) };
}
