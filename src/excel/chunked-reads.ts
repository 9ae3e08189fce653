import { rectAddress, rectColumns, rectRows, type Rect } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import { isResponseTooLarge } from './host-errors';
import { jsonRowBytes } from './json-size';

/**
 * Reads sized to the host's limits: Excel on the web refuses a response over 5 MB, and every host a read of
 * more than 5,000,000 cells
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins).
 */
export const DEFAULT_RESPONSE_BUDGET_BYTES = 4_500_000;
export const MAX_READ_CELLS = 1_000_000;
/** Ranges loaded in one request at most (each adds an object path to the request). */
const MAX_RANGES_PER_SYNC = 500;
export const MIN_CELL_BYTES = 4;

/** The response size of a 2-D array as JSON. */
export function gridBytes(rows: readonly (readonly (CellValue | null)[])[]): number {
  let bytes = 2;
  for (const row of rows) bytes += jsonRowBytes(row) + 1;
  return bytes;
}

export interface ChunkedRead {
  /** Guess of response bytes per cell (all properties loaded) before any was seen; adjusted as chunks arrive. */
  cellBytes: number;
  budget: number;
  /** Stops reading when it answers true (checked after each sync). */
  done?: () => boolean;
}

/**
 * Loads `properties` of `rects` on `sheet` in row chunks, as many per sync as the response budget allows, and
 * hands each chunk, in order, to `consume`, which answers the response bytes it saw (the next chunks are sized
 * from that). A sync Excel refuses as too large is sent again in pieces half the size.
 */
export async function readChunks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  rects: readonly Rect[],
  properties: string[],
  read: ChunkedRead,
  consume: (chunk: Rect, range: Excel.Range) => number,
): Promise<void> {
  let cellBytes = Math.max(MIN_CELL_BYTES, read.cellBytes);
  // The next cell to read: rectangle `index`, from row `top`.
  let index = 0;
  let top = rects[0]?.top ?? 0;
  while (index < rects.length && !read.done?.()) {
    const taken: Rect[] = [];
    let bytes = 0;
    let i = index;
    let t = top;
    while (i < rects.length && taken.length < MAX_RANGES_PER_SYNC) {
      const rect = rects[i]!;
      const columns = rectColumns(rect);
      const fit = Math.floor((read.budget - bytes) / (cellBytes * columns));
      if (fit < 1 && taken.length > 0) break;
      const rows = Math.max(1, Math.min(rect.bottom - t + 1, fit, Math.floor(MAX_READ_CELLS / columns)));
      taken.push({ ...rect, top: t, bottom: t + rows - 1 });
      bytes += rows * columns * cellBytes;
      if (t + rows <= rect.bottom) t += rows;
      else {
        i += 1;
        t = rects[i]?.top ?? 0;
      }
    }
    const ranges = taken.map((rect) => {
      const range = sheet.getRange(rectAddress(rect));
      // The properties are the caller's, never none (the rule sees only a variable).
      // eslint-disable-next-line office-addins/no-empty-load
      range.load(properties);
      return range;
    });
    try {
      // Each sync's response is sized under the budget from what earlier chunks weighed.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (error) {
      if (!isResponseTooLarge(error) || (taken.length === 1 && rectRows(taken[0]!) === 1)) throw error;
      // Heavier than guessed: the same cells again, in pieces half the size.
      cellBytes *= 2;
      continue;
    }
    let seen = 0;
    let cells = 0;
    taken.forEach((rect, k) => {
      seen += consume(rect, ranges[k]!);
      cells += rectRows(rect) * rectColumns(rect);
    });
    cellBytes = Math.max(MIN_CELL_BYTES, (seen / Math.max(1, cells)) * 1.1);
    index = i;
    top = t;
  }
  read.cellBytes = cellBytes;
}

/** Sheet by name: placements are found by their names and recorded sheet names, never by a stored sheet id. */
export function sheetNamed(context: Excel.RequestContext, sheetName: string): Excel.Worksheet {
  return context.workbook.worksheets.getItem(sheetName);
}
