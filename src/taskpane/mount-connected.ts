import type { PaneConnectedTo } from '../core/connected-to';
import type { ConnectedPaneExtras } from '../pane/create-pane';
import { chatThreadStore } from '../storage/chat-storage';
import { localConsentStorage } from '../storage/consent-storage';
import { localLastValues } from '../storage/last-values-storage';
import { describeError } from './errors';
import { speakingFor, type I18n } from './i18n';
import { builderWordsOf } from './i18n/builder-catalog';
import { cellWordsIn } from './i18n/cell-catalog';
import { describeChatError } from './views/chat/chat-words';
import { attention } from './views/run-words';

/**
 * What only a connected pane needs from the page, loaded with it (`mount-options.ts`) rather than in the initial
 * script: the words its stores show and write into cells, in the pane's language, and the add-in's storage of
 * allowances, formulas' last values and chat threads. Failures are told for what the pane is connected to when they
 * are told (`connectedTo`).
 */
export function connectedPaneExtras(i18n: I18n, connectedTo: () => PaneConnectedTo): ConnectedPaneExtras {
  return {
    words: {
      describe: (error) => describeError(error, speakingFor(i18n, connectedTo())),
      attention: (item) => attention(item, i18n.m),
      describeChat: (error) => describeChatError(error, i18n),
      copyName: (name) => builderWordsOf(i18n.m).copyName(name),
    },
    cellWords: cellWordsIn,
    consentStorage: localConsentStorage,
    lastValues: localLastValues,
    chatThreads: chatThreadStore,
  };
}
