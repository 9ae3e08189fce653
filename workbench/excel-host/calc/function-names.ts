import type { CellData, SheetModel } from '../workbook/workbook-data';
import type { AddInFunctions } from './add-in-functions';
import { renameFunctions } from './formula-text';

/**
 * Add-in functions kept by id and shown in the workbench's language, as Excel does: "Excel only localizes the `name`
 * and `description` properties. The `id` is not localized"
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming#localize-custom-functions). The
 * workbook keeps a formula with the function's invariant (English) name, whichever language it was typed in; a person
 * sees it in the workbench's language. The Range reference says the same of formulas: `formulas` "in A1-style
 * notation", `formulasLocal` "in the user's language and number-formatting locale"
 * (https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-formulas-member).
 * Built-in functions keep their names: the workbench's formula syntax is en-US.
 */

function renamed(functions: AddInFunctions | null, formula: string, language: 'invariant' | 'local'): string {
  const nameOf = functions?.nameOf?.bind(functions);
  if (!functions || !nameOf) return formula;
  return renameFunctions(formula, (name) => {
    const id = functions.idOf(name);
    return id === null ? null : nameOf(id, language);
  });
}

/** The formula as the workbook keeps it: add-in functions by their invariant names (`=RS.WERT(…)` → `=RS.VALUE(…)`). */
export const invariantFormula = (functions: AddInFunctions | null, formula: string) => renamed(functions, formula, 'invariant');

/** The formula as a person reads it: add-in functions in the workbench's language (`=RS.VALUE(…)` → `=RS.WERT(…)`). */
export const localFormula = (functions: AddInFunctions | null, formula: string) => renamed(functions, formula, 'local');

/** Keeps the cell's formula with invariant names; whether it changed. */
export function keepInvariant(functions: AddInFunctions | null, cell: CellData | undefined): boolean {
  if (!cell?.formula) return false;
  const invariant = invariantFormula(functions, cell.formula);
  if (invariant === cell.formula) return false;
  cell.formula = invariant;
  return true;
}

/** Keeps every formula of the workbook with invariant names (once the add-in's functions are known); whether any changed. */
export function keepAllInvariant(functions: AddInFunctions | null, sheets: readonly SheetModel[]): boolean {
  let changed = false;
  for (const sheet of sheets) for (const cell of sheet.cells.values()) changed = keepInvariant(functions, cell) || changed;
  return changed;
}
