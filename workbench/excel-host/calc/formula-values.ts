import FormulaParser from 'fast-formula-parser';
import { fifteenDigits } from '../workbook/typed-input';
import type { CellData } from '../workbook/workbook-data';

/**
 * Values between the workbook's cells and the formula library: what a reference reads, and what a formula's
 * result stores.
 */

const { FormulaError } = FormulaParser;
export type FormulaErrorValue = InstanceType<typeof FormulaError>;

export type Scalar = string | number | boolean;

/** A calculated value as a cell stores it: an error as its code (`#DIV/0!`), with a message when it has one. */
export interface CalculatedValue {
  value: Scalar;
  error?: boolean;
  errorMessage?: string;
}

export const isFormulaError = (value: unknown): value is FormulaErrorValue => value instanceof FormulaError;

/** The library's error for an error code; without a message the library hands out one shared object per code. */
export function formulaError(code: string, message?: string): FormulaErrorValue {
  return message === undefined ? new FormulaError(code) : new FormulaError(code, message);
}

/** What a reference to a cell reads: its value, an error as the library's error, an empty cell as `null`. */
export function referenceValue(cell: CellData | undefined): unknown {
  if (!cell || (cell.value === '' && !cell.formula && !cell.textPrefix)) return null;
  if (cell.error) return formulaError(String(cell.value));
  return cell.value;
}

/** One value of a result as the cell stores it. */
export function storedValue(result: unknown): CalculatedValue {
  if (isFormulaError(result)) {
    // The library reports an unknown function as a parse failure (#ERROR!) whose cause is #NAME?.
    const cause = (result.details as { error?: unknown } | undefined)?.error;
    if (result.error === '#ERROR!') return { value: typeof cause === 'string' ? cause : '#NAME?', error: true };
    return result.message ? { value: result.error, error: true, errorMessage: result.message } : { value: result.error, error: true };
  }
  // A formula that reads an empty cell (`=B1`) shows 0, as in Excel.
  if (result === null || result === undefined) return { value: 0 };
  if (typeof result === 'number') {
    if (Number.isNaN(result)) return { value: '#VALUE!', error: true };
    if (!Number.isFinite(result)) return { value: '#NUM!', error: true };
    // Excel keeps 15 significant digits (0.1+0.2 shows 0.3).
    return { value: fifteenDigits(result) };
  }
  if (typeof result === 'string' || typeof result === 'boolean') return { value: result };
  return { value: '#VALUE!', error: true };
}

/** A result as rows of values: a 2-D array as it is, anything else as one cell. */
export function resultRows(result: unknown): unknown[][] {
  if (Array.isArray(result) && result.length > 0 && result.every((row) => Array.isArray(row) && row.length === (result[0] as unknown[]).length && row.length > 0)) {
    return result as unknown[][];
  }
  if (Array.isArray(result)) return [[formulaError('#VALUE!')]];
  return [[result]];
}
