import type { Rect } from '../../../src/core/a1';
import { cellKey, keyCell } from '../workbook/sheet-cells';
import type { NameModel, SheetModel } from '../workbook/workbook-data';
import { AddInCalls } from './add-in-calls';
import type { AddInFunctions } from './add-in-functions';
import { calculationOrder } from './calculation-order';
import { storeResult } from './cell-results';
import { DependencyIndex, formulaCell, formulaCellId, type FormulaCell, type NameResolver } from './formula-cells';
import { loneCallName } from './formula-text';
import { keepAllInvariant, keepInvariant, localFormula } from './function-names';
import { FormulaEvaluator } from './formula-evaluator';
import { resultRows } from './formula-values';
import { Spills } from './spill';

/**
 * The emulator's formula engine, in Excel's automatic calculation mode: a changed cell makes the formulas that
 * read it (directly or through other formulas) calculate again, each after the formulas it reads
 * (https://learn.microsoft.com/office/client-developer/excel/excel-recalculation). A formula cell's value is its
 * result, stored as cell-results.ts says (a 2-D result spills); add-in functions are answered asynchronously
 * (add-in-calls.ts).
 */

/** What the engine needs of the workbook (workbook-model.ts). */
export interface CalcWorkbook {
  readonly sheets: readonly SheetModel[];
  sheetByName(name: string): SheetModel | undefined;
  findName(name: string): NameModel | undefined;
  /** The cells a defined name refers to, or null when it is no plain reference to a sheet. */
  nameArea(entry: NameModel): { sheet: SheetModel; rect: Rect } | null;
  /** Calculated values changed: the change listeners (the grid) hear of it at the next `notify`. */
  changed(): void;
  /** Ends the operation and tells the listeners; it calls `recalculate` first. */
  notify(): void;
}

/** `Excel.CalculationType` (https://learn.microsoft.com/javascript/api/excel/excel.calculationtype). */
export type CalculationType = 'Recalculate' | 'Full' | 'FullRebuild';

/** A change to calculate from: cells edited, or values a formula spilled (which must not recalculate that formula). */
interface Change {
  sheet: SheetModel;
  rect: Rect;
  source?: FormulaCell;
}

/** Passes over formulas made dirty by spills; a bound so spills that keep moving one another cannot loop. */
const MAX_ROUNDS = 50;

const single = (row: number, column: number): Rect => ({ top: row, left: column, bottom: row, right: column });

export class Calculation {
  private cells = new Map<string, FormulaCell>();
  private readers = new DependencyIndex();
  private readonly spills = new Spills();
  private readonly calls = new AddInCalls();
  /** Made at the first formula: building the library's parser takes milliseconds, and most workbooks in tests have none. */
  private evaluator: FormulaEvaluator | null = null;
  private dirty = new Set<FormulaCell>();
  private changes: Change[] = [];
  private rebuildNeeded = false;
  private notifyScheduled = false;
  private waiters: (() => void)[] = [];

  /** A defined name's cells as the library takes them. */
  private readonly names: NameResolver = (name) => {
    const entry = this.workbook.findName(name);
    const target = entry ? this.workbook.nameArea(entry) : null;
    if (!target) return null;
    const { sheet, rect } = target;
    if (rect.top === rect.bottom && rect.left === rect.right) return { sheet: sheet.name, row: rect.top + 1, col: rect.left + 1 };
    return { sheet: sheet.name, from: { row: rect.top + 1, col: rect.left + 1 }, to: { row: rect.bottom + 1, col: rect.right + 1 } };
  };

  constructor(private readonly workbook: CalcWorkbook) {}

  /** The add-in's functions (null: none), which formulas then call; every formula calculates again, soon after. */
  get addInFunctions(): AddInFunctions | null {
    return this.calls.functions;
  }

  set addInFunctions(functions: AddInFunctions | null) {
    this.calls.forget();
    this.calls.functions = functions;
    if (keepAllInvariant(functions, this.workbook.sheets)) this.rebuild();
    for (const cell of this.cells.values()) this.dirty.add(cell);
    this.scheduleCalculation();
  }

  /** A formula as a person reads it: add-in functions named in the workbench's language (function-names.ts). */
  localFormula(formula: string): string {
    return localFormula(this.calls.functions, formula);
  }

  /** A cell was written (a value, a formula, or cleared): called by the workbook for every cell it sets. */
  cellChanged(sheet: SheetModel, row: number, column: number): void {
    const id = formulaCellId(sheet, row, column);
    const data = sheet.cells.get(cellKey(row, column));
    // The workbook keeps add-in functions by their invariant names, whatever language they were written in.
    keepInvariant(this.calls.functions, data);
    const formula = data?.formula;
    const old = this.cells.get(id);
    if (old && old.formula === formula) this.dirty.add(old);
    else {
      if (old) this.removeFormula(old);
      if (formula) this.addFormula(formulaCell(sheet, row, column, formula, this.names));
    }
    this.changes.push({ sheet, rect: single(row, column) });
  }

  /** Cells of `rect` were removed together (`Range.clear`). */
  areaChanged(sheet: SheetModel, rect: Rect): void {
    for (const cell of [...this.cells.values()]) {
      if (cell.sheet === sheet && cell.row >= rect.top && cell.row <= rect.bottom && cell.column >= rect.left && cell.column <= rect.right) this.cellChanged(sheet, cell.row, cell.column);
    }
    this.changes.push({ sheet, rect });
  }

  /** Cells moved, sheets or names changed: every formula is read again and calculated. */
  rebuild(): void {
    this.rebuildNeeded = true;
  }

