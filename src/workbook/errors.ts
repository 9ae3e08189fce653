/**
 * The typed errors of the reports kept in the workbook (issue 26), so the pane can tell them apart by class and put
 * them into words. A conflict on saving is the ports' own `ReportChangedElsewhereError`, as with the platform.
 */

/** The workbook's reports belong to the one Cube connection the add-in uses; another deployment's id names nothing here. */
export class OtherDeploymentError extends Error {
  override readonly name = 'OtherDeploymentError';
  constructor(readonly deploymentId: number, readonly connectedDeploymentId: number) {
    super(`The reports kept in this workbook belong to the connected Cube deployment (${connectedDeploymentId}), not to deployment ${deploymentId}.`);
  }
}

/** No report of that id is kept in this workbook (deleted, in this or another copy of the file, or never there). */
export class WorkbookReportNotFoundError extends Error {
  override readonly name = 'WorkbookReportNotFoundError';
  constructor(readonly reportId: number) {
    super(`This workbook keeps no report ${reportId} any more: it may have been deleted. Reload the workbook's reports.`);
  }
}

/** No placement of the report matches the address given (a refresh of a placement disconnected meanwhile). */
export class WorkbookPlacementNotFoundError extends Error {
  override readonly name = 'WorkbookPlacementNotFoundError';
  constructor(readonly reportId: number, readonly address: string) {
    super(`This workbook keeps no placement ${address} of report ${reportId} any more: it may have been disconnected.`);
  }
}

/** Folders (and their policies) need the managed platform: reports kept in the workbook are in none. */
export class FoldersUnavailableError extends Error {
  override readonly name = 'FoldersUnavailableError';
  constructor() {
    super('Folders need the managed platform; reports kept in this workbook are not filed in folders.');
  }
}

/** A request the workbook's reports cannot carry out as asked (the platform's 400 and 409), in words. */
export class WorkbookReportRequestError extends Error {
  override readonly name = 'WorkbookReportRequestError';
}
