import { chatDe } from './chat-de';
import { chatEn } from './chat-en';
import { de } from './de';
import { en, type Messages } from './en';
import { useI18n } from './index';

/**
 * The agent chat's words, apart from `Messages`: only the views loaded after the pane's start (the workspace, the
 * chat tab, Settings) import them, so the initial script carries none. Chosen by the pane's catalog, so they are
 * always in the pane's language.
 */
export type ChatWords = typeof chatEn;

const WORDS = new Map<Messages, ChatWords>([[en, chatEn], [de, chatDe]]);

export function chatWordsOf(m: Messages): ChatWords {
  return WORDS.get(m) ?? chatEn;
}

export function useChatWords(): ChatWords {
  return chatWordsOf(useI18n().m);
}
