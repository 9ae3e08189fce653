import type { Report } from '../contract';
import { parseSheetAddress, type Rect } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import { unionRect } from '../core/grid-diff';
import { reportDefinition, reportTitle } from '../core/report-definition';
import { tableHeaderRow } from '../core/table-header';
import { isFlatPivot } from '../layout/kind';
import type { Location, WorkbookState } from '../ports/workbook-cells';
import type { WorkbookStart } from '../ports/workbook-document';
import type { TableRefusal } from '../ports/workbook-tables';
import { PlacementAccessDeniedError, PlacementDetachedError, TableNotPossibleError } from './errors';
import { makeRoom, type PlacementRef, type Room, type RoomHow } from './make-room';
import { convertToFormulas, type ConversionPorts, type Converted } from './convert-to-formulas';
import { movePlacement } from './moving';
import type { PlacementDeps } from './placement-deps';
import { place } from './placing';
import { prepareRefresh, readForRefreshes, refresh, writeRefreshes, type PlacementRefreshed, type PreparedRefresh, type RefreshEnds, type RefreshOptions } from './refreshing';
import { linkAgain } from './relinking';
import { sharedRun, type SharedRun } from './shared-run';
import { listWorkbookPlacements, type WorkbookPlacement } from './workbook-placements';
import type { WriteOptions, WriteOutcome } from './write-outcome';
import { recordedRect } from './write-pipeline';

export type { WorkbookPlacement } from './workbook-placements';
export type { TableRefusal } from '../ports/workbook-tables';
export type { PlacementWritten, Permissions, RowCounts, WriteOptions, WriteOutcome, WriteQuestion } from './write-outcome';
export { MAX_REFRESH_ATTEMPTS, type PlacementRefreshed, type PreparedRefresh, type RefreshEnds } from './refreshing';
export type { SharedRun } from './shared-run';

/** A refresh that is part of a run (`sharedRun`): what it reads and queries is shared with the run's other placements. */
export type RunRefreshOptions = RefreshOptions & { run?: SharedRun };

/**
 * The placement use cases as the pane calls them: list this workbook's placements, place, refresh, move, make
 * room, link again, disconnect, locate, and an Excel table on or off. Every write goes through the one pipeline
 * (`write-pipeline.ts`); each use case is a function of its own file, given the ports it needs (`PlacementDeps`,
 * each by the roles it uses), which this object keeps to itself.
 */
export class PlacementService {
  constructor(private readonly deps: PlacementDeps) {}

  /** This workbook's placements in every deployment, in sheet order and then top to bottom (`start`: see workbook-placements.ts). */
  workbookPlacements(signal?: AbortSignal, start?: Promise<WorkbookStart>): Promise<WorkbookPlacement[]> {
    return listWorkbookPlacements(this.deps, signal, start);
  }

  /**
   * The same use cases for one run over many placements (Refresh all, a report's placements, refresh on open): each
   * report read once and each distinct query sent once in it, however many placements share them (shared-run.ts).
   * Made anew for each run, so the next run reads and queries again. Given the run's placements, reports are read
   * by listing where that saves requests.
   */
  sharedRun(entries: readonly WorkbookPlacement[] = []): SharedRun {
    return sharedRun(this.deps, entries.map((e) => ({ deploymentId: e.deploymentId, reportId: e.reportId, workbookId: e.placement.workbookId })));
  }

  place(report: Report, options: WriteOptions = {}): Promise<WriteOutcome> {
    return place(this.deps, report, options);
  }

  /**
   * Refreshes a placement (refreshing.ts): its report read while the query of its definition as listed runs, and
   * the workbook's placement ids asked for beside them unless given (`placementIds`); answers where its cells are now.
   */
  refresh(entry: WorkbookPlacement, { run, ...options }: RunRefreshOptions = {}): Promise<WriteOutcome<PlacementRefreshed>> {
    return refresh(run?.deps ?? this.deps, entry, options);
  }

  prepareRefresh(entry: WorkbookPlacement, signal?: AbortSignal, run?: SharedRun): Promise<PreparedRefresh> {
    return prepareRefresh(run?.deps ?? this.deps, entry, signal);
  }

