import { useState } from 'react';
import type { PlacementService, WorkbookPlacement } from '../../placement/placement-service';
import { startRefreshAll, type RefreshAllRun, type RefreshItem } from '../../placement/refresh-all';
import { placementKey } from '../../placement/workbook-placements';
import type { Messages } from '../i18n';
import type { PlacementOutcome } from './PlacementsView';

export interface RefreshAllState {
  handle: RefreshAllRun;
  items: readonly RefreshItem[];
  running: boolean;
}

/**
 * "Refresh all": its progress item by item, Stop, and each placement's outcome once it ends (a clean refresh
 * goes back to the platform's status; a failure or a hand edit stays shown on the placement).
 */
export function useRefreshAll(
  service: PlacementService, describe: (error: unknown) => string, m: Messages,
  settle: (changes: [key: string, outcome: PlacementOutcome | null][]) => void, reload: () => Promise<void>,
) {
  const [allRun, setAllRun] = useState<RefreshAllState | null>(null);

  const refreshAll = async (refreshable: WorkbookPlacement[]) => {
    if (!refreshable.length) return;
    const handle = startRefreshAll(service, refreshable, {
      describe,
      onUpdate: (items) => setAllRun((current) => (current ? { ...current, items: [...items] } : current)),
    });
    setAllRun({ handle, items: [...handle.items], running: true });
    const items = await handle.done;
    setAllRun({ handle, items: [...items], running: false });
    settle(items.flatMap((item): [string, PlacementOutcome | null][] => {
      const id = placementKey(item.entry);
      if (item.state === 'done') return [[id, null]];
      if (item.state === 'failed') return [[id, { state: 'FAILED', reason: item.reason ?? m.errors.unknown }]];
      if (item.outcome?.kind === 'hand-edits') return [[id, { state: 'EDITED' }]];
      return [];
    }));
    await reload();
  };

  /** Why an item needs the user: the cells edited by hand or in the way, or the failure's words. */
  const attention = (item: RefreshItem): string | null => {
    const outcome = item.outcome;
    if (outcome?.kind === 'hand-edits') return m.attentionEdited(outcome.cells.slice(0, 3).join(', '));
    if (outcome?.kind === 'needs-confirmation') return m.attentionInTheWay(outcome.foreignCells.slice(0, 3).join(', '));
    return item.reason;
  };
  const runStates = new Map((allRun?.items ?? []).map((item) => [placementKey(item.entry), { state: item.state, reason: attention(item) }]));
  return { allRun, refreshAll, runStates };
}
