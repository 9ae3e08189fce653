import { cubeDe } from './cube-de';
import { cubeEn } from './cube-en';
import { cubeErrorsDe } from './cube-errors-de';
import { cubeErrorsEn } from './cube-errors-en';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { useI18n } from './index';
import { keptDe } from './kept-de';
import { keptEn } from './kept-en';

/**
 * The words of the Cube API connection and of the reports kept in the workbook (issue 26), apart from `Messages`:
 * only the views loaded after the pane's start (and `cube-error-words.ts`) import them, so the initial script
 * carries none. Chosen by the pane's catalog, so they are always in the pane's language.
 */
export interface CubeMessages {
  cube: typeof cubeEn;
  cubeErrors: typeof cubeErrorsEn;
  kept: typeof keptEn;
}

export const cubeWordsOf: (m: Messages) => CubeMessages = wordsByCatalog(
  { cube: cubeEn, cubeErrors: cubeErrorsEn, kept: keptEn },
  { cube: cubeDe, cubeErrors: cubeErrorsDe, kept: keptDe },
);

export function useCubeWords(): CubeMessages {
  return cubeWordsOf(useI18n().m);
}
