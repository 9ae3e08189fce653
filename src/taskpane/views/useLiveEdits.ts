import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { liveHandEdits, outcomesAfterCheck, relocated, type LiveHandEdits } from '../../monitoring/live-edits';
import type { Workspace } from '../../placements/workspace-parts';
import type { WorkbookPlacement } from '../../placements/placement-service';
import { checkFailureNotice, describeFailedCheck } from '../errors';
import { useI18n } from '../i18n';
import type { PlacementOutcome } from './PlacementsView';
import { useLatest } from './useLatest';

/**
 * Shows hand edits as the user makes them: the placements' sheets are watched (`LiveHandEdits`), and a placement
 * whose cells were edited gets the pane's "Edited by hand" outcome at once, the one a Refresh that finds hand
 * edits sets; typed back to what was written, that outcome goes, and so do the hand edits a finished Refresh all
 * found there (`onHandEditsUndone`). Checks wait while `busy` (a write under way). A check or a registration that
 * fails is told in the error area (`setError`: what failed, why, and what to do) until a later check succeeds.
 * Rows or columns inserted or deleted on a placement's sheet move its address on the card at once
 * (`setPlacements`), as its name moved in Excel.
 */
export function useLiveEdits(
  workspace: Workspace,
  placements: readonly WorkbookPlacement[] | null,
  busy: boolean,
  setOutcomes: Dispatch<SetStateAction<Map<string, PlacementOutcome>>>,
  setError: Dispatch<SetStateAction<string | null>>,
  setPlacements?: Dispatch<SetStateAction<WorkbookPlacement[] | null>>,
  onHandEditsUndone?: (key: string) => void,
): void {
  const i18n = useI18n();
  const i18nRef = useLatest(i18n);
  const setPlacementsRef = useLatest(setPlacements);
  const undoneRef = useLatest(onHandEditsUndone);
  const busyRef = useLatest(busy);
  const [live, setLive] = useState<LiveHandEdits | null>(null);

  useEffect(() => {
    const notice = checkFailureNotice(setError);
    const failed = (error: unknown) => notice.failed(describeFailedCheck(i18nRef.current.m.errors.handEditCheckFailed, error, i18nRef.current));
    const watcher = liveHandEdits(workspace, {
      busy: () => busyRef.current,
      onError: failed,
      onRecovered: () => notice.recovered(),
      onResult: (result) => {
        if (result.kind === 'failed') return failed(result.error);
        if (result.kind === 'moved') {
          setPlacementsRef.current?.((current) => (current ? relocated(current, result.locations) : current));
          return;
        }
        setOutcomes((current) => outcomesAfterCheck(current, result));
        // Clean again: the hand edits a finished Refresh all found there go too.
        if (result.kind === 'clean') undoneRef.current?.(result.key);
      },
    });
    setLive(watcher);
    return () => {
      void watcher.stop();
    };
  }, [workspace, setOutcomes, setError]);

  useEffect(() => {
    if (live && placements) void live.watch(placements);
  }, [live, placements]);
}
