import { de } from './de';
import { en, type Messages } from './en';
import { stopDe } from './stop-de';
import { stopEn } from './stop-en';

/**
 * The words of Stop on a long write, apart from `Messages`: only the views loaded after the pane's start import them,
 * so the initial script carries none. Chosen by the pane's catalog, so they are always in the pane's language.
 */
export type StopWords = typeof stopEn;

const WORDS = new Map<Messages, StopWords>([[en, stopEn], [de, stopDe]]);

export function stopWordsOf(m: Messages): StopWords {
  return WORDS.get(m) ?? stopEn;
}
