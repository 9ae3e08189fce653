import { useCallback, useSyncExternalStore } from 'react';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';

/** Whether a ribbon request waits for the pane (signed out, or the pane busy asking something). */
export function useRibbonWaiting(requests: RibbonRefreshRequests | undefined): boolean {
  // One subscription per channel: a new function each render would make React subscribe again every render.
  const subscribe = useCallback((changed: () => void) => requests?.subscribe(changed) ?? (() => undefined), [requests]);
  return useSyncExternalStore(subscribe, () => requests?.waiting ?? false);
}
