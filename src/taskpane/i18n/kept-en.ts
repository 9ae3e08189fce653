/**
 * The words of the reports kept in the workbook (issue 26): browsing, renaming, duplicating and deleting them, and
 * where each placement's report lives, in English (part of `Messages`: `m.kept`). Functions take the values to put
 * in, already formatted; counts are in the plural category of their number (Intl.PluralRules).
 */
export const keptEn = {
  /** Instead of the folder list and breadcrumb: one line, not an error. */
  foldersUnavailable: 'Reports kept in this workbook are not filed in folders: folders need the managed platform.',
  /** An empty list, not searching. */
  noneKept: 'No reports are kept in this workbook yet. Build an exploration and save it to keep one here.',
  /** The menu button of a kept report's row; the title tells the list's many apart. */
  actions: 'More',
  actionsFor: (title: string) => `More actions for ${title}`,
  rename: 'Rename…',
  duplicate: 'Duplicate',
  delete: 'Delete…',
  openInBuilder: 'Open in builder',
  renameHeading: (title: string) => `Rename ${title}`,
  renameSubmit: 'Rename',
  deleteTitle: (title: string) => `Delete ${title}?`,
  deleteBody: 'The report is removed from this workbook for everyone who opens it. This cannot be undone.',
  /** A report with placements here: `deleteReport` removes them with it. */
  deleteBodyPlaced: {
    one: (count: string) => `It is placed ${count} time in this workbook. That placement is removed with it: its cells keep the values they show, but are no longer refreshed. This cannot be undone.`,
    other: (count: string) => `It is placed ${count} times in this workbook. Those placements are removed with it: their cells keep the values they show, but are no longer refreshed. This cannot be undone.`,
  },
  deleteConfirm: 'Delete the report',
  cancel: 'Cancel',
  dismiss: 'Dismiss',
  /** What just succeeded, announced politely. */
  renamed: (title: string) => `Renamed to ${title}.`,
  duplicated: (title: string) => `Duplicated as ${title}.`,
  deleted: (title: string) => `${title} was deleted.`,
  /** The parts this version cannot read, listed after the readable reports, greyed, with no actions. */
  unavailableList: 'Reports that cannot be read',
  unnamed: 'Unnamed report',
  /** Each placement card: where its report lives. */
  homeWorkbook: 'Report kept in this workbook',
  homePlatform: 'Report on the platform',
};

export type KeptMessages = typeof keptEn;
