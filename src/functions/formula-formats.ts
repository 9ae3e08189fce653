import type { CellValue } from '../core/cell-values';

/**
 * Numbers as the model formats them, in a formula's cell: where the host supports CustomFunctionsRuntime 1.4, a number
 * result is a formatted number value, `{ type: 'Double', basicValue, numberFormat }`, Microsoft's "Output a formatted
 * number" (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts). The format is
 * the cell's default: a format the user gives the cell wins, and Excel without data types calculates with `basicValue`.
 * Formats are Excel's en-US codes (`core/excel-formats.ts`), as a value's `numberFormat` must be.
 */
export interface FormattedNumber {
  type: 'Double';
  basicValue: number;
  numberFormat: string;
}

export type FormattedCell = CellValue | FormattedNumber;

/** `value` with `format`, when it is a number and the format says more than General. */
export function formatted(value: CellValue, format: string | null | undefined): FormattedCell {
  if (typeof value !== 'number' || !format || format === 'General') return value;
  return { type: 'Double', basicValue: value, numberFormat: format };
}

/** Each cell of `rows` with the format of the same cell in `formats` (a REPORT's grid). */
export function formattedRows(rows: readonly (readonly CellValue[])[], formats: readonly (readonly string[])[] | null): FormattedCell[][] {
  return rows.map((row, r) => row.map((value, c) => formatted(value, formats?.[r]?.[c])));
}

/**
 * Where the host shows no formatted number values (no CustomFunctionsRuntime 1.4): the format each cell of an answer
 * should have, row by row, null where it is no number or has no format; null when no cell has one. The pane then
 * gives the cells these formats (`ports/formula-cell-formats.ts`), as the value's format would have.
 */
export function cellFormatsOf(rows: readonly (readonly CellValue[])[], formats: readonly (readonly (string | null)[])[] | null): (string | null)[][] | null {
  const cells = rows.map((row, r) => row.map((value, c) => {
    const shown = formatted(value, formats?.[r]?.[c]);
    return typeof shown === 'object' && shown !== null ? shown.numberFormat : null;
  }));
  return cells.some((row) => row.some((format) => format !== null)) ? cells : null;
}
