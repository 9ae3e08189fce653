import type { PlatformClient } from '../client';
import type { Deployment, Report, ReportPlacement } from '../contract';
import { canonicalJson } from '../core/canonical-json';
import { cellAddress, parseSheetAddress, rectsIntersect, sheetAddress, type Rect } from '../core/a1';
import { reportDefinition, reportTitle } from '../core/report-definition';
import { handEditsFromRecord, recordOf } from '../core/result-checksum';
import { tableHeaderRow, type ExcelConnector, type Location, type PlacedCells, type Snapshot, type TableRefusal, type WorkbookState, type WriteProgress } from '../excel/excel-connector';
import type { CellGrid } from '../core/layout';
import {
  PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, PlacementNotTakenBackError, PlacementOverlapError, ReportKeptChangingError,
  SelectionNotRangeError, TableNotPossibleError, WriteFailedError,
} from './errors';
import { unionRect } from './grid-diff';
import { namedEdits, writeCells } from './cell-writes';
import { roomFor, type Room } from './make-room';
import { recordOrRestore, restoreAfter } from './safe-write';
import type { DeploymentDataClients } from '../platform/deployment-data';
import type { PreparedGrid, ReportRunner } from './report-run';
import { entryOf, listPlacementRecords, locatePlacements, placementAt, placementIdsIn, type WorkbookPlacement } from './workbook-placements';

export type { WorkbookPlacement } from './workbook-placements';
export type { TableRefusal } from '../excel/excel-connector';

export type WriteOutcome =
  /**
   * Written and recorded. `stale` when the report's definition changed between reading it and recording the
   * write: the cells hold the earlier definition's result although the platform stamped the new checksum.
   */
  | {
    kind: 'done'; report: Report; placement: ReportPlacement; cutAt: number | null; stale: boolean; rows?: RowCounts;
    /** The placement is (still, or now) plain cells because Excel refused its table: why, for the pane to say. */
    table?: TableRefusal;
  }
  /**
   * The target holds other content: nothing was written; ask, then call again with `overwrite`, or make room
   * (`room`, see make-room.ts: insert rows, or move the placement).
   */
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string; room?: Room }
  /** Cells were edited by hand since the last write: nothing was written; ask, then call again with `overwriteHandEdits`. */
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; location: Location };

/** A refresh's rows (header rows included): as written now, and as recorded before it (null when unknown). */
export interface RowCounts {
  now: number;
  was: number | null;
}

export interface WriteOptions {
  /** The user agreed to overwrite the cells named in a `needs-confirmation` outcome. */
  overwrite?: boolean;
  /** The user agreed to overwrite the hand edits named in a `hand-edits` outcome. */
  overwriteHandEdits?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** This workbook's placement ids, when the caller already has them (Refresh all); asked of the platform otherwise. */
  placementIds?: readonly string[];
  /** Place a flat report as an Excel table (the default; pivots never are). Kept with the placement in the workbook. */
  asTable?: boolean;
}

/** The first half of a refresh, done without Excel: the report as it is now, its placement record and the new grid. */
export interface PreparedRefresh {
  report: Report;
  placement: ReportPlacement;
  prepared: PreparedGrid;
}

export interface PlacementServiceOptions {
  platform: PlatformClient;
  runner: ReportRunner;
  /** Each deployment's data API (the builder reads `/v1/meta`, member values and `/v1/sql` there). */
  data: DeploymentDataClients;
  excel: ExcelConnector;
  /** The deployments the user sees (placements of all of them are listed). */
  deployments: () => readonly Deployment[];
}

/** How many times a refresh runs again when the report changed between running its query and recording. */
export const MAX_REFRESH_ATTEMPTS = 3;

/**
 * The use cases: place a report at the selection, refresh a placement where its cells are now, list, locate,
 * check, link again and disconnect placements. Every write follows one order: read the report as it is now,
 * run its query, lay the result out, check the target (other placements, foreign content, hand edits),
 * snapshot, write, record. A failed query never touches the cells; a failed write puts them back.
 */
