import type { SheetModel } from '../workbook/workbook-data';
import { formulaCellId, type FormulaCell } from './formula-cells';
import type { Spills } from './spill';

/**
 * The order in which dirty formulas calculate: each after the dirty formulas it reads, counting a spilled
 * array's values as its formula's (Kahn's algorithm, no recursion, so long chains do not exhaust the stack).
 * A formula that can never come next is on a circular reference: it is taken anyway, marked circular, and
 * the rest follow it.
 */

const SMALL_AREA = 64;

/** The dirty formulas `cell` reads (itself included when it reads its own cell). */
function precedents(cell: FormulaCell, batch: Set<FormulaCell>, sheetNamed: (name: string) => SheetModel | undefined, cells: Map<string, FormulaCell>, spills: Spills): Set<FormulaCell> {
  const found = new Set<FormulaCell>();
  for (const { sheetName, rect } of cell.references) {
    const sheet = sheetNamed(sheetName);
    if (!sheet) continue;
    if ((rect.bottom - rect.top + 1) * (rect.right - rect.left + 1) <= SMALL_AREA) {
      for (let row = rect.top; row <= rect.bottom; row += 1) {
        for (let column = rect.left; column <= rect.right; column += 1) {
          const other = cells.get(formulaCellId(sheet, row, column));
          if (other && batch.has(other)) found.add(other);
        }
      }
    } else {
      for (const other of batch) {
        if (other.sheet === sheet && other.row >= rect.top && other.row <= rect.bottom && other.column >= rect.left && other.column <= rect.right) found.add(other);
      }
    }
    for (const array of spills.formulasOver(sheet, rect)) if (array !== cell && batch.has(array)) found.add(array);
  }
  return found;
}

export function calculationOrder(batch: Set<FormulaCell>, sheetNamed: (name: string) => SheetModel | undefined, cells: Map<string, FormulaCell>, spills: Spills): { cell: FormulaCell; circular: boolean }[] {
  const waiting = new Map<FormulaCell, number>();
  const readers = new Map<FormulaCell, FormulaCell[]>();
  for (const cell of batch) {
    const before = precedents(cell, batch, sheetNamed, cells, spills);
    waiting.set(cell, before.size);
    for (const other of before) readers.set(other, [...(readers.get(other) ?? []), cell]);
  }
  const ready = [...batch].filter((cell) => waiting.get(cell) === 0);
  const order: { cell: FormulaCell; circular: boolean }[] = [];
  const remaining = new Set(batch);
  while (remaining.size > 0) {
    let cell = ready.pop();
    let circular = false;
    if (!cell) {
      cell = remaining.values().next().value!;
      circular = true;
    }
    if (!remaining.delete(cell)) continue;
    order.push({ cell, circular });
    for (const reader of readers.get(cell) ?? []) {
      const count = waiting.get(reader)! - 1;
      waiting.set(reader, count);
      if (count === 0 && remaining.has(reader)) ready.push(reader);
    }
  }
  return order;
}
