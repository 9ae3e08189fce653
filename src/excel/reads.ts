import { parseSheetAddress, rectAddress, rectCells, rectColumns, type Rect } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import { cellsWithin } from '../core/recorded-size';
import { readArea } from './bounded-reads';
import { gridBytes, MIN_CELL_BYTES, readChunks, sheetNamed } from './chunked-reads';
import { placementName, type NamedCells } from './names';
import type { CellsNow, CellsToRead } from '../ports/workbook-cells';
import { API_SETS, supportsExcelApi } from './requirements';
import { lookNow } from './snapshot-looks';
import { LOOK_PROPERTIES, type CellLook } from './snapshot-reads';

/**
 * What the add-in reads of placements' cells: with their names (`queueCellsRead`, sized within the response budget by
 * `readsWithinBudget`), and before a write (`inspect`). The reads themselves are chunked to the host's limits
 * (chunked-reads.ts) and sized by the workbook, never by what a record claims (bounded-reads.ts).
 */
export { DEFAULT_RESPONSE_BUDGET_BYTES, gridBytes, readChunks, sheetNamed, type ChunkedRead } from './chunked-reads';
export { readPlacement } from './bounded-reads';

/** Response bytes per cell guessed for a read riding along with the names (values of a small placement). */
const RIDE_ALONG_CELL_BYTES = 48;
/** And more with its number format and look (`CellsToRead.snapshot`): a format, and `getCellProperties`' answer (snapshot-reads.ts). */
const SNAPSHOT_ALONG_CELL_BYTES = 16 + 64;

/**
 * The reads of `read` that ride along with the names' request: as many as fit half the response budget at a
 * generous guess per cell, so the request stays well under Excel on the web's 5 MB response limit; the rest are
 * read as before, chunked to the limit, in requests of their own. Formats and looks (`snapshot`) ride along only
 * where the host reads every cell's look at once (ExcelApi 1.9) and they fit too; else the values alone.
 */
export function readsWithinBudget(read: readonly CellsToRead[], budget: number): CellsToRead[] {
  const taken: CellsToRead[] = [];
  let bytes = 0;
  const looks = read.some((r) => r.snapshot) && supportsExcelApi(API_SETS.cellProperties);
  for (const r of read) {
    const cells = Math.max(r.size ? r.size.rows * r.size.columns : r.expectedCells, r.expectedCells);
    const along = r.snapshot === true && looks && bytes + cells * (RIDE_ALONG_CELL_BYTES + SNAPSHOT_ALONG_CELL_BYTES) <= budget / 2;
    const perCell = RIDE_ALONG_CELL_BYTES + (along ? SNAPSHOT_ALONG_CELL_BYTES : 0);
    if (bytes + cells * perCell > budget / 2) continue;
    bytes += cells * perCell;
    // The cells a write grows into ride along too where they also fit; else the write reads them for itself.
    const reach = r.reach && bytes + r.reach.rows * r.reach.columns * perCell <= budget / 2 ? r.reach : undefined;
    if (reach) bytes += reach.rows * reach.columns * perCell;
    const { reach: _asked, ...rest } = r;
    taken.push({ ...rest, ...(reach ? { reach } : {}), ...(r.snapshot && !along ? { snapshot: false } : {}) });
  }
  return taken;
}

/**
 * Queues, into the pending request, reading the given placements' cells through their hidden names: each name's
 * range (`NamedItem.getRangeOrNullObject`, ExcelApi 1.4:
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditem#excel-excel-nameditem-getrangeornullobject-member(1)),
 * with `size` only its cells within that many rows and columns from its top-left (its intersection with them,
 * `Range.getIntersectionOrNullObject`, ExcelApi 1.4:
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getintersectionornullobject-member(1)),
 * so a name claiming a whole sheet is never read whole; its values, and with `usedRanges` its sheet's used ranges,
 * so they share one request with the names themselves
 * (Office.js sends everything queued before `sync()` as one batch:
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/application-specific-api-model#sync). A name that
 * does not exist, or is not a range, comes back as a null object (`isNullObject`) rather than failing the
 * request, and so does everything reached through it ("*OrNullObject methods and properties",
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/application-specific-api-model#ornullobject-methods-and-properties).
 * The answer, after the sync, takes the names as read (`names.ts`): a read is kept only when the range read is
 * where the name's text says (a relative reference, an earlier version's, is read against the active cell and
 * is not), so a check never judges other cells. With `reach`, the cells from the name's top-left as far as the grid
 * about to be written, bounded with the name's own (`Range.getBoundingRect`, ExcelApi 1.1:
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getboundingrect-member(1)).
 */
