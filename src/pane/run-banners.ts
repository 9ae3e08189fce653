import type { PaneOutcome } from '../core/card-state';
import type { RefreshAllRun } from '../monitoring/refresh-all';
import { placementKey } from '../placements/workbook-placements';
import type { PaneNotice, WorkspaceState } from './pane-state';

/**
 * How long a banner about a run stands (issue 42). The success area's notice of a write ("Orders is in Sheet1!B28:D33")
 * and a finished Refresh all's summary ("2 refreshed") are true of some placements' cells as they are shown, and go:
 * - with the next run's banner, which replaces them: every write and every run clears the messages as it starts;
 * - with any later action on those cells from the pane (refresh, move, disconnect, convert, the table switch), each
 *   of which clears the messages too (`WorkspaceStore.clearMessages`);
 * - when those cells change under them (watched here on every change of the pane's state): edited (a live check
 *   finds hand edits), gone, or moved so that the address said is no longer theirs (rows inserted above, rows or
 *   columns deleted, the sheet renamed), or the placement no longer listed.
 * A banner that speaks of no placement's cells (Stopped, nothing to refresh, converted, a table refused) goes with
 * the next action.
 */

/** Where a placement's cells were (null: gone) and what the pane said of them, when a banner was shown. */
interface CellsSeen {
  where: string | null;
  outcome: PaneOutcome['state'] | null;
}

/** A banner shown, and per placement key it speaks of, its cells as they were then. */
interface Shown<T> {
  of: T;
  cells: ReadonlyMap<string, CellsSeen>;
}

type Placements = NonNullable<WorkspaceState['placements']>;

/** What the pane says of a placement's cells that makes a banner about them untrue: hand edits, or the cells gone. */
const UNTRUE_AFTER: ReadonlySet<PaneOutcome['state'] | null> = new Set(['EDITED', 'DETACHED']);

export interface RunBannersHost {
  /** The notice goes. */
  clearNotice(): void;
  /** The finished run's summary goes (its hand edits stay on their cards: `RefreshAllRuns.dismiss`). */
  dismissRun(): void;
}

/** Watches the banner about a run shown, and takes it down once a change of its cells makes it untrue. */
export class RunBanners {
  private notice: Shown<PaneNotice | null> = { of: null, cells: new Map() };
  private run: Shown<RefreshAllRun | null> = { of: null, cells: new Map() };

  constructor(private readonly host: RunBannersHost) {}

  /** After every change of the pane's state: a new banner is noted with its cells as they are; one now untrue goes. */
  changed(state: WorkspaceState): void {
    const { placements } = state;
    // Being listed again from nothing ("Try again"): nothing is known of the cells, and no banner is judged.
    if (!placements) return;
    const run = state.run && !state.run.running ? state.run : null;
    if (state.notice !== this.notice.of) {
      this.notice = { of: state.notice, cells: cellsSeen(state.notice ? noticeSubjects(state.notice, placements) : [], state) };
    } else if (state.notice && !stillTrue(this.notice.cells, state)) {
      this.notice = { of: null, cells: new Map() };
      this.host.clearNotice();
      return;
    }
    if ((run?.handle ?? null) !== this.run.of) {
      this.run = { of: run?.handle ?? null, cells: cellsSeen(run ? run.items.map((item) => placementKey(item.entry)) : [], state) };
    } else if (run && !stillTrue(this.run.cells, state)) {
      this.run = { of: null, cells: new Map() };
      this.host.dismissRun();
    }
  }
}

/**
 * The placements a notice speaks of: a write's, the placement recorded at the address it names (one at most: two
 * placements never overlap). Other notices speak of no placement's cells.
 */
export function noticeSubjects(notice: PaneNotice, placements: Placements): string[] {
  if (notice.kind !== 'written') return [];
  return placements.filter((entry) => entry.placement.resultLocation === notice.location).map(placementKey);
}

/** Per placement key, its cells as they are in `state`. */
export function cellsSeen(keys: readonly string[], state: WorkspaceState): ReadonlyMap<string, CellsSeen> {
  const seen = new Map<string, CellsSeen>();
  for (const key of keys) {
    const now = cellsNow(key, state);
    if (now) seen.set(key, now);
  }
  return seen;
}

/** Whether a banner shown with `seen` is still true in `state`: each placement listed, where it was, nothing new said of it. */
export function stillTrue(seen: ReadonlyMap<string, CellsSeen>, state: WorkspaceState): boolean {
  for (const [key, was] of seen) {
    const now = cellsNow(key, state);
    if (!now || now.where !== was.where) return false;
    if (now.outcome !== was.outcome && UNTRUE_AFTER.has(now.outcome)) return false;
  }
  return true;
}

function cellsNow(key: string, state: WorkspaceState): CellsSeen | null {
  const entry = state.placements?.find((e) => placementKey(e) === key);
  if (!entry) return null;
  const at = entry.location;
  const where = at ? `${at.sheetId}\u0000${at.sheetName}\u0000${at.rect.top},${at.rect.left},${at.rect.bottom},${at.rect.right}` : null;
  return { where, outcome: state.outcomes.get(key)?.state ?? null };
}
