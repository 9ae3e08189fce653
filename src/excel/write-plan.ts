import type { Cell, Rect } from '../core/a1';
import { storedCellOptions } from '../core/cell-options';
import { formatHoldsWords } from '../core/excel-time-formats';
import type { CellGrid } from '../core/cell-grid';
import { inputRowBytes, jsonRowBytes, jsonStringBytes } from './json-size';
import { Batcher, chunkRows, OFFICE_BULK_CELLS, REQUEST_OVERHEAD, RUN_OVERHEAD, type FormatPiece, type RowSource } from './request-plan';
import type { RecordTarget } from '../ports/workbook-names';
import { ColumnMeasure, FIT_COLUMN_BYTES, fitsInOneRequest } from './column-fit';

/** Requests stay under Excel on the web's 5 MB limit with room to spare (4.5 MB at most, estimates included). */
export const DEFAULT_REQUEST_BUDGET_BYTES = 4_450_000;

export type { RecordTarget } from '../ports/workbook-names';

/**
 * Grid rows `[start, end)`: number formats first, then values, bold off, then the bold rows and columns in them;
 * in a grid with filled header rows (a pivot), fill cleared and then the header rows in the chunk filled.
 */
export interface CellsOp {
  kind: 'cells';
  start: number;
  end: number;
  formats: FormatPiece[];
  /** Grid-relative rectangles set bold inside the chunk. */
  bold: Rect[];
  /** Whether the chunk's fill is the add-in's to reset (a grid with filled header rows). */
  resetFill: boolean;
  /** Grid-relative rectangles given the header fill inside the chunk. */
  fill: Rect[];
}

/** Sheet cells given one number format (a scalar for the whole range). */
export interface FormatRect {
  rect: Rect;
  format: string;
}

export type WriteOp =
  | CellsOp
  /** Cells the old result used and the new one does not: contents cleared, number format General, bold off, fill cleared. */
  | { kind: 'clear'; rect: Rect }
  /** Number formats rewritten on cells whose values stay (a week label's words in another language). */
  | { kind: 'formats'; formats: FormatRect[] }
  | { kind: 'property'; workbookId: string }
  /** A document setting saved after the cells (the write's record kept in the workbook). */
  | { kind: 'setting'; key: string; value: string }
  | { kind: 'name'; record: RecordTarget; rect: Rect }
  /** A new placement's columns measured for a fit that only widens (column-fit.ts): cosmetic, so after the name. */
  | { kind: 'fit'; measure: ColumnMeasure };

export interface WriteBatch {
  ops: WriteOp[];
  /** Estimated request bytes (never less than what Office.js sends). */
  bytes: number;
  /** Rows asked for that this request writes (for progress). */
  rows: number;
}

export interface WritePlan {
  sheetName: string;
  anchor: Cell;
  /** The grid's cells at the anchor. */
  rect: Rect;
  grid: CellGrid;
  batches: WriteBatch[];
  /** Rows asked for (progress's total). */
  totalRows: number;
  /** Every sheet rectangle whose cells the write changes (values, number formats, bold): what a snapshot keeps. */
  touched: Rect[];
  /** The placement's name, when the write adds or re-points it. */
  record?: RecordTarget;
  /** A new placement's columns measured for their fit, after its name (`PlanOptions.fit`); read once the plan is written. */
  measure?: ColumnMeasure;
}

export interface PlanOptions {
  /** Only these grid rows need writing (the rest already hold the same values); all when absent. */
  rows?: readonly number[];
  /** The workbook's external id, saved as its custom property with the first request. */
  workbookId?: string;
  /** Sheet rectangles the old result used and the new one does not, cleared in the last request. */
  clear?: readonly Rect[];
  /** Name the written cells for this placement, in the last request. */
  record?: RecordTarget;
  /** A document setting saved in the last request, after everything else (`GridWrite.keepRecord`). */
  setting?: { key: string; value: string };
  /** A new placement's header and data: their columns measured for a fit, after the name (skipped when too wide). */
  fit?: Rect;
}

/** A reference with absolute rows and columns, as a name must hold: `'Sales Q1'!$B$3:$F$40`. */
export type AbsoluteReference = (sheetName: string, rect: Rect) => string;

