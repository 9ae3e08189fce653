import type { RefreshItem } from '../monitoring/refresh-all';

/**
 * The words the store needs for what cards show as text (a failed placement's reason, a run item's): given by the
 * view, in the pane's language, since the store has no catalog of its own.
 */
export interface PaneWords {
  describe(error: unknown): string;
  /** Why a finished run's item needs the user: its hand-edited cells or the cells in the way. */
  attention(item: RefreshItem): string | null;
}
