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

/** What a call answered: a value (a 2-D array spills), or an error code Excel shows (`#N/A`, `#VALUE!`, …) with its message. */
export type AddInResult = { ok: true; value: unknown } | { ok: false; error: string; message?: string };

/** The add-in's registered functions, as the engine sees them. */
export interface AddInFunctions {
  /** The metadata id of a formula's function name (`RS.VALUE`, any case), or null when no add-in function has that name. */
  idOf(formulaName: string): string | null;
  /** Whether the function returns a matrix (metadata `result.dimensionality: "matrix"`), which spills. */
  returnsMatrix(id: string): boolean;
  /**
   * Carries out calls; each answer comes back through `onResult` with the call's index, possibly in several
   * batches (the runtime flushes results 50 ms after the first, then at most every 500 ms).
   */
  invoke(calls: readonly AddInCall[], onResult: (index: number, result: AddInResult) => void): void;
}
