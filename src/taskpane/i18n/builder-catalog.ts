import { builderDe } from './builder-de';
import { builderEn } from './builder-en';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { useI18n } from './index';

/**
 * The exploration builder's words, apart from `Messages`: only the views loaded after the pane's start (the builder,
 * the placements' Edit, the workspace's New exploration) and the connected pane's extras import them, so the initial
 * script carries none. Chosen by the pane's catalog, so they are always in the pane's language.
 */
export type BuilderWords = typeof builderEn;

export const builderWordsOf: (m: Messages) => BuilderWords = wordsByCatalog(builderEn, builderDe);

export function useBuilderWords(): BuilderWords {
  return builderWordsOf(useI18n().m);
}
