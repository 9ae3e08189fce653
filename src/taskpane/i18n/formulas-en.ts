/**
 * The words of the RS formulas' part of Refresh all's summary (issue 40), in English: failures beside successes, and
 * the formulas that show values from before because the source could not be reached. Apart from `Messages` (see
 * formulas-words.ts); counts are in the plural category of their number (Intl.PluralRules).
 */
export const formulasEn = {
  failed: { one: (count: string) => `${count} formula failed`, other: (count: string) => `${count} formulas failed` },
  /** `since`: the oldest value's time (today) or date and time. */
  stale: {
    one: (count: string, since: string) => `${count} formula shows a value from ${since}: the data API could not be reached.`,
    other: (count: string, since: string) => `${count} formulas show values from ${since}: the data API could not be reached.`,
  },
};

export type FormulasWords = typeof formulasEn;
