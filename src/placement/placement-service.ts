import type { CoreDataClient, PlatformClient } from '../client';
import type { CubeLoadResult, Placement, Report } from '../contract';
import type { CellValue } from '../core/cell-values';
import { cellAddress, parseSheetAddress, rectAddress, rectFrom, rectsIntersect, sheetAddress, type Cell, type Rect } from '../core/a1';
import { findHandEdits, fingerprint, type GridFingerprint } from '../core/fingerprint';
import { layoutReport, totalsQuery, type CellGrid, type LayoutOptions } from '../core/layout';
import { checksumOfFingerprint } from '../core/result-checksum';
import {
  estimateJsonBytes, placementName, WORKBOOK_ID_SETTING, type ExcelConnector, type Location, type Snapshot, type WorkbookState, type WriteProgress,
} from '../excel/excel-connector';
import { PlacementDetachedError, PlacementOverlapError, WriteFailedError } from './errors';
import { DEFAULT_FETCH_LIMITS, fetchResult, type FetchLimits } from './fetch-result';

/** A placement of a report in this workbook, with the report it belongs to and where its cells are now. */
export interface WorkbookPlacement {
  report: Report;
  placement: Placement;
  /** Where the hidden name says the cells are now; `null` when they were deleted (detached). */
  location?: { sheetName: string; sheetIndex: number; rect: Rect } | null;
}

export type WriteOutcome =
  | { kind: 'done'; report: Report; placement: Placement; cutAt: number | null }
  /** The target holds other content: nothing was written; ask, then call again with `overwrite`. */
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string }
  /** Cells were edited by hand since the last write: nothing was written; ask, then call again with `overwriteHandEdits`. */
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; location: Location };

export interface WriteOptions {
  /** The user agreed to overwrite the cells named in a `needs-confirmation` outcome. */
  overwrite?: boolean;
  /** The user agreed to overwrite the hand edits named in a `hand-edits` outcome. */
  overwriteHandEdits?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
}

/** Layout choices that come from the user's settings and the admin's app config. */
export interface LayoutPreferences {
  suppressDuplicateValues: boolean;
  showAppliedFilters: boolean;
}

export interface PlacementServiceOptions {
  platform: PlatformClient;
  data: Pick<CoreDataClient, 'load'>;
  excel: ExcelConnector;
  deploymentId: string;
  preferences?: () => LayoutPreferences;
  limits?: FetchLimits;
  /** The admin's time zone (app config `timezoneSettings.defaultTimezone`), for queries that name none. */
  timezone?: string | null;
}

export interface PreparedGrid {
  grid: CellGrid;
  cutAt: number | null;
}

/**
 * The use cases: place a report at the selection, refresh a placement where its cells are now, list,
 * locate and check placements. Every write follows one order: fetch the whole result, lay it out, check
 * the target (other placements, foreign content, hand edits), snapshot, write, record. A failed query never
 * touches the cells; a failed write puts them back.
 */
export class PlacementService {
  constructor(private readonly options: PlacementServiceOptions) {}

