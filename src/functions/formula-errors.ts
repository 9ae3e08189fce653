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
  return new FormulaError('notAvailable', `The data API did not answer: ${reason}`);
}