  /**
   * Several placements' refreshes written together, their reads and writes sharing requests (refresh-writes.ts):
   * resolves once the cells are written, to each one's end (recorded, or why not). `readAhead`: what
   * `readForRefreshes` read of them, not yet written over; without it, the write reads first.
   */
  writeRefreshes(prepared: readonly PreparedRefresh[], { run, ...options }: RunRefreshOptions = {}, readAhead?: WorkbookState): Promise<RefreshEnds> {
    return writeRefreshes(run?.deps ?? this.deps, prepared.map((p) => ({ prepared: p, options })), undefined, readAhead);
  }

  /**
   * What writing the refreshes of `entries` reads first, in one request, read ahead of their queries' results; the
   * new grids' sizes are not known yet, so each is read at its recorded size.
   */
  readForRefreshes(entries: readonly WorkbookPlacement[]): Promise<WorkbookState> {
    return readForRefreshes(this.deps, [], entries.map((e) => ({ placement: e.placement })));
  }

  /** Moves a placement to the selection with its report's current result (moving.ts). */
  move(placement: PlacementRef, options: WriteOptions = {}): Promise<WriteOutcome> {
    return movePlacement(this.deps, placement, options);
  }

  /** Replaces a placement's cells by RS.VALUE formulas giving the same numbers, then removes its record (convert-to-formulas.ts). */
  convertToFormulas(entry: WorkbookPlacement, ports: ConversionPorts, signal?: AbortSignal): Promise<Converted> {
    return convertToFormulas(this.deps, entry, ports, signal);
  }

  /** Inserts the rows a write's room asks for, if that is still possible (make-room.ts); true when inserted. */
  makeRoom(room: Room, how: RoomHow): Promise<boolean> {
    return makeRoom(this.deps, room, how);
  }

  /** The ids of the placements the registry records for this workbook (their names are the ones looked up in it). */
  placementIds(workbookId: string | null | undefined, signal?: AbortSignal): Promise<string[]> {
    return this.deps.registry.placementIds(workbookId, signal);
  }

  /**
   * The rows and cells of a placement edited by hand since the add-in last wrote it, read against the registry's
   * record of what was written. `null` when that cannot be known (no record, the cells are gone, no id). `known`:
   * its cells as already read through its name with its recorded size (`CellsNow` of `findPlacements`), so the
   * check sends no request of its own.
   */
  checkHandEdits(entry: Pick<WorkbookPlacement, 'placement'>, known?: { values: CellValue[][]; rect: Rect }): Promise<{ rows: number[]; cells: string[] } | null> {
    const { placement } = entry;
    if (!placement.id) return Promise.resolve(null);
    return this.deps.pipeline.handEdits(placement.id, { record: placement.resultChecksum, rect: recordedRect(placement.resultLocation) }, known);
  }

  /** Selects a placement's cells where they are now. */
  async locate(entry: Pick<WorkbookPlacement, 'placement' | 'location'>): Promise<Location> {
    const { workbook } = this.deps;
    const location = entry.placement.id ? await workbook.locate(entry.placement.id) : entry.location;
    if (!location) throw new PlacementDetachedError(entry.placement);
    await workbook.select(location);
    return location;
  }

  /** Where "Place" writes: the selection's address now and after every change; resolves to a stop function. */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>> {
    return this.deps.workbook.watchSelection(onChange);
  }

  /** Selects given cells (hand-edited ones, say) on the placement's sheet. */
  async selectCells(location: Location, cells: string[]): Promise<void> {
    if (!cells.length) return;
    const rect = cells.map((c) => parseSheetAddress(c).rect).reduce(unionRect);
    await this.deps.workbook.select({ ...location, rect });
  }

  /** Links a placement recorded before placements had ids to its cells again (relinking.ts). */
  relink(entry: WorkbookPlacement): Promise<WorkbookPlacement> {
    return linkAgain(this.deps, entry);
  }

