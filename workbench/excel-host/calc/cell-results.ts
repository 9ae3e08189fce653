import type { Rect } from '../../../src/core/a1';
import { cellKey } from '../workbook/sheet-cells';
import type { CellData } from '../workbook/workbook-data';
import type { FormulaCell } from './formula-cells';
import { storedValue, type CalculatedValue } from './formula-values';
import type { Spills } from './spill';

const isNumber = (value: CalculatedValue) => typeof value.value === 'number' && !value.error;

/**
 * A formula's result in the sheet's cells: a single value in the formula cell, or rows spilled from it over the cells
 * below and to the right (spill.ts), `#SPILL!` where they are blocked. Formatted numbers an add-in function returned
 * (`formats`, by row and column) keep their number formats. `data` is the formula cell as it is; returns the areas
 * whose values changed beyond the formula cell (spilled or retracted).
 */
export function storeResult(cell: FormulaCell, data: CellData, rows: unknown[][], formats: (string | null)[][] | undefined, spills: Spills): Rect[] {
  let value: CalculatedValue;
  let changed: Rect[];
  if (rows.length === 1 && rows[0]!.length === 1) {
    changed = spills.retract(cell);
    value = storedValue(rows[0]![0]);
  } else {
    const placed = spills.place(cell, rows);
    changed = placed.changed;
    value = placed.spilled ? storedValue(rows[0]![0]) : { value: '#SPILL!', error: true };
    if (placed.spilled && formats) formatSpilled(cell, formats);
  }
  const { value: _old, error: _error, errorMessage: _message, valueFormat: _format, ...kept } = data;
  const valueFormat = formats?.[0]?.[0];
  cell.sheet.cells.set(cellKey(cell.row, cell.column), { ...kept, ...value, ...(valueFormat && isNumber(value) ? { valueFormat } : null) });
  return changed;
}

/** Spilled formatted numbers keep their formats, as the formula cell does. */
function formatSpilled(cell: FormulaCell, formats: (string | null)[][]): void {
  formats.forEach((line, r) => line.forEach((format, c) => {
    const spilled = r === 0 && c === 0 ? undefined : cell.sheet.cells.get(cellKey(cell.row + r, cell.column + c));
    if (format && spilled && isNumber(spilled)) spilled.valueFormat = format;
  }));
}
