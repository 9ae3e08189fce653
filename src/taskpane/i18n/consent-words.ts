import { consentDe } from './consent-de';
import { consentEn } from './consent-en';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';

/** The consent bar's words, apart from `Messages`, chosen by the pane's catalog so they are in the pane's language. */
export type ConsentWords = typeof consentEn;

export const consentWordsOf: (m: Messages) => ConsentWords = wordsByCatalog(consentEn, consentDe);
