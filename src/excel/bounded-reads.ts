import { parseSheetAddress, rectCells, rectColumns, rectRows, type Rect } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import { cellsWithin } from '../core/recorded-size';
import { gridBytes, readChunks, sheetNamed, type ChunkedRead } from './chunked-reads';
import { placementName, queueNamedCells } from './names';

/**
 * Reads of a placement's cells sized by the workbook, not by what a record or a name claims: a workbook is untrusted
 * input (it may have been mailed), and a name or record claiming a whole sheet must not make a check read a billion
 * empty cells. Cells past the sheet's used range hold no value: "the used range is the smallest range that
 * encompasses any cells that have a value ... assigned to them", values only here
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-getusedrangeornullobject-member(1)),
 * so they are taken as empty, not read.
 */

/**
 * The most cells one check compares: 500,000 rows (the most the add-in places, `DEFAULT_FETCH_LIMITS`) of 20 columns.
 * Only a name, a record and a used range that all claim more reach it; then the first rows up to it are compared.
 */
export const MAX_CHECKED_CELLS = 10_000_000;

/** Values read from the top-left of an area, and the cells they cover (the whole area, or its first rows when cut). */
export interface AreaValues {
  values: CellValue[][];
  rect: Rect;
}

/**
 * The values of `area` on `sheet`, read in chunks as far as the sheet's used range (`used`, values only; null: an
 * empty sheet) reaches, and never more than `MAX_CHECKED_CELLS`. The cells past the used range are filled in as empty,
 * so the answer covers the whole area, unless the area holds more than that bound: then it covers what was read.
 */
export async function readArea(context: Excel.RequestContext, sheet: Excel.Worksheet, area: Rect, used: Rect | null, read: ChunkedRead): Promise<AreaValues> {
  // No cells at all (a record stating none): nothing to read.
  if (rectRows(area) < 1 || rectColumns(area) < 1) return { values: [], rect: area };
  const bottom = used ? Math.min(area.bottom, used.bottom) : area.top - 1;
  const right = used ? Math.min(area.right, used.right) : area.left - 1;
  const columns = bottom >= area.top && right >= area.left ? right - area.left + 1 : 0;
  const rows = columns ? Math.min(bottom - area.top + 1, Math.floor(MAX_CHECKED_CELLS / columns)) : 0;
  const values: CellValue[][] = [];
  if (rows > 0) {
    await readChunks(context, sheet, [{ top: area.top, left: area.left, bottom: area.top + rows - 1, right }], ['values'], read, (_chunk, range) => {
      const chunk = range.values as CellValue[][];
      // A loop, not push(...chunk): a chunk can hold hundreds of thousands of rows.
      for (const line of chunk) values.push(line);
      return gridBytes(chunk);
    });
  }
  if (rectCells(area) > MAX_CHECKED_CELLS) return { values, rect: { ...area, bottom: area.top + rows - 1, right: area.left + columns - 1 } };
  const width = rectColumns(area);
  for (const line of values) {
    const from = line.length;
    line.length = width;
    line.fill('', from);
  }
  while (values.length < rectRows(area)) values.push(new Array<CellValue>(width).fill(''));
  return { values, rect: area };
}

/**
 * A placement's values read through its hidden name: its cells within `rows` × `columns` (the most its record
 * states) from the name's top-left, never past the name, in chunks sized to the response limit (`readArea`). The
 * sheet's used range is read with the name, in its request. `rect` is where the name points; `null` when the name is
 * gone or broken.
 */
export async function readPlacement(
  context: Excel.RequestContext,
  placementId: string,
  rows: number,
  columns: number,
  budget: number,
): Promise<{ values: CellValue[][]; rect: Rect } | null> {
  const named = queueNamedCells(context, [placementId]);
  // Through the name's range (a null object when the name is gone or not a range, failing nothing).
  const used = context.workbook.names.getItemOrNullObject(placementName(placementId)).getRangeOrNullObject().worksheet.getUsedRangeOrNullObject(true);
  used.load('address');
  await context.sync();
  const cells = named().get(placementId);
  if (!cells) return null;
  const area = cellsWithin(cells.rect, { rows, columns });
  const usedRect = used.isNullObject ? null : parseSheetAddress(used.address).rect;
  const { values } = await readArea(context, sheetNamed(context, cells.sheetName), area, usedRect, { cellBytes: 24, budget });
  return { values, rect: cells.rect };
}
