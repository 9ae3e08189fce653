import { de } from './de';
import { en, type Messages } from './en';

/**
 * Words kept apart from `Messages` (so the initial script carries none), chosen by the pane's catalog: always in the
 * pane's language, English for any catalog without its own.
 */
export function wordsByCatalog<W>(english: W, german: W): (m: Messages) => W {
  const words = new Map<Messages, W>([[en, english], [de, german]]);
  return (m) => words.get(m) ?? english;
}