  /**
   * Removes a placement from the registry, then from the workbook (its name, and its cells if asked, in one
   * request): a failure in the registry changes nothing. A placement whose id another record shares (`refused`)
   * leaves the name, which is that record's too.
   */
  async disconnect(entry: WorkbookPlacement, clearCells: boolean): Promise<void> {
    const { workbook, registry } = this.deps;
    const { placement } = entry;
    const location = placement.id ? await workbook.locate(placement.id) : entry.location;
    await registry.disconnect({ deploymentId: entry.deploymentId, reportId: entry.reportId }, placement.id
      ? { placementId: placement.id }
      : { externalWorkbookId: placement.workbookId, resultLocation: placement.resultLocation });
    const cells = location && clearCells ? { sheetName: location.sheetName, rect: location.rect } : undefined;
    if (placement.id && !entry.refused) await workbook.forgetPlacement(placement.id, cells);
    else if (cells) await workbook.clear(cells.sheetName, [cells.rect]);
  }

  /**
   * "As an Excel table" turned on or off from a placement's card, in place. On: the report's current result is laid
   * out (no cells written) to find its header row, and a table is made over the placement's header row and data;
   * resolves to why it stays plain cells if Excel refuses. Off: the table becomes a range and the note goes. A pivot,
   * or headers Excel would rename, cannot be a table (`TableNotPossibleError`).
   */
  async setTable(entry: WorkbookPlacement, on: boolean, signal?: AbortSignal): Promise<TableRefusal | null> {
    if (entry.access !== 'GRANTED' || !entry.report) throw new PlacementAccessDeniedError(entry.owner);
    const placementId = entry.placement.id;
    if (!placementId) throw new PlacementDetachedError(entry.placement);
    const { workbook, reports, runner } = this.deps;
    const report = await reports.getReport(entry.deploymentId, entry.reportId, signal);
    const state = await workbook.prepare([placementId], on ? reportTitle(report) : null);
    const own = state.placements.find((p) => p.placementId === placementId);
    if (!own) throw new PlacementDetachedError(entry.placement);
    if (!on) {
      await workbook.removeTable(placementId, own.table ?? null);
      return null;
    }
    if (own.table) return null;
    // Laid out as its cells are (its language and title lines), so the header row is found where it is.
    const { grid, flat } = await runner.run(report, signal, runner.cellsOf(own.cellOptions));
    const headerRow = tableHeaderRow(grid, Boolean(flat));
    // The cells hold an earlier result of another shape (more header rows, say): a table over them would not be the report's.
    if (headerRow === null || headerRow > own.rect.bottom - own.rect.top) throw new TableNotPossibleError(reportTitle(report));
    return workbook.makeTable({ placementId, sheetName: own.sheetName, rect: own.rect, headerRow, tableName: state.freeTableName ?? null, tablesBefore: state.tablesBefore ?? [] });
  }
}

/** A write that first makes room (once, however often it is run again after a question); it answers what the write answers. */
export function afterMakingRoom<O extends WriteOutcome>(service: PlacementService, room: Room, how: RoomHow, write: (options: WriteOptions) => Promise<O>): (options: WriteOptions) => Promise<O> {
  let made = false;
  return async (options) => {
    if (!made) {
      await service.makeRoom(room, how);
      made = true;
    }
    return write(options);
  };
}

/**
 * "Move placement…" for the room's write: a placement refreshed is moved to the selection; a new placement is
 * simply placed at the selection (the same write, asked again without permission to overwrite).
 */
export function moveWrite(service: PlacementService, room: Room, write: (options: WriteOptions) => Promise<WriteOutcome>): (options: WriteOptions) => Promise<WriteOutcome> {
  const placement = room.placement;
  return placement ? (options) => service.move(placement, options) : write;
}

/**
 * The card's "As an Excel table" choice for a placement: null when it has none (no access, not linked, cells gone,
 * or a report that is not laid out flat: pivots are never tables), else whether its result is a table now.
 */
export function tableChoice(entry: WorkbookPlacement): { on: boolean } | null {
  if (entry.access !== 'GRANTED' || !entry.report || entry.legacy || !entry.location || !entry.placement.id) return null;
  const definition = reportDefinition(entry.report);
  if (!definition.placeable || !isFlatPivot(definition.pivot)) return null;
  return { on: Boolean(entry.location.table) };
}
