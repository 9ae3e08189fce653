import { convertDe } from './convert-de';
import { convertEn } from './convert-en';
import { de } from './de';
import { en, type Messages } from './en';

/** The words of "Convert to formulas", apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export type ConvertWords = typeof convertEn;

const WORDS = new Map<Messages, ConvertWords>([[en, convertEn], [de, convertDe]]);

export function convertWordsOf(m: Messages): ConvertWords {
  return WORDS.get(m) ?? convertEn;
}
