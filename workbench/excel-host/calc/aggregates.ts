import type { FunctionArg } from 'fast-formula-parser';
import { formulaError, isFormulaError } from './formula-values';

/**
 * SUM, AVERAGE, MIN, MAX and COUNT as Excel defines them. fast-formula-parser 1.0.19 drops error values found in
 * references (`=SUM(A1:A3)` with A2 = #N/A gives 4) and leaves MIN and MAX unimplemented. Microsoft's rules, the
 * same for the first four (WorksheetFunction.Sum, .Average, .Min, .Max remarks,
 * https://learn.microsoft.com/office/vba/api/excel.worksheetfunction.sum, …average, …min, …max):
 * - "Numbers, logical values, and text representations of numbers that you type directly into the list of
 *   arguments are counted."
 * - "If an argument is an array or reference, only numbers in that array or reference are counted. Empty cells,
 *   logical values, or text in the array or reference are ignored."
 * - "Arguments that are error values or text that cannot be translated into numbers cause errors."
 * - MAX and MIN: "If the arguments contain no numbers, Max returns 0 (zero)." AVERAGE of no numbers divides by
 *   zero: #DIV/0! (MS-OI29500 2.1.887: "Office returns #DIV/0!" for AVERAGEIF over no numbers, the same rule).
 * COUNT is the exception: "Empty cells, logical values, text, or error values in the array or reference are
 * ignored", and error arguments typed directly are not counted either
 * (https://support.microsoft.com/en-us/excel/count-function).
 * Which error wins when several meet is not documented; the first in argument order, row by row, is used.
 */

type ErrorRule = 'propagate' | 'ignore';

/** A union (`(A1:A2,B1)`) reaches a function as the library's Collection, whose `data` holds the areas' values. */
const unionValues = (value: unknown): unknown[] | null => {
  const data = (value as { data?: unknown } | null)?.data;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Array.isArray(data) ? data.flat(Infinity) : null;
};

/** A value typed directly as an argument: numbers, logicals and numeric text count; other text is #VALUE!. */
function typedNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || value === undefined) return 0;
  const text = String(value).trim();
  const number = text === '' ? Number.NaN : Number(text);
  if (Number.isNaN(number)) throw formulaError('#VALUE!');
  return number;
}

/** The numbers the arguments contribute, by Excel's rules above; the first error is thrown under `propagate`. */
function numbersOf(args: FunctionArg[], errors: ErrorRule): number[] {
  const numbers: number[] = [];
  const fromReference = (value: unknown) => {
    if (isFormulaError(value)) {
      if (errors === 'propagate') throw value;
    } else if (typeof value === 'number') numbers.push(value);
  };
  for (const arg of args) {
    const union = unionValues(arg.value);
    if (union) union.forEach(fromReference);
    else if (arg.isRangeRef || arg.isArray || Array.isArray(arg.value)) (arg.value as unknown[]).flat(Infinity).forEach(fromReference);
    else if (arg.isCellRef) fromReference(arg.value);
    else if (arg.omitted) numbers.push(0); // `SUM(1,)`: an empty argument counts as 0
    else if (isFormulaError(arg.value)) {
      if (errors === 'propagate') throw arg.value;
    } else if (errors === 'propagate') numbers.push(typedNumber(arg.value));
    else {
      try {
        numbers.push(typedNumber(arg.value)); // COUNT: text that is not a number is not counted
      } catch {
        continue;
      }
    }
  }
  return numbers;
}

export function SUM(...args: FunctionArg[]): number {
  return numbersOf(args, 'propagate').reduce((sum, n) => sum + n, 0);
}

export function AVERAGE(...args: FunctionArg[]): number {
  const numbers = numbersOf(args, 'propagate');
  if (numbers.length === 0) throw formulaError('#DIV/0!');
  return numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
}

export function MIN(...args: FunctionArg[]): number {
  const numbers = numbersOf(args, 'propagate');
  return numbers.length === 0 ? 0 : numbers.reduce((low, n) => Math.min(low, n));
}

export function MAX(...args: FunctionArg[]): number {
  const numbers = numbersOf(args, 'propagate');
  return numbers.length === 0 ? 0 : numbers.reduce((high, n) => Math.max(high, n));
}

export function COUNT(...args: FunctionArg[]): number {
  return numbersOf(args, 'ignore').length;
}
