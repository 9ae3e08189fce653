import { rectAddress, rectColumns, rectRows, type Rect } from '../core/a1';
import type { CellLookNow } from '../ports/workbook-cells';
import type { CellLook } from './snapshot-reads';

/**
 * The bold and fill a snapshot keeps, as uniform regions: read from the host range by range where it lacks
 * `getCellProperties` (`LookProbe`), or found from every cell's look read along with the values (`LookGrid`,
 * `looksOf`), the same regions either way.
 */

/** Cells alike in bold and fill. */
export interface LookRegion {
  rect: Rect;
  bold: boolean;
  /** `#RRGGBB`, or null for no fill (which Excel reads as white, so a white fill is put back as none). */
  fill: string | null;
}

/** Ranges whose bold and fill are read in one request at most (Format, Font and Fill paths each). */
const MAX_LOOK_PROBES = 2_000;

/**
 * How a range whose cells differ in bold is asked about next: a block of columns as its single columns (a bold
 * Total column comes out whole), a single column in halves (a bold Total row takes log2 of the rows rounds).
 */
function split(rect: Rect): Rect[] {
  if (rectColumns(rect) > 1) return Array.from({ length: rectColumns(rect) }, (_, c) => ({ ...rect, left: rect.left + c, right: rect.left + c }));
  const middle = rect.top + Math.floor((rectRows(rect) - 1) / 2);
  return [{ ...rect, bottom: middle }, { ...rect, top: middle + 1 }];
}

/**
 * Which cells of `rects` are bold and how they are filled, as uniform regions. `format.font.bold` and
 * `format.fill.color` answer for a whole range, or `null` when its cells differ
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefont#excel-excel-rangefont-bold-member,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefill#excel-excel-rangefill-color-member):
 * mixed ranges are split (see `split`) and asked again, so a placement with a bold Total row and column and
 * filled header rows takes a few rounds and a few hundred small ranges, not a request per cell. A round can ride
 * along in a request the caller sends anyway (`queueRound` before its sync, `settleRound` after): the first
 * round's ranges do not depend on anything read.
 */
export class LookProbe {
  private pending: Rect[];
  private round: { rects: Rect[]; formats: Excel.RangeFormat[] } | null = null;
  readonly regions: LookRegion[] = [];

  constructor(private readonly sheet: Excel.Worksheet, rects: readonly Rect[]) {
    this.pending = rects.slice();
  }

  /** Queues the next round's reads (at most MAX_LOOK_PROBES ranges); false when nothing is left to ask. */
  queueRound(): boolean {
    if (this.pending.length === 0) return false;
    const rects = this.pending.slice(0, MAX_LOOK_PROBES);
    this.pending = this.pending.slice(MAX_LOOK_PROBES);
    const formats = rects.map((rect) => {
      const format = this.sheet.getRange(rectAddress(rect)).format;
      format.load('font/bold,fill/color');
      return format;
    });
    this.round = { rects, formats };
    return true;
  }

  /** After the sync that carried the queued round: its uniform ranges kept, its mixed ones split for the next. */
  settleRound(): void {
    const round = this.round;
    if (!round) return;
    this.round = null;
    round.rects.forEach((rect, i) => {
      const bold = round.formats[i]!.font.bold as boolean | null;
      const fill = round.formats[i]!.fill.color as string | null;
      if ((bold === null || fill === null) && (rectRows(rect) > 1 || rectColumns(rect) > 1)) {
        for (const part of split(rect)) this.pending.push(part);
      } else this.regions.push({ rect, bold: bold === true, fill: fill === null || fill.toUpperCase() === NO_FILL ? null : fill });
    });
  }

  /** Asks round after round until every range is uniform; the regions found. */
  async finish(context: Excel.RequestContext): Promise<LookRegion[]> {
    // A round queued along with a request of the caller's that then failed (too large, sent again smaller) is asked anew.
    if (this.round) this.pending = this.round.rects.concat(this.pending);
    this.round = null;
    while (this.queueRound()) {
      // Mixed ranges are split, so rounds grow with log2 of the rows.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      this.settleRound();
    }
    return this.regions;
  }
}

/** Every cell's bold and fill in a rectangle, as `getCellProperties` answered them chunk by chunk. */
export class LookGrid {
  private readonly columns: number;
  readonly bold: Uint8Array;
  /** Index into `fills`. */
  readonly fill: Uint32Array;
  readonly fills: (string | null)[] = [];
  private readonly fillIndex = new Map<string | null, number>();

  constructor(readonly rect: Rect) {
    this.columns = rectColumns(rect);
    this.bold = new Uint8Array(rectRows(rect) * this.columns);
    this.fill = new Uint32Array(rectRows(rect) * this.columns);
  }

  add(chunk: Rect, cells: readonly (readonly CellLook[])[]): void {
    cells.forEach((row, r) => row.forEach((cell, c) => {
      const at = (chunk.top + r - this.rect.top) * this.columns + (chunk.left + c - this.rect.left);
      const color = cell.format?.fill?.color ?? null;
      let index = this.fillIndex.get(color);
      if (index === undefined) {
        index = this.fills.push(color) - 1;
        this.fillIndex.set(color, index);
      }
      this.bold[at] = cell.format?.font?.bold === true ? 1 : 0;
      this.fill[at] = index;
    }));
  }

  /** The bold and fill every cell of `part` shares, or null when they differ (what `format.font.bold` and `format.fill.color` of the range would answer). */
  uniform(part: Rect): { bold: boolean; fill: string | null } | null {
    const first = (part.top - this.rect.top) * this.columns + (part.left - this.rect.left);
    const bold = this.bold[first]!;
    const fill = this.fill[first]!;
    for (let row = part.top; row <= part.bottom; row += 1) {
      const start = (row - this.rect.top) * this.columns - this.rect.left;
      for (let column = part.left; column <= part.right; column += 1) {
        if (this.bold[start + column] !== bold || this.fill[start + column] !== fill) return null;
      }
    }
    return { bold: bold === 1, fill: this.fills[fill]! };
  }
}

/**
 * The regions `LookProbe` finds, found from every cell's look instead of from the host: the same ranges asked in
 * the same order (a mixed range split as `split` does), so the snapshot records the same regions either way.
 */
export function looksOf(grids: readonly LookGrid[]): LookRegion[] {
  const regions: LookRegion[] = [];
  const pending: { grid: LookGrid; rect: Rect }[] = grids.map((grid) => ({ grid, rect: grid.rect }));
  for (let next = 0; next < pending.length; next += 1) {
    const { grid, rect } = pending[next]!;
    const look = grid.uniform(rect);
    if (!look && (rectRows(rect) > 1 || rectColumns(rect) > 1)) {
      for (const part of split(rect)) pending.push({ grid, rect: part });
    } else {
      const fill = look?.fill ?? null;
      regions.push({ rect, bold: look?.bold === true, fill: fill === null || fill.toUpperCase() === NO_FILL ? null : fill });
    }
  }
  return regions;
}

/** A cell's look as `getCellProperties` answered it, in plain data (`LookGrid.add` makes the same of either). */
export function lookNow(cell: CellLook): CellLookNow {
  return { bold: cell.format?.font?.bold === true, fill: cell.format?.fill?.color ?? null };
}

/** What `fill.color` reads for cells with no fill. */
const NO_FILL = '#FFFFFF';
export const plainLook = (rect: Rect): LookRegion => ({ rect, bold: false, fill: null });

