import { parseSheetAddress, rectsIntersect, sameRect, sheetAddress, type Rect } from '../core/a1';
export { tableHeaderRow } from '../core/table-header';
import type { FirstPlacement, TableRefusal } from '../ports/workbook-tables';
import { sheetNamed } from './reads';
import { hostErrorCode, isTransientHostError as isTransient } from './host-errors';
import { ColumnMeasure, fitsInOneRequest, queueWidenOnly } from './column-fit';
import { API_SETS, supportsExcelApi } from './requirements';
import { findPlacementTable, parseStored, placementTableProperty, storedValue } from './table-note';

export { findPlacementTable, PLACEMENT_TABLE_PROPERTY_PREFIX, placementTableProperty, queueTableNotes } from './table-note';
export { queueFreeTableName, tableNameFor } from './table-names';

/**
 * A flat report placed as an Excel table, and the column widths of a first placement.
 *
 * - The table covers the report's header row and data rows, never the filter summary above them (which stays
 *   plain cells, inside the placement's name), plus any columns the user adds on its right. Flat reports have
 *   no totals, so the table has no total row.
 * - Only a grid whose header row is unique, non-empty text becomes a table: Excel would rewrite any other header
 *   ("Column1", "Region2"; https://support.microsoft.com/office/overview-of-excel-tables-7ab0bb7d-3a9e-4b56-a3c9-6c94334e492c),
 *   and the next refresh would take that for a hand edit.
 * - Style: TableStyleMedium2, Excel's default, a built-in style drawn in the workbook theme's colours, so it follows
 *   the theme (https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-style-member).
 * - Name: from the report's title by Excel's rules for names (table-names.ts).
 * - Which table is the placement's: the placement's custom document property (see `placementTableProperty` in table-note.ts),
 *   holding the table's id ("remains the same even when the table is renamed") and name. Without it the placement
 *   is plain cells.
 * - On refresh the table is resized (`Table.resize`, ExcelApi 1.13, asked of `requirements.ts` first) to the new
 *   rows, keeping the user's columns on its right; without 1.13, or when the header row moved (the filter summary
 *   turned on or off), it is converted to a range (ExcelApi 1.2: "All data is preserved") and added again over
 *   the new range with its name and style. A user column's cells stay where they are on the sheet: a row that
 *   stays keeps its note; rows added below get empty cells in the user's columns (or whatever was already there,
 *   taken into the table); when rows go, the user's cells in them stay on the sheet below the table, never cleared.
 */

export const TABLE_STYLE = 'TableStyleMedium2';
export type { FirstPlacement, TableRefusal } from '../ports/workbook-tables';

/**
 * A table step after the cells are written and recorded (`step`: with transient host errors already waited out):
 * whatever Excel still refuses is answered as the reason the placement is plain cells (the steps leave it so),
 * never thrown, since the placement itself is correct.
 */
export async function refusalOf(step: () => Promise<TableRefusal | null>): Promise<TableRefusal | null> {
  try {
    return await step();
  } catch (error) {
    return { reason: 'refused', code: hostErrorCode(error) };
  }
}

/**
 * After a first placement: its columns fit to the header and data, never to the caption rows above them (the filter
 * summary's long line, a title or source line), and only ever wider (column-fit.ts): `first.fit`, measured when the
 * cells were written and named, is finished here, in the request that makes the table; without it, the fit is measured here
 * and finished in one more request only when a column came out narrower. `autofit` false (a placement turned into
 * a table from its card) keeps the widths it has. Then, when asked, the table. Resolves to null, or to why the
 * result stays plain cells (the host refused the table); transient host errors are thrown, to be retried.
 */
