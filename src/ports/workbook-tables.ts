import type { Rect } from '../core/a1';
import type { PlacedCells } from './workbook-cells';

/**
 * A placement's Excel table and its columns' fit: made after a first write, made or removed from its card, fitted
 * after a refresh. A table is cosmetic: when Excel refuses one, the placement stays correct as plain cells.
 */

/**
 * A placement's columns before and after Excel's autofit, in points, from column `left` on: a column the fit made
 * narrower is set back to its width before, so fitting only ever widens.
 */
export interface ColumnFit {
  left: number;
  before: number[];
  fitted: number[];
}

export interface FirstPlacement {
  placementId: string;
  sheetName: string;
  /** The placement's cells. */
  rect: Rect;
  /** Grid rows above the report's header (the filter summary): left out of the autofit and the table. */
  headerRow: number;
  /** Its columns' widths as its write measured them (`GridWrite.first`): the fit is finished (never narrower) with the table. */
  fit?: ColumnFit | null;
  /** Make the result a table with this name (free when the workbook's state was read), or null for plain cells. */
  tableName: string | null;
  /** The ids of the workbook's tables when its state was read (`WorkbookState.tablesBefore`). */
  tablesBefore: readonly string[];
}

/**
 * Why Excel would not make (or keep) a placement's table. The placement stays correct as plain cells and the pane
 * says why in words: `overlap`, another table is in the way; `refused`, any other refusal, with Excel's error code.
 */
export type TableRefusal = { reason: 'overlap'; table: string } | { reason: 'refused'; code: string | null };

/** A placement's table and columns' fit. */
export interface PlacementTables {
  /**
   * After a first placement: columns fit to the header and data, only ever wider (`first.fit` finished, else measured
   * here), and the result made a table when asked; null, or why it stays plain cells.
   */
  finishPlacement(first: FirstPlacement): Promise<TableRefusal | null>;
  /** Makes an existing placement's result a table in place; null, or why it stays plain cells. */
  makeTable(first: FirstPlacement): Promise<TableRefusal | null>;
  /** Turns a placement's table into plain cells and forgets it. */
  removeTable(placementId: string, note: string | null): Promise<void>;
  /** After a refresh: the placement's table fitted to its new cells (`headerRow` null: back to plain cells). */
  fitTable(placed: Pick<PlacedCells, 'placementId' | 'table' | 'rect'>, sheetName: string, rect: Rect, headerRow: number | null): Promise<TableRefusal | null>;
}
