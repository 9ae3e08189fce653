import { consentDe } from './consent-de';
import { consentEn } from './consent-en';
import { de } from './de';
import { en, type Messages } from './en';

/** The consent bar's words, apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export type ConsentWords = typeof consentEn;

const WORDS = new Map<Messages, ConsentWords>([[en, consentEn], [de, consentDe]]);

export function consentWordsOf(m: Messages): ConsentWords {
  return WORDS.get(m) ?? consentEn;
}
