import { useEffect, type Dispatch, type SetStateAction } from 'react';
import type { Workspace } from '../../placements/workspace-parts';
import type { WorkbookPlacement } from '../../placements/placement-service';
import { mergeStatuses, readStatuses, StatusRefresh, type ListedStatus } from '../../monitoring/status-refresh';
import { checkFailureNotice, describeFailedCheck } from '../errors';
import { useI18n } from '../i18n';
import { useLatest } from './useLatest';

/**
 * Keeps the cards' sync statuses current while the pane is open: the platform's statuses are read again (one
 * list request, `StatusRefresh`) when the pane regains focus or becomes visible, and every few minutes while
 * shown; never while `busy` (a write or Refresh all), never while hidden. Statuses that changed are put on the
 * listed placements; a list that changed otherwise (a placement added, gone or written elsewhere) is reloaded.
 * A failed read is told in the error area (`setError`: what failed, why, and when it is tried again) until a
 * later read succeeds.
 */
export function useStatusRefresh(
  workspace: Workspace,
  placements: readonly WorkbookPlacement[] | null,
  busy: boolean,
  setPlacements: Dispatch<SetStateAction<WorkbookPlacement[] | null>>,
  reload: () => Promise<void>,
  setError: Dispatch<SetStateAction<string | null>>,
  intervalMs = 180_000,
): void {
  const i18n = useI18n();
  const i18nRef = useLatest(i18n);
  const busyRef = useLatest(busy);
  const placementsRef = useLatest(placements);
  const reloadRef = useLatest(reload);

  useEffect(() => {
    const notice = checkFailureNotice(setError);
    const refresh = new StatusRefresh<{ statuses: ListedStatus[]; of: readonly WorkbookPlacement[] } | null>({
      intervalMs,
      busy: () => busyRef.current,
      fetch: async (signal) => {
        const of = placementsRef.current;
        const workbookId = of?.[0]?.placement.workbookId;
        if (!of || !workbookId) return null;
        const deploymentIds = [...new Set(of.map((e) => e.deploymentId))];
        return { statuses: await readStatuses(workspace.registry, workbookId, deploymentIds, signal), of };
      },
      apply: (result) => {
        // Listed again meanwhile (a write's reload): the newer list stands.
        if (!result || placementsRef.current !== result.of) return;
        const merged = mergeStatuses(result.of, result.statuses);
        if (merged.kind === 'reload') void reloadRef.current();
        else if (merged.kind === 'updated') setPlacements((current) => (current === result.of ? merged.placements : current));
      },
      // The cards keep what they showed, and the next read is tried at its time.
      onError: (error) => notice.failed(describeFailedCheck(i18nRef.current.m.errors.statusRefreshFailed, error, i18nRef.current)),
      onRecovered: () => notice.recovered(),
    });
    const onFocus = () => refresh.focused();
    const onVisibility = () => (document.visibilityState === 'hidden' ? refresh.hidden() : refresh.focused());
    if (document.visibilityState !== 'hidden') refresh.start();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      refresh.stop();
    };
  }, [workspace, setPlacements, setError, intervalMs]);
}
