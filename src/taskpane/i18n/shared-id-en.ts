/**
 * The words about a placement whose id another record of the workbook uses too (issue 39): its card, listed greyed
 * with why, and the error a refresh of it meets. Spread into `en` as `sharedId`.
 */
export const sharedIdEn = {
  sharedId: {
    /** The card's reason; `others`: the other records' reports, each as `report` or `unreadableReport` says. */
    reason: (others: string) =>
      `This placement's id is also used by ${others}: the workbook may have been edited outside Report Sync. Neither is refreshed; disconnect one.`,
    report: (title: string) => `«${title}»`,
    unreadableReport: 'a report you cannot read',
    /** A refresh (alone, or in Refresh all) refused. */
    refused: (range: string, others: string) =>
      `${range} was not refreshed: its id is also used by ${others}, so the workbook may have been edited outside Report Sync. Disconnect one of them.`,
  },
};
