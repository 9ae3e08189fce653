import type { SyncStatus } from '../contract';
import type { PlacementState } from './sync-status';

/** Where one placement stands in a "Refresh all" run. */
export type RefreshState = 'queued' | 'refreshing' | 'done' | 'failed' | 'needs-attention' | 'stopped';

/**
 * The pane's own last outcome for a placement when it was not a clean write: its cells were deleted, cells
 * were edited by hand (with the cells named, when known), or the write failed (and why).
 */
export type PaneOutcome = { state: 'DETACHED' } | { state: 'EDITED'; reason?: string } | { state: 'FAILED'; reason: string };

/** A run's item for one placement, as the card needs it. */
export interface RunItemState {
  state: RefreshState;
  /** Why it failed or needs the user, in words; null otherwise. */
  reason: string | null;
  /** It needs the user because of hand edits (otherwise foreign cells are in the way). */
  handEdits: boolean;
  /** The platform's `refreshedAt` of the placement when the run started. */
  startedFrom: string | null;
  /** The `refreshedAt` the run's own write recorded; null unless done. */
  recorded: string | null;
}

export interface CardInputs {
  /** The user may not read its report. */
  denied: boolean;
  /** Recorded before placements had ids. */
  legacy: boolean;
  /** Its id names the same cells as another record's: never written until one is disconnected. */
  refused?: boolean;
  /** The workbook no longer holds its cells. */
  cellsGone: boolean;
  /** Some of its cells were deleted (rows or columns inside it): fewer than its last write covered. */
  cellsDamaged?: boolean;
  /** The platform's status and last recorded write, as listed now. */
  syncStatus: SyncStatus | null | undefined;
  refreshedAt: string | null | undefined;
  /** The pane's last outcome outside a run; a run clears its placements' outcomes when it starts. */
  outcome: PaneOutcome | undefined;
  /** Its item in the run shown, if any. */
  run: RunItemState | undefined;
}

export interface CardState {
  status: PlacementState;
  /** Why, in words, when the status comes with a reason (a failure, the cells that need the user). */
  reason: string | null;
  /** The run state the card's status comes from, or null when the run has no say (none, or superseded). */
  run: RefreshState | null;
  /**
   * The platform says Out of date too, beside a status about the cells that would hide it (Edited by hand, Cells in
   * the way): both hold, and the card shows both. Absent otherwise.
   */
  alsoOutOfDate?: true;
}

/** The statuses about the cells beside which the platform's Out of date still holds and is shown. */
const BESIDE_OUT_OF_DATE: ReadonlySet<PlacementState> = new Set(['EDITED', 'IN_THE_WAY']);

/**
 * The one state a placement's card shows. Precedence, first match wins:
 * 1. What the placement is, whatever was done to it: No access, Not linked, Refused (its id is another record's
 *    too, so neither is written: a run's failure of it says no more), Detached (its cells are gone).
 * 2. A run item still under way: Queued, Refreshing — the newest thing happening to it (Refresh all writes a
 *    damaged placement whole again).
 * 3. Damaged (some of its cells were deleted), whatever the pane or a finished run said.
 * 4. The pane's own failure, with why: set after the run started, so newer than any run item.
 * 5. The run item's failure or need of the user, unless the platform has recorded a write the run did not make
 *    (a later refresh): Failed with why; Edited by hand or Cells in the way, with the cells.
 * 6. Edited by hand (the pane's outcome), which stays true of the cells until they hold what was written again (a
 *    live check finds them clean, or a write, the run's included, replaces them; the store then drops it): no
 *    stop, finished item or platform status hides it.
 * 7. The run item's other ends, under the same proviso as 5: Done is Up to date while the listing predates the
 *    run's write (a done item is current), else the platform's status; Stopped leaves the platform's status, noted
 *    as not reached only while the listing is still what the run started from (a first round that wrote it before
 *    the stop, its report having changed meanwhile, did reach it).
 * 8. The platform's sync status, or Unknown without one.
 * Edited by hand or Cells in the way (5, 6) hide the platform's Out of date, which is still true of the report: the
 * card says it as well (`alsoOutOfDate`).
 */
export function cardState(input: CardInputs): CardState {
  const card = oneState(input);
  return input.syncStatus === 'CHANGED' && BESIDE_OUT_OF_DATE.has(card.status) ? { ...card, alsoOutOfDate: true } : card;
}

function oneState(input: CardInputs): CardState {
  const platform: CardState = { status: input.syncStatus ?? 'UNKNOWN', reason: null, run: null };
  if (input.denied) return { ...platform, status: 'DENIED' };
  if (input.legacy) return { ...platform, status: 'LEGACY' };
  if (input.refused) return { ...platform, status: 'REFUSED' };
  if (input.cellsGone || input.outcome?.state === 'DETACHED') return { ...platform, status: 'DETACHED' };
  const { run, outcome } = input;
  if (run?.state === 'queued') return { status: 'QUEUED', reason: null, run: run.state };
  if (run?.state === 'refreshing') return { status: 'REFRESHING', reason: null, run: run.state };
  if (input.cellsDamaged) return { ...platform, status: 'DAMAGED' };
  if (outcome?.state === 'FAILED') return { status: 'FAILED', reason: outcome.reason, run: null };
  const listed = input.refreshedAt ?? null;
  const current = run && (listed === run.startedFrom || listed === run.recorded) ? run : null;
  if (current?.state === 'failed') return { status: 'FAILED', reason: current.reason, run: current.state };
  if (current?.state === 'needs-attention') return { status: current.handEdits ? 'EDITED' : 'IN_THE_WAY', reason: current.reason, run: current.state };
  if (outcome) return { status: outcome.state, reason: outcome.reason ?? null, run: null };
  if (current?.state === 'done') return { status: listed === current.recorded ? platform.status : 'UP_TO_DATE', reason: null, run: current.state };
  if (current?.state === 'stopped' && listed === current.startedFrom) return { ...platform, run: current.state };
  return platform;
}
