import { ApiError, NetworkError } from '../client/errors';
import { FormulaArgumentError } from '../core/formula-error';

/**
 * Why a formula has no number, in the two kinds Excel can carry a message for
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors: only `#VALUE!` and `#N/A` keep
 * theirs): `invalidValue` (#VALUE!) when the formula's own arguments are wrong, `notAvailable` (#N/A) when the number
 * cannot be had now (not signed in, no deployment, a failed query, data download turned off). functions.ts turns it
 * into a `CustomFunctions.Error`; the use case itself knows nothing of Office.
 */
export type FormulaErrorKind = 'invalidValue' | 'notAvailable';

export class FormulaError extends Error {
  override readonly name = 'FormulaError';
  constructor(readonly kind: FormulaErrorKind, message: string) {
    super(message);
  }
}

/**
 * Anything a formula's work threw, as a FormulaError: a wrong argument (core's FormulaArgumentError) is `#VALUE!`
 * with its words; a failed query or store request keeps its own words.
 */
export function asFormulaError(error: unknown): FormulaError {
  if (error instanceof FormulaError) return error;
  if (error instanceof FormulaArgumentError) return new FormulaError('invalidValue', error.message);
  const reason = error instanceof Error && error.message ? error.message : String(error);
  if (isUnreachable(error)) return new SourceUnreachable(`The data API could not be reached (${reason}). Choose Refresh all in the Report Sync pane to try again.`);
  return new FormulaError('notAvailable', `The data API did not answer: ${reason}`);
}

/**
 * The data API or the platform could not be reached (an outage, not the query's fault): a formula then answers the
 * last value it had rather than #N/A, and nothing is asked again until the next refresh (formula-sources.ts).
 */
export class SourceUnreachable extends FormulaError {
  constructor(message: string) {
    super('notAvailable', message);
  }
}

/** A network failure or timeout, or a server error (5xx): an outage. A 4xx is about the request, and is no outage. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof SourceUnreachable || error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}