export function queueCellsRead(context: Excel.RequestContext, read: readonly CellsToRead[]): (named: ReadonlyMap<string, NamedCells>) => Map<string, CellsNow> {
  const queued = read.map((r) => {
    const whole = context.workbook.names.getItemOrNullObject(placementName(r.placementId)).getRangeOrNullObject();
    const range = r.size ? whole.getIntersectionOrNullObject(whole.getCell(0, 0).getResizedRange(r.size.rows - 1, r.size.columns - 1)) : whole;
    range.load(r.snapshot ? ['address', 'values', 'numberFormat'] : ['address', 'values']);
    // Every cell's bold and fill (ExcelApi 1.9, asked for only where the host has it: `readsWithinBudget`).
    const looks = r.snapshot ? range.getCellProperties(LOOK_PROPERTIES) : null;
    const used = r.usedRanges ? whole.worksheet.getUsedRangeOrNullObject(true) : null;
    used?.load('address');
    const formatted = r.usedRanges ? whole.worksheet.getUsedRangeOrNullObject(false) : null;
    formatted?.load('address');
    const reach = r.reach ? whole.getBoundingRect(whole.getCell(0, 0).getResizedRange(r.reach.rows - 1, r.reach.columns - 1)) : null;
    reach?.load(r.snapshot ? ['address', 'formulas', 'numberFormat'] : ['address', 'formulas']);
    const reachLooks = reach && r.snapshot ? reach.getCellProperties(LOOK_PROPERTIES) : null;
    return { r, range, looks, used, formatted, reach, reachLooks };
  });
  return (named) => {
    const found = new Map<string, CellsNow>();
    for (const { r, range, looks, used, formatted, reach, reachLooks } of queued) {
      const cells = named.get(r.placementId);
      if (!cells || range.isNullObject) continue;
      const at = parseSheetAddress(range.address);
      const where = r.size ? cellsWithin(cells.rect, r.size) : cells.rect;
      if ((at.sheetName ?? '').toLowerCase() !== cells.sheetName.toLowerCase() || !sameArea(at.rect, where)) continue;
      const read: CellsNow = { rect: at.rect, values: range.values as CellValue[][] };
      if (used) read.usedRange = used.isNullObject ? null : parseSheetAddress(used.address).rect;
      if (formatted) read.formattedRange = formatted.isNullObject ? null : parseSheetAddress(formatted.address).rect;
      if (looks) {
        read.numberFormats = range.numberFormat as string[][];
        read.looks = (looks.value as CellLook[][]).map((row) => row.map(lookNow));
      }
      const reached = reach && parseSheetAddress(reach.address);
      if (reached && (reached.sheetName ?? '').toLowerCase() === cells.sheetName.toLowerCase() && contains(reached.rect, at.rect)) {
        read.reach = { rect: reached.rect, formulas: reach.formulas as CellValue[][] };
        if (reachLooks) Object.assign(read.reach, { numberFormats: reach.numberFormat as string[][], looks: (reachLooks.value as CellLook[][]).map((row) => row.map(lookNow)) });
      }
      found.set(r.placementId, read);
    }
    return found;
  };
}

function sameArea(a: Rect, b: Rect): boolean {
  return a.top === b.top && a.left === b.left && a.bottom === b.bottom && a.right === b.right;
}

/** The most cells a placement's name may cover and still be read at once (Excel's cells-per-read limit). */
const PLAUSIBLE_NAME_CELLS = 5_000_000;

export interface Inspection {
  ownValues: CellValue[][] | null;
  /**
   * The cells `ownValues` hold, from the own cells' top-left: all of them, unless a name claims more cells than a
   * check compares (`MAX_CHECKED_CELLS`); absent when they are the own cells.
   */
  ownRect?: Rect;
  foreignCells: string[];
  /** The sheet's used range counting formats, read along (`undefined` when nothing was read). */
  formattedRange?: Rect | null;
}

function intersect(a: Rect, b: Rect): Rect | null {
  const r = { top: Math.max(a.top, b.top), left: Math.max(a.left, b.left), bottom: Math.min(a.bottom, b.bottom), right: Math.min(a.right, b.right) };
  return r.top > r.bottom || r.left > r.right ? null : r;
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right;
}

/**
 * The inspection of a placement's own cells from what was read with its name (`queueCellsRead`, with the used
 * ranges), when nothing else needs reading: no cell of `target` outside them can hold anything (the sheet's used
 * range says so), or those that can were read along (`CellsToRead.reach`; at most `limit` holding something are
 * named). Null when the foreign cells must be read, or the read is not of these cells.
 */