export class PlacementService {
  /** Read by the exploration builder, which writes and records with the same parts. */
  constructor(readonly options: PlacementServiceOptions) {}

  /** This workbook's placements in every deployment, in sheet order and then top to bottom. */
  async workbookPlacements(signal?: AbortSignal): Promise<WorkbookPlacement[]> {
    const { excel, platform } = this.options;
    const state = await excel.prepare();
    if (!state.workbookId) return [];
    const listed = await listPlacementRecords(platform, this.options.deployments(), state.workbookId, signal);
    const ids = listed.flatMap((l) => (l.placement.id ? [l.placement.id] : []));
    return locatePlacements(listed, { sheets: state.sheets, placements: await excel.findPlacements(ids) });
  }

  /**
   * Places a report at the selection: its current definition is read again first, and if it changes before
   * the placement is recorded, the new placement is refreshed at once, so it never starts out of date.
   */
  async place(listed: Report, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform, runner } = this.options;
    const report = await platform.getReport(listed.deploymentId, listed.id, options.signal);
    // A free name for the result's table read with the rest, so making the table later needs no read of its own.
    const state = await excel.prepare([], options.asTable === false ? null : reportTitle(report));
    const at = state.selection;
    if (!at) throw new SelectionNotRangeError();
    const [{ grid, cutAt, flat }, ids] = await Promise.all([
      runner.run(report, options.signal),
      placementIdsIn(platform, this.options.deployments(), state.workbookId, options.signal),
    ]);
    const workbookId = state.workbookId ?? excel.newWorkbookId();
    const placed = await excel.findPlacements(ids);
    const written = await writeCells(this, {
      sheetName: at.sheetName, anchor: at.cell, own: null, nameAs: null, recorded: null, placed, state,
      saveWorkbookId: !state.workbookId || state.workbookIdIsLegacy ? workbookId : undefined,
    }, grid, options);
    if (written.kind === 'needs-confirmation') {
      return { ...written, room: roomFor(at.sheetName, null, parseSheetAddress(written.target).rect, written.foreignCells, placed, null) };
    }
    if (written.kind !== 'written') return written;
    const { rect: target, snapshot } = written;

