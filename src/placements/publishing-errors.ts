/**
 * The typed failures of publishing a workbook's reports to the platform (`publishing.ts`), each in words; the pane
 * puts them into its own language by class (`taskpane/views/kept/kept-publish-words.ts`). After any of them every placement
 * is either still kept in the workbook or recorded on the platform, and publishing again finishes the job.
 */

/**
 * A placement of the report was written before the report was last changed (Out of date). The platform stamps a
 * placement it records with the report's current query checksum, so it would call these cells Up to date: refused.
 */
export class PlacementOutOfDateError extends Error {
  override readonly name = 'PlacementOutOfDateError';
  constructor(readonly title: string, readonly location: string) {
    super(`"${title}" was not published: its placement at ${location} is out of date, and the platform would call it up to date. Refresh it, then publish again.`);
  }
}

/**
 * The deployment already has a report with this report's public id (published before from a copy of this workbook,
 * say) and it differs: its name, title, query or pivot items. The upsert would replace them, so it is not sent
 * unless asked (`replace`).
 */
export class PublishedReportDiffersError extends Error {
  override readonly name = 'PublishedReportDiffersError';
  constructor(readonly title: string, readonly platformTitle: string) {
    super(`"${title}" was not published: the platform already has it, as "${platformTitle}", with a different definition. Publish with "replace" to overwrite the platform's with this workbook's.`);
  }
}

/** The report's public id belongs to a report in another deployment (the platform's permanent 409): it cannot go here. */
export class PublicIdElsewhereError extends Error {
  override readonly name = 'PublicIdElsewhereError';
  constructor(readonly title: string, readonly publicId: string, cause: unknown) {
    super(`"${title}" was not published: its public id ${publicId} belongs to a report in another deployment. Publish it to that deployment.`, { cause });
  }
}

/** The platform's answer did not hold the placement as it was sent: it stays in the workbook. */
export class PlacementNotRecordedError extends Error {
  override readonly name = 'PlacementNotRecordedError';
  constructor(readonly title: string, readonly location: string) {
    super(`The platform did not record the placement of "${title}" at ${location} as it was sent; it is still kept in the workbook. Publish again.`);
  }
}

/** The workbook has no id of its own yet, which the platform's records of its placements need. */
export class WorkbookWithoutIdError extends Error {
  override readonly name = 'WorkbookWithoutIdError';
  constructor() {
    super('This workbook has no id yet, so its placements cannot be recorded on the platform. Place or refresh a report once, then publish again.');
  }
}

/** The workbook's report was changed (or placed again) while it was being published: its part is kept. */
export class ReportChangedWhilePublishingError extends Error {
  override readonly name = 'ReportChangedWhilePublishingError';
  constructor(readonly title: string) {
    super(`"${title}" was changed in the workbook while it was being published, so it is still kept in the workbook. Publish again.`);
  }
}
