import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { stopDe } from './stop-de';
import { stopEn } from './stop-en';

/**
 * The words of Stop on a long write, apart from `Messages`: only the views loaded after the pane's start import them,
 * so the initial script carries none. Chosen by the pane's catalog, so they are always in the pane's language.
 */
export type StopWords = typeof stopEn;

export const stopWordsOf: (m: Messages) => StopWords = wordsByCatalog(stopEn, stopDe);
