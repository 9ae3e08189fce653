import type { CellValue } from './cell-values';

/**
 * A result laid out as cells (src/layout lays it out): values (strings unprefixed: the writer makes them safe) and
 * number formats. It is what every grid write takes, so it lives here, below the layout and the Excel adapter alike.
 */
export interface CellGrid {
  values: CellValue[][];
  numberFormats: string[][];
  /** Rows at the top that are not data: the filter summary and the header rows. */
  headerRows: number;
  /** Rows (0-based in the grid) to show in bold: the totals. */
  boldRows: number[];
  /** Columns (0-based in the grid) to show in bold: the Total column block. */
  boldColumns?: number[];
  /** Header rows (0-based in the grid) to show in bold: the column headers of a pivot, a flat table's titles; never the filter summary. */
  boldHeaderRows?: number[];
  /**
   * Header rows (0-based in the grid) to fill: a pivot's column headers, whose last row holds the row members'
   * titles. A flat result has none: as an Excel table its table style draws the header, as plain cells it stays bold.
   */
  filledHeaderRows?: number[];
  /** Caption rows (0-based in the grid) to show in bold: a placement's title line (see source-line.ts). */
  boldCaptionRows?: number[];
  /**
   * Cells whose value is a formula's text, written as a formula (src/layout/placement-formulas.ts, "Convert to
   * formulas"); every other text is written as text, never run.
   */
  formulas?: readonly (readonly boolean[])[];
}
