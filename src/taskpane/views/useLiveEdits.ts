import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { liveHandEdits, relocated, type LiveHandEdits } from '../../placement/live-edits';
import type { PlacementService, WorkbookPlacement } from '../../placement/placement-service';
import type { PlacementOutcome } from './PlacementsView';
import { useLatest } from './useLatest';

/**
 * Shows hand edits as the user makes them: the placements' sheets are watched (`LiveHandEdits`), and a placement
 * whose cells were edited gets the pane's "Edited by hand" outcome at once, the one a Refresh that finds hand
 * edits sets; typed back to what was written, that outcome goes. Checks wait while `busy` (a write under way). A
 * check or a registration that fails is told through `onError` in words. Rows or columns inserted or deleted
 * on a placement's sheet move its address on the card at once (`setPlacements`), as its name moved in Excel.
 */
export function useLiveEdits(
  service: PlacementService,
  placements: readonly WorkbookPlacement[] | null,
  busy: boolean,
  setOutcomes: Dispatch<SetStateAction<Map<string, PlacementOutcome>>>,
  onError: (error: unknown) => void,
  setPlacements?: Dispatch<SetStateAction<WorkbookPlacement[] | null>>,
): void {
  const setPlacementsRef = useLatest(setPlacements);
  const busyRef = useLatest(busy);
  const onErrorRef = useLatest(onError);
  const [live, setLive] = useState<LiveHandEdits | null>(null);

  useEffect(() => {
    const watcher = liveHandEdits(service, {
      busy: () => busyRef.current,
      onError: (error) => onErrorRef.current(error),
      onResult: (result) => {
        if (result.kind === 'failed') return onErrorRef.current(result.error);
        if (result.kind === 'moved') {
          setPlacementsRef.current?.((current) => (current ? relocated(current, result.locations) : current));
          return;
        }
        setOutcomes((current) => {
          const outcome = current.get(result.key);
          if (result.kind === 'edited') {
            if (outcome?.state === 'EDITED') return current;
            return new Map(current).set(result.key, { state: 'EDITED' });
          }
          // Clean again: only the hand-edit outcome goes (a failure or detachment stays until acted on).
          if (outcome?.state !== 'EDITED') return current;
          const next = new Map(current);
          next.delete(result.key);
          return next;
        });
      },
    });
    setLive(watcher);
    return () => {
      void watcher.stop();
    };
  }, [service, setOutcomes]);

  useEffect(() => {
    if (live && placements) void live.watch(placements);
  }, [live, placements]);
}
