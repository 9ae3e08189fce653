import { builderDe } from './builder-de';
import { builderEn } from './builder-en';
import { de } from './de';
import { en, type Messages } from './en';
import { useI18n } from './index';

/**
 * The exploration builder's words, apart from `Messages`: only the views loaded after the pane's start (the builder,
 * the placements' Edit, the workspace's New exploration) and the connected pane's extras import them, so the initial
 * script carries none. Chosen by the pane's catalog, so they are always in the pane's language.
 */
export type BuilderWords = typeof builderEn;

const WORDS = new Map<Messages, BuilderWords>([[en, builderEn], [de, builderDe]]);

export function builderWordsOf(m: Messages): BuilderWords {
  return WORDS.get(m) ?? builderEn;
}

export function useBuilderWords(): BuilderWords {
  return builderWordsOf(useI18n().m);
}
