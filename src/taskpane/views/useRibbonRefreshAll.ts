import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import { useLatest } from './useLatest';

export interface RibbonRunState {
  /** The end of the Refresh all under way, which a request joins rather than starting another; null when none runs. */
  runUnderWay: Promise<unknown> | null;
  /** Whether a run can start now: placements listed, nothing else writing or asking. */
  canStart: boolean;
  /** Why no run can ever start here (the admin restricts data download), or null. */
  refusal: string | null;
  /** Starts the pane's tracked Refresh all and settles when it ends. */
  start(): Promise<void>;
  /** Tells the user the ribbon's request was refused, and why. */
  onRefused(reason: string): void;
}

/**
 * The workspace's side of the ribbon's "Refresh all": while it is open it offers to run requests as it stands, and
 * offers again whenever that changes, so a waiting request starts as soon as the pane is free.
 */
export function useRibbonRefreshAll(requests: RibbonRefreshRequests | undefined, state: RibbonRunState): void {
  const latest = useLatest(state);
  const { runUnderWay, canStart, refusal } = state;
  useEffect(() => {
    if (!requests) return undefined;
    return requests.offer(async () => {
      const now = latest.current;
      if (now.refusal) {
        now.onRefused(now.refusal);
        return 'ran';
      }
      if (now.runUnderWay) {
        await now.runUnderWay;
        return 'ran';
      }
      if (!now.canStart) return 'not-now';
      await now.start();
      return 'ran';
    });
  }, [requests, runUnderWay, canStart, refusal, latest]);
}

/** Whether a ribbon request waits for the pane (signed out, or the pane busy asking something). */
export function useRibbonWaiting(requests: RibbonRefreshRequests | undefined): boolean {
  // One subscription per channel: a new function each render would make React subscribe again every render.
  const subscribe = useCallback((changed: () => void) => requests?.subscribe(changed) ?? (() => undefined), [requests]);
  return useSyncExternalStore(subscribe, () => requests?.waiting ?? false);
}
