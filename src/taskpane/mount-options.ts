import type { PaneOptions } from '../pane/create-pane';
import type { PaneHost } from '../ports/pane-host';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import { chatThreadStore, loadChatSettings, saveChatSettings } from '../storage/chat-storage';
import { localConsentStorage } from '../storage/consent-storage';
import { cubeConnectionStorage } from '../storage/cube-connection-storage';
import { describeError } from './errors';
import type { I18n } from './i18n';
import { cellWordsIn } from './i18n/cell-catalog';
import { localLastValues } from '../storage/last-values-storage';
import { loadNewPlacementSettings, storeNewPlacementSettings } from '../storage/new-placement-storage';
import { loadSettings, saveSettings } from '../storage/settings-storage';
import { describeChatError } from './views/chat/chat-words';
import { attention } from './views/run-words';

/**
 * What `createPane()` is given by the task pane's page: the add-in's own storage (per user and origin, never the
 * workbook), the pane's words in Office's display language, and the page's place and visibility.
 */
export function paneOptions(host: PaneHost, i18n: I18n, ribbon: RibbonRefreshRequests | undefined): PaneOptions {
  return {
    host,
    ribbon,
    storage: {
      connection: { load: loadSettings, save: saveSettings },
      chat: { load: loadChatSettings, save: saveChatSettings },
      chatThreads: chatThreadStore,
      cubeConnections: cubeConnectionStorage,
      consent: localConsentStorage,
      lastValues: localLastValues,
      newPlacements: { load: loadNewPlacementSettings, save: storeNewPlacementSettings },
    },
    language: i18n.language,
    words: {
      describe: (error) => describeError(error, i18n),
      attention: (item) => attention(item, i18n.m),
      describeChat: (error) => describeChatError(error, i18n),
      copyName: (name) => i18n.m.builder.copyName(name),
    },
    cellWords: cellWordsIn,
    addinBase: () => new URL('.', window.location.href).href,
    visible: () => document.visibilityState !== 'hidden',
  };
}
