import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../../src/core/a1';
import { referenceRect, referenceText, rewriteReferences, type FormulaReference } from './formula-references';
import { adjustForDelete, adjustForInsert } from './reference-shifts';
import type { CellRef } from './references';
import type { SheetModel } from './workbook-data';

/**
 * How formulas' text changes when cells move (insert/delete with a shift) and when a formula is copied (fill).
 *
 * Insert/delete: a reference follows the cells it names, `$` or not ("$" only matters for copying); it grows
 * when rows or columns are inserted inside it, shrinks when part of it is deleted, and becomes #REF! when all
 * of its cells are deleted: `=SUM(B2,C2,D2)` with column C deleted gives `=SUM(B2,#REF!,C2)`, while
 * `=SUM(B2:D2)` becomes `=SUM(B2:C2)` (How to correct a #REF! error,
 * https://support.microsoft.com/en-us/office/how-to-correct-a-ref-error-822c8e46-e610-4d02-bf0e-4d1b1e3bff9b;
 * the area rules are reference-shifts.ts's, shared with defined names). References to other sheets change only
 * when that sheet is the one edited.
 *
 * Copy (fill): "When copied across multiple cells, [relative references] change based on the relative position
 * of rows and columns … =B4*C4 copied from D4 to D5 becomes =B5*C5"; an absolute part (`$B$4`, the `$` row or
 * column of `A$1`, `$A1`) stays (Switch between relative, absolute, and mixed references,
 * https://support.microsoft.com/en-us/office/switch-between-relative-absolute-and-mixed-references-dfec08cd-ae65-4f56-839e-5f0d8d0baca9).
 * A relative part pushed off the sheet makes that reference #REF!, as Excel shows it.
 */

/** The cells `ref` names, for a formula on the sheet `formulaSheet`, when they lie on `sheetName`. */
function pointsInto(ref: FormulaReference, formulaSheet: string, sheetName: string): boolean {
  return (ref.sheetName ?? formulaSheet).toLowerCase() === sheetName.toLowerCase();
}

/** The reference's corners moved onto `rect`, each keeping its `$` flags. */
function cornersOn(ref: FormulaReference, rect: Rect): [CellRef, CellRef] {
  return [
    { ...ref.first, row: rect.top, column: rect.left },
    { ...ref.last, row: rect.bottom, column: rect.right },
  ];
}

/** `formula` (on sheet `formulaSheet`) after cells of the sheet `sheetName` moved as `move` says. */
export function formulaAfterMove(formula: string, formulaSheet: string, sheetName: string, move: (rect: Rect) => Rect | null): string {
  return rewriteReferences(formula, (ref) => {
    if (!pointsInto(ref, formulaSheet, sheetName)) return null;
    const before = referenceRect(ref);
    const after = move(before);
    if (after && after.top === before.top && after.bottom === before.bottom && after.left === before.left && after.right === before.right) return null;
    return referenceText(ref, after && cornersOn(ref, after));
  });
}

/** Rewrites every formula of the workbook after cells of `edited` were inserted or deleted (their cells already moved). */
function moveFormulas(sheets: readonly SheetModel[], edited: SheetModel, move: (rect: Rect) => Rect | null): void {
  for (const sheet of sheets) {
    for (const [key, cell] of sheet.cells) {
      if (!cell.formula) continue;
      const formula = formulaAfterMove(cell.formula, sheet.name, edited.name, move);
      if (formula !== cell.formula) sheet.cells.set(key, { ...cell, formula });
    }
  }
}

export function formulasAfterInsert(sheets: readonly SheetModel[], edited: SheetModel, rect: Rect, shift: 'Down' | 'Right'): void {
  moveFormulas(sheets, edited, (area) => adjustForInsert(area, rect, shift));
}

export function formulasAfterDelete(sheets: readonly SheetModel[], edited: SheetModel, rect: Rect, shift: 'Up' | 'Left'): void {
  moveFormulas(sheets, edited, (area) => adjustForDelete(area, rect, shift));
}

/** `formula` copied `rows` down and `columns` right: relative parts move, absolute parts stay (header). */
export function formulaCopied(formula: string, rows: number, columns: number): string {
  if (rows === 0 && columns === 0) return formula;
  return rewriteReferences(formula, (ref) => {
    const move = (corner: CellRef): CellRef | null => {
      // Whole columns read as rows-absolute and whole rows as columns-absolute (formula-references.ts).
      const row = corner.rowAbsolute ? corner.row : corner.row + rows;
      const column = corner.columnAbsolute ? corner.column : corner.column + columns;
      if (row < 0 || row >= MAX_ROWS || column < 0 || column >= MAX_COLUMNS) return null;
      return { ...corner, row, column };
    };
    const first = move(ref.first);
    const last = move(ref.last);
    return referenceText(ref, first && last ? [first, last] : null);
  });
}
