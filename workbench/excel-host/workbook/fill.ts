import type { Rect } from '../../../src/core/a1';
import { formulaCopied } from './formula-shifts';
import type { CellData, SheetModel } from './workbook-data';
import type { WorkbookModel } from './workbook-model';

/**
 * Fill down and fill right (Ctrl+D, Ctrl+R, the fill handle): "The contents and formatting of the cell or cells
 * in the top row of a range are copied into the rest of the rows in the range" (Range.FillDown,
 * https://learn.microsoft.com/office/vba/api/excel.range.filldown); FillRight does the same from the leftmost
 * column (https://learn.microsoft.com/office/vba/api/excel.range.fillright). A copied formula's relative
 * references move by the distance copied, absolute ones stay (formula-shifts.ts). A value spilled by a dynamic
 * array is copied as the value it shows; an empty source empties its targets, as a copy of a blank cell does.
 */

export type FillDirection = 'Down' | 'Right';

/** The cell `source` copied `rows` down and `columns` right. */
function copiedCell(source: CellData | undefined, rows: number, columns: number): CellData {
  if (!source) return { value: '' };
  const { spillParent: _spilled, errorMessage: _message, ...copy } = source;
  if (copy.formula) copy.formula = formulaCopied(copy.formula, rows, columns);
  return copy;
}

export function fill(model: WorkbookModel, sheet: SheetModel, rect: Rect, direction: FillDirection): void {
  for (let row = rect.top; row <= rect.bottom; row += 1) {
    for (let column = rect.left; column <= rect.right; column += 1) {
      const [fromRow, fromColumn] = direction === 'Down' ? [rect.top, column] : [row, rect.left];
      if (row === fromRow && column === fromColumn) continue;
      const source = model.cellAt(sheet, fromRow, fromColumn);
      model.setCell(sheet, row, column, copiedCell(source, row - fromRow, column - fromColumn));
    }
  }
}
