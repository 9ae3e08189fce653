import { de } from './de';
import { en, type Messages } from './en';
import { formulasDe } from './formulas-de';
import { formulasEn, type FormulasWords } from './formulas-en';

const WORDS = new Map<Messages, FormulasWords>([[en, formulasEn], [de, formulasDe]]);

/** The formulas' words, apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export function formulasWordsOf(m: Messages): FormulasWords {
  return WORDS.get(m) ?? formulasEn;
}