/** Row runs `[start, end)` of the sorted rows, with gaps merged where rewriting them costs less than another range. */
export function rowRuns(rows: readonly number[], gapBytes: (row: number) => number): [number, number][] {
  const runs: [number, number][] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last && row < last[1]) continue;
    if (last && row === last[1]) {
      last[1] = row + 1;
      continue;
    }
    if (last) {
      // Rewriting the unchanged rows between two runs (their values are already the same) costs their bytes;
      // a separate range costs its object path and actions. The cheaper wins.
      let cost = 0;
      for (let r = last[1]; r < row && cost < RUN_OVERHEAD; r += 1) cost += gapBytes(r);
      if (cost < RUN_OVERHEAD) {
        last[1] = row + 1;
        continue;
      }
    }
    runs.push([row, row + 1]);
  }
  return runs;
}

/** Contiguous blocks of the given columns, as `[left, right]`. */
function columnRuns(columns: readonly number[]): [number, number][] {
  const sorted = columns.slice().sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && c <= last[1] + 1) last[1] = Math.max(last[1], c);
    else runs.push([c, c]);
  }
  return runs;
}

/**
 * Cuts a write into requests: the rows to write (nearby runs merged when the rows between cost fewer bytes than
 * another range), cut into chunks whose request stays within `budget` by exact data size plus measured overhead;
 * the workbook id with the first request, leftovers cleared and the name recorded with the last.
 */
export function planWrite(sheetName: string, anchor: Cell, grid: CellGrid, options: PlanOptions, budget: number, reference: AbsoluteReference): WritePlan {
  const height = grid.values.length;
  const columns = height ? grid.values[0]!.length : 0;
  const rect: Rect = { top: anchor.row, left: anchor.column, bottom: anchor.row + height - 1, right: anchor.column + columns - 1 };
  const valueBytes = new Int32Array(height).fill(-1);
  const formatBytes = new Int32Array(height).fill(-1);
  const source: RowSource = {
    columns,
    valueBytes: (r) => (valueBytes[r]! >= 0 ? valueBytes[r]! : (valueBytes[r] = inputRowBytes(grid.values[r]!))),
    formats: (r) => grid.numberFormats[r]!,
    formatBytes: (r) => (formatBytes[r]! >= 0 ? formatBytes[r]! : (formatBytes[r] = jsonRowBytes(grid.numberFormats[r]!))),
  };

  const requested = options.rows ? options.rows.slice().sort((a, b) => a - b) : null;
  // A row's share of the pieces Office.js cuts long arrays into (see `arraySetBytes`).
  const bulkShare = Math.ceil((REQUEST_OVERHEAD.bulkPiece * columns) / OFFICE_BULK_CELLS);
  const runs = requested
    ? rowRuns(requested.filter((r) => r >= 0 && r < height), (r) => source.valueBytes(r) + source.formatBytes(r) + 2 + bulkShare)
    : height > 0 ? [[0, height] as [number, number]] : [];
  /** How many asked-for rows lie in `[start, end)`. */
  const askedIn = (start: number, end: number) => (requested ? lowerBound(requested, end) - lowerBound(requested, start) : end - start);

  // Header rows (and a placement's title line) are bold like the Total rows (each bold row costs a range and a font in the request).
  const boldRows = new Set([...grid.boldRows, ...(grid.boldHeaderRows ?? []), ...(grid.boldCaptionRows ?? [])]);
  const boldColumns = columnRuns(grid.boldColumns ?? []);
  // A pivot's header rows are filled too. The rows a pivot rewrites lose any fill first, so a header row that
  // became a data row is plain again; so do all rows of a write of the whole grid (a first one, or a new shape,
  // where the old cells may have been a pivot's). Each costs a Format and Fill path and their action, as a font does.
  const filledRows = new Set(grid.filledHeaderRows ?? []);
  const resetFill = filledRows.size > 0 || (runs.length === 1 && runs[0]![0] === 0 && runs[0]![1] === height);
  const { range, font } = REQUEST_OVERHEAD;
  const fillCost = font;
  const base = range + font + boldColumns.length * (range + font) + (resetFill ? fillCost : 0);
  const rowExtra = (r: number) => (boldRows.has(r) ? range + font : 0) + (filledRows.has(r) ? range + fillCost : 0);
  const batcher = new Batcher<WriteOp>(budget);

  if (options.workbookId) batcher.add({ kind: 'property', workbookId: options.workbookId }, REQUEST_OVERHEAD.property + jsonStringBytes(options.workbookId));
  const touched: Rect[] = [];
  for (const [start, end] of runs) {
    chunkRows(source, start, end, base, rowExtra, batcher, (chunk): WriteOp => {
      const bold: Rect[] = [];
      for (let r = chunk.start; r < chunk.end; r += 1) if (boldRows.has(r)) bold.push({ top: r, bottom: r, left: 0, right: columns - 1 });
      for (const [left, right] of boldColumns) bold.push({ top: chunk.start, bottom: chunk.end - 1, left, right });
      const fill = rowRects(filledRows, chunk.start, chunk.end, columns);
      touched.push({ top: rect.top + chunk.start, bottom: rect.top + chunk.end - 1, left: rect.left, right: rect.right });
      return { kind: 'cells', start: chunk.start, end: chunk.end, formats: chunk.formats, bold, resetFill, fill };
    }, (chunk) => askedIn(chunk.start, chunk.end));
  }
  // Rewriting a header row may mean the words changed (another language: a week column's title names its
  // granularity): the week formats of the rows left as they are are rewritten too, so every row reads alike.
  if (requested && runs.length > 0 && runs[0]![0] < grid.headerRows) {
    const formats = wordFormatsOutside(grid, runs).map(({ rect: cells, format }) => ({ rect: offsetRect(cells, rect), format }));
    if (formats.length) {
      batcher.fit({ kind: 'formats', formats }, formats.reduce((sum, f) => sum + range + REQUEST_OVERHEAD.set + jsonStringBytes(f.format), 0));
      for (const f of formats) touched.push(f.rect);
    }
  }
  for (const clear of options.clear ?? []) {
    batcher.fit({ kind: 'clear', rect: clear }, REQUEST_OVERHEAD.clear + fillCost);
    touched.push(clear);
  }
  if (options.record) {
    const { cellOptions } = options.record;
    const optionsBytes = cellOptions ? REQUEST_OVERHEAD.property + jsonStringBytes(storedCellOptions(cellOptions)) : 0;
    batcher.fit({ kind: 'name', record: options.record, rect }, REQUEST_OVERHEAD.name + jsonStringBytes(`=${reference(sheetName, rect)}`) + optionsBytes);
  }
  const measure = options.fit && fitsInOneRequest(options.fit) ? new ColumnMeasure(options.fit) : undefined;
  if (measure) batcher.fit({ kind: 'fit', measure }, REQUEST_OVERHEAD.range + (measure.body.right - measure.body.left + 1) * FIT_COLUMN_BYTES);
  if (options.setting) {
    const { key, value } = options.setting;
    batcher.fit({ kind: 'setting', key, value }, REQUEST_OVERHEAD.property + jsonStringBytes(key) + jsonStringBytes(value));
  }
  return { sheetName, anchor, rect, grid, batches: batcher.batches, totalRows: requested ? requested.length : height, touched, record: options.record, measure };
}

