import { parseSheetAddress, rectColumns, rectIntersection, rectRows, rectsIntersect, type Rect } from '../core/a1';

const rectContainsRect = (outer: Rect, inner: Rect) => inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right;
import { cellInput, type CellValue } from '../core/cell-values';
import type { CellLookNow, CellsNow } from '../ports/workbook-cells';
import type { ColumnFit } from '../ports/workbook-tables';
import { placementName } from './names';
import { gridBytes, sheetNamed } from './reads';
import { API_SETS, supportsExcelApi } from './requirements';
import { LookGrid, LookProbe, looksOf, plainLook, type LookRegion } from './snapshot-looks';
import { LOOK_CELL_BYTES, looksBytes, readSnapshotCells, type CellLook, type SnapshotRead } from './snapshot-reads';

export type { LookRegion } from './snapshot-looks';

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

/** What a write changes, as it was before: cells, number formats, bold, fill, the placement's name and its columns. */
export interface Snapshot {
  sheetName: string;
  parts: SnapshotPart[];
  looks: LookRegion[];
  /**
   * The placement's name's formula before the write re-points it; null for a name the write adds (a new placement's),
   * which is removed again, with the cell options kept beside it when the write kept them (`withOptions`).
   */
  name: { placementId: string; formula: string | null; withOptions?: boolean } | null;
  /** A new placement's columns as its write's fit changed them (see `WritePlan.measure`): set back to their widths before. */
  columns?: { row: number; fit: ColumnFit };
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

export interface SnapshotOptions {
  /** The rectangles hold no values (the sheet's used range does not reach them): only formats are kept. */
  knownEmpty?: boolean;
  /** The write re-points this placement's name: its formula is kept. */
  renames?: string;
  /** The write adds this name (a new placement's, with its cell options when `withOptions`): it is removed on restore. */
  adds?: { placementId: string; withOptions: boolean };
  /** The sheet's used range counting formats, when already known (`undefined`: read here). */
  formattedRange?: Rect | null;
  /**
   * Values just read from these cells (a placement's own, checked against the platform's record): for cells
   * inside `rect`, only number formats are read, and the values are put back as values.
   */
  knownValues?: { rect: Rect; values: readonly (readonly CellValue[])[] };
  /**
   * Number formats and each cell's bold and fill just read from these cells (with the placement's name, see
   * `CellsToRead.snapshot`): cells inside `rect` whose values are known too (or known empty) are taken from them and
   * not read again. Used only where the snapshot reads looks cell by cell too (ExcelApi 1.9), so it records the same.
   */
  knownCells?: KnownCells;
  /** The name's formula, when already read (see `renames`). */
  nameFormula?: string;
  budget: number;
}

/** A rectangle's number formats and looks as read (see `SnapshotOptions.knownCells`). */
export interface KnownCells {
  rect: Rect;
  numberFormats: readonly (readonly string[])[];
  looks: readonly (readonly CellLookNow[])[];
}

/** The formats and looks of a placement's cells read with its name, when they were (`CellsToRead.snapshot`). */
function knownCellsOf(cells: CellsNow | undefined): KnownCells | undefined {
  return cells?.numberFormats && cells.looks ? { rect: cells.rect, numberFormats: cells.numberFormats, looks: cells.looks } : undefined;
}

/**
 * What a snapshot may take from a placement's cells read with its name, given their values it knows (`knownValues`):
 * their formats and looks; and where the read reached past them (`CellsNow.reach`, the cells a write grows into) and
 * no cell there holds anything, those too, as empty cells with their formats and looks.
 */
export function knownFromRead(cells: CellsNow, knownValues: SnapshotOptions['knownValues']): Pick<SnapshotOptions, 'knownCells' | 'knownValues'> {
  const { reach, rect: own } = cells;
  const ownValues = knownValues && rectContainsRect(knownValues.rect, own) && rectContainsRect(own, knownValues.rect) ? knownValues.values : null;
  const isOwn = (row: number, column: number) => row >= own.top && row <= own.bottom && column >= own.left && column <= own.right;
  const emptyPast = reach?.formulas.every((line, r) => line.every((formula, c) => formula === '' || isOwn(reach.rect.top + r, reach.rect.left + c)));
  if (reach?.numberFormats && reach.looks && ownValues && emptyPast) {
    const values = reach.formulas.map((line, r) => line.map((_, c) => {
      const row = reach.rect.top + r;
      const column = reach.rect.left + c;
      return isOwn(row, column) ? ownValues[row - own.top]![column - own.left]! : '';
    }));
    return { knownCells: { rect: reach.rect, numberFormats: reach.numberFormats, looks: reach.looks }, knownValues: { rect: reach.rect, values } };
  }
  const knownCells = knownCellsOf(cells);
  return knownCells ? { knownCells, knownValues } : { knownValues };
}

/**
 * The snapshot `takeSnapshot` would take, made from what is known alone (the used range counting formats, the
 * name's formula, and the values, formats and looks of every cell not known blank), or null when something must be
 * read: then no request is sent for it at all (an `Excel.run` sends one even with nothing queued). Cells all known
 * blank give `blankSnapshot`'s.
 */
export function knownSnapshot(sheetName: string, touched: readonly Rect[], options: Omit<SnapshotOptions, 'budget'> & { renames?: string }): Snapshot | null {
  const area = options.formattedRange;
  if (area === undefined || (options.renames && options.nameFormula === undefined)) return null;
  // A rectangle reaching past the used range (a result grown into blank cells) is known in two parts: inside it, as read; past it, blank.
  const rects = area ? touched.flatMap((rect) => splitAt(rect, area)) : touched;
  const isBlank = (rect: Rect) => !area || !rectsIntersect(rect, area);
  const fromKnown = knownRead(options);
  const toRead = rects.filter((rect) => !isBlank(rect));
  if (!toRead.every(fromKnown)) return null;
  const parts = rects.map((rect) => (isBlank(rect) ? blankPart(rect) : { rect, inputs: options.knownEmpty ? null : [], numberFormats: [] }));
  const grids = toRead.map((rect) => new LookGrid(rect));
  parts.filter((part) => !isBlank(part.rect)).forEach((part, i) => fillKnown(part, grids[i]!, options));
  const looks = rects.filter(isBlank).map(plainLook).concat(looksOf(grids));
  return { sheetName, parts, looks, name: nameBefore(options, options.nameFormula) };
}

/** Whether a rectangle's cells are all known (values or known empty, formats, looks): then they are not read. */
function knownRead(options: Pick<SnapshotOptions, 'knownEmpty' | 'knownValues' | 'knownCells'>): (rect: Rect) => boolean {
  const { knownCells, knownValues, knownEmpty } = options;
  if (!knownCells || !supportsExcelApi(API_SETS.cellProperties)) return () => false;
  return (rect) => rectContainsRect(knownCells.rect, rect) && (knownEmpty === true || (knownValues !== undefined && rectContainsRect(knownValues.rect, rect)));
}

/** A part's formats, inputs (from the known values, as `takeSnapshot` makes them from a read) and looks, from what is known. */
function fillKnown(part: SnapshotPart, grid: LookGrid, options: Pick<SnapshotOptions, 'knownValues' | 'knownCells'>): void {
  const { rect } = part;
  const cells = options.knownCells!;
  const known = options.knownValues;
  const looks: CellLook[][] = [];
  for (let row = rect.top; row <= rect.bottom; row += 1) {
    const formats = cells.numberFormats[row - cells.rect.top]!.slice(rect.left - cells.rect.left, rect.right - cells.rect.left + 1);
    part.numberFormats.push(formats);
    if (part.inputs) {
      const line = known!.values[row - known!.rect.top]!;
      part.inputs.push(formats.map((format, c) => knownInput(line[rect.left + c - known!.rect.left] ?? '', format)));
    }
    looks.push(cells.looks[row - cells.rect.top]!.slice(rect.left - cells.rect.left, rect.right - cells.rect.left + 1)
      .map((look) => ({ format: { font: { bold: look.bold }, fill: { color: look.fill } } })));
  }
  grid.add(rect, looks);
}

/** Copies what a write will change in `rects` (see `Snapshot`), in requests sized to the response limit. */
export async function takeSnapshot(context: Excel.RequestContext, sheetName: string, rects: readonly Rect[], options: SnapshotOptions): Promise<Snapshot> {
  // Made only when needed: a proxy is an instantiate action, and a snapshot of blank cells sends no request.
  let sheetProxy: Excel.Worksheet | undefined;
  const sheet = () => (sheetProxy ??= sheetNamed(context, sheetName));
  const named = options.renames && options.nameFormula === undefined ? context.workbook.names.getItem(placementName(options.renames)) : null;
  named?.load('formula');
  // Cells beyond the used range counting formats hold nothing at all: blank, General, not bold, not filled
  // (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-getusedrangeornullobject-member(1)).
  const used = options.formattedRange === undefined ? sheet().getUsedRangeOrNullObject(false) : null;
  used?.load('address');
  if (named || used) await context.sync();
  const area = used ? (used.isNullObject ? null : parseSheetAddress(used.address).rect) : options.formattedRange!;
  const isBlank = (rect: Rect) => !area || !rectsIntersect(rect, area);
  const known = options.knownValues;
  const isKnown = (rect: Rect) => !options.knownEmpty && known !== undefined && rectContainsRect(known.rect, rect);
  const parts: SnapshotPart[] = rects.map((rect) => (isBlank(rect) ? blankPart(rect) : { rect, inputs: options.knownEmpty ? null : [], numberFormats: [] }));
  const toRead = rects.filter((rect) => !isBlank(rect));
  // Cells whose values are known read their number formats only, the others everything; with ExcelApi 1.9, every
  // cell's bold and fill come along in the same requests (`getCellProperties`), so the snapshot is one request for
  // as long as the response fits the budget, however the looks are laid out.
  const targets = parts.filter((part) => !isBlank(part.rect));
  // Cells whose formats and looks were read with the placement's name (`knownCells`) are made from them, unread.
  const allKnown = knownRead(options);
  const unread = toRead.map((_rect, i) => i).filter((i) => !allKnown(toRead[i]!));
  // Every cell's look costs about 64 bytes of answer: taken along while that stays within half a response, so a
  // placement of tens of thousands of cells needs no request of its own for them; a larger one has its looks
  // probed range by range (`LookProbe`), a few short answers where its cells are alike, its first round in the
  // first read's request.
  const unreadCells = unread.reduce((sum, i) => sum + rectRows(toRead[i]!) * rectColumns(toRead[i]!), 0);
  const withLooks = supportsExcelApi(API_SETS.cellProperties) && unreadCells * LOOK_CELL_BYTES <= options.budget / 2;
  const grids = toRead.map((rect, i) => (withLooks || !unread.includes(i) ? new LookGrid(rect) : null));
  toRead.forEach((rect, i) => {
    if (allKnown(rect)) fillKnown(targets[i]!, grids[i]!, options);
  });
  const reads: SnapshotRead[] = unread.map((i) => ({
    rect: toRead[i]!,
    properties: options.knownEmpty || isKnown(toRead[i]!) ? ['numberFormat'] : ['values', 'valueTypes', 'formulas', 'numberFormat'],
    looks: withLooks,
  }));
  const probe = new LookProbe(sheet(), withLooks ? [] : unread.map((i) => toRead[i]!));
  if (reads.length > 0) {
    await readSnapshotCells(context, sheet(), reads, options.budget, (read, chunk, range, cells) => {
      const index = unread[read]!;
      const target = targets[index]!;
      const fromKnown = isKnown(toRead[index]!);
      const formats = range.numberFormat as string[][];
      let bytes = gridBytes(formats);
      for (const row of formats) target.numberFormats.push(row);
      if (target.inputs && fromKnown) {
        formats.forEach((row, r) => {
          const line = known!.values[chunk.top + r - known!.rect.top]!;
          target.inputs!.push(row.map((format, c) => knownInput(line[chunk.left + c - known!.rect.left] ?? '', format)));
        });
      } else if (target.inputs) {
        const values = range.values as CellValue[][];
        const types = range.valueTypes as string[][];
        const formulas = range.formulas as CellValue[][];
        bytes += gridBytes(values) + gridBytes(formulas) + gridBytes(types);
        values.forEach((row, r) => target.inputs!.push(row.map((value, c) => restoreInput(value, types[r]![c]!, formulas[r]![c], formats[r]![c]))));
      }
      if (cells) {
        grids[index]!.add(chunk, cells);
        bytes += looksBytes(cells);
      }
      return bytes;
    }, probe);
  }
  const read = looksOf(grids.filter((grid): grid is LookGrid => grid !== null)).concat(await probe.finish(context));
  const looks = rects.filter(isBlank).map(plainLook).concat(read);
  return { sheetName, parts, looks, name: nameBefore(options, options.nameFormula ?? (named ? String(named.formula) : undefined)) };
}

/** The name as it was: its formula when the write re-points it, none when the write adds it. */
function nameBefore(options: Pick<SnapshotOptions, 'renames' | 'adds'>, formula: string | undefined): Snapshot['name'] {
  if (options.renames) return formula === undefined ? null : { placementId: options.renames, formula };
  return options.adds ? { ...options.adds, formula: null } : null;
}

/** What puts back a value read with `values` alone, in a placement's own cells (text, numbers, booleans). */
function knownInput(value: CellValue, numberFormat: string): CellValue {
  const type = value === '' ? 'Empty' : typeof value === 'number' ? 'Double' : typeof value === 'boolean' ? 'Boolean' : 'String';
  return restoreInput(value, type, undefined, numberFormat);
}

/** `rect` as its part inside `area` and the parts outside it (itself alone when it lies wholly inside or outside). */
function splitAt(rect: Rect, area: Rect): Rect[] {
  const inside = rectIntersection(rect, area);
  if (!inside || rectContainsRect(inside, rect)) return [rect];
  const { top, bottom, left, right } = rect;
  const outside: Rect[] = [
    { top, bottom: inside.top - 1, left, right },
    { top: inside.bottom + 1, bottom, left, right },
    { top: inside.top, bottom: inside.bottom, left, right: inside.left - 1 },
    { top: inside.top, bottom: inside.bottom, left: inside.right + 1, right },
  ];
  return [inside, ...outside.filter((r) => r.top <= r.bottom && r.left <= r.right)];
}

/**
 * Cells known to hold nothing: no value, General (not bold, not filled: see `plainLook`). Every row is the same
 * array (a snapshot's rows are only read): a new placement's snapshot is kept through its whole write, and a row
 * each would take 6 MB a request of 430,000 cells (bench/memory.ts).
 */
function blankPart(rect: Rect): SnapshotPart {
  const general = new Array<string>(rectColumns(rect)).fill('General');
  return { rect, inputs: null, numberFormats: new Array<string[]>(rectRows(rect)).fill(general) };
}

/** The snapshot of cells known to be blank (beyond the sheet's used range counting formats), read from nowhere. */
export function blankSnapshot(sheetName: string, rects: readonly Rect[]): Snapshot {
  return { sheetName, parts: rects.map(blankPart), looks: rects.map(plainLook), name: null };
}
