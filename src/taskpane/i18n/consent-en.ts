/**
 * The words of the consent bar (issue 39), in English: what a workbook would query by itself, and the user's Allow or
 * Not now. Apart from `Messages` (see consent-words.ts).
 */
export const consentEn = {
  title: 'This workbook wants to query your data',
  intro: 'It was made or changed outside this copy of Report Sync. Nothing it holds runs with your credentials until you allow it.',
  reportsHeading: 'Reports it would run',
  /** A report and the members its query names. */
  members: (list: string) => `Members: ${list}`,
  filters: (list: string) => `Filters: ${list}`,
  sheetsHeading: 'Sheets it would write into',
  hidden: 'hidden',
  veryHidden: 'very hidden: only code can show it',
  refreshOnOpen: 'It asks to be refreshed every time it opens.',
  formulas: 'Its RS formulas ask for numbers.',
  allow: 'Allow',
  notNow: 'Not now',
  /** After Not now: the bar gives way to one line that says what waits. */
  declined: 'This workbook\'s queries wait: refresh on open, Refresh all and its formulas send nothing until you allow them.',
  reconsider: 'Review and allow',
  /** The ribbon's Refresh all after Not now. */
  ribbonDeclined: '"Refresh all" from the ribbon did not run: you chose Not now for this workbook\'s queries. Choose Review and allow to run them.',
};
