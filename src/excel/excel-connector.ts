import { parseSheetAddress, rectAddress, rectColumns, sheetAddress, type Cell, type Rect } from '../core/a1';
import { cellInput, type CellValue } from '../core/cell-values';
import type { CellGrid } from '../core/layout';

/**
 * All of the add-in's Office.js in one place. Everything above this file works with plain data (sheet ids,
 * rectangles, grids); everything here talks to `Excel.run`, batching work into as few syncs as the host's
 * payload limits allow.
 */

/**
 * Where the workbook's external id is kept: a custom document property (`workbook.properties.custom`,
 * ExcelApi 1.7), saved inside the file, where the platform's own Excel integration keeps it and what
 * `GET /api/v1/external-documents/{id}/placements` looks up.
 */
export const WORKBOOK_ID_PROPERTY = 'ReportSyncWorkbookId';
/** Where earlier versions kept it: a document setting. Still read, so their workbooks keep their placements. */
export const LEGACY_WORKBOOK_ID_SETTING = 'reportSync.workbookId';

/** Requests stay well under Excel on the web's 5 MB limit: JSON size is estimated, not exact. */
export const DEFAULT_REQUEST_BUDGET_BYTES = 4_400_000;
/** Cells read per sync when checking or reading back a range, so responses stay under the limit too. */
export const DEFAULT_READ_CHUNK_CELLS = 100_000;

export interface SheetRef {
  sheetId: string;
  sheetName: string;
}

export interface Location extends SheetRef {
  rect: Rect;
}

export interface WriteProgress {
  rowsWritten: number;
  totalRows: number;
}

export interface ConnectorOptions {
  requestBudgetBytes?: number;
  readChunkCells?: number;
  /** Makes the workbook id; injectable for tests. */
  newId?: () => string;
}

