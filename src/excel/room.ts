import { rectAddress, rectIntersection, type Rect } from '../core/a1';
import { queueName } from './names';
import { sheetNamed } from './reads';
import { findPlacementTable } from './tables';
import { queueClear } from './writes';

/**
 * Making room for a placement that grows: empty cells inserted below it (whole rows, or only within its
 * columns), and moving a placement's name to new cells while its old cells are emptied. Each is one request.
 */

/**
 * Queues inserting `rows` empty rows at row `top` (zero-based): whole rows when `columns` is null, else only
 * the cells in those columns, shifting what is below them down. Excel moves the cells below intact and
 * re-points defined names that follow them (a neighbouring placement's name moves with its cells).
 * `Range.insert(shift)`, ExcelApi 1.1:
 * https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-insert-member(1)
 * ("Inserts a cell or a range of cells into the worksheet in place of this range, and shifts the other cells to
 * make space"); on an entire-row range, `Down` inserts whole rows.
 */
export async function insertRows(context: Excel.RequestContext, sheetName: string, top: number, rows: number, columns: { left: number; right: number } | null): Promise<void> {
  const sheet = sheetNamed(context, sheetName);
  const address = columns
    ? rectAddress({ top, bottom: top + rows - 1, left: columns.left, right: columns.right })
    : `${top + 1}:${top + rows}`;
  sheet.getRange(address).insert(Excel.InsertShiftDirection.down);
  await context.sync();
}

/**
 * Points a placement's existing name at its new cells and empties its old ones, in one request (the name first:
 * if Excel refuses it, the old cells are left as they are). A placement that is a table (`tableNote`, its
 * property's value) has that table converted to a range in the same request, after the name, so nothing of it stays
 * at the old cells: converting keeps the table's look as the cells' own formats (Excel's "Convert to Range" keeps
 * the formatting), so the placement's old cells have their formats cleared too
 * (`Range.clear(Formats)`, ExcelApi 1.1, https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-clear-member(1)),
 * never a column the user added beside the report inside the table, which stays on the sheet as it was. Resolves
 * to the old table's name and style (to be made again at the new cells), or null when there was none.
 */
export async function moveName(
  context: Excel.RequestContext,
  placementId: string,
  to: { sheetName: string; rect: Rect },
  clear: { sheetName: string; rects: readonly Rect[] },
  tableNote: string | null = null,
): Promise<{ name: string; style: string } | null> {
  const table = tableNote ? await findPlacementTable(context, tableNote) : null;
  queueName(context, sheetNamed(context, to.sheetName), to.rect, { placementId, sheetName: to.sheetName, nameExists: true });
  table?.table.convertToRange();
  const old = sheetNamed(context, clear.sheetName);
  for (const rect of clear.rects) {
    queueClear(old, rect);
    const styled = table && rectIntersection(table.rect, rect);
    if (styled) old.getRange(rectAddress(styled)).clear('Formats');
  }
  await context.sync();
  return table ? { name: table.table.name, style: table.table.style } : null;
}

