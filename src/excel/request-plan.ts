import { jsonStringBytes } from './json-size';

/**
 * How a write is cut into requests. Excel on the web refuses a request over 5 MB
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins),
 * and Office.js sends each `context.sync()` as one request: the values and number formats written, as JSON,
 * plus for every range an object path (`GetRange` with its address), its instantiation, a `SetProperty` action
 * per property set (`{"Id":…,"ActionType":4,"Name":"Values","ObjectPathId":…,"ArgumentInfo":{"Arguments":[…]}}`)
 * and, for `format.font.bold`, the `Format` and `Font` paths. The data is counted exactly (`json-size.ts`);
 * the rest is the overhead below, measured through Microsoft's Office.js on the workbench's Excel host
 * (test/integration/excel-request-size.test.ts asserts every estimate is at least the request really sent).
 */
export const REQUEST_OVERHEAD = {
  /** A request's envelope, the worksheet looked up by name, calculation suspended. */
  batch: 2_500,
  /**
   * A range: its `GetRange` path with the address, its instantiation, and the `_KeepReference` action and
   * reference path Office.js adds for each range it sets properties on.
   */
  range: 480,
  /** One `SetProperty` action, without its argument. */
  set: 140,
  /** `format.font.bold = …` on a range: the Format and Font paths, their instantiations, the SetProperty. */
  font: 560,
  /**
   * An array of more than 1,500 cells is sent by Office.js itself in pieces of about 1,500 cells
   * (`setRangePropertiesInBulk` in excel-web-16.00.debug.js): once `_ValidateArraySize`, and per piece two
   * `GetRow` paths, a `GetBoundingRect` path, their instantiations and the SetProperty.
   */
  bulk: 300,
  bulkPiece: 1_000,
  /** A range cleared: its path, `Clear('Contents')`, number format reset, bold off. */
  clear: 1_500,
  /** The placement's name added (hidden) or re-pointed, without the reference text. */
  name: 1_200,
  /** The workbook's id saved as a custom document property. */
  property: 900,
} as const;

/** Cells per piece when Office.js splits an array it sets (`setRangePropertiesInBulk`). */
export const OFFICE_BULK_CELLS = 1_500;

/** The actions (and paths) Office.js sends to set an array of `rows` × `columns` on one range, without the data. */
export function arraySetBytes(rows: number, columns: number): number {
  if (rows * columns <= OFFICE_BULK_CELLS) return REQUEST_OVERHEAD.set;
  const perPiece = Math.max(1, Math.round(OFFICE_BULK_CELLS / columns));
  return REQUEST_OVERHEAD.bulk + Math.ceil(rows / perPiece) * REQUEST_OVERHEAD.bulkPiece;
}

/** What one more separate range of values costs before any data: the threshold for merging nearby row runs. */
export const RUN_OVERHEAD = REQUEST_OVERHEAD.range + REQUEST_OVERHEAD.set + REQUEST_OVERHEAD.font;

/** A rectangle of rows × column blocks that all take one number format: one scalar `numberFormat` set. */
export interface FormatBlock {
  left: number;
  right: number;
  format: string;
}

/**
 * Number formats for rows `[start, end)` of a run: column blocks set once for every row (Excel applies a single
 * value to every cell of the range: https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-numberformat-member),
 * then, over them, the rows that differ, as arrays; or one array for all rows when that is smaller.
 */
export interface FormatPiece {
  start: number;
  end: number;
  /** Set as one value per block; `null`: the rows' own formats, as an array. */
  blocks: FormatBlock[] | null;
}

export interface RowSource {
  columns: number;
  /** The row's values (or formulas) as a JSON array, exactly as sent. */
  valueBytes(row: number): number;
  formats(row: number): readonly string[];
  /** The row's number formats as a JSON array. */
  formatBytes(row: number): number;
}

export function columnBlocks(formats: readonly string[]): FormatBlock[] {
  const blocks: FormatBlock[] = [];
  for (let c = 0; c < formats.length; c += 1) {
    const last = blocks.at(-1);
    if (last && last.format === formats[c] && last.right === c - 1) last.right = c;
    else blocks.push({ left: c, right: c, format: formats[c]! });
  }
  return blocks;
}

