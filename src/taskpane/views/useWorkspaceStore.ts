import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import type { Workspace } from '../../placements/workspace-parts';
import type { WorkspaceState } from '../../pane/pane-state';
import { WorkspaceStore } from '../../pane/workspace-store';
import { formulasAfterConsent, refreshFormulas } from '../../pane/formula-wiring';
import { formulaCalls } from '../../functions/formula-registry';
import type { PaneConnection } from '../../pane/pane-connection';
import { localConsentStorage } from '../consent-storage';
import { excelCalculation } from './useFormulas';
import { describeError } from '../errors';
import type { I18n } from '../i18n';
import { attention } from './run-words';

/**
 * The pane store of a workspace, started while the view is shown and stopped when it goes: the view re-renders
 * on each of its changes. The pane's focus and visibility reach the store (statuses are read again on focus).
 */
export function useWorkspaceStore(
  workspace: Workspace, connection: PaneConnection, keptInFile: (deploymentId: number) => boolean, writeDisabled: boolean, i18n: I18n, ribbon?: RibbonRefreshRequests,
): [WorkspaceStore, WorkspaceState] {
  const store = useMemo(() => new WorkspaceStore({
    workspace,
    writeDisabled: () => writeDisabled,
    words: { describe: (error) => describeError(error, i18n), attention: (item) => attention(item, i18n.m) },
    ribbon,
    refreshFormulas: () => refreshFormulas(excelCalculation),
    consent: {
      storage: localConsentStorage,
      user: consentUser(connection),
      keptInFile,
      formulaCalls,
      afterAllow: () => formulasAfterConsent(excelCalculation),
    },
  }), [workspace, connection, keptInFile, writeDisabled, i18n, ribbon]);

  useEffect(() => {
    // Fire and forget: the store shows its own failures (a listing that fails offers Try again).
    void store.start({ visible: document.visibilityState !== 'hidden' });
    const onFocus = () => store.focused();
    const onVisibility = () => (document.visibilityState === 'hidden' ? store.hidden() : store.focused());
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
      // Fire and forget: stopping only removes handlers; nothing waits for it.
      void store.dispose();
    };
  }, [store]);

  return [store, useSyncExternalStore(store.subscribe, store.getState)];
}

/**
 * Whom an allowance belongs to: the platform's user where there is one, else the Cube API's, who has no platform
 * account: the API they use and the name their token gives.
 */
function consentUser(connection: PaneConnection): string {
  if (connection.platform) return `platform:${connection.platform.user.id}:${connection.platform.user.email}`;
  return `cube:${connection.cube?.apiUrl ?? ''}:${connection.user.username}`;
}
