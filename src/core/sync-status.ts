import type { SyncStatus } from '../contract';

/** contract.md: equal checksums are UP_TO_DATE, two known and different ones CHANGED, a missing one UNKNOWN. */
export function syncStatusOf(placementQueryChecksum: string | null, reportQueryChecksum: string | null): SyncStatus {
  if (placementQueryChecksum === null || reportQueryChecksum === null) return 'UNKNOWN';
  return placementQueryChecksum === reportQueryChecksum ? 'UP_TO_DATE' : 'CHANGED';
}