function sameFormats(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Ops gathered into requests, each request's estimated size within the budget. */
export class Batcher<Op> {
  readonly batches: { ops: Op[]; bytes: number; rows: number }[] = [];
  private open = false;

  constructor(private readonly budget: number, private readonly overhead = REQUEST_OVERHEAD.batch) {}

  /** Bytes left in the open request (a new request's budget less its envelope when none is open). */
  get left(): number {
    return this.open ? this.budget - this.batches.at(-1)!.bytes : this.budget - this.overhead;
  }

  /** Whether the open request holds nothing yet (or none is open). */
  get empty(): boolean {
    return !this.open || this.batches.at(-1)!.ops.length === 0;
  }

  /** Adds an op to the open request, opening one when none is. */
  add(op: Op, bytes: number, rows = 0): void {
    if (!this.open) {
      this.batches.push({ ops: [], bytes: this.overhead, rows: 0 });
      this.open = true;
    }
    const batch = this.batches.at(-1)!;
    batch.ops.push(op);
    batch.bytes += bytes;
    batch.rows += rows;
  }

  /** Adds an op in a request of its own when it does not fit the open one. */
  fit(op: Op, bytes: number, rows = 0): void {
    if (!this.empty && bytes > this.left) this.close();
    this.add(op, bytes, rows);
  }

  close(): void {
    this.open = false;
  }
}

export interface RowChunk {
  start: number;
  end: number;
  formats: FormatPiece[];
}

/**
 * Rows `[start, end)` cut into chunks, one range each, every chunk's request bytes (data and overhead) within
 * what is left of the open request; a chunk that does not fit closes the request and the rest goes on in a new
 * one. `base` is a chunk's fixed cost, `extra(row)` per-row work (bold rows, say), `rowsOf(chunk)` what the
 * chunk counts for progress. Number formats go as column blocks plus the rows that differ from the run's
 * middle row (headers, totals), or as one array for all rows, whichever is smaller.
 */
export function chunkRows<Op>(
  source: RowSource,
  start: number,
  end: number,
  base: number,
  extra: (row: number) => number,
  batcher: Batcher<Op>,
  opOf: (chunk: RowChunk) => Op,
  rowsOf: (chunk: { start: number; end: number }) => number = (chunk) => chunk.end - chunk.start,
): void {
  if (start >= end) return;
  const { range, set } = REQUEST_OVERHEAD;
  const { columns } = source;
  const dominant = source.formats(Math.floor((start + end - 1) / 2));
  const blocks = columnBlocks(dominant);
  let blocksCost = 0;
  for (const block of blocks) blocksCost += range + set + jsonStringBytes(block.format);

  const pieces = (from: number, to: number, asGrid: boolean): FormatPiece[] => {
    if (asGrid) return [{ start: from, end: to, blocks: null }];
    const out: FormatPiece[] = [{ start: from, end: to, blocks }];
    for (let r = from; r < to; r += 1) {
      if (sameFormats(source.formats(r), dominant)) continue;
      const last = out.at(-1)!;
      if (last.blocks === null && last.end === r) last.end = r + 1;
      else out.push({ start: r, end: r + 1, blocks: null });
    }
    return out;
  };

  // The chunk being built: rows [from, r), its values' and formats' data, the rows that differ from the
  // dominant formats (their data and the pieces they make), and per-row extras.
  let from = start;
  let values = 0;
  let grid = 0;
  let exceptions = 0;
  let stretch = 0;
  let extras = 0;
  const gridCost = (rows: number, data: number) => range + arraySetBytes(rows, columns) + data + 2;
  const costOf = (rows: number, v: number, g: number, e: number, x: number) =>
    base + arraySetBytes(rows, columns) + v + 2 + Math.min(gridCost(rows, g), blocksCost + e) + x;
  const emit = (to: number) => {
    const chunk = { start: from, end: to };
    const asGrid = gridCost(to - from, grid) <= blocksCost + exceptions;
    batcher.add(opOf({ ...chunk, formats: pieces(from, to, asGrid) }), costOf(to - from, values, grid, exceptions, extras), rowsOf(chunk));
  };

  for (let r = start; r < end; r += 1) {
    const rowValues = source.valueBytes(r) + 1;
    const rowFormats = source.formatBytes(r) + 1;
    const different = !sameFormats(source.formats(r), dominant);
    // A differing row extends the differing stretch before it, or starts a piece of its own.
    const nextStretch = different ? (stretch > 0 && r > from ? stretch + 1 : 1) : 0;
    const addException = different
      ? rowFormats + (nextStretch === 1 ? range + 2 + arraySetBytes(1, columns) : arraySetBytes(nextStretch, columns) - arraySetBytes(stretch, columns))
      : 0;
    const rowExtra = extra(r);
    const next = costOf(r - from + 1, values + rowValues, grid + rowFormats, exceptions + addException, extras + rowExtra);
    if (next > batcher.left && (r > from || !batcher.empty)) {
      if (r > from) emit(r);
      batcher.close();
      from = r;
      values = rowValues;
      grid = rowFormats;
      stretch = different ? 1 : 0;
      exceptions = different ? rowFormats + range + 2 + arraySetBytes(1, columns) : 0;
      extras = rowExtra;
    } else {
      values += rowValues;
      grid += rowFormats;
      exceptions += addException;
      stretch = nextStretch;
      extras += rowExtra;
    }
  }
  emit(end);
}