export async function finishFirstPlacement(context: Excel.RequestContext, first: FirstPlacement, autofit = true): Promise<TableRefusal | null> {
  const sheet = sheetNamed(context, first.sheetName);
  const body: Rect = { ...first.rect, top: first.rect.top + first.headerRow };
  if (autofit && first.fit) queueWidenOnly(sheet, first.fit, body.top);
  // Measured here after the table's operations, so a refused table leaves the widths as they were.
  const measure = autofit && !first.fit && fitsInOneRequest(body) ? new ColumnMeasure(body) : null;
  const measureNow = () => measure?.queue(sheet);
  let refusal: TableRefusal | null = null;
  let measured = false;
  if (first.tableName === null) {
    measureNow();
    measured = await cosmetic(context);
  } else {
    refusal = await makeTable(context, first.placementId, first.sheetName, tableRect(body), { name: first.tableName, style: TABLE_STYLE }, first.tablesBefore, measureNow);
    measured = refusal === null;
  }
  const fit = measured ? measure?.result() : null;
  if (fit && queueWidenOnly(sheet, fit, body.top) > 0) await cosmetic(context);
  return refusal;
}

/**
 * Sends a request that only fits column widths (true: it went through): cosmetic, and the placement is written,
 * named and recorded without them. Nothing the user relies on changes if Excel refuses it, so there is nothing to tell.
 */
async function cosmetic(context: Excel.RequestContext): Promise<boolean> {
  try {
    await context.sync();
    return true;
  } catch (error) {
    if (isTransient(error)) throw error;
    return false;
  }
}

/**
 * Makes the placement's table over `rect` (its header row and data) with `name` and `style`, and keeps it (id and
 * name) in the placement's property, in the request that fits the columns (`andThen` queues more after it):
 * placing costs no sync for it. Excel carries out a failed request's operations up to the one that failed, so a
 * refused name or style leaves a table made: it is the one over `rect` not among the tables there were before, and
 * goes back to a range, so nothing of it is left, the property goes, and the refusal is answered. A transient
 * failure is thrown after that, to be retried from a clean slate.
 */
async function makeTable(
  context: Excel.RequestContext, placementId: string, sheetName: string, rect: Rect, { name, style }: { name: string; style: string },
  tablesBefore: readonly string[], andThen?: () => void,
): Promise<TableRefusal | null> {
  const table = context.workbook.tables.add(sheetAddress(sheetName, rect), true);
  table.name = name;
  table.style = style;
  // Kept by name in the same request (the id is not known before it): the first fit after a refresh adds the id.
  context.workbook.properties.custom.add(placementTableProperty(placementId), storedValue('', name));
  andThen?.();
  try {
    await context.sync();
    return null;
  } catch (error) {
    const refusal = await refusedTable(context, placementId, sheetName, rect, (id) => !tablesBefore.includes(id), error);
    if (isTransient(error)) throw error;
    return refusal;
  }
}

/**
 * After Excel refused a table over `rect`: why (another table there, by name; else Excel's code), with the
 * placement left plain cells — the tables `own` picks by id (one made before its name or style was refused, or the
 * placement's table kept so far) converted back to a range ("All data is preserved", https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-converttorange-member(1)),
 * and the placement's property removed.
 */
async function refusedTable(context: Excel.RequestContext, placementId: string, sheetName: string, rect: Rect, own: (tableId: string) => boolean, error: unknown): Promise<TableRefusal> {
  const tables = sheetNamed(context, sheetName).tables;
  tables.load('items/id, items/name');
  const property = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(placementId));
  await context.sync();
  const ranges = tables.items.map((table) => {
    const range = table.getRange();
    range.load('address');
    return { table, range };
  });
  await context.sync();
  let overlapping: string | null = null;
  for (const { table, range } of ranges) {
    const at = parseSheetAddress(range.address).rect;
    if (own(table.id)) table.convertToRange();
    else if (!overlapping && rectsIntersect(at, rect)) overlapping = table.name;
  }
  if (!property.isNullObject) property.delete();
  await context.sync();
  return overlapping ? { reason: 'overlap', table: overlapping } : { reason: 'refused', code: hostErrorCode(error) };
}

/** A table has a header row and at least one data row: an empty result keeps one empty row. */
function tableRect(body: Rect): Rect {
  return { ...body, bottom: Math.max(body.bottom, body.top + 1) };
}

function addTable(context: Excel.RequestContext, sheetName: string, rect: Rect, name: string, style: string): Excel.Table {
  const table = context.workbook.tables.add(sheetAddress(sheetName, rect), true);
  table.name = name;
  table.style = style;
  table.load('id, name');
  return table;
}