    const anchorCell = cellAddress(at.cell);
    const findRecorded = (r: Report | null) => (r ? placementAt(r, workbookId, at.sheetName, anchorCell) : undefined);
    // Not recorded means not placed: if recording fails, the cells go back to what they were.
    const updated = await recordOrRestore(this.options.excel, snapshot, () => platform.connectWorkbook(report.deploymentId, report.id, {
      externalWorkbookId: workbookId,
      host: 'EXCEL',
      sheetId: at.sheetId,
      sheetName: at.sheetName,
      anchorCell,
      workbookName: state.workbookName,
      resultLocation: sheetAddress(at.sheetName, target),
      endResultCell: cellAddress({ row: target.bottom, column: target.right }),
      resultChecksum: recordOf(written.next),
    }, options.signal), async () => {
      const current = await platform.getReport(report.deploymentId, report.id);
      return findRecorded(current) ? current : null;
    });
    const placement = findRecorded(updated);
    if (!placement?.id) {
      const error = new Error('The platform did not return the placement it recorded.');
      await this.unplace(report, { externalWorkbookId: workbookId, resultLocation: sheetAddress(at.sheetName, target) }, sheetAddress(at.sheetName, target), snapshot, error);
      throw error;
    }
    try {
      await excel.recordPlacement(at.sheetName, target, { placementId: placement.id, sheetName: at.sheetName, nameExists: false });
    } catch (error) {
      // Recorded but not named: it would show as detached. Taken back on both sides instead.
      await this.unplace(report, { placementId: placement.id }, sheetAddress(at.sheetName, target), snapshot, error);
      throw new WriteFailedError(error);
    }
    const table = await this.finishPlacement(placement.id, at.sheetName, target, grid, options.asTable !== false && Boolean(flat), state);
    if (!sameDefinition(report, updated)) {
      // The report changed after its query ran: the cells just written are the add-in's own, so no hand edits.
      const again = await this.refresh(entryOf(updated, placement), { ...options, overwriteHandEdits: true });
      return again.kind === 'done' && table ? { ...again, table } : again;
    }
    return { kind: 'done', report: updated, placement, cutAt, stale: false, ...(table ? { table } : {}) };
  }

  /**
   * Refreshes a placement where its cells are now: reads the report again (a refresh always runs the current
   * definition), runs its query, and rewrites the cells; if the report changed between running the query and
   * recording the refresh, runs again, up to `MAX_REFRESH_ATTEMPTS` times.
   */
  async refresh(entry: WorkbookPlacement, options: WriteOptions = {}): Promise<WriteOutcome> {
    let was: number | null | undefined;
    for (let attempt = 1; ; attempt += 1) {
      const prepared = await this.prepareRefresh(entry, options.signal);
      const outcome = await this.writeRefresh(prepared, options);
      // "Was" is the rows before the first attempt: a second attempt starts from what the first one wrote.
      if (outcome.kind === 'done' && outcome.rows) {
        if (was === undefined) was = outcome.rows.was;
        else outcome.rows = { ...outcome.rows, was };
      }
      if (outcome.kind !== 'done' || !outcome.stale) return outcome;
      if (attempt >= MAX_REFRESH_ATTEMPTS) throw new ReportKeptChangingError(reportTitle(outcome.report), attempt);
      // What is in the cells now is what this refresh wrote: no hand edits to ask about on the next attempt.
      options = { ...options, overwriteHandEdits: true };
    }
  }

  /** The first half of a refresh: the report as it is now and its query's result laid out. No Excel involved. */
  async prepareRefresh(entry: WorkbookPlacement, signal?: AbortSignal): Promise<PreparedRefresh> {
    if (entry.access !== 'GRANTED') throw new PlacementAccessDeniedError(entry.owner);
    if (!entry.placement.id) throw new PlacementDetachedError(entry.placement);
    const report = await this.options.platform.getReport(entry.deploymentId, entry.reportId, signal);
    const placement = report.externalWorkbookPlacements?.find((p) => p.id === entry.placement.id);
    if (!placement) throw new PlacementGoneError(entry.placement);
    return { report, placement, prepared: await this.options.runner.run(report, signal) };
  }

  /** The ids of the placements the platform records for this workbook (their names are the ones looked up in it). */
  placementIds(workbookId: string | null | undefined, signal?: AbortSignal): Promise<string[]> {
    return placementIdsIn(this.options.platform, this.options.deployments(), workbookId, signal);
  }

  /**
   * The second half of a refresh: finds the cells by the placement's name (never by a recorded sheet id, which
   * is another session's), checks them (hand edits against the platform's record of what was written, foreign
   * content where the result grows), rewrites only the rows that change, clears what the old result used and
   * the new one does not, and records the refresh with the current sheet and anchor. If recording fails, the
   * cells go back to what they were. Refresh all runs `prepareRefresh` for many placements at once and this for
   * one at a time.
   */
  async writeRefresh({ report, placement, prepared }: PreparedRefresh, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { excel, platform } = this.options;
    const placementId = placement.id!;
    const ids = options.placementIds ?? (await this.placementIds(placement.workbookId, options.signal));
    const state = await excel.prepare(ids.includes(placementId) ? ids : ids.concat(placementId));
    const own = state.placements.find((p) => p.placementId === placementId);
    if (!own) throw new PlacementDetachedError(placement);
    const { grid, cutAt } = prepared;
    const written = await writeCells(this, {
      sheetName: own.sheetName, anchor: { row: own.rect.top, column: own.rect.left }, own, nameAs: placementId, recorded: placement.resultChecksum,
      placed: state.placements, state, saveWorkbookId: state.workbookIdIsLegacy && state.workbookId ? state.workbookId : undefined,
    }, grid, options);
    if (written.kind === 'needs-confirmation') {
      const ref = { deploymentId: report.deploymentId, reportId: report.id, placementId };
      return { ...written, room: roomFor(own.sheetName, own.rect, parseSheetAddress(written.target).rect, written.foreignCells, state.placements, ref) };
    }
    if (written.kind !== 'written') return written;
    const { rect: target, snapshot } = written;
    const record = recordOf(written.next);
    const updated = await recordOrRestore(this.options.excel, snapshot, () => platform.recordRefresh(report.deploymentId, report.id, {
      placementId,
      sheetId: own.sheetId,
      sheetName: own.sheetName,
      anchorCell: cellAddress({ row: target.top, column: target.left }),
      resultLocation: sheetAddress(own.sheetName, target),
      resultChecksum: record,
    }, options.signal), async () => {
      // Recorded although the answer was lost: the record now says it was refreshed with what was written.
      const current = await platform.getReport(report.deploymentId, report.id);
      const recorded = current.externalWorkbookPlacements?.find((p) => p.id === placementId);
      const landed = recorded && recorded.refreshedAt !== placement.refreshedAt && canonicalJson(recorded.resultChecksum ?? null) === canonicalJson(record);
      return landed ? current : null;
    });
    const refreshed = updated.externalWorkbookPlacements?.find((p) => p.id === placementId);
    if (!refreshed) throw new PlacementGoneError(placement);
    // Written and recorded: the table (if the placement is one) follows the new rows; if Excel refuses, the
    // placement is left plain cells and the outcome says why.
    const table = await excel.fitTable(own, own.sheetName, target, tableHeaderRow(grid, Boolean(prepared.flat)));
    const rows = { now: target.bottom - target.top + 1, was: recordedRows(placement) };
    return { kind: 'done', report: updated, placement: refreshed, cutAt, stale: !sameDefinition(report, updated), rows, ...(table ? { table } : {}) };
  }

  /**
   * The rows and cells of a placement edited by hand since the add-in last wrote it, found by reading its cells
   * against the platform's record of what was written. `null` when that cannot be known (no record, the cells
   * are gone, or a placement without an id).
   */
  async checkHandEdits(entry: Pick<WorkbookPlacement, 'placement'>): Promise<{ rows: number[]; cells: string[] } | null> {
    const { placement } = entry;
    if (!placement.id || !placement.resultChecksum) return null;
    const recorded = parseSheetAddress(placement.resultLocation).rect;
    const read = await this.options.excel.readPlacement(placement.id, recorded.bottom - recorded.top + 1, recorded.right - recorded.left + 1);
    if (!read) return null;
    const edits = handEditsFromRecord(placement.resultChecksum, read.values);
    return edits ? namedEdits(edits, read.rect) : null;
  }

  /** Selects a placement's cells where they are now. */
  async locate(entry: Pick<WorkbookPlacement, 'placement' | 'location'>): Promise<Location> {
    const location = entry.placement.id ? await this.options.excel.locate(entry.placement.id) : entry.location;
    if (!location) throw new PlacementDetachedError(entry.placement);
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
    const rect = cells.map((c) => parseSheetAddress(c).rect).reduce(unionRect);
    await this.options.excel.select({ ...location, rect });
  }

  /**
   * Links a placement recorded before placements had ids to its cells again: the platform gives it an id (the
   * `connect-workbook` upsert finds it by its range) and the cells get their hidden name, so it follows inserted
   * rows from now on and can be refreshed. Its cells are left as they are.
   */
  async relink(entry: WorkbookPlacement): Promise<WorkbookPlacement> {
    if (entry.access !== 'GRANTED' || !entry.report) throw new PlacementAccessDeniedError(entry.owner);
    const { excel, platform } = this.options;
    const state = await excel.prepare();
    const location = entry.location;
    if (!location || !state.workbookId) throw new PlacementDetachedError(entry.placement);
    const anchor = cellAddress({ row: location.rect.top, column: location.rect.left });
    const updated = await platform.connectWorkbook(entry.deploymentId, entry.reportId, {
      externalWorkbookId: state.workbookId,
      resultLocation: sheetAddress(location.sheetName, location.rect),
      sheetId: location.sheetId,
      sheetName: location.sheetName,
      anchorCell: anchor,
      endResultCell: cellAddress({ row: location.rect.bottom, column: location.rect.right }),
      workbookName: state.workbookName,
      host: 'EXCEL',
      addressOnly: true,
    });
    const placement = placementAt(updated, state.workbookId, location.sheetName, anchor);
    if (!placement?.id) throw new PlacementGoneError(entry.placement);
    await excel.recordPlacement(location.sheetName, location.rect, { placementId: placement.id, sheetName: location.sheetName, nameExists: false });
    return { ...entry, report: updated, placement, legacy: false };
  }

  /**
   * Removes a placement from the platform, then from the workbook (its name, and its cells if asked, in one
   * request): a failure on the platform changes nothing, and the workbook side is retried while Excel is busy.
   */
  async disconnect(entry: WorkbookPlacement, clearCells: boolean): Promise<void> {
    const { excel, platform } = this.options;
    const { placement } = entry;
    const location = placement.id ? await excel.locate(placement.id) : entry.location;
    await platform.disconnectWorkbook(entry.deploymentId, entry.reportId, placement.id
      ? { placementId: placement.id }
      : { externalWorkbookId: placement.workbookId, resultLocation: placement.resultLocation });
    const cells = location && clearCells ? { sheetName: location.sheetName, rect: location.rect } : undefined;
    if (placement.id) await excel.forgetPlacement(placement.id, cells);
    else if (cells) await excel.clear(cells.sheetName, [cells.rect]);
  }

  /**
   * After a first placement is recorded and named: columns autofit once (never on refresh), and a flat report made
   * an Excel table when asked. Neither is needed for a correct placement: if Excel refuses the table, it stays
   * plain cells and the answer says why (for the outcome to tell the user).
   */
  private finishPlacement(placementId: string, sheetName: string, rect: Rect, grid: CellGrid, asTable: boolean, state: Partial<Pick<WorkbookState, 'freeTableName' | 'tablesBefore'>>): Promise<TableRefusal | null> {
    const headerRow = tableHeaderRow(grid, asTable);
    return this.options.excel.finishPlacement({
      placementId, sheetName, rect, headerRow: headerRow ?? grid.boldHeaderRows?.[0] ?? 0,
      tableName: headerRow === null ? null : state.freeTableName ?? null, tablesBefore: state.tablesBefore ?? [],
    });
  }

  /**
   * "As an Excel table" turned on or off from a placement's card, in place. On: the report's current result is laid
   * out (no cells written) to find its header row, and a table is made over the placement's header row and data in
   * the theme's style, kept in the placement's property so refreshes fit it; resolves to why it stays plain cells if
   * Excel refuses. Off: the table becomes a range (values and formats kept) and the property goes, so refreshes
   * leave it plain. A pivot, or headers Excel would rename, cannot be a table (`TableNotPossibleError`).
   */
  async setTable(entry: WorkbookPlacement, on: boolean, signal?: AbortSignal): Promise<TableRefusal | null> {
    if (entry.access !== 'GRANTED' || !entry.report) throw new PlacementAccessDeniedError(entry.owner);
    const placementId = entry.placement.id;
    if (!placementId) throw new PlacementDetachedError(entry.placement);
    const { excel, platform, runner } = this.options;
    const report = await platform.getReport(entry.deploymentId, entry.reportId, signal);
    const state = await excel.prepare([placementId], on ? reportTitle(report) : null);
    const own = state.placements.find((p) => p.placementId === placementId);
    if (!own) throw new PlacementDetachedError(entry.placement);
    if (!on) {
      await excel.removeTable(placementId, own.table ?? null);
      return null;
    }
    if (own.table) return null;
    const { grid, flat } = await runner.run(report, signal);
    const headerRow = tableHeaderRow(grid, Boolean(flat));
    // The cells hold an earlier result of another shape (more header rows, say): a table over them would not be the report's.
    if (headerRow === null || headerRow > own.rect.bottom - own.rect.top) throw new TableNotPossibleError(reportTitle(report));
    return excel.makeTable({ placementId, sheetName: own.sheetName, rect: own.rect, headerRow, tableName: state.freeTableName ?? null, tablesBefore: state.tablesBefore ?? [] });
  }

  /** Refuses a target that covers another placement's cells, naming it. */
  async refuseOverlap(placed: readonly PlacedCells[], sheetName: string, target: Rect, self: string | null, signal?: AbortSignal): Promise<void> {
    const hit = placed.find((p) => p.placementId !== self && p.sheetName.toLowerCase() === sheetName.toLowerCase() && rectsIntersect(p.rect, target));
    if (!hit) return;
    const entries = await this.workbookPlacements(signal);
    const other = entries.find((e) => e.placement.id === hit.placementId);
    const title = other?.report ? reportTitle(other.report) : 'another placement';
    throw new PlacementOverlapError({ title, location: sheetAddress(hit.sheetName, hit.rect) });
  }

  /** Takes back a placement recorded but not named: its record on the platform, then its cells (at `location`). */
  private async unplace(report: Report, address: { placementId: string } | { externalWorkbookId: string; resultLocation: string }, location: string, snapshot: Snapshot | null, failure: unknown): Promise<void> {
    let kept: unknown = null;
    try {
      await this.options.platform.disconnectWorkbook(report.deploymentId, report.id, address);
    } catch (error) {
      kept = error;
    }
    if (snapshot) await restoreAfter(this.options.excel, snapshot, failure);
    // The platform could not be reached now either: the record stays, and the pane lists it detached. Said in words.
    if (kept) throw new PlacementNotTakenBackError(location, kept);
  }
}

