/**
 * The words about a placement's cells' language and its title and source lines (core/cell-options.ts): on a
 * placement's card, and the user's setting for new placements. Spread into `en`.
 */
export const placementOptionsEn = {
  /** A placement card's choice of the language its cells are written in (the pane's language only picks a new one's). */
  /** A placement card's disclosure holding its cells' choices (table, title lines, language). */
  cellOptions: 'Cell options',
  cellLanguage: 'Words in cells',
  cellLanguageNames: { en: 'English', de: 'German' } as Record<string, string>,
  /** A placement card's switch: the report's title and a source line above its result. */
  titleAndSourceOnCard: 'Title and source lines',
  newPlacementsHeading: 'New placements',
  titleAndSourceSetting: 'Title and source lines above the result',
  titleAndSourceHint:
    "The report's title, and a line saying where the numbers come from and when and by whom they were refreshed, so a reader without the add-in knows. Off: the result starts at the selected cell. Each placement's card can change it.",
};
