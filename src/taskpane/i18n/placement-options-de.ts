import type { placementOptionsEn } from './placement-options-en';

/** Sprache der Zellen einer Platzierung, Titel- und Quellzeile (siehe placement-options-en.ts). */
export const placementOptionsDe: typeof placementOptionsEn = {
  cellOptions: 'Zelloptionen',
  cellLanguage: 'Wörter in Zellen',
  cellLanguageNames: { en: 'Englisch', de: 'Deutsch' },
  titleAndSourceOnCard: 'Titel- und Quellzeile',
  newPlacementsHeading: 'Neue Platzierungen',
  titleAndSourceSetting: 'Titel- und Quellzeile über dem Ergebnis',
  titleAndSourceHint:
    'Der Titel des Berichts und eine Zeile, woher die Zahlen stammen und wann und von wem sie aktualisiert wurden, damit es auch Leser ohne Add-in wissen. Aus: Das Ergebnis beginnt in der ausgewählten Zelle. Die Karte jeder Platzierung kann es ändern.',
};
