import { MAX_COLUMNS, MAX_ROWS, rectsIntersect, type Rect } from '../../../src/core/a1';
import { cellKey, keyCell } from '../workbook/sheet-cells';
import type { CellData, SheetModel } from '../workbook/workbook-data';
import type { FormulaCell } from './formula-cells';
import { storedValue } from './formula-values';

/**
 * Dynamic arrays: a formula whose result has several cells spills it into the cells below and to the right.
 * When a cell of that area holds anything, is merged, or lies off the sheet, the formula shows `#SPILL!` and
 * nothing spills; once the blocker goes, it spills
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-dynamic-arrays,
 * https://support.microsoft.com/excel/how-to-correct-a-spill-error). Spilled cells hold values, no formula, and
 * name their formula cell (`spillParent`).
 */

interface ArrayFormula {
  cell: FormulaCell;
  /** The area the result needs (cut at the sheet's edge), spilled or not. */
  area: Rect;
  spilled: boolean;
}

const hasContent = (cell: CellData | undefined) => cell !== undefined && (cell.value !== '' || Boolean(cell.formula) || Boolean(cell.textPrefix));

/** A cell's formats alone, when it has any (what stays of a spilled cell when the spill goes). */
function formatsOf(cell: CellData): CellData | null {
  const { numberFormat, bold, fill, fontColor } = cell;
  return numberFormat || bold || fill || fontColor ? { value: '', numberFormat, bold, fill, fontColor } : null;
}

export class Spills {
  private readonly arrays = new Map<string, ArrayFormula>();

  /**
   * Spills `rows` from the formula cell when its area is free; the areas whose cells changed are returned
   * (for their readers to recalculate). The formula cell's own value is the caller's.
   */
  place(cell: FormulaCell, rows: readonly (readonly unknown[])[]): { spilled: boolean; changed: Rect[] } {
    const full: Rect = { top: cell.row, left: cell.column, bottom: cell.row + rows.length - 1, right: cell.column + rows[0]!.length - 1 };
    const area: Rect = { ...full, bottom: Math.min(full.bottom, MAX_ROWS - 1), right: Math.min(full.right, MAX_COLUMNS - 1) };
    const changed = this.retract(cell);
    const spilled = area.bottom === full.bottom && area.right === full.right && this.free(cell, area);
    this.arrays.set(cell.id, { cell, area, spilled });
    if (!spilled) return { spilled, changed };
    const parent = cellKey(cell.row, cell.column);
    rows.forEach((line, r) => line.forEach((value, c) => {
      if (r === 0 && c === 0) return;
      const key = cellKey(cell.row + r, cell.column + c);
      const old = cell.sheet.cells.get(key);
      cell.sheet.cells.set(key, { ...(old ? formatsOf(old) : null), ...storedValue(value), spillParent: parent });
    }));
    return { spilled, changed: [...changed, area] };
  }

  /** Takes back the formula's spilled values (its result is one value now, or it is no formula any more). */
  retract(cell: FormulaCell): Rect[] {
    const array = this.arrays.get(cell.id);
    if (!array) return [];
    this.arrays.delete(cell.id);
    if (!array.spilled) return [];
    const parent = cellKey(cell.row, cell.column);
    for (let row = array.area.top; row <= array.area.bottom; row += 1) {
      for (let column = array.area.left; column <= array.area.right; column += 1) {
        const key = cellKey(row, column);
        const old = cell.sheet.cells.get(key);
        if (old?.spillParent !== parent) continue;
        const formats = formatsOf(old);
        if (formats) cell.sheet.cells.set(key, formats);
        else cell.sheet.cells.delete(key);
      }
    }
    return [array.area];
  }

  private free(cell: FormulaCell, area: Rect): boolean {
    const { sheet } = cell;
    if (sheet.merges.some((merge) => rectsIntersect(merge, area))) return false;
    for (let row = area.top; row <= area.bottom; row += 1) {
      for (let column = area.left; column <= area.right; column += 1) {
        if ((row !== cell.row || column !== cell.column) && hasContent(sheet.cells.get(cellKey(row, column)))) return false;
      }
    }
    return true;
  }

  /** The array formulas whose area (spilled or blocked) meets `rect` on `sheet`, besides the formula at `rect` itself. */
  formulasOver(sheet: SheetModel, rect: Rect): FormulaCell[] {
    return [...this.arrays.values()]
      .filter(({ cell, area }) => cell.sheet === sheet && rectsIntersect(area, rect) && !(rect.top === rect.bottom && rect.left === rect.right && cell.row === rect.top && cell.column === rect.left))
      .map(({ cell }) => cell);
  }

  /** The areas spilled on `sheet`, formula cell included (what `Range.getSpillingToRange` would answer). */
  spilledAreas(sheet: SheetModel): Rect[] {
    return [...this.arrays.values()].filter((array) => array.spilled && array.cell.sheet === sheet).map((array) => array.area);
  }

  /** The spilled area a cell belongs to, or null. */
  spilledAreaAt(sheet: SheetModel, row: number, column: number): Rect | null {
    const spill = sheet.cells.get(cellKey(row, column))?.spillParent;
    const anchor = spill === undefined ? { row, column } : keyCell(spill);
    const array = [...this.arrays.values()].find((a) => a.spilled && a.cell.sheet === sheet && a.cell.row === anchor.row && a.cell.column === anchor.column);
    return array?.area ?? null;
  }

  /** Forgets every array and takes spilled values off every sheet (before the workbook is read afresh). */
  reset(sheets: readonly SheetModel[]): void {
    this.arrays.clear();
    for (const sheet of sheets) {
      for (const [key, cell] of [...sheet.cells]) {
        if (cell.spillParent === undefined) continue;
        const formats = formatsOf(cell);
        if (formats) sheet.cells.set(key, formats);
        else sheet.cells.delete(key);
      }
    }
  }
}