/**
 * The card's "As an Excel table" choice for a placement: null when it has none (no access, not linked, cells gone,
 * or a report that is not laid out flat: pivots are never tables), else whether its result is a table now.
 */
export function tableChoice(entry: WorkbookPlacement): { on: boolean } | null {
  if (entry.access !== 'GRANTED' || !entry.report || entry.legacy || !entry.location || !entry.placement.id) return null;
  const definition = reportDefinition(entry.report);
  // As the layout decides it (report-run.ts, `flat`): no column members and measures not on rows.
  if (!definition.placeable || definition.pivot.columns.length > 0 || definition.pivot.measuresAxis === 'rows') return null;
  return { on: Boolean(entry.location.table) };
}

/** How many rows the placement's last recorded write covered (its recorded range), or null when unreadable. */
function recordedRows(placement: ReportPlacement): number | null {
  try {
    const { rect } = parseSheetAddress(placement.resultLocation);
    return rect.bottom - rect.top + 1;
  } catch {
    return null;
  }
}

/**
 * Whether two reads of a report have the same definition. The server stamps a write with the report's checksum
 * at the time it records it, so a definition changed while the query ran is seen only by comparing the report
 * read before the query with the one the write returned: its query text and pivot items, and the checksum.
 */
function sameDefinition(before: Report, after: Report): boolean {
  return before.jsonQuery === after.jsonQuery
    && canonicalJson(before.pivotItems ?? null) === canonicalJson(after.pivotItems ?? null)
    && (before.currentQueryChecksum ?? null) === (after.currentQueryChecksum ?? null);
}
