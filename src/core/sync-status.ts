import type { SyncStatus } from '../contract';

/** contract.md: equal checksums are UP_TO_DATE, two known and different ones CHANGED, a missing one UNKNOWN. */
export function syncStatusOf(placementQueryChecksum: string | null, reportQueryChecksum: string | null): SyncStatus {
  if (placementQueryChecksum === null || reportQueryChecksum === null) return 'UNKNOWN';
  return placementQueryChecksum === reportQueryChecksum ? 'UP_TO_DATE' : 'CHANGED';
}

export interface StatusDisplay {
  label: string;
  /** Fluent badge colour; always shown together with the label and icon, never alone. */
  tone: 'success' | 'warning' | 'informative' | 'danger';
  icon: 'checkmark' | 'arrow-sync' | 'question' | 'unlink' | 'error';
}

/** What the pane shows for a placement: the platform's sync status, or a state only the workbook knows. */
export type PlacementState = SyncStatus | 'DETACHED';

/** How each placement state is shown: words and an icon, so status never depends on colour alone. */
export function statusDisplay(status: PlacementState): StatusDisplay {
  switch (status) {
    case 'DETACHED': return { label: 'Detached', tone: 'danger', icon: 'unlink' };
    case 'UP_TO_DATE': return { label: 'Up to date', tone: 'success', icon: 'checkmark' };
    case 'CHANGED': return { label: 'Out of date', tone: 'warning', icon: 'arrow-sync' };
    case 'UNKNOWN': return { label: 'Unknown', tone: 'informative', icon: 'question' };
  }
}
