import { parseSheetAddress, rectAddress, rectColumns, type Cell, type Rect } from '../core/a1';
import { cellInput, type CellValue } from '../core/cell-values';
import type { CellGrid } from '../core/layout';

/**
 * All of the add-in's Office.js in one place. Everything above this file works with plain data (sheet ids,
 * rectangles, grids); everything here talks to `Excel.run`, batching work into as few syncs as the host's
 * payload limits allow.
 */

/** Where the workbook's own id is kept: a document setting, saved inside the file. */
export const WORKBOOK_ID_SETTING = 'reportSync.workbookId';

/** Requests stay well under Excel on the web's 5 MB limit: JSON size is estimated, not exact. */
export const DEFAULT_REQUEST_BUDGET_BYTES = 4_000_000;
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
export function placementName(placementId: string): string {
  return `ReportSync_${placementId.replace(/[^A-Za-z0-9_]/g, '_')}`;
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

  /** The workbook's external id (created once and saved in the document) and its file name. */
  workbookIdentity(): Promise<{ workbookId: string; workbookName: string }> {
    return Excel.run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject(WORKBOOK_ID_SETTING);
      setting.load('value');
      context.workbook.load('name');
      await context.sync();
      let workbookId = setting.isNullObject ? '' : String(setting.value ?? '');
      if (!workbookId) {
        workbookId = this.newId();
        context.workbook.settings.add(WORKBOOK_ID_SETTING, workbookId);
        await context.sync();
      }
      return { workbookId, workbookName: context.workbook.name };
    });
  }

  /** The selection's sheet and top-left cell: where a new placement is anchored. */
  selection(): Promise<SheetRef & { cell: Cell; address: string }> {
    return Excel.run(async (context) => {
      const range = context.workbook.getSelectedRange();
      range.load('address');
      // The selection is always on the active sheet.
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      sheet.load(['id', 'name']);
      await context.sync();
      const { rect } = parseSheetAddress(range.address);
      return { sheetId: sheet.id, sheetName: sheet.name, cell: { row: rect.top, column: rect.left }, address: range.address };
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
   * Addresses of cells in `target` that hold something and are not inside `own` (the placement's current
   * cells): what a write would overwrite without asking. At most `limit` are returned.
   */
  findForeignCells(sheetId: string, target: Rect, own: Rect | null, limit = 20): Promise<string[]> {
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      const used = sheet.getUsedRangeOrNullObject(true);
      used.load('address');
      await context.sync();
      if (used.isNullObject) return [];
      const usedRect = parseSheetAddress(used.address).rect;
      const area: Rect = {
        top: Math.max(target.top, usedRect.top), left: Math.max(target.left, usedRect.left),
        bottom: Math.min(target.bottom, usedRect.bottom), right: Math.min(target.right, usedRect.right),
      };
      if (area.top > area.bottom || area.left > area.right) return [];
      const found: string[] = [];
      for (const chunk of this.rowChunks(area)) {
        const range = sheet.getRange(rectAddress(chunk));
        range.load('formulas');
        // One chunk per sync: each response must stay under the host's limit.
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
        range.formulas.forEach((row, r) => row.forEach((formula, c) => {
          const cell = { row: chunk.top + r, column: chunk.left + c };
          const mine = own && cell.row >= own.top && cell.row <= own.bottom && cell.column >= own.left && cell.column <= own.right;
          if (formula !== '' && !mine && found.length < limit) found.push(rectAddress({ top: cell.row, left: cell.column, bottom: cell.row, right: cell.column }));
        }));
        if (found.length >= limit) break;
      }
      return found;
    });
  }

  /** A placement's values as Excel returns them, read in chunks that keep responses under the limit. */
  readValues(location: Location): Promise<CellValue[][]> {
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(location.sheetId);
      const values: CellValue[][] = [];
      for (const chunk of this.rowChunks(location.rect)) {
        const range = sheet.getRange(rectAddress(chunk));
        range.load('values');
        // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one response per chunk
        await context.sync();
        values.push(...(range.values as CellValue[][]));
      }
      return values;
    });
  }

  /**
   * Writes a grid with its top-left at `anchor`, in row chunks sized by the estimated request bytes so no
   * request nears the payload limit. Text that Excel would turn into a formula or a number is written with
   * the hidden text prefix, so every cell shows exactly what the data had.
   */
  writeGrid(sheetId: string, anchor: Cell, grid: CellGrid, onProgress?: (progress: WriteProgress) => void): Promise<Rect> {
    const rows = grid.values.length;
    const columns = rows ? grid.values[0]!.length : 0;
    const rect: Rect = { top: anchor.row, left: anchor.column, bottom: anchor.row + rows - 1, right: anchor.column + columns - 1 };
    return Excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetId);
      let start = 0;
      for (const end of this.writeChunks(grid)) {
        const chunk: Rect = { top: rect.top + start, left: rect.left, bottom: rect.top + end - 1, right: rect.right };
        const range = sheet.getRange(rectAddress(chunk));
        range.values = grid.values.slice(start, end).map((row) => row.map(cellInput));
        range.numberFormat = grid.numberFormats.slice(start, end);
        // Chunks are sized to fit one request each; they must be sent one at a time.
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
        start = end;
        onProgress?.({ rowsWritten: end, totalRows: rows });
      }
      return rect;
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

  /** Points the placement's hidden name at `rect`, replacing an earlier one. */
  nameRange(placementId: string, sheetId: string, rect: Rect): Promise<void> {
    return Excel.run(async (context) => {
      const name = placementName(placementId);
      const existing = context.workbook.names.getItemOrNullObject(name);
      await context.sync();
      if (!existing.isNullObject) existing.delete();
      const item = context.workbook.names.add(name, context.workbook.worksheets.getItem(sheetId).getRange(rectAddress(rect)), 'Report Sync placement');
      item.visible = false;
      await context.sync();
    });
  }

  removeName(placementId: string): Promise<void> {
    return Excel.run(async (context) => {
      const existing = context.workbook.names.getItemOrNullObject(placementName(placementId));
      await context.sync();
      if (!existing.isNullObject) {
        existing.delete();
        await context.sync();
      }
    });
  }

  /** Selects a placement's cells (activating its sheet). */
  select(location: Location): Promise<void> {
    return Excel.run(async (context) => {
      context.workbook.worksheets.getItem(location.sheetId).getRange(rectAddress(location.rect)).select();
      await context.sync();
    });
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

  private *rowChunks(rect: Rect): Generator<Rect> {
    const rowsPerChunk = Math.max(1, Math.floor(this.readChunkCells / rectColumns(rect)));
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
