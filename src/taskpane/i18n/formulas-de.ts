import type { FormulasWords } from './formulas-en';

/** The words of the RS formulas' part of Refresh all's summary, in German (the same entries as English). */
export const formulasDe: FormulasWords = {
  failed: { one: (count) => `${count} Formel fehlgeschlagen`, other: (count) => `${count} Formeln fehlgeschlagen` },
  stale: {
    one: (count, since) => `${count} Formel zeigt einen Wert von ${since}: Die Daten-API war nicht erreichbar.`,
    other: (count, since) => `${count} Formeln zeigen Werte von ${since}: Die Daten-API war nicht erreichbar.`,
  },
};
