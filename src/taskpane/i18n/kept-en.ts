/**
 * The words of the reports kept in the workbook (issue 26): browsing, renaming, duplicating and deleting them, and
 * where each placement's report lives, in English (part of `Messages`: `m.kept`). Functions take the values to put
 * in, already formatted; counts are in the plural category of their number (Intl.PluralRules).
 */
export const keptEn = {
  /** Instead of the folder list and breadcrumb: one line, not an error. */
  foldersUnavailable: 'Reports kept in this workbook are not filed in folders.',
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
  /** Publish to the platform: copy the kept reports to a platform deployment and move their placements there. */
  publish: {
    open: 'Publish to the platform…',
    heading: 'Publish these reports to the platform',
    body: "Each report kept in this workbook is copied to the deployment you choose, and its placements here move with it: their cells stay as they are and from then on refresh from the platform. The reports are then no longer kept in this workbook.",
    deployment: 'Deployment',
    folder: 'Folder for reports new there',
    topLevel: 'Top level',
    run: 'Publish all',
    working: 'Publishing…',
    close: 'Close',
    none: 'No report is kept in this workbook, so there was nothing to publish.',
    published: { one: (count: string) => `${count} report published`, other: (count: string) => `${count} reports published` },
    failed: { one: (count: string) => `${count} not published`, other: (count: string) => `${count} not published` },
    moved: { one: (count: string) => `${count} placement moved`, other: (count: string) => `${count} placements moved` },
    /** One report's outcome. */
    created: (title: string) => `${title}: published.`,
    same: (title: string) => `${title}: published (the platform had it already).`,
    replaced: (title: string) => `${title}: published, replacing the platform's different version.`,
    failedItem: (title: string, reason: string) => `${title}: ${reason}`,
    unknownReport: (id: string) => `Report ${id}`,
    /** Some reports differ on the platform: the upsert would overwrite them, so only when asked. */
    replaceAsk: "The platform already has some of these reports with a different definition. Replacing overwrites their name, title, query and pivot items there; their placements in other workbooks turn Out of date.",
    replace: "Replace the platform's versions",
    /** The failures of publishing, in words. */
    outOfDate: (location: string) => `its placement at ${location} is out of date, and the platform would call it up to date. Refresh it, then publish again.`,
    differs: (platformTitle: string) => `the platform already has it, as ${platformTitle}, with a different definition. It was left as it is.`,
    elsewhere: (publicId: string) => `its public id ${publicId} belongs to a report in another deployment. Publish it to that deployment.`,
    notRecorded: (location: string) => `the platform did not record its placement at ${location} as sent; that placement is still kept in this workbook. Publish again.`,
    noWorkbookId: 'this workbook has no id yet, which its placements need on the platform. Refresh a placement once, then publish again.',
    changedMeanwhile: 'it was changed in this workbook while it was being published, so it is still kept here. Publish again.',
  },
};

export type KeptMessages = typeof keptEn;
