import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { formulasDe } from './formulas-de';
import { formulasEn, type FormulasWords } from './formulas-en';

/** The formulas' words, apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export const formulasWordsOf: (m: Messages) => FormulasWords = wordsByCatalog(formulasEn, formulasDe);
