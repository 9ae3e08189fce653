import { rectAddress, rectColumns, rectRows, type Rect } from '../core/a1';
import { cellInput, type CellValue } from '../core/cell-values';
import { RESTORE_RETRY, type RetryPolicy, type Sleep } from './host-errors';
import { jsonRowBytes, jsonStringBytes } from './json-size';
import { placementName } from './names';
import { gridBytes, readChunks, sheetNamed } from './reads';
import { Batcher, chunkRows, REQUEST_OVERHEAD, type FormatPiece, type RowSource } from './request-plan';
import { queueFormats, runBatches, suspendForWrite } from './writes';

/** One rectangle of cells as they were before a write. */
export interface SnapshotPart {
  rect: Rect;
  /**
   * What puts each cell back (see `restoreInput`): its formula where it held one, its text (behind the hidden
   * apostrophe where Excel would otherwise read it as something else), its number, boolean or error; `''` for
   * an empty cell. `null` when every cell was known to be empty.
   */
  inputs: CellValue[][] | null;
  numberFormats: string[][];
}

export interface BoldRegion {
  rect: Rect;
  bold: boolean;
}

/** What a write changes, as it was before: cells, number formats, bold, and the placement's name. */
export interface Snapshot {
  sheetName: string;
  parts: SnapshotPart[];
  bold: BoldRegion[];
  /** The placement's name's formula before the write re-points it. */
  name: { placementId: string; formula: string } | null;
}

/**
 * The input that gives a cell back what it held, from its `values`, `valueTypes` and `formulas`. `formulas` is
 * not enough on its own: for text entered behind the apostrophe Excel answers the text without it
 * (https://github.com/OfficeDev/office-js/issues/6687), so writing it back would turn `'=A1` into a formula,
 * `-x` into `#NAME?` and `0042` into 42. A cell holds a formula when `formulas` starts with `=` and is not
 * simply its own text value; other text is written back as `cellInput` writes text, except in a cell formatted
 * as Text (`@`, put back first), which keeps numbers and dates as typed: there only a leading formula sign or
 * apostrophe needs the prefix ("Format numbers as text",
 * https://support.microsoft.com/en-us/office/format-numbers-as-text-583160db-ab58-4f5b-9c3d-30f9b5bcc3f1).
 */
