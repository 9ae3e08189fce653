import type { Rect } from '../core/a1';
import type { CellGrid } from '../core/cell-grid';
import type { CellsToRead, PlacedCells } from '../ports/workbook-cells';
import { legacyPlacementSetting, placementName, queueNamedCells } from './names';
import { cellOptionsSetting, queueCellOptions } from './placement-options';
import { queueCellsRead, sheetNamed } from './reads';
import { placementTableProperty, queueTableNotes } from './table-note';
import type { RecordTarget, WritePlan } from './write-plan';
import { executeWrite, queueClear } from './writes';
import { isResponseTooLarge, isTransientHostError, type RetryPolicy, type Sleep } from './host-errors';

/**
 * A placement's cells as the workbook keeps them, by its hidden name (names.ts): found with their sheet's id and
 * their table note, named on their own (a new placement's are named by its write: `WritePlan.record`), emptied, and forgotten.
 */

/**
 * The cells of the given placements whose names still point at cells on a sheet there is, in one request; with
 * `read`, those placements' cells read through their names in the same request (`queueCellsRead`: the live
 * hand-edit check's values, so the check sends no request of its own).
 */
export async function findPlacedCells(context: Excel.RequestContext, placementIds: readonly string[], read: readonly CellsToRead[] = []): Promise<PlacedCells[]> {
  const sheets = context.workbook.worksheets;
  sheets.load('items/id, items/name');
  // Which of them are tables (their notes, see tables.ts), read with the names' request.
  const noteOf = queueTableNotes(context, placementIds);
  const optionsOf = queueCellOptions(context, placementIds);
  const namedOf = queueNamedCells(context, placementIds);
  const cellsRead = queueCellsRead(context, read);
  await context.sync();
  const named = namedOf();
  const cellsNow = cellsRead(named);
  const ids = new Map(sheets.items.map((sheet) => [sheet.name.toLowerCase(), sheet.id]));
  const found: PlacedCells[] = [];
  for (const cells of named.values()) {
    const sheetId = ids.get(cells.sheetName.toLowerCase());
    const now = cellsNow.get(cells.placementId);
    if (sheetId) found.push({ ...cells, sheetId, table: noteOf(cells.placementId), cellOptions: optionsOf(cells.placementId), ...(now ? { cellsNow: now } : {}) });
  }
  return found;
}

/**
 * The cells of the given placements (see `findPlacedCells`), in one request with the cells of `read`; if those weigh
 * more than guessed (Excel refuses the response as too large), the names are read again without them; if their
 * formats and looks fail the request (a name gone), again with their values alone.
 */
export async function findPlacements(placementIds: readonly string[], read: readonly CellsToRead[]): Promise<PlacedCells[]> {
  if (placementIds.length === 0) return [];
  try {
    return await Excel.run((context) => findPlacedCells(context, placementIds, read));
  } catch (error) {
    if (read.length && isResponseTooLarge(error)) return Excel.run((context) => findPlacedCells(context, placementIds));
    // Formats and looks read through a name that is gone fail the request (see `readWorkbookState`): the values alone.
    if (isTransientHostError(error) || !read.some((r) => r.snapshot)) throw error;
    return Excel.run((context) => findPlacedCells(context, placementIds, read.map((r) => ({ ...r, snapshot: false }))));
  }
}

const NO_GRID: CellGrid = { values: [], numberFormats: [], headerRows: 0, boldRows: [] };

/** A plan that only names `rect` for a placement (a new name, or the existing one re-pointed): one request, no cells. */
export function namingPlan(sheetName: string, rect: Rect, record: RecordTarget): WritePlan {
  return {
    sheetName, anchor: { row: rect.top, column: rect.left }, rect, grid: NO_GRID, totalRows: 0, touched: [], record,
    batches: [{ ops: [{ kind: 'name', record, rect }], bytes: 0, rows: 0 }],
  };
}

/** Names a placement's cells in one request (a placement linked again, a saved exploration's draft). */
export async function nameCells(sheetName: string, rect: Rect, record: RecordTarget, retry: RetryPolicy, sleep: Sleep): Promise<void> {
  await executeWrite(namingPlan(sheetName, rect, record), retry, sleep);
}

/** Empties cells (contents, and the number formats and bold the add-in set) in one request. */
export async function clearCells(context: Excel.RequestContext, sheetName: string, rects: readonly Rect[]): Promise<void> {
  const sheet = sheetNamed(context, sheetName);
  for (const rect of rects) queueClear(sheet, rect);
  await context.sync();
}

/**
 * Forgets a placement: its hidden name and an earlier version's fingerprint setting, and, when given, empties
 * its cells (the cells stay otherwise).
 */
export async function forgetPlacement(context: Excel.RequestContext, placementId: string, clear?: { sheetName: string; rect: Rect }): Promise<void> {
  const name = context.workbook.names.getItemOrNullObject(placementName(placementId));
  const setting = context.workbook.settings.getItemOrNullObject(legacyPlacementSetting(placementId));
  // Its table (if any) stays the user's; only the add-in's note of it goes.
  const table = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(placementId));
  const cellOptions = context.workbook.settings.getItemOrNullObject(cellOptionsSetting(placementId));
  await context.sync();
  if (!name.isNullObject) name.delete();
  if (!setting.isNullObject) setting.delete();
  if (!table.isNullObject) table.delete();
  if (!cellOptions.isNullObject) cellOptions.delete();
  if (clear) queueClear(sheetNamed(context, clear.sheetName), clear.rect);
  await context.sync();
}
