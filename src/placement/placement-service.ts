import type { CoreDataClient, PlatformClient } from '../client';
import type { Placement, Report } from '../contract';
import { cellAddress, rectFrom, sheetAddress, type Cell, type Rect } from '../core/a1';
import { layoutFlat, type CellGrid } from '../core/layout';
import { resultChecksum } from '../core/result-checksum';
import type { ExcelConnector, Location, WriteProgress } from '../excel/excel-connector';

/** A placement of a report in this workbook, with the report it belongs to. */
export interface WorkbookPlacement {
  report: Report;
  placement: Placement;
}

export type WriteOutcome =
  | { kind: 'done'; report: Report; placement: Placement }
  /** The target holds other content: nothing was written; ask, then call again with `overwrite`. */
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string };

export interface WriteOptions {
  /** The user agreed to overwrite the cells named in a `needs-confirmation` outcome. */
  overwrite?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
}

/** The placement's hidden name is gone (sheet or cells deleted): it is never written to a guessed place. */
export class PlacementDetachedError extends Error {
  override readonly name = 'PlacementDetachedError';
  constructor(readonly placement: Placement) {
    super(`The cells of this placement (${placement.resultLocation}) were deleted.`);
  }
}

export interface PlacementServiceOptions {
  platform: PlatformClient;
  data: CoreDataClient;
  excel: ExcelConnector;
  deploymentId: string;
}

/**
 * The use cases: place a report at the selection, refresh a placement, list this workbook's placements.
 * Every write follows one order: run the query, lay the result out, check the target, write, record on the
 * platform. A failed query therefore never touches the cells.
 */
export class PlacementService {
  constructor(private readonly options: PlacementServiceOptions) {}

  async workbookPlacements(signal?: AbortSignal): Promise<WorkbookPlacement[]> {
    const { workbookId } = await this.options.excel.workbookIdentity();
    const found: WorkbookPlacement[] = [];
    for await (const report of this.options.platform.iterateReports(this.options.deploymentId, { externalWorkbookId: workbookId, first: 100 }, signal)) {
      for (const placement of report.externalWorkbookPlacements) {
        if (placement.workbookId === workbookId) found.push({ report, placement });
      }
    }
    return found;
  }

  async place(report: Report, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform, deploymentId } = this.options;
    const [identity, at] = await Promise.all([excel.workbookIdentity(), excel.selection()]);
    const grid = await this.runAndLayOut(report, options.signal);
    const target = gridRect(at.cell, grid);
    if (!options.overwrite) {
      const foreignCells = await excel.findForeignCells(at.sheetId, target, null);
      if (foreignCells.length) return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(at.sheetName, target) };
    }
    await excel.writeGrid(at.sheetId, at.cell, grid, options.onProgress);
    const anchorCell = cellAddress(at.cell);
    const updated = await platform.connectWorkbook(deploymentId, report.id, {
      externalWorkbookId: identity.workbookId,
      host: 'EXCEL',
      sheetId: at.sheetId,
      sheetName: at.sheetName,
      anchorCell,
      workbookName: identity.workbookName,
      resultLocation: sheetAddress(at.sheetName, target),
      endResultCell: cellAddress({ row: target.bottom, column: target.right }),
      queryChecksum: report.currentQueryChecksum,
      resultChecksum: await resultChecksum(grid.values),
    }, options.signal);
    const placement = updated.externalWorkbookPlacements.find(
      (p) => p.workbookId === identity.workbookId && p.sheetId === at.sheetId && p.anchorCell === anchorCell,
    );
    if (!placement) throw new Error('The platform did not return the placement it recorded.');
    await excel.nameRange(placement.id, at.sheetId, target);
    return { kind: 'done', report: updated, placement };
  }

  /**
   * Re-runs the report's query and rewrites the placement where its cells are now (following inserted rows
   * and renamed sheets), clearing cells the old result used and the new one does not, then records the
   * refresh with the current sheet name and anchor.
   */
  async refresh(report: Report, placement: Placement, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform, deploymentId } = this.options;
    const location = await excel.locate(placement.id);
    if (!location) throw new PlacementDetachedError(placement);
    const grid = await this.runAndLayOut(report, options.signal);
    const anchor: Cell = { row: location.rect.top, column: location.rect.left };
    const target = gridRect(anchor, grid);
    if (!options.overwrite) {
      const foreignCells = await excel.findForeignCells(location.sheetId, target, location.rect);
      if (foreignCells.length) return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(location.sheetName, target) };
    }
    await excel.writeGrid(location.sheetId, anchor, grid, options.onProgress);
    await excel.clear(location.sheetId, leftovers(location.rect, target));
    await excel.nameRange(placement.id, location.sheetId, target);
    const updated = await platform.recordRefresh(deploymentId, report.id, {
      placementId: placement.id,
      sheetName: location.sheetName,
      anchorCell: cellAddress(anchor),
      resultLocation: sheetAddress(location.sheetName, target),
      endResultCell: cellAddress({ row: target.bottom, column: target.right }),
      queryChecksum: report.currentQueryChecksum,
      resultChecksum: await resultChecksum(grid.values),
    }, options.signal);
    const refreshed = updated.externalWorkbookPlacements.find((p) => p.id === placement.id);
    if (!refreshed) throw new Error('The platform did not return the placement it refreshed.');
    return { kind: 'done', report: updated, placement: refreshed };
  }

  /**
   * Whether the placement's cells differ from what the add-in last wrote: their values read back, hashed
   * as `resultChecksum` documents, against the checksum recorded on the platform. `null` when unknown
   * (no checksum recorded, or the cells are gone).
   */
  async hasHandEdits(placement: Placement): Promise<boolean | null> {
    if (!placement.resultChecksum) return null;
    const location = await this.options.excel.locate(placement.id);
    if (!location) return null;
    const values = await this.options.excel.readValues(location);
    return (await resultChecksum(values)) !== placement.resultChecksum;
  }

  /** Selects a placement's cells where they are now. */
  async locate(placement: Placement): Promise<Location> {
    const location = await this.options.excel.locate(placement.id);
    if (!location) throw new PlacementDetachedError(placement);
    await this.options.excel.select(location);
    return location;
  }

  private async runAndLayOut(report: Report, signal?: AbortSignal): Promise<CellGrid> {
    const result = await this.options.data.load(report.query, { signal });
    return layoutFlat(result, report.query, report.pivot);
  }
}

function gridRect(anchor: Cell, grid: CellGrid): Rect {
  return rectFrom(anchor, grid.values.length, grid.values[0]?.length ?? 0);
}

/** Parts of `old` outside `next`, as at most two rectangles (rows below, columns to the right). */
export function leftovers(old: Rect, next: Rect): Rect[] {
  const parts: Rect[] = [];
  if (old.bottom > next.bottom) parts.push({ top: next.bottom + 1, bottom: old.bottom, left: old.left, right: old.right });
  if (old.right > next.right) {
    parts.push({ top: old.top, bottom: Math.min(old.bottom, next.bottom), left: next.right + 1, right: old.right });
  }
  return parts;
}