/**
 * A moved placement's table made again at its new cells (`rect`: the result there, its header `headerRow` grid rows
 * down) with the old one's name and style (the old one was converted to a range first, so its name is free), or
 * forgotten when the result cannot head a table now (`headerRow` null) or the user had removed it (`was` null).
 */
export async function tableAfterMove(context: Excel.RequestContext, placementId: string, sheetName: string, rect: Rect, headerRow: number | null, was: { name: string; style: string } | null): Promise<TableRefusal | null> {
  if (was && headerRow !== null) {
    const tables = context.workbook.tables;
    tables.load('items/id');
    await context.sync();
    const before = tables.items.map((table) => table.id);
    return makeTable(context, placementId, sheetName, tableRect({ ...rect, top: rect.top + headerRow }), was, before);
  }
  const property = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(placementId));
  await context.sync();
  if (!property.isNullObject) {
    property.delete();
    await context.sync();
  }
  return null;
}

/**
 * Turns a placement's table into plain cells from its card: converted to a range, which keeps every value and
 * format ("All data is preserved", https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-converttorange-member(1)),
 * and its property removed, so refreshes leave it plain cells.
 */
export async function removePlacementTable(context: Excel.RequestContext, placementId: string, note: string | null): Promise<void> {
  const found = note ? await findPlacementTable(context, note) : null;
  found?.table.convertToRange();
  const property = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(placementId));
  await context.sync();
  if (!property.isNullObject) property.delete();
  await context.sync();
}

/**
 * After a refresh: the placement's table (`note`: its property's value as read with the workbook's state) fitted to the new result at `rect`
 * (`before`: the result's cells before the refresh), `headerRow` grid rows
 * down; `headerRow` null (the report is a pivot now, or its headers cannot head a table) converts the table to a
 * range. A table the user removed is forgotten: the placement is plain cells from then on. When Excel refuses the
 * new size (another table or merged cells in the way), the table goes back to a range, the placement stays plain
 * cells, and why is answered.
 */
export async function fitPlacementTable(context: Excel.RequestContext, placementId: string, note: string, sheetName: string, before: Rect, rect: Rect, headerRow: number | null): Promise<TableRefusal | null> {
  const property = context.workbook.properties.custom.getItem(placementTableProperty(placementId));
  const stored = parseStored(note);
  const found = await findPlacementTable(context, note);
  if (!found) {
    property.delete();
    await context.sync();
    return null;
  }
  const { table, rect: old } = found;
  if (headerRow === null) {
    table.convertToRange();
    property.delete();
    await context.sync();
    return null;
  }
  // A table kept by name only (its first placement could not know the id) is kept by id from now on.
  if (!stored?.id) {
    context.workbook.properties.custom.add(placementTableProperty(placementId), storedValue(table.id, table.name));
    await context.sync();
  }
  const body: Rect = { ...rect, top: rect.top + headerRow };
  // The user's columns on the table's right (beyond the result's cells before the refresh) stay in it while they
  // still adjoin the result; a result grown narrower leaves them on the sheet beside the table, as they are.
  const userRight = old.left === before.left && old.right > before.right ? old.right : null;
  const next = tableRect({ ...body, right: userRight !== null && body.right >= before.right ? Math.max(body.right, userRight) : body.right });
  if (sameRect(old, next)) return null;
  const { id, name, style } = table;
  if (old.top === next.top && supportsExcelApi(API_SETS.tableResize)) {
    table.resize(sheetAddress(sheetName, next));
    try {
      await context.sync();
    } catch (error) {
      if (isTransient(error)) throw error;
      return refusedTable(context, placementId, sheetName, next, (tableId) => tableId === id, error);
    }
    return null;
  }
  // Without `resize`: the same table again over the new range (converting keeps every cell).
  table.convertToRange();
  const added = addTable(context, sheetName, next, name, style);
  try {
    await context.sync();
  } catch (error) {
    // Not retried even when transient: the old table may be converted already, and a retry would not find it.
    return refusedTable(context, placementId, sheetName, next, (tableId) => tableId === id, error);
  }
  context.workbook.properties.custom.add(placementTableProperty(placementId), storedValue(added.id, added.name));
  await context.sync();
  return null;
}