/** Grid-relative rectangles over `columns` columns for the runs of `rows` within `[start, end)`. */
function rowRects(rows: ReadonlySet<number>, start: number, end: number, columns: number): Rect[] {
  const rects: Rect[] = [];
  for (let r = start; r < end; r += 1) {
    if (!rows.has(r)) continue;
    const last = rects.at(-1);
    if (last && last.bottom === r - 1) last.bottom = r;
    else rects.push({ top: r, bottom: r, left: 0, right: columns - 1 });
  }
  return rects;
}

/** A grid-relative rectangle on the sheet, the grid's top-left at `at`'s. */
const offsetRect = (cells: Rect, at: Rect): Rect => ({ top: at.top + cells.top, bottom: at.top + cells.bottom, left: at.left + cells.left, right: at.left + cells.right });

/** Grid-relative runs of cells, column by column, whose number format holds words, in the rows no run rewrites. */
export function wordFormatsOutside(grid: CellGrid, runs: readonly (readonly [number, number])[]): FormatRect[] {
  const height = grid.numberFormats.length;
  const rewritten = new Uint8Array(height);
  for (const [start, end] of runs) rewritten.fill(1, start, end);
  const found: FormatRect[] = [];
  const columns = height ? grid.numberFormats[0]!.length : 0;
  for (let c = 0; c < columns; c += 1) {
    let open: FormatRect | null = null;
    for (let r = 0; r < height; r += 1) {
      const format = grid.numberFormats[r]![c]!;
      if (rewritten[r] || !formatHoldsWords(format)) {
        open = null;
      } else if (open && open.format === format) {
        open.rect.bottom = r;
      } else {
        open = { rect: { top: r, bottom: r, left: c, right: c }, format };
        found.push(open);
      }
    }
  }
  return found;
}

/** Index of the first element of sorted `values` not below `value`. */
function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
