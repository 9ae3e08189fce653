import { createContext, useContext } from 'react';
import { PLATFORM_ONLY, type PaneConnectedTo } from '../../core/connected-to';
import { relativeTime } from '../../core/relative-time';
import { de } from './de';
import { en, type Messages } from './en';

export type { Messages } from './en';

const CATALOGS: Record<string, Messages> = { en, de };

/** The pane's words and formats for one display language (Office's, e.g. `de-DE`). */
export interface I18n {
  m: Messages;
  /** The BCP 47 tag numbers and dates are formatted for. */
  locale: string;
  /** The catalog's language: `en` or `de`. */
  language: string;
  number(value: number): string;
  relative(iso: string): string;
  /** What the words speak for (issue 42): the platform, a Cube deployment, or both; the platform until connected. */
  connectedTo: PaneConnectedTo;
}

/** German for any German display language, English for every other. */
export function i18nFor(displayLanguage: string): I18n {
  const language = displayLanguage.toLowerCase().split('-')[0]!;
  const m = CATALOGS[language] ?? en;
  const locale = CATALOGS[language] ? displayLanguage : 'en-US';
  const numbers = new Intl.NumberFormat(locale);
  return {
    m,
    locale,
    language: CATALOGS[language] ? language : 'en',
    number: (value) => numbers.format(value),
    relative: (iso) => relativeTime(iso, locale),
    connectedTo: PLATFORM_ONLY,
  };
}

/** The same words and formats, speaking for `connectedTo` (the same object when it already does). */
export function speakingFor(i18n: I18n, connectedTo: PaneConnectedTo): I18n {
  return i18n.connectedTo === connectedTo ? i18n : { ...i18n, connectedTo };
}

const I18nContext = createContext<I18n>(i18nFor('en-US'));
export const I18nProvider = I18nContext.Provider;

export function useI18n(): I18n {
  return useContext(I18nContext);
}
