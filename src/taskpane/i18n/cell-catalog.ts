import type { CellWords } from '../../core/cell-words';
import { cellsDe } from './cells-de';
import { cellsEn } from './cells-en';

/** The languages cells can be written in: a placement's card offers each. */
export const CELL_LANGUAGES = ['en', 'de'] as const;

const CELL_WORDS: Record<string, CellWords> = { en: cellsEn, de: cellsDe };

/** The words written into cells in a language (a placement's own, whatever the pane's); English for any other. */
export function cellWordsIn(language: string): CellWords {
  return CELL_WORDS[language] ?? cellsEn;
}
