import { cellAddress, type Cell } from './a1';
import { toExcelPrecision, type CellValue } from './cell-values';

/**
 * The check "Convert to formulas" makes before it writes: each new formula answered as `RS.VALUE` answers it, and
 * compared with what its cell holds now. One cell that differs, or a formula that fails, and nothing is written.
 */

/** One data cell's formula, with the arguments Excel would pass it (to answer it before anything is written). */
export interface FormulaCell {
  /** In the grid, 0-based. */
  row: number;
  column: number;
  /** The formula's text, `=RS.VALUE(…)`. */
  formula: string;
  measure: CellValue;
  /** The repeating arguments: member and value pairs, then the deployment when the formula names one. */
  pairs: CellValue[];
  /** What the cell holds now. */
  now: CellValue;
}

/** A cell whose formula would not show what the cell shows now: `answer` is what it would show, `error` why it fails. */
export interface FormulaDifference {
  cell: string;
  now: CellValue;
  answer: CellValue | null;
  error: string | null;
}

/**
 * `RS.VALUE`'s answer as a cell value: a number, '' for no value, or a formatted number (`{ type: 'Double',
 * basicValue }`, Excel's entity for a number with its format).
 */
function answerValue(answer: unknown): CellValue | null {
  if (typeof answer === 'number' || typeof answer === 'string' || typeof answer === 'boolean') return answer;
  if (answer && typeof answer === 'object' && 'basicValue' in answer) return answerValue((answer as { basicValue: unknown }).basicValue);
  return null;
}

/**
 * Whether a formula's answer shows what the cell does: numbers equal to Excel's 15 digits, text equal. An empty cell
 * (the data has no row for its members) is the 0 a count answers for no rows: both add up as nothing.
 */
function same(now: CellValue, answer: CellValue): boolean {
  if (typeof now === 'number' && typeof answer === 'number') return toExcelPrecision(now) === toExcelPrecision(answer);
  if ((now === '' && answer === 0) || (now === 0 && answer === '')) return true;
  return now === answer;
}

/** The first cell, in reading order, whose formula would show something else than the cell now; null when none does. */
export function firstDifference(cells: readonly FormulaCell[], answers: readonly PromiseSettledResult<unknown>[], origin: Cell): FormulaDifference | null {
  for (const [i, cell] of cells.entries()) {
    const settled = answers[i]!;
    const at = cellAddress({ row: origin.row + cell.row, column: origin.column + cell.column });
    if (settled.status === 'rejected') {
      const reason: unknown = settled.reason;
      return { cell: at, now: cell.now, answer: null, error: reason instanceof Error ? reason.message : String(reason) };
    }
    const answer = answerValue(settled.value);
    if (answer === null || !same(cell.now, answer)) return { cell: at, now: cell.now, answer, error: null };
  }
  return null;
}
