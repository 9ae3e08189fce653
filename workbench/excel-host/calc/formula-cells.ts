import FormulaParser, { type CellRef, type RangeRef, type VariableRef } from 'fast-formula-parser';
import { rectsIntersect, type Rect } from '../../../src/core/a1';
import { cellKey } from '../workbook/sheet-cells';
import { definedName, expressionOf } from './formula-text';
import type { SheetModel } from '../workbook/workbook-data';

/**
 * The workbook's formula cells and what each refers to, read once per formula text (the library's DepParser),
 * and the reverse index from a cell to the formulas that read it.
 */

/** A referenced area: its sheet's name in lower case (names match case-insensitively) and its cells, 0-based. */
export interface Reference {
  sheetName: string;
  rect: Rect;
}

export interface FormulaCell {
  /** `sheetId!row:column`. */
  readonly id: string;
  readonly sheet: SheetModel;
  readonly row: number;
  readonly column: number;
  readonly formula: string;
  /** What the library evaluates (formula-text.ts). */
  readonly expression: string;
  readonly references: readonly Reference[];
  /** Recalculated whenever anything is (https://learn.microsoft.com/office/client-developer/excel/excel-recalculation). */
  readonly volatile: boolean;
}

const VOLATILE = /\b(NOW|TODAY|RAND|RANDBETWEEN|OFFSET|INDIRECT)\s*\(/i;
const dependencies = new FormulaParser.DepParser();

export const formulaCellId = (sheet: SheetModel, row: number, column: number) => `${sheet.id}!${cellKey(row, column)}`;

function referenceOf(ref: CellRef | RangeRef, sheetName: string): Reference {
  const sheet = (ref.sheet ?? sheetName).toLowerCase();
  if ('from' in ref) return { sheetName: sheet, rect: { top: ref.from.row - 1, left: ref.from.col - 1, bottom: ref.to.row - 1, right: ref.to.col - 1 } };
  return { sheetName: sheet, rect: { top: ref.row - 1, left: ref.col - 1, bottom: ref.row - 1, right: ref.col - 1 } };
}

/** A defined name's cells as the library takes them (1-based), or null. */
export type NameResolver = (name: string) => VariableRef;

/** What a formula (`=A1*2`) in a cell refers to, through defined names too; none when it does not parse (it then calculates to an error). */
export function formulaCell(sheet: SheetModel, row: number, column: number, formula: string, names: NameResolver): FormulaCell {
  let references: Reference[] = [];
  const expression = expressionOf(formula);
  dependencies.onVariable = (name) => names(definedName(name));
  try {
    references = dependencies.parse(expression, { sheet: sheet.name, row: row + 1, col: column + 1 }).map((ref) => referenceOf(ref, sheet.name));
  } catch {
    // A formula the library cannot parse refers to nothing; evaluating it gives its error.
  }
  return { id: formulaCellId(sheet, row, column), sheet, row, column, formula, expression, references, volatile: VOLATILE.test(formula) };
}

const SMALL_AREA = 64;
const areaCells = (rect: Rect) => (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);

/** Which formulas read which cells: single cells by key, areas in a list per sheet. */
export class DependencyIndex {
  private readonly byCell = new Map<string, Set<FormulaCell>>();
  private readonly areas = new Map<string, Map<FormulaCell, Rect[]>>();

  add(cell: FormulaCell): void {
    for (const { sheetName, rect } of cell.references) {
      if (areaCells(rect) === 1) {
        const key = `${sheetName}!${cellKey(rect.top, rect.left)}`;
        const set = this.byCell.get(key) ?? new Set();
        set.add(cell);
        this.byCell.set(key, set);
      } else {
        const sheetAreas = this.areas.get(sheetName) ?? new Map<FormulaCell, Rect[]>();
        sheetAreas.set(cell, [...(sheetAreas.get(cell) ?? []), rect]);
        this.areas.set(sheetName, sheetAreas);
      }
    }
  }

  remove(cell: FormulaCell): void {
    for (const { sheetName, rect } of cell.references) {
      if (areaCells(rect) === 1) this.byCell.get(`${sheetName}!${cellKey(rect.top, rect.left)}`)?.delete(cell);
      else this.areas.get(sheetName)?.delete(cell);
    }
  }

  /** The formulas that read any cell of `rect` on the sheet named `sheetName`. */
  readersOf(sheetName: string, rect: Rect): Set<FormulaCell> {
    const name = sheetName.toLowerCase();
    const readers = new Set<FormulaCell>();
    if (areaCells(rect) <= SMALL_AREA) {
      for (let row = rect.top; row <= rect.bottom; row += 1) {
        for (let column = rect.left; column <= rect.right; column += 1) {
          for (const cell of this.byCell.get(`${name}!${cellKey(row, column)}`) ?? []) readers.add(cell);
        }
      }
    } else {
      for (const [key, cells] of this.byCell) {
        const [sheet, position] = [key.slice(0, key.lastIndexOf('!')), key.slice(key.lastIndexOf('!') + 1)];
        const [row, column] = position.split(':').map(Number) as [number, number];
        if (sheet === name && row >= rect.top && row <= rect.bottom && column >= rect.left && column <= rect.right) for (const cell of cells) readers.add(cell);
      }
    }
    for (const [cell, rects] of this.areas.get(name) ?? []) if (rects.some((r) => rectsIntersect(r, rect))) readers.add(cell);
    return readers;
  }
}