  /** This workbook's placements, in sheet order and then top to bottom, each with where its cells are now. */
  async workbookPlacements(signal?: AbortSignal): Promise<WorkbookPlacement[]> {
    const state = await this.options.excel.prepare();
    if (!state.workbookId) return [];
    const found: WorkbookPlacement[] = [];
    for await (const report of this.options.platform.iterateReports(this.options.deploymentId, { externalWorkbookId: state.workbookId, first: 100 }, signal)) {
      for (const placement of report.externalWorkbookPlacements) {
        if (placement.workbookId !== state.workbookId) continue;
        const named = state.placements.find((p) => p.name === placementName(placement.id));
        const location = named?.sheetId ? { sheetName: named.sheetName, sheetIndex: state.sheetOrder.indexOf(named.sheetName), rect: named.rect } : null;
        found.push({ report, placement, location });
      }
    }
    const order = (e: WorkbookPlacement) => (e.location ? [e.location.sheetIndex, e.location.rect.top, e.location.rect.left] : [Infinity, 0, 0]);
    return found.sort((a, b) => {
      const [x, y] = [order(a), order(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
  }

  async place(report: Report, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform, deploymentId } = this.options;
    const state = await excel.prepare();
    const at = state.selection;
    const { grid, cutAt } = await this.fetchLayout(report, options.signal);
    const target = gridRect(at.cell, grid);
    await this.refuseOverlap(state, at.sheetName, target, null, options.signal);
    const { foreignCells } = await excel.inspect(at.sheetId, null, target, state.usedRange, 0);
    if (foreignCells.length && !options.overwrite) {
      return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(at.sheetName, target) };
    }
    const workbookId = state.workbookId ?? excel.newWorkbookId();
    const snapshot = foreignCells.length ? await excel.snapshot(at.sheetId, target) : emptySnapshot(target);
    await this.writeOrRestore(at.sheetId, snapshot, () => excel.writeGrid(at.sheetId, at.cell, grid, {
      onProgress: options.onProgress,
      settings: state.workbookId ? undefined : { [WORKBOOK_ID_SETTING]: workbookId },
    }));

    const anchorCell = cellAddress(at.cell);
    const print = fingerprint(grid.values);
    let updated: Report;
    try {
      updated = await platform.connectWorkbook(deploymentId, report.id, {
        externalWorkbookId: workbookId,
        host: 'EXCEL',
        sheetId: at.sheetId,
        sheetName: at.sheetName,
        anchorCell,
        workbookName: state.workbookName,
        resultLocation: sheetAddress(at.sheetName, target),
        endResultCell: cellAddress({ row: target.bottom, column: target.right }),
        queryChecksum: report.currentQueryChecksum,
        resultChecksum: await checksumOfFingerprint(print),
      }, options.signal);
    } catch (error) {
      // Not recorded means not placed: the cells go back to what they were.
      await excel.restore(at.sheetId, snapshot);
      throw error;
    }
    const placement = updated.externalWorkbookPlacements.find(
      (p) => p.workbookId === workbookId && p.sheetId === at.sheetId && p.anchorCell === anchorCell,
    );
    if (!placement) throw new Error('The platform did not return the placement it recorded.');
    await excel.recordPlacement(at.sheetId, target, { placementId: placement.id, sheetName: at.sheetName, nameExists: false, fingerprint: print });
    return { kind: 'done', report: updated, placement, cutAt };
  }

  /**
   * Re-runs the report's query and rewrites the placement where its cells are now (following inserted rows
   * and renamed sheets), after checking for hand edits and foreign content. Only rows whose values change
   * are written; cells the old result used and the new one does not are cleared; the refresh is recorded
   * with the current sheet name and anchor.
   */
  async refresh(report: Report, placement: Placement, options: WriteOptions = {}): Promise<WriteOutcome> {
    return this.writeRefresh(report, placement, await this.fetchLayout(report, options.signal), options);
  }

  /**
   * The second half of a refresh: everything after the query. Refresh-all runs the first half
   * (`fetchLayout`) for many placements at once and this half for one placement at a time.
   */
  async writeRefresh(report: Report, placement: Placement, prepared: PreparedGrid, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform, deploymentId } = this.options;
    const state = await excel.prepare(placement.id);
    const own = state.placements.find((p) => p.name === placementName(placement.id));
    if (!own || !own.sheetId) throw new PlacementDetachedError(placement);
    const location: Location = { sheetId: own.sheetId, sheetName: own.sheetName, rect: own.rect };
    const { grid, cutAt } = prepared;
    const anchor: Cell = { row: location.rect.top, column: location.rect.left };
    const target = gridRect(anchor, grid);
    await this.refuseOverlap(state, location.sheetName, target, placement.id, options.signal);

    const { ownValues, foreignCells } = await excel.inspect(location.sheetId, location.rect, target, undefined, averageRowBytes(grid));
    const current = ownValues ?? [];
    if (state.fingerprint && !options.overwriteHandEdits) {
      const edits = findHandEdits(state.fingerprint, current);
      if (edits.rows.length) {
        const { top, left } = location.rect;
        return {
          kind: 'hand-edits',
          rows: edits.rows.map((r) => top + r + 1),
          cells: edits.cells.map((c) => rectAddress({ top: top + c.row, bottom: top + c.row, left: left + c.column, right: left + c.column })),
          location,
        };
      }
    }
    if (foreignCells.length && !options.overwrite) {
      return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(location.sheetName, target) };
    }

    const print = fingerprint(grid.values);
    const rows = changedRows(current, grid, print);
    const clear = leftovers(location.rect, target);
    const moved = !sameRect(location.rect, target) || print.rowHashes !== state.fingerprint?.rowHashes || print.columnHashes !== state.fingerprint?.columnHashes;
    const span = touchedSpan(location.rect, target, rows, clear);
    if (rows.length || clear.length || moved) {
      const snapshot = span ? await excel.snapshot(location.sheetId, span) : null;
      await this.writeOrRestore(location.sheetId, snapshot, () => excel.writeGrid(location.sheetId, anchor, grid, {
        onProgress: options.onProgress,
        rows,
        clear,
        record: moved ? { placementId: placement.id, sheetName: location.sheetName, nameExists: true, fingerprint: print } : undefined,
      }));
    }
    const updated = await platform.recordRefresh(deploymentId, report.id, {
      placementId: placement.id,
      sheetName: location.sheetName,
      anchorCell: cellAddress(anchor),
      resultLocation: sheetAddress(location.sheetName, target),
      endResultCell: cellAddress({ row: target.bottom, column: target.right }),
      queryChecksum: report.currentQueryChecksum,
      resultChecksum: await checksumOfFingerprint(print),
    }, options.signal);
    const refreshed = updated.externalWorkbookPlacements.find((p) => p.id === placement.id);
    if (!refreshed) throw new Error('The platform did not return the placement it refreshed.');
    return { kind: 'done', report: updated, placement: refreshed, cutAt };
  }

