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

export const ErrorCodes = {
  accessDenied: 'AccessDenied',
  apiNotFound: 'ApiNotFound',
  generalException: 'GeneralException',
  invalidArgument: 'InvalidArgument',
  invalidOperation: 'InvalidOperation',
  invalidOperationInCellEditMode: 'InvalidOperationInCellEditMode',
  invalidReference: 'InvalidReference',
  itemAlreadyExists: 'ItemAlreadyExists',
  itemNotFound: 'ItemNotFound',
  requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
  responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
} as const;
