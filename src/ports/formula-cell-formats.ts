/**
 * The formula-cell-formats port: on an Excel without formatted number values for custom functions (no
 * CustomFunctionsRuntime 1.4: retail perpetual and LTSC Excel), the pane gives the cells RS.VALUE and RS.REPORT occupy
 * the model's number formats itself. Its adapter is `src/excel/formula-cell-formats.ts`.
 */

/** One formula's cells: `address` is the calling cell (`Sheet1!B2`, `CustomFunctions.Invocation.address`), the top left of `formats`. */
export interface FormulaCellFormats {
  address: string;
  /** Row by row from `address` (a spilled REPORT's whole array); null where the cell's format is left alone. */
  formats: (string | null)[][];
}

export interface CellFormatWriter {
  /**
   * Gives each cell its format where the cell's own number format is still General: a format the user applied wins,
   * as it does over a formatted value ("that applied format overrides the value's format",
   * https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values).
   */
  formatWhereGeneral(cells: readonly FormulaCellFormats[]): Promise<void>;
}
