/** An error shaped like Office.js's `OfficeExtension.Error`: a `code` from `Excel.ErrorCodes` and a message. */
export class SimulatedOfficeError extends Error {
  override readonly name = 'RichApi.Error';
  readonly debugInfo: { code: string; message: string; errorLocation?: string };

  constructor(
    readonly code: string,
    message: string,
    errorLocation?: string,
  ) {
    super(message);
    this.debugInfo = { code, message, errorLocation };
  }
}

export const ErrorCodes = {
  invalidArgument: 'InvalidArgument',
  invalidReference: 'InvalidReference',
  itemNotFound: 'ItemNotFound',
  itemAlreadyExists: 'ItemAlreadyExists',
  propertyNotLoaded: 'PropertyNotLoaded',
  requestPayloadSizeLimitExceeded: 'RequestPayloadSizeLimitExceeded',
  responsePayloadSizeLimitExceeded: 'ResponsePayloadSizeLimitExceeded',
  invalidOperation: 'InvalidOperation',
  generalException: 'GeneralException',
} as const;

export function notLoaded(property: string): SimulatedOfficeError {
  return new SimulatedOfficeError(
    ErrorCodes.propertyNotLoaded,
    `The property '${property}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  );
}