export function restoreInput(value: unknown, type: string, formula: unknown, numberFormat = 'General'): CellValue {
  if (typeof formula === 'string' && formula.startsWith('=') && !(type === 'String' && value === formula)) return formula;
  if (type === 'Empty') return '';
  if (type === 'Error') return String(value);
  if (typeof value === 'string') return numberFormat === '@' && !TEXT_CELL_PREFIX.test(value) ? value : cellInput(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return typeof formula === 'string' || typeof formula === 'number' || typeof formula === 'boolean' ? formula : String(value ?? '');
}

/** What still needs the apostrophe in a Text-formatted cell: a formula sign, or an apostrophe of its own. */
const TEXT_CELL_PREFIX = /^[=+\-@'\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63]/;

/** Ranges whose bold is read in one request at most (a Format and a Font path each). */
const MAX_BOLD_PROBES = 2_000;

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
 * Which cells of `rects` are bold, as uniform regions. `format.font.bold` answers for a whole range, or `null`
 * when its cells differ (https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefont#excel-excel-rangefont-bold-member):
 * mixed ranges are split (see `split`) and asked again, so a placement with a bold Total row and column takes
 * a few rounds and a few hundred small ranges, not a request per cell.
 */
async function readBold(context: Excel.RequestContext, sheet: Excel.Worksheet, rects: readonly Rect[]): Promise<BoldRegion[]> {
  const regions: BoldRegion[] = [];
  let pending = rects.slice();
  while (pending.length > 0) {
    const round = pending.slice(0, MAX_BOLD_PROBES);
    pending = pending.slice(MAX_BOLD_PROBES);
    const fonts = round.map((rect) => {
      const font = sheet.getRange(rectAddress(rect)).format.font;
      font.load('bold');
      return font;
    });
    // At most MAX_BOLD_PROBES ranges a request; mixed ranges are split, so rounds grow with log2 of the rows.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    round.forEach((rect, i) => {
      const bold = fonts[i]!.bold as boolean | null;
      if (bold === null && (rectRows(rect) > 1 || rectColumns(rect) > 1)) {
        for (const part of split(rect)) pending.push(part);
      } else regions.push({ rect, bold: bold === true });
    });
  }
  return regions;
}

export interface SnapshotOptions {
  /** The rectangles hold no values (the sheet's used range does not reach them): only formats are kept. */
  knownEmpty?: boolean;
  /** The write re-points this placement's name: its formula is kept. */
  renames?: string;
  budget: number;
}

/** Copies what a write will change in `rects` (see `Snapshot`), in requests sized to the response limit. */
export async function takeSnapshot(context: Excel.RequestContext, sheetName: string, rects: readonly Rect[], options: SnapshotOptions): Promise<Snapshot> {
  const sheet = sheetNamed(context, sheetName);
  const named = options.renames ? context.workbook.names.getItem(placementName(options.renames)) : null;
  named?.load('formula');
  if (named || rects.length === 0) await context.sync();
  const parts: SnapshotPart[] = rects.map((rect) => ({ rect, inputs: options.knownEmpty ? null : [], numberFormats: [] }));
  let part = 0;
  const properties = options.knownEmpty ? ['numberFormat'] : ['values', 'valueTypes', 'formulas', 'numberFormat'];
  await readChunks(context, sheet, rects, properties, { cellBytes: options.knownEmpty ? 10 : 40, budget: options.budget }, (chunk, range) => {
    while (parts[part]!.numberFormats.length >= rectRows(parts[part]!.rect)) part += 1;
    const target = parts[part]!;
    const formats = range.numberFormat as string[][];
    let bytes = gridBytes(formats);
    for (const row of formats) target.numberFormats.push(row);
    if (target.inputs) {
      const values = range.values as CellValue[][];
      const types = range.valueTypes as string[][];
      const formulas = range.formulas as CellValue[][];
      bytes += gridBytes(values) + gridBytes(formulas) + gridBytes(types);
      values.forEach((row, r) => target.inputs!.push(row.map((value, c) => restoreInput(value, types[r]![c]!, formulas[r]![c], formats[r]![c]))));
    }
    return bytes;
  });
  const bold = await readBold(context, sheet, rects);
  return { sheetName, parts, bold, name: named && options.renames ? { placementId: options.renames, formula: String(named.formula) } : null };
}

type RestoreOp =
  | { kind: 'part'; part: SnapshotPart; start: number; end: number; formats: FormatPiece[] }
  | { kind: 'bold'; region: BoldRegion }
  | { kind: 'name'; placementId: string; formula: string };

/** The requests that put a snapshot back, each within the budget. */
export function planRestore(snapshot: Snapshot, budget: number): { ops: RestoreOp[]; bytes: number }[] {
  const batcher = new Batcher<RestoreOp>(budget);
  const { range, font } = REQUEST_OVERHEAD;
  for (const part of snapshot.parts) {
    const columns = rectColumns(part.rect);
    const inputs = part.inputs;
    const source: RowSource = {
      columns,
      valueBytes: (r) => (inputs ? jsonRowBytes(inputs[r]!) : 0),
      formats: (r) => part.numberFormats[r]!,
      formatBytes: (r) => jsonRowBytes(part.numberFormats[r]!),
    };
    chunkRows(source, 0, rectRows(part.rect), REQUEST_OVERHEAD.clear + range, () => 0, batcher, (chunk): RestoreOp => ({ kind: 'part', part, ...chunk }));
  }
  for (const region of snapshot.bold) batcher.fit({ kind: 'bold', region }, range + font);
  if (snapshot.name) batcher.fit({ kind: 'name', ...snapshot.name }, REQUEST_OVERHEAD.name + jsonStringBytes(snapshot.name.formula));
  return batcher.batches;
}

/**
 * Puts a snapshot back: number formats before values (a value written into a Text-formatted cell stays text),
 * formulas only where the cell held one, text behind the apostrophe where Excel would read it otherwise, bold
 * as it was, the name's old reference. Nothing else is touched: no `clear('All')`, which would also wipe fills,
 * borders and fonts the write never changed. Transient host errors are waited out (`RESTORE_RETRY`).
 */
export async function restoreSnapshot(snapshot: Snapshot, budget: number, sleep: Sleep, retry: RetryPolicy = RESTORE_RETRY): Promise<void> {
  const batches = planRestore(snapshot, budget);
  await runBatches(batches, (context, batch) => {
    const sheet = sheetNamed(context, snapshot.sheetName);
    suspendForWrite(context, batches.length === 1);
    for (const op of batch.ops) {
      if (op.kind === 'part') {
        const { rect, inputs, numberFormats } = op.part;
        const origin = { row: rect.top, column: rect.left };
        for (const piece of op.formats) queueFormats(sheet, origin, rectColumns(rect), piece, numberFormats);
        const cells = sheet.getRange(rectAddress({ ...rect, top: rect.top + op.start, bottom: rect.top + op.end - 1 }));
        if (inputs) cells.formulas = inputs.slice(op.start, op.end);
        else cells.clear('Contents');
      } else if (op.kind === 'bold') {
        sheet.getRange(rectAddress(op.region.rect)).format.font.bold = op.region.bold;
      } else {
        context.workbook.names.getItem(placementName(op.placementId)).formula = op.formula;
      }
    }
  }, retry, sleep);
}