  /** `Application.calculate`: see `CalculationType`. */
  calculate(type: CalculationType): void {
    if (type === 'FullRebuild') this.rebuild();
    // Full calculation calls add-in functions again; F9 (`Recalculate`) does not call non-volatile ones
    // (https://github.com/OfficeDev/office-js/issues/1462).
    if (type !== 'Recalculate') {
      this.calls.forget();
      for (const cell of this.cells.values()) this.dirty.add(cell);
    }
    this.recalculate(true);
  }

  /** Resolves once no add-in call waits for its result and no calculation is due. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.settle();
    });
  }

  /** The spilled areas of `sheet`, each with its formula cell at the top left. */
  spilledAreas(sheet: SheetModel): Rect[] {
    return this.spills.spilledAreas(sheet);
  }

  /** The spilled area a cell belongs to (as formula cell or spilled value), or null. */
  spilledAreaAt(sheet: SheetModel, row: number, column: number): Rect | null {
    return this.spills.spilledAreaAt(sheet, row, column);
  }

  /**
   * Calculates what changed since the last time (the workbook calls this after each operation). `force`
   * calculates even with nothing changed (volatile functions then calculate too).
   */
  recalculate(force = false): void {
    if (this.rebuildNeeded) this.readWorkbook();
    if (!force && this.changes.length === 0 && this.dirty.size === 0) return;
    for (const cell of this.cells.values()) if (cell.volatile) this.dirty.add(cell);
    // Formulas made dirty directly (a result came, a full calculation) have readers too.
    for (const cell of this.dirty) this.changes.push({ sheet: cell.sheet, rect: single(cell.row, cell.column), source: cell });
    this.propagate();
    for (let round = 0; round < MAX_ROUNDS && this.dirty.size > 0; round += 1) {
      const batch = this.dirty;
      this.dirty = new Set();
      for (const { cell, circular } of calculationOrder(batch, (name) => this.workbook.sheetByName(name), this.cells, this.spills)) this.calculateCell(cell, circular);
      this.propagate();
    }
    this.dirty.clear();
    this.calls.send((cellId) => this.resultArrived(cellId));
    this.workbook.changed();
    this.settle();
  }

  private addFormula(cell: FormulaCell): void {
    this.cells.set(cell.id, cell);
    this.readers.add(cell);
    this.dirty.add(cell);
  }

  private removeFormula(cell: FormulaCell): void {
    this.cells.delete(cell.id);
    this.readers.remove(cell);
    this.dirty.delete(cell);
    for (const rect of this.spills.retract(cell)) this.changes.push({ sheet: cell.sheet, rect, source: cell });
  }

  /** Every formula of the workbook, read afresh and dirty. */
  private readWorkbook(): void {
    this.rebuildNeeded = false;
    this.spills.reset(this.workbook.sheets);
    this.cells = new Map();
    this.readers = new DependencyIndex();
    this.dirty = new Set();
    this.changes = [];
    for (const sheet of this.workbook.sheets) {
      for (const [key, data] of sheet.cells) {
        const { row, column } = keyCell(key);
        if (data.formula) this.addFormula(formulaCell(sheet, row, column, data.formula, this.names));
      }
    }
  }

  /** Makes dirty every formula that reads a changed cell, and those that read them, and so on. */
  private propagate(): void {
    const queue = this.changes;
    this.changes = [];
    for (let change = queue.pop(); change; change = queue.pop()) {
      const readers = [...this.readers.readersOf(change.sheet.name, change.rect), ...this.spills.formulasOver(change.sheet, change.rect)];
      for (const reader of readers) {
        if (reader === change.source || this.dirty.has(reader)) continue;
        this.dirty.add(reader);
        queue.push({ sheet: reader.sheet, rect: single(reader.row, reader.column) });
        const spilled = this.spills.spilledAreaAt(reader.sheet, reader.row, reader.column);
        if (spilled) queue.push({ sheet: reader.sheet, rect: spilled, source: reader });
      }
    }
  }

  private calculateCell(cell: FormulaCell, circular: boolean): void {
    const data = cell.sheet.cells.get(cellKey(cell.row, cell.column));
    if (data?.formula !== cell.formula) return;
    // A circular reference shows 0: Excel warns and leaves the circle uncalculated
    // (https://support.microsoft.com/office/remove-or-allow-a-circular-reference-8540bd0f-6e97-4483-bcf7-1b49cd50d123).
    this.evaluator ??= new FormulaEvaluator((name) => this.workbook.sheetByName(name), this.names, this.calls);
    const rows = resultRows(circular ? 0 : this.evaluator.evaluate(cell));
    const formats = circular ? undefined : this.resultFormats(cell);
    for (const rect of storeResult(cell, data, rows, formats, this.spills)) this.changes.push({ sheet: cell.sheet, rect, source: cell });
  }

  /**
   * The number formats of the formatted numbers an add-in function returned, when the formula is that call alone
   * (choice: a formula that computes with them, `=RS.VALUE(…)*2`, shows a plain number).
   */
  private resultFormats(cell: FormulaCell): (string | null)[][] | undefined {
    const formats = this.calls.formatsOf(cell.id);
    if (!formats) return undefined;
    const name = loneCallName(cell.formula);
    return name !== null && this.calls.functions?.idOf(name) ? formats : undefined;
  }

  private resultArrived(cellId: string): void {
    const cell = this.cells.get(cellId);
    if (cell) this.dirty.add(cell);
    this.scheduleCalculation();
  }

  /** Calculates (through the workbook's `notify`, so listeners hear of it) once the current task is done. */
  private scheduleCalculation(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    // Results come in batches: one calculation (and one notice to the listeners) for each batch.
    queueMicrotask(() => {
      this.notifyScheduled = false;
      this.workbook.notify();
      this.settle();
    });
  }

  private settle(): void {
    if (this.calls.busy || this.notifyScheduled || this.dirty.size > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
