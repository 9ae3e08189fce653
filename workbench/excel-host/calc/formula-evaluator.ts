import FormulaParser, { type CellRef, type FunctionArg, type RangeRef } from 'fast-formula-parser';
import { sheetAddress } from '../../../src/core/a1';
import { cellKey, keyCell } from '../workbook/sheet-cells';
import type { SheetModel } from '../workbook/workbook-data';
import type { AddInCalls } from './add-in-calls';
import type { FormulaCell, NameResolver } from './formula-cells';
import { definedName } from './formula-text';
import { formulaError, isFormulaError, referenceValue } from './formula-values';
import { AVERAGE, COUNT, MAX, MIN, SUM } from './aggregates';
import { SEQUENCE } from './sequence';

/**
 * Calculates one formula with fast-formula-parser: references read the workbook's cells, and a function the
 * add-in registered reads its result from the add-in calls (`#BUSY!` until it comes).
 */

// The library flattens ranges (SUM, AVERAGE, …) by repeated `concat`, quadratic in the range's size; `flat` gives
// the same array in linear time.
FormulaParser.FormulaHelpers.flattenDeep = (rows: unknown[]) => rows.flat(Infinity);

/** Beyond this many cells an area (`A:A`) is cut to the cells the sheet holds: the rest are empty. */
const LARGE_AREA = 100_000;

export class FormulaEvaluator {
  private readonly parser: FormulaParser;
  private current: FormulaCell | null = null;

  constructor(private readonly sheetNamed: (name: string) => SheetModel | undefined, names: NameResolver, private readonly calls: AddInCalls) {
    this.parser = new FormulaParser({
      functions: { SEQUENCE, SUM, AVERAGE, MIN, MAX, COUNT },
      // An unknown name is #NAME?; the library would read it as an empty value.
      onVariable: (name) => {
        const ref = names(definedName(name));
        if (!ref) throw formulaError('#NAME?');
        return ref;
      },
      onCell: (ref) => this.cell(ref),
      onRange: (ref) => this.area(ref),
    });
    const builtIn = this.parser.functions;
    // An add-in function is looked up by name when called: the add-in registers its functions after the engine starts.
    this.parser.functions = new Proxy(builtIn, {
      get: (target, name) => (typeof name === 'string' ? (target[name] ?? this.addInFunction(name)) : undefined),
    });
    // The library answers a formula that is a lone reference to an error cell with #VALUE! when arrays are allowed;
    // Excel shows the referenced error.
    const check = this.parser.checkFormulaResult.bind(this.parser);
    this.parser.checkFormulaResult = (result, allowReturnArray) => {
      const ref = (result as { ref?: { row?: number; from?: unknown } } | null)?.ref;
      if (ref?.row !== undefined && ref.from === undefined) return this.parser.getCell(ref as CellRef);
      return check(result, allowReturnArray);
    };
  }

  /** The formula's result: a value, a 2-D array (which spills) or the library's error. */
  evaluate(cell: FormulaCell): unknown {
    this.current = cell;
    this.calls.beginCell();
    try {
      return this.parser.parse(cell.expression, { sheet: cell.sheet.name, row: cell.row + 1, col: cell.column + 1 }, true);
    } catch (error) {
      if (isFormulaError(error)) return error;
      throw error;
    } finally {
      this.calls.endCell(cell.id);
      this.current = null;
    }
  }

  private cell(ref: CellRef): unknown {
    const sheet = this.sheetNamed(ref.sheet ?? '');
    if (!sheet) return formulaError('#REF!');
    return referenceValue(sheet.cells.get(cellKey(ref.row - 1, ref.col - 1)));
  }

  private area(ref: RangeRef): unknown[][] {
    const sheet = this.sheetNamed(ref.sheet ?? '');
    if (!sheet) return [[formulaError('#REF!')]];
    let bottom = ref.to.row - 1;
    let right = ref.to.col - 1;
    const top = ref.from.row - 1;
    const left = ref.from.col - 1;
    if ((bottom - top + 1) * (right - left + 1) > LARGE_AREA) {
      let lastRow = top;
      let lastColumn = left;
      for (const key of sheet.cells.keys()) {
        const { row, column } = keyCell(key);
        lastRow = Math.max(lastRow, row);
        lastColumn = Math.max(lastColumn, column);
      }
      bottom = Math.min(bottom, lastRow);
      right = Math.min(right, lastColumn);
    }
    const rows: unknown[][] = [];
    for (let row = top; row <= bottom; row += 1) {
      const line: unknown[] = [];
      for (let column = left; column <= right; column += 1) line.push(referenceValue(sheet.cells.get(cellKey(row, column))));
      rows.push(line);
    }
    return rows;
  }

  /** The add-in's function of that name (any case, `RS.VALUE`), as the library calls it; undefined when there is none. */
  private addInFunction(name: string): ((...args: FunctionArg[]) => unknown) | undefined {
    const functions = this.calls.functions;
    const id = functions?.idOf(name) ?? null;
    if (!functions || id === null) return undefined;
    return (...args) => {
      const cell = this.current!;
      const values = args.map((arg) => (arg.omitted ? null : arg.value));
      // An error argument is the result, without a call (choice: Excel does so unless the function accepts errors).
      const error = values.flat(2).find(isFormulaError);
      if (error) throw error;
      const address = sheetAddress(cell.sheet.name, { top: cell.row, left: cell.column, bottom: cell.row, right: cell.column });
      const result = this.calls.lookUp({ id, args: values, address }, cell.id);
      if (!result) throw formulaError('#BUSY!');
      if (!result.ok) throw formulaError(result.error, result.message ?? '');
      if (Array.isArray(result.value) && !functions.returnsMatrix(id)) throw formulaError('#VALUE!');
      return result.value ?? 0;
    };
  }
}