  /**
   * The rows and cells of a placement edited by hand since the add-in last wrote it, found by reading its
   * values back against the fingerprint kept in the workbook. `null` when that is unknown (no fingerprint,
   * or the cells are gone).
   */
  async checkHandEdits(placement: Placement): Promise<{ rows: number[]; cells: string[] } | null> {
    const recorded = parseSheetAddress(placement.resultLocation).rect;
    const read = await this.options.excel.readPlacement(placement.id, recorded.bottom - recorded.top + 1, recorded.right - recorded.left + 1);
    if (!read?.fingerprint) return null;
    const edits = findHandEdits(read.fingerprint, read.values);
    const { top, left } = read.rect;
    return {
      rows: edits.rows.map((r) => top + r + 1),
      cells: edits.cells.map((c) => rectAddress({ top: top + c.row, bottom: top + c.row, left: left + c.column, right: left + c.column })),
    };
  }

  /** Selects a placement's cells where they are now. */
  async locate(placement: Placement): Promise<Location> {
    const location = await this.options.excel.locate(placement.id);
    if (!location) throw new PlacementDetachedError(placement);
    await this.options.excel.select(location);
    return location;
  }

  /** Where "Place" writes: the selection's address now and after every change; resolves to a stop function. */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>> {
    return this.options.excel.watchSelection(onChange);
  }

  /** Selects given cells (hand-edited ones, say) on the placement's sheet. */
  async selectCells(location: Location, cells: string[]): Promise<void> {
    if (!cells.length) return;
    const rects = cells.map((c) => parseSheetAddress(c).rect);
    const rect = rects.reduce(unionRect);
    await this.options.excel.select({ ...location, rect });
  }

  /** Removes a placement from the platform and the workbook, clearing its cells if asked. */
  async disconnect(report: Report, placement: Placement, clearCells: boolean): Promise<Report> {
    const { excel, platform, deploymentId } = this.options;
    const location = await excel.locate(placement.id);
    const updated = await platform.disconnectWorkbook(deploymentId, report.id, { placementId: placement.id });
    if (location && clearCells) await excel.clear(location.sheetId, [location.rect]);
    await excel.forgetPlacement(placement.id);
    return updated;
  }

  /** Runs a report's query (all pages, and the totals query) and lays the result out. No Excel involved. */
  async fetchLayout(report: Report, signal?: AbortSignal): Promise<PreparedGrid> {
    const { data, limits = DEFAULT_FETCH_LIMITS, timezone } = this.options;
    const query = timezone && !report.query.timezone ? { ...report.query, timezone } : report.query;
    const [{ result, cutAt }, totals] = await Promise.all([
      fetchResult(data, query, limits, signal),
      report.pivot.showColumnTotals ? data.load(totalsQuery(query, report.pivot), { signal }) : Promise.resolve<CubeLoadResult | null>(null),
    ]);
    const layout: LayoutOptions = { ...this.options.preferences?.(), totals };
    return { grid: layoutReport(result, query, report.pivot, layout), cutAt };
  }