/** A hidden defined name per placement keeps its cells' address as rows and columns are inserted around it. */
export const PLACEMENT_NAME_PREFIX = 'ReportSync_';
export function placementName(placementId: string): string {
  return `${PLACEMENT_NAME_PREFIX}${placementId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Earlier versions kept each placement's fingerprint in a document setting; disconnecting removes it. */
export function legacyPlacementSetting(placementId: string): string {
  return `reportSync.placement.${placementId}`;
}

/** A copy of cells taken before a write, to put back exactly if the write fails. */
export interface Snapshot {
  rect: Rect;
  formulas: CellValue[][];
  numberFormats: string[][];
}

export interface WorkbookState {
  /** `null` when the workbook has no id yet: the first write saves one. */
  workbookId: string | null;
  /** The id came from an earlier version's document setting only: the next write also saves it as the property. */
  workbookIdIsLegacy: boolean;
  workbookName: string;
  selection: SheetRef & { cell: Cell };
  /** Used range (values only) of the selection's sheet. */
  usedRange: Rect | null;
  placements: { name: string; sheetName: string; sheetId: string | null; rect: Rect }[];
  /** The sheets in tab order, with their ids (valid in this session only). */
  sheets: SheetRef[];
}

export interface Inspection {
  ownValues: CellValue[][] | null;
  foreignCells: string[];
}

/** Excel on the web refuses responses over 5 MB too; reads stay under this estimate. */
export const DEFAULT_RESPONSE_BUDGET_BYTES = 4_600_000;
/** A first guess of one cell's share of a values response, before any has been seen. */
const ESTIMATED_CELL_BYTES = 24;

function intersect(a: Rect, b: Rect): Rect | null {
  const r = { top: Math.max(a.top, b.top), left: Math.max(a.left, b.left), bottom: Math.min(a.bottom, b.bottom), right: Math.min(a.right, b.right) };
  return r.top > r.bottom || r.left > r.right ? null : r;
}

function contains(outer: Rect, inner: Rect): boolean {
  return inner.top >= outer.top && inner.bottom <= outer.bottom && inner.left >= outer.left && inner.right <= outer.right;
}

export interface WriteOptions {
  onProgress?: (progress: WriteProgress) => void;
  /** Only these grid rows are written (the rest already hold the same values); all when absent. */
  rows?: number[];
  /** The workbook's external id, saved as its custom property with the first batch (a new or migrated id). */
  workbookId?: string;
  /** Cells the old result used and the new one does not, cleared in the last batch. */
  clear?: Rect[];
  /** Name the written cells for this placement, in the last batch. */
  record?: RecordTarget;
}

export interface RecordTarget {
  placementId: string;
  sheetName: string;
  /** The placement already has its hidden name (a refresh), which is re-pointed rather than added. */
  nameExists: boolean;
}

/**
 * Excel skips recalculation (ExcelApi 1.8) and screen updates (ExcelApi 1.9, desktop) until the next sync,
 * where the host supports them; elsewhere the write simply goes ahead.
 */
function suspendCalculation(context: Excel.RequestContext): void {
  const application = context.workbook.application as Partial<Excel.Application> | undefined;
  application?.suspendApiCalculationUntilNextSync?.();
  application?.suspendScreenUpdatingUntilNextSync?.();
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ItemNotFound' || code === 'InvalidReference';
}

export class ExcelConnector {
  private readonly requestBudget: number;
  private readonly readChunkCells: number;
  private readonly newId: () => string;

  constructor(options: ConnectorOptions = {}) {
    this.requestBudget = options.requestBudgetBytes ?? DEFAULT_REQUEST_BUDGET_BYTES;
    this.readChunkCells = options.readChunkCells ?? DEFAULT_READ_CHUNK_CELLS;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /**
   * Everything a place or refresh needs to know before it writes, in one sync: the workbook's id and name,
   * the selection and its sheet's used range, and every placement's cells (by hidden name).
   */
  prepare(): Promise<WorkbookState> {
    return Excel.run(async (context) => {
      const property = context.workbook.properties.custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
      property.load('value');
      const setting = context.workbook.settings.getItemOrNullObject(LEGACY_WORKBOOK_ID_SETTING);
      setting.load('value');
      context.workbook.load('name');
      const selection = context.workbook.getSelectedRange();
      selection.load('address');
      const active = context.workbook.worksheets.getActiveWorksheet();
      active.load(['id', 'name']);
      const used = active.getUsedRangeOrNullObject(true);
      used.load('address');
      const names = context.workbook.names;
      names.load('items/name, items/value, items/type');
      const sheets = context.workbook.worksheets;
      sheets.load('items/id, items/name');
      await context.sync();
      const sheetIds = new Map(sheets.items.map((sheet) => [sheet.name, sheet.id]));
      const placements = names.items
        .filter((item) => item.name.startsWith(PLACEMENT_NAME_PREFIX) && item.type === 'Range')
        .map((item) => {
          const { sheetName, rect } = parseSheetAddress(String(item.value));
          return { name: item.name, sheetName: sheetName ?? '', sheetId: sheetIds.get(sheetName ?? '') ?? null, rect };
        });
      const fromProperty = property.isNullObject ? null : String(property.value ?? '') || null;
      const fromSetting = setting.isNullObject ? null : String(setting.value ?? '') || null;
      const selectedAddress = selection.address;
      const selected = parseSheetAddress(selectedAddress).rect;
      return {
        workbookId: fromProperty ?? fromSetting,
        workbookIdIsLegacy: fromProperty === null && fromSetting !== null,
        workbookName: context.workbook.name,
        selection: { sheetId: active.id, sheetName: active.name, cell: { row: selected.top, column: selected.left } },
        usedRange: used.isNullObject ? null : parseSheetAddress(used.address).rect,
        placements,
        sheets: sheets.items.map((sheet) => ({ sheetId: sheet.id, sheetName: sheet.name })),
      };
    });
  }

  /**
   * A placement's values read through its hidden name.
   * `rows` × `columns` is the recorded size; chunks start small and then size themselves from the bytes per
   * row actually seen, so the reads come close to the response limit. `null` when the name is gone.
   */
  readPlacement(placementId: string, rows: number, columns: number): Promise<{ values: CellValue[][]; rect: Rect } | null> {
    return Excel.run(async (context) => {
      const values: CellValue[][] = [];
      let rect: Rect | null = null;
      let rowBytes = columns * ESTIMATED_CELL_BYTES;
      for (let start = 0; start < rows; ) {
        const count = Math.max(1, Math.min(rows - start, Math.floor(DEFAULT_RESPONSE_BUDGET_BYTES / rowBytes)));
        const range = context.workbook.names.getItem(placementName(placementId)).getRange().getCell(start, 0).getResizedRange(count - 1, columns - 1);
        range.load('values');
        const whole = start === 0 ? context.workbook.names.getItem(placementName(placementId)).getRange() : null;
        whole?.load('address');
        try {
          // One response per chunk, each sized to stay under the limit.
          // eslint-disable-next-line office-addins/no-context-sync-in-loop
          await context.sync();
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
        if (whole) rect = parseSheetAddress(whole.address).rect;
        const chunk = range.values as CellValue[][];
        values.push(...chunk);
        const seen = chunk.reduce((sum, row) => sum + estimateJsonBytes(row), 0) / chunk.length;
        rowBytes = Math.max(16, Math.ceil(seen * 1.05));
        start += count;
      }
      return rect ? { values, rect } : null;
    });
  }

  /** A new external workbook id, saved by the next write (see `WriteOptions.workbookId`). */
  newWorkbookId(): string {
    return this.newId();
  }

  /**
   * Reads what a write must know about the cells it is about to touch: the placement's own values (for the
   * hand-edit check and the snapshot), chunked to the response limit by `rowBytes`, and which cells of
   * `target` outside `own` hold something. The first chunk shares a sync with the sheet's used range.
   */
  inspect(sheetId: string, own: Rect | null, target: Rect, usedRange: Rect | null | undefined, rowBytes: number, limit = 20): Promise<Inspection> {
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      let used = usedRange;
      const usedProxy = used === undefined ? sheet.getUsedRangeOrNullObject(true) : undefined;
      usedProxy?.load('address');
      const ownValues: CellValue[][] = [];
      if (own) {
        for (const chunk of this.responseChunks(own, rowBytes)) {
          const range = sheet.getRange(rectAddress(chunk));
          range.load('values');
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one response per chunk
          await context.sync();
          ownValues.push(...(range.values as CellValue[][]));
        }
      }
      if (usedProxy !== undefined) {
        if (!own) await context.sync();
        used = usedProxy.isNullObject ? null : parseSheetAddress(usedProxy.address).rect;
      }
      const foreignCells: string[] = [];
      const area = used ? intersect(target, used) : null;
      if (area && !(own && contains(own, area))) {
        for (const chunk of this.rowChunks(area)) {
          const range = sheet.getRange(rectAddress(chunk));
          range.load('formulas');
          // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one response per chunk
          await context.sync();
          range.formulas.forEach((row, r) => row.forEach((formula, c) => {
            const cell = { row: chunk.top + r, column: chunk.left + c };
            const mine = own && cell.row >= own.top && cell.row <= own.bottom && cell.column >= own.left && cell.column <= own.right;
            if (formula !== '' && !mine && foreignCells.length < limit) foreignCells.push(rectAddress({ top: cell.row, left: cell.column, bottom: cell.row, right: cell.column }));
          }));
          if (foreignCells.length >= limit) break;
        }
      }
      return { ownValues: own ? ownValues : null, foreignCells };
    });
  }

  /** Where a placement's cells are now, following its hidden name; `null` when the sheet or cells are gone. */
  locate(placementId: string): Promise<Location | null> {
    return Excel.run(async (context) => {
      const item = context.workbook.names.getItemOrNullObject(placementName(placementId));
      await context.sync();
      if (item.isNullObject) return null;
      const range = item.getRangeOrNullObject();
      range.load('address');
      // `worksheet` is a navigation property: a proxy usable before any load (the lint rule cannot tell).
      // eslint-disable-next-line office-addins/call-sync-before-read
      const sheet = range.worksheet;
      sheet.load(['id', 'name']);
      try {
        await context.sync();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if (range.isNullObject) return null;
      return { sheetId: sheet.id, sheetName: sheet.name, rect: parseSheetAddress(range.address).rect };
    });
  }

  /**
   * Writes a grid with its top-left at `anchor`, in row chunks sized by the estimated request bytes so no
   * request nears the payload limit. Text that Excel would turn into a formula or a number is written with
   * the hidden text prefix, so every cell shows exactly what the data had. Calculation is suspended while
   * chunks land. The last batch also clears leftovers, bolds the total rows and, when asked, names the cells
   * Names the cells for the placement.
   */
  writeGrid(sheetId: string, anchor: Cell, grid: CellGrid, options: WriteOptions = {}): Promise<Rect> {
    const rows = grid.values.length;
    const columns = rows ? grid.values[0]!.length : 0;
    const rect: Rect = { top: anchor.row, left: anchor.column, bottom: anchor.row + rows - 1, right: anchor.column + columns - 1 };
    const batches = [...this.writeBatches(grid, options.rows)];
    const needsFinish = (options.clear?.length ?? 0) > 0 || grid.boldRows.length > 0 || (grid.boldColumns?.length ?? 0) > 0 || options.record !== undefined || options.workbookId !== undefined;
    if (batches.length === 0 && needsFinish) batches.push([]);
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      let written = 0;
      for (const [index, runs] of batches.entries()) {
        suspendCalculation(context);
        if (index === 0 && options.workbookId) context.workbook.properties.custom.add(WORKBOOK_ID_PROPERTY, options.workbookId);
        for (const [start, end] of runs) {
          const chunk: Rect = { top: rect.top + start, left: rect.left, bottom: rect.top + end - 1, right: rect.right };
          const range = sheet.getRange(rectAddress(chunk));
          range.values = grid.values.slice(start, end).map((row) => row.map(cellInput));
          range.numberFormat = grid.numberFormats.slice(start, end);
          range.format.font.bold = false;
          written += end - start;
        }
        if (index === batches.length - 1) this.finish(context, sheet, rect, grid, options);
        // Batches are sized to fit one request each; they must be sent one at a time.
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
        options.onProgress?.({ rowsWritten: written, totalRows: options.rows?.length ?? rows });
      }
      return rect;
    });
  }

  private finish(context: Excel.RequestContext, sheet: Excel.Worksheet, rect: Rect, grid: CellGrid, options: WriteOptions): void {
    for (const extra of options.clear ?? []) sheet.getRange(rectAddress(extra)).clear('All');
    for (const row of grid.boldRows) {
      sheet.getRange(rectAddress({ top: rect.top + row, bottom: rect.top + row, left: rect.left, right: rect.right })).format.font.bold = true;
    }
    for (const column of grid.boldColumns ?? []) {
      sheet.getRange(rectAddress({ top: rect.top, bottom: rect.bottom, left: rect.left + column, right: rect.left + column })).format.font.bold = true;
    }
    if (options.record) this.queueRecord(context, sheet, rect, options.record);
  }

  private queueRecord(context: Excel.RequestContext, sheet: Excel.Worksheet, rect: Rect, record: RecordTarget): void {
    const name = placementName(record.placementId);
    if (record.nameExists) {
      // ExcelApi 1.7: a name's formula is settable, so an existing name is re-pointed in place.
      context.workbook.names.getItem(name).formula = `=${sheetAddress(record.sheetName, rect)}`;
    } else {
      const item = context.workbook.names.add(name, sheet.getRange(rectAddress(rect)), 'Report Sync placement');
      item.visible = false;
    }
  }

  /** Names a placement's cells (after the platform gave the placement its id). */
  recordPlacement(sheetId: string, rect: Rect, record: RecordTarget): Promise<void> {
    return Excel.run(async (context) => {
      this.queueRecord(context, context.workbook.worksheets.getItem(sheetId), rect, record);
      await context.sync();
    });
  }

  /** Copies formulas (constants included) and number formats of `rect`, in chunks. */
  snapshot(sheetId: string, rect: Rect): Promise<Snapshot> {
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      const formulas: CellValue[][] = [];
      const numberFormats: string[][] = [];
      for (const chunk of this.rowChunks(rect, 2)) {
        const range = sheet.getRange(rectAddress(chunk));
        range.load(['formulas', 'numberFormat']);
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one response per chunk
        await context.sync();
        formulas.push(...(range.formulas as CellValue[][]));
        numberFormats.push(...(range.numberFormat as string[][]));
      }
      return { rect, formulas, numberFormats };
    });
  }

  /** Puts a snapshot back exactly: what was a formula is a formula again, constants and formats as they were. */
  restore(sheetId: string, snapshot: Snapshot): Promise<void> {
    const grid: CellGrid = { values: snapshot.formulas, numberFormats: snapshot.numberFormats, headerRows: 0, boldRows: [] };
    const chunks = [...this.writeChunks(grid)];
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      let start = 0;
      for (const end of chunks) {
        const chunk: Rect = { ...snapshot.rect, top: snapshot.rect.top + start, bottom: snapshot.rect.top + end - 1 };
        const range = sheet.getRange(rectAddress(chunk));
        range.clear('All');
        range.formulas = snapshot.formulas.slice(start, end);
        range.numberFormat = snapshot.numberFormats.slice(start, end);
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one request per chunk
        await context.sync();
        start = end;
      }
    });
  }

  /** Clears contents and formats of the given rectangles in one sync. */
  clear(sheetId: string, rects: Rect[]): Promise<void> {
    if (rects.length === 0) return Promise.resolve();
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      for (const rect of rects) sheet.getRange(rectAddress(rect)).clear('All');
      await context.sync();
    });
  }

  /** Forgets a placement: its hidden name, and an earlier version's fingerprint setting (the cells stay unless cleared). */
  forgetPlacement(placementId: string): Promise<void> {
    return Excel.run(async (context) => {
      const name = context.workbook.names.getItemOrNullObject(placementName(placementId));
      const setting = context.workbook.settings.getItemOrNullObject(legacyPlacementSetting(placementId));
      await context.sync();
      if (!name.isNullObject) name.delete();
      if (!setting.isNullObject) setting.delete();
      await context.sync();
    });
  }

  /** Selects a placement's cells (activating its sheet). */
  select(location: Location): Promise<void> {
    return Excel.run(async (context) => {
      context.workbook.worksheets.getItem(location.sheetId).getRange(rectAddress(location.rect)).select();
      await context.sync();
    });
  }

  /** The selected range's address with its sheet, e.g. `Sheet1!B3`. */
  selectedAddress(): Promise<string> {
    return Excel.run(async (context) => {
      const range = context.workbook.getSelectedRange();
      range.load('address');
      await context.sync();
      return range.address;
    });
  }

  /**
   * Tells `onChange` the selection's address now and after every change (WorkbookSelectionChanged,
   * ExcelApi 1.2), or null when it cannot be read (a chart or shape selected). Resolves to a function that
   * removes the handler.
   */
  async watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>> {
    const report = () => this.selectedAddress().then(onChange, () => onChange(null));
    const registration = await Excel.run(async (context) => {
      const handler = context.workbook.onSelectionChanged.add(report);
      await context.sync();
      return handler;
    });
    // Read apart from the registration: with a chart selected the read fails, and the handler must still be in place.
    await report();
    return () =>
      Excel.run(registration.context, async (context) => {
        registration.remove();
        await context.sync();
      });
  }

  /**
   * Batches of row runs [start, end) to write, each batch's estimated request within the budget. Without
   * `only`, every row is written in contiguous runs.
   */
  private *writeBatches(grid: CellGrid, only?: number[]): Generator<[number, number][]> {
    const rows = only ? [...only].sort((a, b) => a - b) : grid.values.map((_, i) => i);
    let batch: [number, number][] = [];
    let bytes = 0;
    for (const row of rows) {
      const rowBytes = estimateJsonBytes(grid.values[row]!.map(cellInput)) + estimateJsonBytes(grid.numberFormats[row]!) + 2;
      if (bytes > 0 && bytes + rowBytes > this.requestBudget) {
        yield batch;
        batch = [];
        bytes = 0;
      }
      const last = batch.at(-1);
      if (last && last[1] === row) last[1] = row + 1;
      else {
        batch.push([row, row + 1]);
        bytes += 120; // a range address and the wrappers of another set of actions
      }
      bytes += rowBytes;
    }
    if (batch.length) yield batch;
  }

  /** Row ranges [start, end) of the grid whose estimated request stays within the budget. */
  private *writeChunks(grid: CellGrid): Generator<number> {
    let bytes = 0;
    for (let row = 0; row < grid.values.length; row += 1) {
      const rowBytes = estimateJsonBytes(grid.values[row]!.map(cellInput)) + estimateJsonBytes(grid.numberFormats[row]!);
      if (bytes > 0 && bytes + rowBytes > this.requestBudget) {
        yield row;
        bytes = 0;
      }
      bytes += rowBytes;
    }
    if (grid.values.length) yield grid.values.length;
  }

  /** Row ranges of `rect` whose estimated response (`rowBytes` per row) stays under the budget. */
  private *responseChunks(rect: Rect, rowBytes: number): Generator<Rect> {
    const rowsPerChunk = Math.max(1, Math.floor(DEFAULT_RESPONSE_BUDGET_BYTES / Math.max(1, rowBytes)));
    for (let top = rect.top; top <= rect.bottom; top += rowsPerChunk) {
      yield { ...rect, top, bottom: Math.min(rect.bottom, top + rowsPerChunk - 1) };
    }
  }

  /** Row ranges of `rect` whose response stays under the limit; `properties` loaded per cell share it. */
  private *rowChunks(rect: Rect, properties = 1): Generator<Rect> {
    const rowsPerChunk = Math.max(1, Math.floor(this.readChunkCells / properties / rectColumns(rect)));
    for (let top = rect.top; top <= rect.bottom; top += rowsPerChunk) {
      yield { ...rect, top, bottom: Math.min(rect.bottom, top + rowsPerChunk - 1) };
    }
  }
}

/** JSON size of a row as it travels in the request (UTF-8, with separators). */
export function estimateJsonBytes(row: readonly (CellValue | string)[]): number {
  let bytes = 2;
  for (const value of row) {
    if (typeof value === 'string') {
      bytes += 3 + value.length;
      for (let i = 0; i < value.length; i += 1) {
        const code = value.charCodeAt(i);
        if (code > 0x7f) bytes += code > 0x7ff ? 2 : 1;
        else if (code === 0x22 || code === 0x5c) bytes += 1;
        else if (code < 0x20) bytes += 5;
      }
    } else {
      bytes += String(value).length + 1;
    }
  }
  return bytes;
}
