import type { PaneOptions } from '../pane/create-pane';
import type { PaneHost } from '../ports/pane-host';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import { loadChatSettings, saveChatSettings } from '../storage/chat-storage';
import { cubeConnectionStorage } from '../storage/cube-connection-storage';
import type { I18n } from './i18n';
import { loadNewPlacementSettings, storeNewPlacementSettings } from '../storage/new-placement-storage';
import { loadSettings, saveSettings } from '../storage/settings-storage';

/**
 * The most the watchers and the rest wait for the pane's view to show the first cards (it says so as it commits them,
 * WorkspaceView.tsx): a view that never does leaves them late, never off.
 */
const VIEW_PATIENCE_MS = 1000;

/**
 * What `createPane()` is given by the task pane's page: the add-in's own storage (per user and origin, never the
 * workbook), the pane's language, what a connected pane needs loaded later, and the page's place and visibility.
 */
export function paneOptions(host: PaneHost, i18n: I18n, ribbon: RibbonRefreshRequests | undefined): PaneOptions {
  return {
    host,
    ribbon,
    storage: {
      connection: { load: loadSettings, save: saveSettings },
      chat: { load: loadChatSettings, save: saveChatSettings },
      cubeConnections: cubeConnectionStorage,
      newPlacements: { load: loadNewPlacementSettings, save: storeNewPlacementSettings },
    },
    language: i18n.language,
    // With the connected pane's code, after sign-in: its words and storage are not in the initial script.
    loadConnectedExtras: async (connectedTo) => (await import('./mount-connected')).connectedPaneExtras(i18n, connectedTo),
    addinBase: () => new URL('.', window.location.href).href,
    visible: () => document.visibilityState !== 'hidden',
    viewPatienceMs: VIEW_PATIENCE_MS,
  };
}

