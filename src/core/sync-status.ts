import type { SyncStatus } from '../contract';

/** contract.md: equal checksums are UP_TO_DATE, two known and different ones CHANGED, a missing one UNKNOWN. */
export function syncStatusOf(placementQueryChecksum: string | null, reportQueryChecksum: string | null): SyncStatus {
  if (placementQueryChecksum === null || reportQueryChecksum === null) return 'UNKNOWN';
  return placementQueryChecksum === reportQueryChecksum ? 'UP_TO_DATE' : 'CHANGED';
}

export interface StatusDisplay {
  /** Fluent badge colour; always shown together with words and an icon, never alone. */
  tone: 'success' | 'warning' | 'informative' | 'danger';
  icon: 'checkmark' | 'arrow-sync' | 'question' | 'unlink' | 'edit' | 'error' | 'lock' | 'link' | 'clock' | 'sync-circle' | 'warning' | 'table-broken';
}

/**
 * What the pane shows for a placement: the platform's sync status, or a state only the pane knows: its
 * cells are gone (detached), some of its cells were deleted (damaged: rows or columns inside it), cells were edited by hand since the last write, foreign cells are in the way of
 * its result, its last refresh failed, it waits for or is in a refresh of "Refresh all", the user may not read
 * its report (denied), it was recorded before placements had ids (legacy), or its id is another record's too, so
 * neither is written (refused). `card-state.ts` picks the one a card leads with, and says Out of date beside it
 * when that holds too (`CardState.alsoOutOfDate`).
 */
export type PlacementState =
  | SyncStatus | 'DETACHED' | 'DAMAGED' | 'EDITED' | 'IN_THE_WAY' | 'FAILED' | 'QUEUED' | 'REFRESHING' | 'DENIED' | 'LEGACY' | 'REFUSED';

/** How each placement state is shown (the words come from the pane's catalog): tone and icon. */
export function statusDisplay(status: PlacementState): StatusDisplay {
  switch (status) {
    case 'DETACHED': return { tone: 'danger', icon: 'unlink' };
    case 'DAMAGED': return { tone: 'danger', icon: 'table-broken' };
    case 'FAILED': return { tone: 'danger', icon: 'error' };
    case 'EDITED': return { tone: 'warning', icon: 'edit' };
    case 'IN_THE_WAY': return { tone: 'warning', icon: 'warning' };
    case 'QUEUED': return { tone: 'informative', icon: 'clock' };
    case 'REFRESHING': return { tone: 'informative', icon: 'sync-circle' };
    case 'UP_TO_DATE': return { tone: 'success', icon: 'checkmark' };
    case 'CHANGED': return { tone: 'warning', icon: 'arrow-sync' };
    case 'UNKNOWN': return { tone: 'informative', icon: 'question' };
    case 'DENIED': return { tone: 'informative', icon: 'lock' };
    case 'LEGACY': return { tone: 'warning', icon: 'link' };
    case 'REFUSED': return { tone: 'danger', icon: 'warning' };
  }
}
