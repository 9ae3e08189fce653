import { chatDe } from './chat-de';
import { chatEn } from './chat-en';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { useI18n } from './index';

/**
 * The agent chat's words, apart from `Messages`: only the views loaded after the pane's start (the workspace, the
 * chat tab, Settings) import them, so the initial script carries none. Chosen by the pane's catalog, so they are
 * always in the pane's language.
 */
export type ChatWords = typeof chatEn;

export const chatWordsOf: (m: Messages) => ChatWords = wordsByCatalog(chatEn, chatDe);

export function useChatWords(): ChatWords {
  return chatWordsOf(useI18n().m);
}
