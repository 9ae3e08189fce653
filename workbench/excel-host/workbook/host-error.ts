/**
 * An error the host answers a request with: the `Code` and `Message` of the response's `Error`, which
 * Microsoft's Office.js turns into the `OfficeExtension.Error` the add-in catches. Codes are Excel's
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-error-handling#api-error-codes).
 */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The HTTP status Excel on the web gives the error (400 unless the code says otherwise). */
    readonly httpStatusCode = 400,
  ) {
    super(message);
  }
}

/*
 * Sources, cited per code below:
 * [EH]  Error codes and messages tables, https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling
 *       (the page the Excel error-handling URL above now leads to). Messages are quoted from it.
 * [RL]  https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
 * [PERF] https://learn.microsoft.com/en-us/office/dev/add-ins/excel/performance#payload-size-limit-best-practices
 * [HTTP] The "Error Messages" table (HTTP status, code, message) of Microsoft Graph's Excel REST reference,
 *       microsoftgraph/microsoft-graph-docs api-reference/v1.0/resources/excel.md (the same Excel service that
 *       runs Excel on the web). Office.js itself documents no HTTP statuses; codes absent there keep 400.
 */
export const ErrorCodes = {
  /** [EH] "You cannot perform the requested operation." [HTTP] 403. Graph returns exactly this code and message
   * for a write to a locked cell of a protected sheet (https://github.com/microsoftgraph/microsoft-graph-docs/issues/4546);
   * the WorksheetProtection/AllowEditRange reference pages say protection-blocked operations throw `AccessDenied`. */
  accessDenied: 'AccessDenied',
  /** [EH] Throttling. [HTTP] 429. */
  activityLimitReached: 'ActivityLimitReached',
  /** [EH] The member is not in the host's requirement sets (e.g. ExcelApi 1.9 on Excel 2019). No HTTP status documented. */
  apiNotFound: 'ApiNotFound',
  /** [EH] [HTTP] 409. */
  conflict: 'Conflict',
  /** [EH] "There was an internal error while processing the request." [HTTP] 500. */
  generalException: 'GeneralException',
  /** [EH] [HTTP] 400. */
  insertDeleteConflict: 'InsertDeleteConflict',
  /** [EH] [HTTP] 400. */
  invalidArgument: 'InvalidArgument',
  /** [EH] [HTTP] 400. Also what Excel answers `NamedItem.getRange` for a name that is not a plain range (an
   * OFFSET formula, several areas), with the message "This operation is not permitted for the current object."
   * (https://github.com/xlwings/xlwings-server/issues/218, https://github.com/OfficeDev/office-js/issues/4321);
   * the NamedItem reference says getRange "Throws an error if the named item's type is not a range". */
  invalidOperation: 'InvalidOperation',
  /** [EH] The user is editing a cell; the batch fails unless `Excel.run({ delayForCellEdit: true }, ...)`
   * (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-delay-in-cell-edit). No HTTP status documented. */
  invalidOperationInCellEditMode: 'InvalidOperationInCellEditMode',
  /** [EH] [HTTP] 400. */
  invalidReference: 'InvalidReference',
  /** [EH] [HTTP] 400. */
  invalidRequest: 'InvalidRequest',
  /** [EH] [HTTP] 400. */
  invalidSelection: 'InvalidSelection',
  /** [EH] [HTTP] 409. */
  itemAlreadyExists: 'ItemAlreadyExists',
  /** [EH] [HTTP] 404. */
  itemNotFound: 'ItemNotFound',
  /** [EH] Excel-specific. No HTTP status documented. */
  mergedRangeConflict: 'MergedRangeConflict',
  /** [EH] Excel-specific: an insert would push non-empty cells off the sheet. No HTTP status documented. */
  nonBlankCellOffSheet: 'NonBlankCellOffSheet',
  /** [EH] [HTTP] 501. */
  notImplemented: 'NotImplemented',
  /** [EH] [RL] "A range is limited to 5,000,000 cells for read operations" ([PERF]: on all platforms). */
  rangeExceedsLimit: 'RangeExceedsLimit',
  /** [EH] [HTTP] 400. */
  requestAborted: 'RequestAborted',
  /** [EH] "This error only occurs in Office on the web." [RL] 5 MB limit for requests in Excel on the web; desktop
   * has no such limit. Status 413 by analogy with Graph's payloadTooLarge
   * (https://learn.microsoft.com/en-us/graph/workbook-error-codes); Office.js documents none. */
  requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
  /** [EH] "This error only occurs in Office on the web." [RL] 5 MB limit for responses. No HTTP status documented. */
  responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
  /** [EH] [HTTP] 503. */
  serviceNotAvailable: 'ServiceNotAvailable',
  /** [EH] [HTTP] 401. */
  unauthenticated: 'Unauthenticated',
  /** [EH] [HTTP] 400. */
  unsupportedOperation: 'UnsupportedOperation',
  /** [EH] Excel-specific: macro or chart sheets. No HTTP status documented. */
  unsupportedSheet: 'UnsupportedSheet',
} as const;