export function inspectionFromRead(own: Rect, target: Rect, known: CellsNow | undefined, limit = 20): Inspection | null {
  if (!known || known.usedRange === undefined || known.formattedRange === undefined || !sameArea(known.rect, own)) return null;
  const area = known.usedRange ? intersect(target, known.usedRange) : null;
  if (!area || contains(own, area)) return { ownValues: known.values, foreignCells: [], formattedRange: known.formattedRange };
  // Cells past the own ones that may hold something, read along as far as the write reaches (`CellsToRead.reach`).
  const { reach } = known;
  if (!reach || !contains(reach.rect, area)) return null;
  const foreignCells: string[] = [];
  for (let row = area.top; row <= area.bottom && foreignCells.length < limit; row += 1) {
    for (let column = area.left; column <= area.right && foreignCells.length < limit; column += 1) {
      const mine = row >= own.top && row <= own.bottom && column >= own.left && column <= own.right;
      if (!mine && reach.formulas[row - reach.rect.top]![column - reach.rect.left] !== '') foreignCells.push(rectAddress({ top: row, left: column, bottom: row, right: column }));
    }
  }
  return { ownValues: known.values, foreignCells, formattedRange: known.formattedRange };
}

/**
 * What a write must know about the cells it is about to touch: the placement's own values (for the hand-edit
 * check and the rows to rewrite), chunked to the response limit from `rowBytes`, and which cells of `target`
 * outside `own` hold something (at most `limit` of them). The sheet's used range shares the first sync when
 * the caller does not know it.
 */
export async function inspect(
  context: Excel.RequestContext,
  sheetName: string,
  own: Rect | null,
  target: Rect,
  usedRange: Rect | null | undefined,
  rowBytes: number,
  budget: number,
  limit = 20,
  known?: CellsNow,
): Promise<Inspection> {
  // A proxy is an instantiate action of its own: made only when something is read, so a check with nothing to
  // read sends no request.
  let sheetProxy: Excel.Worksheet | undefined;
  const sheet = () => (sheetProxy ??= sheetNamed(context, sheetName));
  // The own cells and the sheet's used ranges already read with the placement's name (`queueCellsRead`): only
  // the foreign cells, if any can be in the way, are left to read.
  const ready = own && known && known.usedRange !== undefined && known.formattedRange !== undefined && sameArea(known.rect, own) ? known : undefined;
  let used = ready ? ready.usedRange : usedRange;
  const usedProxy = used === undefined ? sheet().getUsedRangeOrNullObject(true) : undefined;
  usedProxy?.load('address');
  let ownValues: CellValue[][] = ready ? ready.values : [];
  let ownRect: Rect | undefined;
  // Rides along with the first read: a later snapshot then knows which cells hold nothing at all.
  const formatted = !ready && (own || usedRange === undefined) ? sheet().getUsedRangeOrNullObject(false) : null;
  formatted?.load('address');
  if (own && !ready) {
    const cellBytes = Math.max(MIN_CELL_BYTES, rowBytes / rectColumns(own));
    // Own cells of any placement the add-in writes are read at once, their first chunk in the used ranges' request.
    // A name over more cells than Excel reads in one go (5,000,000, the resource limits page cited in chunked-reads.ts)
    // is no placement this add-in wrote: it is read only as far as the used range reaches, once that is known
    // (`readArea`), so a name claiming a whole sheet is not read whole.
    const plausible = rectCells(own) <= PLAUSIBLE_NAME_CELLS;
    if (!plausible && usedProxy) await context.sync();
    const reach = plausible ? own : usedProxy ? (usedProxy.isNullObject ? null : parseSheetAddress(usedProxy.address).rect) : used ?? null;
    const read = await readArea(context, sheet(), own, reach, { cellBytes, budget });
    ownValues = read.values;
    if (!sameArea(read.rect, own)) ownRect = read.rect;
  }
  if (usedProxy !== undefined) {
    if (!own) await context.sync();
    used = usedProxy.isNullObject ? null : parseSheetAddress(usedProxy.address).rect;
  }
  const foreignCells: string[] = [];
  const area = used ? intersect(target, used) : null;
  if (area && !(own && contains(own, area))) {
    // Formulas: a cell holding a formula that shows nothing is not empty either.
    await readChunks(context, sheet(), [area], ['formulas'], { cellBytes: 8, budget, done: () => foreignCells.length >= limit }, (chunk, range) => {
      const formulas = range.formulas as CellValue[][];
      formulas.forEach((row, r) => row.forEach((formula, c) => {
        const cell = { row: chunk.top + r, column: chunk.left + c };
        const mine = own && cell.row >= own.top && cell.row <= own.bottom && cell.column >= own.left && cell.column <= own.right;
        if (formula !== '' && !mine && foreignCells.length < limit) foreignCells.push(rectAddress({ top: cell.row, left: cell.column, bottom: cell.row, right: cell.column }));
      }));
      return gridBytes(formulas);
    });
  }
  const formattedRange = ready ? ready.formattedRange : formatted ? (formatted.isNullObject ? null : parseSheetAddress(formatted.address).rect) : undefined;
  return { ownValues: own ? ownValues : null, ...(ownRect ? { ownRect } : {}), foreignCells, formattedRange };
}
