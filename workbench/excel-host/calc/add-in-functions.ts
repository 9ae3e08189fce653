/**
 * The seam between the emulator's formula engine (workbench/excel-host/calc/) and the add-in's custom functions,
 * which Office.js's own custom-functions runtime carries out (workbench/excel-host/host/custom-functions.ts).
 * Excel calls a custom function once per cell and shows `#BUSY!` until its result arrives
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-get-started); the engine collects the calls
 * of one calculation pass and hands them over together, as Excel sends them to the runtime in one message.
 */

/** One call of an add-in function from a formula cell. */
export interface AddInCall {
  /** The function's metadata id (functions.json `id`), e.g. `RS_VALUE`. */
  id: string;
  /** Argument values as the formula gives them, one per argument (a range as a 2-D array); the runtime's side shapes them per the metadata (a repeating parameter's values into one array). */
  args: unknown[];
  /** The calling cell, `Sheet1!B2`. */
  address: string;
}

/**
 * What a call answered: a value (a 2-D array spills), or an error code Excel shows (`#N/A`, `#VALUE!`, …) with its
 * message. Formatted numbers in the answer arrive as their numbers, their formats in `formats`, one per value of
 * the result's rows (a single value is one row of one), `null` where a value has none.
 */
export type AddInResult = { ok: true; value: unknown; formats?: (string | null)[][] } | { ok: false; error: string; message?: string };

/** The add-in's registered functions, as the engine sees them. */
export interface AddInFunctions {
  /**
   * The metadata id of a formula's function name (any case), or null when no add-in function has that name. A
   * function answers to its name in the workbench's language (`RS.WERT`) and to its invariant (English) one (`RS.VALUE`).
   */
  idOf(formulaName: string): string | null;
  /**
   * A function's name in formulas: `invariant` (English: how the workbook keeps it, and `Range.formulas`) or `local`
   * (the workbench's language: what a person sees, and `Range.formulasLocal`). Absent: formulas keep names as written.
   */
  nameOf?(id: string, language: 'invariant' | 'local'): string | null;
  /** Whether the function returns a matrix (metadata `result.dimensionality: "matrix"`), which spills. */
  returnsMatrix(id: string): boolean;
  /**
   * Carries out calls; each answer comes back through `onResult` with the call's index, possibly in several
   * batches (the runtime flushes results 50 ms after the first, then at most every 500 ms).
   */
  invoke(calls: readonly AddInCall[], onResult: (index: number, result: AddInResult) => void): void;
}
