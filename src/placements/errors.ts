import type { ReportPlacement } from '../contract';
import type { UnplaceableReason } from '../core/report-definition';

export { ReportChangedElsewhereError, RestoreFailedError, WriteFailedError, WriteStoppedError } from '../ports/errors';

/** The placement's hidden name is gone (sheet or cells deleted): it is never written to a guessed place. */
export class PlacementDetachedError extends Error {
  override readonly name = 'PlacementDetachedError';
  constructor(readonly placement: Pick<ReportPlacement, 'resultLocation'>) {
    super(`The cells of this placement (${placement.resultLocation}) were deleted.`);
  }
}

/** The new result would cover another placement's cells: refused, whatever the user says. */
export class PlacementOverlapError extends Error {
  override readonly name = 'PlacementOverlapError';
  constructor(readonly other: { title: string; location: string }) {
    super(`The result would cover "${other.title}" at ${other.location}. Choose another cell or move that placement first.`);
  }
}

/**
 * The placement's id names the same cells as another record's (core/placement-names.ts): neither is written until
 * one is disconnected. `others`: the other records, by their report's title (null: one the user may not read) and range.
 */
export class PlacementIdSharedError extends Error {
  override readonly name = 'PlacementIdSharedError';
  constructor(readonly placement: Pick<ReportPlacement, 'resultLocation'>, readonly others: readonly { title: string | null; resultLocation: string }[]) {
    super(`The placement at ${placement.resultLocation} has an id that ${others.map((o) => (o.title ? `"${o.title}"` : 'a report you cannot read')).join(', ')} also uses: the workbook may have been edited outside Report Sync. Neither is refreshed; disconnect one.`);
  }
}

/** The report has no query this add-in can run (none, SQL only, or one that does not parse). */
export class UnplaceableReportError extends Error {
  override readonly name = 'UnplaceableReportError';
  constructor(readonly title: string, readonly reason: UnplaceableReason) {
    super(`"${title}" cannot be placed: ${reason.kind}${'detail' in reason ? ` (${reason.detail})` : ''}.`);
  }
}

/** The administrator turned off data download (app config `restrictDataDownload`): nothing is written to cells. */
export class DataDownloadRestrictedError extends Error {
  override readonly name = 'DataDownloadRestrictedError';
  constructor() {
    super('Your administrator has turned off downloading data, so reports cannot be written into cells.');
  }
}

/** The placement was removed on the platform since the pane listed it (disconnected from another copy, say). */
export class PlacementGoneError extends Error {
  override readonly name = 'PlacementGoneError';
  constructor(readonly placement: Pick<ReportPlacement, 'resultLocation'>) {
    super(`The placement at ${placement.resultLocation} is no longer recorded on the platform.`);
  }
}

/** The report kept changing while it was being refreshed, attempt after attempt. */
export class ReportKeptChangingError extends Error {
  override readonly name = 'ReportKeptChangingError';
  constructor(readonly title: string, readonly attempts: number) {
    super(`"${title}" changed on the platform during each of ${attempts} refreshes. Try again in a moment.`);
  }
}

/** The user may not read the report a placement belongs to. */
export class PlacementAccessDeniedError extends Error {
  override readonly name = 'PlacementAccessDeniedError';
  constructor(readonly owner: { name: string | null; email: string | null }) {
    super(`You do not have access to this report${owner.email ? `; ask ${owner.name ?? owner.email} (${owner.email})` : ''}.`);
  }
}

/**
 * The selection is not one range of cells (several areas, a chart or a shape): "Place" needs a cell to write
 * at. `code` is the Excel error code for an invalid selection, so a pane that maps only codes still says why.
 */
export class SelectionNotRangeError extends Error {
  override readonly name = 'SelectionNotRangeError';
  readonly code = 'InvalidSelection';
  constructor() {
    super('Select a single range of cells (not several areas, a chart or a shape), then place the report there.');
  }
}



/**
 * A move failed at its last step (Excel would not point the placement's name at the new cells), and putting the
 * platform's record back to the old cells failed too: the old cells still hold the placement (its name is there,
 * the new cells were emptied, or `cellsAt` still hold part of it when putting them back failed as well), but the
 * platform records it at `newLocation`. A refresh of the placement records it where its cells are.
 */
export class MoveNotUndoneError extends Error {
  override readonly name = 'MoveNotUndoneError';
  constructor(readonly oldLocation: string, readonly newLocation: string, readonly cellsAt: string | null, cause: unknown) {
    super(`The placement could not be moved: it is still at ${oldLocation}, but the platform still records it at ${newLocation}${cellsAt ? ` and the cells at ${cellsAt} could not be emptied` : ''}. Refresh it to record where it is.`, { cause });
  }
}

/**
 * A new placement was recorded on the platform but could not be named in the workbook, and taking the record back
 * failed too: its cells were put back, and the pane lists it as Detached until it is disconnected.
 */
export class PlacementNotTakenBackError extends Error {
  override readonly name = 'PlacementNotTakenBackError';
  constructor(readonly location: string, cause: unknown) {
    super(`The report could not be placed at ${location}, and its record on the platform could not be removed: it is listed as detached. Disconnect it there.`, { cause });
  }
}

/** "As an Excel table" turned on for a placement whose result cannot head a table (a pivot, or headers Excel would rename). */
export class TableNotPossibleError extends Error {
  override readonly name = 'TableNotPossibleError';
  constructor(readonly title: string) {
    super(`"${title}" cannot be an Excel table: only a flat report with one row of distinct column headers can.`);
  }
}

/**
 * Recording a write failed, and the registry could not be asked either whether it landed all the same: the cells
 * were put back, but the record may still say they were written. A refresh of the placement brings the two together.
 */
export class RecordUnconfirmedError extends Error {
  override readonly name = 'RecordUnconfirmedError';
  constructor(readonly location: string, cause: unknown) {
    super(`The result at ${location} could not be recorded, nor could the platform say whether it was: the cells were put back as they were. Refresh the placement to bring the cells and the record together.`, { cause });
  }
}