  private async refuseOverlap(state: WorkbookState, sheetName: string, target: Rect, self: string | null, signal?: AbortSignal): Promise<void> {
    const mine = self ? placementName(self) : null;
    const hit = state.placements.find((r) => r.name !== mine && r.sheetName === sheetName && rectsIntersect(r.rect, target));
    if (!hit) return;
    const entries = await this.workbookPlacements(signal);
    const other = entries.find((e) => placementName(e.placement.id) === hit.name);
    throw new PlacementOverlapError({ title: other?.report.title ?? 'another placement', location: sheetAddress(hit.sheetName, hit.rect) });
  }

  /** Runs a write; if it fails, puts the snapshot back (nothing to put back when `null`). */
  private async writeOrRestore(sheetId: string, snapshot: Snapshot | null, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (snapshot) await this.options.excel.restore(sheetId, snapshot);
      throw new WriteFailedError(error);
    }
  }
}

function gridRect(anchor: Cell, grid: CellGrid): Rect {
  return rectFrom(anchor, grid.values.length, grid.values[0]?.length ?? 0);
}

function unionRect(a: Rect, b: Rect): Rect {
  return { top: Math.min(a.top, b.top), left: Math.min(a.left, b.left), bottom: Math.max(a.bottom, b.bottom), right: Math.max(a.right, b.right) };
}

/** An all-empty snapshot: restoring it clears the cells (the target was empty before the write). */
function emptySnapshot(rect: Rect): Snapshot {
  const rows = rect.bottom - rect.top + 1;
  const columns = rect.right - rect.left + 1;
  return {
    rect,
    formulas: Array.from({ length: rows }, () => Array<string>(columns).fill('')),
    numberFormats: Array.from({ length: rows }, () => Array<string>(columns).fill('General')),
  };
}

/** Parts of `old` outside `next` (both anchored at the same cell): rows below and columns to the right. */
export function leftovers(old: Rect, next: Rect): Rect[] {
  const parts: Rect[] = [];
  if (old.bottom > next.bottom) parts.push({ top: next.bottom + 1, bottom: old.bottom, left: old.left, right: old.right });
  if (old.right > next.right) {
    parts.push({ top: old.top, bottom: Math.min(old.bottom, next.bottom), left: next.right + 1, right: old.right });
  }
  return parts;
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.top === b.top && a.left === b.left && a.bottom === b.bottom && a.right === b.right;
}

/** Grid rows whose values differ from the cells there now (all of them when the width changed). */
function changedRows(current: CellValue[][], grid: CellGrid, print: GridFingerprint): number[] {
  const width = grid.values[0]?.length ?? 0;
  if (current.length === 0 || (current[0]?.length ?? 0) !== width) return grid.values.map((_, i) => i);
  const now = fingerprint(current);
  return grid.values.map((_, i) => i).filter((i) => i >= now.rows || now.rowHashes.slice(i * 8, i * 8 + 8) !== print.rowHashes.slice(i * 8, i * 8 + 8));
}

/** The rows a refresh may change (rewritten rows and cleared leftovers), as one rectangle, or none. */
function touchedSpan(old: Rect, next: Rect, rows: number[], clear: Rect[]): Rect | null {
  const tops = [...rows.map((r) => next.top + r), ...clear.map((c) => c.top)];
  const bottoms = [...rows.map((r) => next.top + r), ...clear.map((c) => c.bottom)];
  if (!tops.length) return null;
  return { top: Math.min(...tops), bottom: Math.max(...bottoms), left: Math.min(old.left, next.left), right: Math.max(old.right, next.right) };
}

/** Estimated response bytes per row when the placement's values are read back. */
function averageRowBytes(grid: CellGrid): number {
  const sample = grid.values.slice(0, 200);
  const total = sample.reduce((sum, row) => sum + estimateJsonBytes(row), 0);
  return Math.ceil((total / Math.max(1, sample.length)) * 1.25);
}
