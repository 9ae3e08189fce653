import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import type { Workspace } from '../../placements/workspace-parts';
import type { WorkspaceState } from '../../pane/pane-state';
import { WorkspaceStore } from '../../pane/workspace-store';
import { formulasAfterConsent, refreshFormulas } from '../../pane/formula-wiring';
import { formulaCalls, formulaService } from '../../functions/formula-registry';
import type { ConversionPorts } from '../../placements/convert-to-formulas';
import { cellWordsIn } from '../i18n/cell-catalog';
import { connectionUser, type PaneConnection } from '../../pane/pane-connection';
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
      user: connectionUser(connection),
      keptInFile,
      formulaCalls,
      afterAllow: () => formulasAfterConsent(excelCalculation),
    },
    conversion: conversionPorts(workspace, connection),
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
 * "Convert to formulas" answers each new formula through the formula service, as the workbook's RS.VALUE cells are. A
 * formula names its deployment whenever the connection has several, so it keeps its numbers whatever the workbook's
 * default for formulas becomes.
 */
function conversionPorts(workspace: Workspace, connection: PaneConnection): ConversionPorts {
  return {
    values: formulaService,
    deploymentArgument: (id) => (connection.deployments.length > 1 ? connection.deployments.find((d) => d.id === id)?.name ?? String(id) : null),
    meta: async (id) => {
      const client = await workspace.data.forDeployment(id);
      return client.meta ? client.meta() : null;
    },
    words: cellWordsIn,
  };
}
