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

/** How each placement state is shown: words and an icon, so status never depends on colour alone. */
export function statusDisplay(status: SyncStatus): StatusDisplay {
  switch (status) {
    case 'UP_TO_DATE': return { label: 'Up to date', tone: 'success', icon: 'checkmark' };
    case 'CHANGED': return { label: 'Out of date', tone: 'warning', icon: 'arrow-sync' };
    case 'UNKNOWN': return { label: 'Unknown', tone: 'informative', icon: 'question' };
  }
}
