import { convertDe } from './convert-de';
import { convertEn } from './convert-en';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';

/** The words of "Convert to formulas", apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export type ConvertWords = typeof convertEn;

export const convertWordsOf: (m: Messages) => ConvertWords = wordsByCatalog(convertEn, convertDe);
