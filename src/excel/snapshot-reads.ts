import { rectAddress, rectColumns, rectRows, type Rect } from '../core/a1';
import { isResponseTooLarge } from './host-errors';

/**
 * The snapshot's reads: each rectangle's cell properties (values, value types, formulas, number formats, or number
 * formats alone) and, where the host has `Range.getCellProperties` (ExcelApi 1.9), every cell's bold and fill, all in
 * as few requests as the response limit allows. Excel on the web refuses a response over 5 MB and every host a read
 * of more than 5,000,000 cells
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins);
 * Office.js sends everything queued before a `context.sync()` as one request, loads included
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-core-concepts#sync), so the rows of
 * several rectangles, with their looks, share a request for as long as their estimated response fits the budget.
 * A huge rectangle is cut into row chunks by that budget, never by a count of ranges.
 */

/** What `getCellProperties` is asked for: the bold and the fill colour of each cell (https://learn.microsoft.com/en-us/javascript/api/excel/excel.cellpropertiesloadoptions). */
export const LOOK_PROPERTIES = { format: { font: { bold: true }, fill: { color: true } } } as const;

/** One cell's look as `getCellProperties` answers it: `{"format":{"font":{"bold":false},"fill":{"color":"#FFFFFF"}}}`, 61 bytes and a comma. */
export const LOOK_CELL_BYTES = 64;
/** Guessed response bytes per cell before any was seen: number formats alone, or values, types, formulas and formats. */
const FORMAT_CELL_BYTES = 10;
const FULL_CELL_BYTES = 64;
const MAX_READ_CELLS = 1_000_000;
/** Ranges loaded in one request at most (each adds object paths to the request). */
const MAX_RANGES_PER_SYNC = 500;
/** The smallest a guess may shrink to, as a fraction of the first one. */
const MIN_SCALE = 0.1;

export interface SnapshotRead {
  rect: Rect;
  /** Range properties loaded (`numberFormat` alone, or with `values`, `valueTypes`, `formulas`). */
  properties: string[];
  /** Also each cell's bold and fill, by `getCellProperties`. */
  looks: boolean;
}

/** A cell's bold and fill as `getCellProperties` answers them. */
export interface CellLook {
  format?: { font?: { bold?: boolean | null }; fill?: { color?: string | null } };
}

/** Estimated response bytes per cell of a read, before any response was seen. */
function cellGuess(read: SnapshotRead): number {
  const base = read.properties.length === 0 ? 0 : read.properties.length === 1 ? FORMAT_CELL_BYTES : FULL_CELL_BYTES;
  return base + (read.looks ? LOOK_CELL_BYTES : 0);
}

/**
 * Reads `reads` on `sheet` in row chunks, as many per sync as the response budget allows, and hands each chunk, in
 * order, to `consume` with its range (properties loaded) and its cells' looks (when asked); `consume` answers the
 * response bytes it saw, from which the next chunks are sized. A sync Excel refuses as too large is sent again in
 * pieces half the size.
 */
export async function readSnapshotCells(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  reads: readonly SnapshotRead[],
  budget: number,
  consume: (read: number, chunk: Rect, range: Excel.Range, looks: CellLook[][] | null) => number,
  along?: { queueRound(): boolean; settleRound(): void },
): Promise<void> {
  let scale = 1;
  // Reads that depend on nothing read here (the first round of a look probe) ride along in the first request.
  let first = true;
  let index = 0;
  let top = reads[0]?.rect.top ?? 0;
  while (index < reads.length) {
    const taken: { read: number; rect: Rect }[] = [];
    let bytes = 0;
    let i = index;
    let t = top;
    while (i < reads.length && taken.length < MAX_RANGES_PER_SYNC) {
      const { rect } = reads[i]!;
      const columns = rectColumns(rect);
      const rowBytes = cellGuess(reads[i]!) * scale * columns;
      const fit = Math.floor((budget - bytes) / rowBytes);
      if (fit < 1 && taken.length > 0) break;
      const rows = Math.max(1, Math.min(rect.bottom - t + 1, fit, Math.floor(MAX_READ_CELLS / columns)));
      taken.push({ read: i, rect: { ...rect, top: t, bottom: t + rows - 1 } });
      bytes += rows * rowBytes;
      if (t + rows <= rect.bottom) t += rows;
      else {
        i += 1;
        t = reads[i]?.rect.top ?? 0;
      }
    }
    const queued = taken.map(({ read, rect }) => {
      const range = sheet.getRange(rectAddress(rect));
      const { properties, looks } = reads[read]!;
      // The properties are the caller's, never none (the rule sees only a variable).
      // eslint-disable-next-line office-addins/no-empty-load
      if (properties.length > 0) range.load(properties);
      // https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getcellproperties-member(1)
      return { range, looks: looks ? range.getCellProperties(LOOK_PROPERTIES) : null };
    });
    const carried = first && along ? along.queueRound() : false;
    first = false;
    try {
      // Each sync's response is sized under the budget from what earlier chunks weighed.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (error) {
      if (!isResponseTooLarge(error) || (taken.length === 1 && rectRows(taken[0]!.rect) === 1)) throw error;
      // Heavier than guessed: the same cells again, in pieces half the size.
      scale *= 2;
      continue;
    }
    if (carried) along!.settleRound();
    let seen = 0;
    let guessed = 0;
    taken.forEach(({ read, rect }, k) => {
      seen += consume(read, rect, queued[k]!.range, (queued[k]!.looks?.value as CellLook[][] | undefined) ?? null);
      guessed += rectRows(rect) * rectColumns(rect) * cellGuess(reads[read]!);
    });
    scale = Math.max(MIN_SCALE, (seen / Math.max(1, guessed)) * 1.1);
    index = i;
    top = t;
  }
}

/** Response bytes of one chunk's looks, as JSON. */
export function looksBytes(looks: readonly (readonly CellLook[])[]): number {
  let bytes = 2;
  for (const row of looks) {
    bytes += 2;
    for (const cell of row) {
      const fill = cell.format?.fill?.color;
      bytes += 52 + (cell.format?.font?.bold ? 4 : 5) + (typeof fill === 'string' ? fill.length : 4);
    }
  }
  return bytes;
}