export type ErrorCodeKey = keyof typeof ErrorCodes;

/** The message a host sends with each code: Microsoft's wording from [EH] (links written out in text). */
export const ERROR_MESSAGES: Record<ErrorCodeKey, string> = {
  accessDenied: 'You cannot perform the requested operation.',
  activityLimitReached: 'Activity limit has been reached.',
  apiNotFound:
    'The API you are trying to use could not be found. It may be available in a newer version of the Office application. See https://learn.microsoft.com/javascript/api/requirement-sets for more information.',
  conflict: 'Request could not be processed because of a conflict.',
  generalException: 'There was an internal error while processing the request.',
  insertDeleteConflict: 'The insert or delete operation attempted resulted in a conflict.',
  invalidArgument: 'The argument is invalid or missing or has an incorrect format.',
  invalidOperation: 'The operation attempted is invalid on the object.',
  invalidOperationInCellEditMode:
    "The operation isn't available while Excel is in Edit cell mode. Exit Edit mode by using the Enter or Tab keys, or by selecting another cell, and then try again.",
  invalidReference: 'This reference is not valid for the current operation.',
  invalidRequest: 'Cannot process the request.',
  invalidSelection: 'The current selection is invalid for this operation.',
  itemAlreadyExists: 'The resource being created already exists.',
  itemNotFound: "The requested resource doesn't exist.",
  mergedRangeConflict:
    "Cannot complete the operation. A table can't overlap with another table, a PivotTable report, query results, merged cells, or an XML Map.",
  nonBlankCellOffSheet:
    "Microsoft Excel can't insert new cells because it would push non-empty cells off the end of the worksheet. These non-empty cells might appear empty but have blank values, some formatting, or a formula. Delete enough rows or columns to make room for what you want to insert and then try again.",
  notImplemented: "The requested feature isn't implemented.",
  rangeExceedsLimit:
    'The cell count in the range has exceeded the maximum supported number. See the Resource limits and performance optimization for Office Add-ins article for more information.',
  requestAborted: 'The request was aborted during run time.',
  requestPayloadSizeLimitExceeded:
    'The request payload size has exceeded the limit. See the Resource limits and performance optimization for Office Add-ins article for more information.',
  responsePayloadSizeLimitExceeded:
    'The response payload size has exceeded the limit. See the Resource limits and performance optimization for Office Add-ins article for more information.',
  serviceNotAvailable: 'The service is unavailable.',
  unauthenticated: 'Required authentication information is either missing or invalid.',
  unsupportedOperation: 'The operation being attempted is not supported.',
  unsupportedSheet: 'This sheet type does not support this operation, since it is a Macro or Chart sheet.',
};

/** HTTP statuses per code: [HTTP] where it lists the code, else 400 (see each code's comment). */
export const HTTP_STATUS: Record<ErrorCodeKey, number> = {
  accessDenied: 403,
  activityLimitReached: 429,
  apiNotFound: 400,
  conflict: 409,
  generalException: 500,
  insertDeleteConflict: 400,
  invalidArgument: 400,
  invalidOperation: 400,
  invalidOperationInCellEditMode: 400,
  invalidReference: 400,
  invalidRequest: 400,
  invalidSelection: 400,
  itemAlreadyExists: 409,
  itemNotFound: 404,
  mergedRangeConflict: 400,
  nonBlankCellOffSheet: 400,
  notImplemented: 501,
  rangeExceedsLimit: 400,
  requestAborted: 400,
  requestPayloadSizeLimitExceeded: 413,
  responsePayloadSizeLimitExceeded: 400,
  serviceNotAvailable: 503,
  unauthenticated: 401,
  unsupportedOperation: 400,
  unsupportedSheet: 400,
};

/** Excel's observed message for `NamedItem.getRange` on a name that is not a plain range (see `invalidOperation`). */
export const NOT_PERMITTED_FOR_OBJECT_MESSAGE = 'This operation is not permitted for the current object.';

/** A {@link HostError} with the code's documented message (or `message`) and HTTP status. */
export function hostError(key: ErrorCodeKey, message: string = ERROR_MESSAGES[key]): HostError {
  return new HostError(ErrorCodes[key], message, HTTP_STATUS[key]);
}
