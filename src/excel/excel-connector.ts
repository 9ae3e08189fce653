import { rectsIntersect, sameRect, type Cell, type Rect } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import type { CellOptions } from '../core/cell-options';
import type { CellGrid } from '../core/cell-grid';
import type { Workbook } from '../ports/workbook';
import type { CellsNow, CellsToRead, Location } from '../ports/workbook-cells';
import type { AppliedWrite, ApprovedWrite, CellsSnapshot, GridWrite, SettledWrite, WriteApproval, WriteInspection } from '../ports/workbook-writes';
import { watchCellChanges, WriteTracker, type CellChange } from './cell-changes';
import { ExcelDocument } from './excel-document';
import { executeWrites } from './combined-writes';
import { heldBy, inspectGrid, restoreAfter, writeGrid } from './grid-write';
import { stepsFor, writeGrids, type WriteMany } from './grid-writes';
import { realSleep, RESTORE_RETRY, withHostRetry, WRITE_RETRY, type RetryPolicy, type Sleep } from './host-errors';
import { absoluteReference } from './names';
import { clearCells, findPlacements, forgetPlacement, nameCells } from './placement-cells';
import { writeCellOptions } from './placement-options';
import { DEFAULT_RESPONSE_BUDGET_BYTES, inspect, inspectionFromRead, readPlacement, readsWithinBudget, type Inspection } from './reads';
import * as selection from './selection';
import { restoreSnapshot } from './restore';
import { knownSnapshot, takeSnapshot, type Snapshot, type SnapshotOptions } from './snapshot';
import { insertRows, moveName } from './room';
import { readWorkbookState, type PlacedCells, type WorkbookState } from './workbook-state';
import { watchSheetNames } from './sheet-names';
import type { SheetRename } from '../ports/workbook-events';
import { DEFAULT_REQUEST_BUDGET_BYTES, planWrite, type PlanOptions, type RecordTarget, type WritePlan } from './write-plan';
import { executeWrite, type WriteProgress } from './writes';
import { finishFirstPlacement, fitPlacementTable, refusalOf, removePlacementTable, tableAfterMove, type FirstPlacement, type TableRefusal } from './tables';

/**
 * The add-in's one door to Office.js: everything above works with plain data (sheet names, rectangles, grids,
 * placement ids); the parts behind it are split by idea — workbook state and names (`workbook-state.ts`,
 * `names.ts`, `placement-cells.ts`), document settings (`document-settings.ts`), reads sized to the response limit
 * (`reads.ts`), the document's own properties (`excel-document.ts`), writes sized to the request limit (`write-plan.ts`, `request-plan.ts`, `writes.ts`), snapshot and
 * restore (`snapshot.ts`), tables (`tables.ts`), the selection (`selection.ts`), requirement sets
 * (`requirements.ts`) and host errors with their retries (`host-errors.ts`).
 */

export { LEGACY_WORKBOOK_ID_SETTING, REFRESH_ON_OPEN_PROPERTY, WORKBOOK_ID_PROPERTY, type PlacedCells, type SheetRef, type WorkbookState } from './workbook-state';
export { absoluteReference, legacyPlacementSetting, PLACEMENT_NAME_PREFIX, placementName } from './names';
export { DEFAULT_REQUEST_BUDGET_BYTES, type RecordTarget, type WritePlan } from './write-plan';
export { DEFAULT_RESPONSE_BUDGET_BYTES, type Inspection } from './reads';
export type { Snapshot } from './snapshot';
export type { WriteProgress } from './writes';
export type { CellChange } from './cell-changes';
export { tableHeaderRow, type FirstPlacement, type TableRefusal } from './tables';

export type { Location } from '../ports/workbook-cells';

export interface ConnectorOptions {
  /** Largest estimated request (default 4.45 MB, under Excel on the web's 5 MB). */
  requestBudgetBytes?: number;
  /** Largest expected response per read. */
  responseBudgetBytes?: number;
  /** Makes the workbook id; injectable for tests. */
  newId?: () => string;
  /** Waits between tries after a transient host error; injectable for tests. */
  sleep?: Sleep;
  writeRetry?: RetryPolicy;
  restoreRetry?: RetryPolicy;
}

/** The workbook port's adapter over Office.js. */
export class ExcelConnector extends ExcelDocument implements Workbook {
  private readonly requestBudget: number;
  private readonly responseBudget: number;
  protected readonly newId: () => string;
  protected readonly sleep: Sleep;
  protected readonly writeRetry: RetryPolicy;
  private readonly restoreRetry: RetryPolicy;
  /** The add-in's own cell writes, so the cell changes they raise are not taken for the user's. */
  private readonly writes = new WriteTracker();

  constructor(options: ConnectorOptions = {}) {
    super();
    this.requestBudget = options.requestBudgetBytes ?? DEFAULT_REQUEST_BUDGET_BYTES;
    this.responseBudget = options.responseBudgetBytes ?? DEFAULT_RESPONSE_BUDGET_BYTES;
    this.newId = options.newId ?? (() => crypto.randomUUID());
    this.sleep = options.sleep ?? realSleep;
    this.writeRetry = options.writeRetry ?? WRITE_RETRY;
    this.restoreRetry = options.restoreRetry ?? RESTORE_RETRY;
  }

  /**
   * The workbook's id, name, selection, sheets, and the cells of the given placements (see `readWorkbookState`);
   * with `tableTitle`, a free table name for it too; with `read`, the cells that fit the response budget read along.
   */
  prepare(placementIds: readonly string[] = [], tableTitle: string | null = null, read: readonly CellsToRead[] = []): Promise<WorkbookState> {
    const along = readsWithinBudget(read, this.responseBudget);
    return Excel.run((context) => readWorkbookState(context, placementIds, tableTitle, along));
  }

  /** The cells of the given placements whose names still point at cells; with `read`, some read along (see `findPlacements`). */
  findPlacements(placementIds: readonly string[], read: readonly CellsToRead[] = []): Promise<PlacedCells[]> {
    return findPlacements(placementIds, readsWithinBudget(read, this.responseBudget));
  }

  /** Where a placement's cells are now, by its hidden name; `null` when the sheet or the cells are gone. */
  async locate(placementId: string): Promise<Location | null> {
    const [found] = await this.findPlacements([placementId]);
    return found ? { sheetId: found.sheetId, sheetName: found.sheetName, rect: found.rect } : null;
  }

  /** A placement's values through its name: its cells within `rows` × `columns` (the most its record states), never past the name (bounded-reads.ts); `null` when the name is gone. */
  readPlacement(placementId: string, rows: number, columns: number): Promise<{ values: CellValue[][]; rect: Rect } | null> {
    return Excel.run((context) => readPlacement(context, placementId, rows, columns, this.responseBudget));
  }

  /** A new external workbook id, saved by the next write (see `PlanOptions.workbookId`). */
  newWorkbookId(): string {
    return this.newId();
  }

  /**
   * The placement's own values and the foreign cells in `target` (see `inspect` in reads.ts); `known`, the own
   * cells and their sheet's used ranges as read with the placement's name, stands in for reading them.
   */
  inspect(sheetName: string, own: Rect | null, target: Rect, usedRange: Rect | null | undefined, rowBytes: number, limit = 20, known?: CellsNow): Promise<Inspection> {
    // Nothing to read (no own cells, and the used range known not to reach the target): no request at all.
    if (!own && usedRange !== undefined && (!usedRange || !rectsIntersect(usedRange, target))) return Promise.resolve({ ownValues: null, foreignCells: [] });
    // The own cells read with their name, and nothing else in the target's way: no request either.
    const read = own ? inspectionFromRead(own, target, known, limit) : null;
    if (read) return Promise.resolve(read);
    return Excel.run((context) => inspect(context, sheetName, own, target, usedRange, rowBytes, this.responseBudget, limit, known));
  }

  /** How a grid at `anchor` will be written: its requests, and the cells it will change. No Excel involved. */
  planWrite(sheetName: string, anchor: Cell, grid: CellGrid, options: PlanOptions = {}): WritePlan {
    return planWrite(sheetName, anchor, grid, options, this.requestBudget, absoluteReference);
  }

  /** Copies what the plan will change, so `restore` can put it back exactly: no request when every cell is known blank or read already (`knownSnapshot`). */
  snapshot(plan: Pick<WritePlan, 'sheetName' | 'touched' | 'record'>, options: Pick<SnapshotOptions, 'knownEmpty' | 'formattedRange' | 'knownValues' | 'knownCells' | 'nameFormula'> = {}): Promise<Snapshot> {
    const { record } = plan;
    const renames = record?.nameExists ? record.placementId : undefined;
    const adds = record && !record.nameExists ? { placementId: record.placementId, withOptions: Boolean(record.cellOptions) } : undefined;
    const known = knownSnapshot(plan.sheetName, plan.touched, { ...options, renames, adds });
    if (known) return Promise.resolve(known);
    return Excel.run((context) => takeSnapshot(context, plan.sheetName, plan.touched, { ...options, renames, adds, budget: this.responseBudget }));
  }

  /** Carries out a plan; transient host errors are waited out, the requests already done not sent again. */
  write(plan: WritePlan, onProgress?: (progress: WriteProgress) => void, stop?: AbortSignal): Promise<void> {
    return this.writes.around(() => executeWrite(plan, this.writeRetry, this.sleep, onProgress, stop));
  }

  /** A write's first step: what its cells hold now, for the pipeline's guards (see `inspectGrid`, and `stepsFor` for cells read with their name). */
  inspectWrite(write: GridWrite): Promise<WriteInspection> {
    return inspectGrid(stepsFor(this, write), write);
  }

  /** A write the guards allowed, from what its inspection read (see `writeGrid` in grid-write.ts). */
  applyWrite(inspection: WriteInspection, approval: WriteApproval): Promise<AppliedWrite> {
    const held = heldBy(inspection);
    return writeGrid(stepsFor(this, held.write), held, approval);
  }

  /** Several allowed writes, their requests shared within the request budget (see `writeGrids` in grid-writes.ts). */
  applyWrites(writes: readonly ApprovedWrite[], onProgress?: (progress: WriteProgress) => void): Promise<SettledWrite[]> {
    const writeMany: WriteMany = (plans, progress) => this.writes.around(() => executeWrites(plans, this.requestBudget, this.writeRetry, this.sleep, progress));
    return writeGrids(this, writes, writeMany, onProgress);
  }

  /** Puts a written grid's snapshot back after a later step failed (`RestoreFailedError` when it cannot). */
  restoreAfter(snapshot: CellsSnapshot, failure: unknown): Promise<void> {
    return restoreAfter(this, snapshot, failure);
  }

  /** Puts a snapshot back; transient host errors are waited out for longer than a write's. */
  restore(snapshot: Snapshot): Promise<void> {
    return this.writes.around(() => restoreSnapshot(snapshot, this.requestBudget, this.sleep, this.restoreRetry));
  }

  /** Names a placement's cells in one request (see `nameCells`). */
  recordPlacement(sheetName: string, rect: Rect, record: RecordTarget): Promise<void> {
    return nameCells(sheetName, rect, record, this.writeRetry, this.sleep);
  }

  /** After a first placement: its columns fit once, its result made a table when asked (tables.ts); null, or why it stays plain cells. */
  finishPlacement(first: FirstPlacement): Promise<TableRefusal | null> {
    return this.tableStep(() => Excel.run((context) => finishFirstPlacement(context, first)));
  }

  /**
   * Makes an existing placement's result an Excel table (its card's choice): over its header row and data, named
   * `first.tableName`, in the theme's style, its column widths as they are. Resolves to null, or to why it stays
   * plain cells.
   */
  makeTable(first: FirstPlacement): Promise<TableRefusal | null> {
    return this.tableStep(() => Excel.run((context) => finishFirstPlacement(context, first, false)));
  }

  /** Turns a placement's table into plain cells (values and formats kept) and forgets it (see `removePlacementTable`). */
  async removeTable(placementId: string, note: string | null): Promise<void> {
    await this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => removePlacementTable(context, placementId, note))));
  }

  /** A table step after the cells are written and recorded: transient host errors waited out, a refusal answered (see `refusalOf`). */
  private tableStep(step: () => Promise<TableRefusal | null>): Promise<TableRefusal | null> {
    return refusalOf(() => this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, step)));
  }

  /**
   * After a refresh: the placement's table, if it has one (its note read by `prepare`), fitted to the result at `rect` (its header `headerRow`
   * rows down), the user's columns beside it kept; `headerRow` null turns it back into plain cells.
   */
  async fitTable(placed: Pick<PlacedCells, 'placementId' | 'table' | 'rect'>, sheetName: string, rect: Rect, headerRow: number | null): Promise<TableRefusal | null> {
    const note = placed.table;
    // The result kept its size: the table already covers it (and any columns the user added). Checked before
    // `Excel.run`, which would send its closing sync even with nothing queued.
    if (!note || (headerRow !== null && sameRect(placed.rect, rect))) return null;
    return this.tableStep(() => Excel.run((context) => fitPlacementTable(context, placed.placementId, note, sheetName, placed.rect, rect, headerRow)));
  }

  /** Empties cells (contents, and the number formats and bold the add-in set) in one request. */
  async clear(sheetName: string, rects: readonly Rect[]): Promise<void> {
    if (rects.length === 0) return;
    await this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => clearCells(context, sheetName, rects))));
  }

  /**
   * Inserts `rows` empty rows at row `top`: whole rows, or (given `columns`) only the cells in those columns,
   * the cells below shifted down intact, names following them (see `insertRows` in room.ts). One request.
   */
  async insertRows(sheetName: string, top: number, rows: number, columns: { left: number; right: number } | null = null): Promise<void> {
    await this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => insertRows(context, sheetName, top, rows, columns))));
  }

  /**
   * Re-points a placement's name at its new cells and empties the old ones, in one request (see `moveName`); a
   * failure there is thrown. A placement that is a table (`table.note`) then has its table made again at the new
   * cells, its header `table.headerRow` grid rows down (null: the result cannot head a table now), with the old
   * one's name and style; resolves to null, or to why the moved placement is plain cells.
   */
  async movePlacement(
    placementId: string, to: { sheetName: string; rect: Rect }, clear: { sheetName: string; rects: readonly Rect[] },
    table: { note: string | null | undefined; headerRow: number | null } = { note: null, headerRow: null },
  ): Promise<TableRefusal | null> {
    const note = table.note ?? null;
    const was = await this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => moveName(context, placementId, to, clear, note))));
    if (!note) return null;
    return this.tableStep(() => Excel.run((context) => tableAfterMove(context, placementId, to.sheetName, to.rect, table.headerRow, was)));
  }

  /**
   * Forgets a placement: its hidden name and an earlier version's fingerprint setting, and, when given, empties
   * its cells, all in one request (see `forgetPlacement` in placement-cells.ts).
   */
  async forgetPlacement(placementId: string, clear?: { sheetName: string; rect: Rect }): Promise<void> {
    await this.writes.around(() => withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => forgetPlacement(context, placementId, clear))));
  }

  /** Keeps a placement's cells' language and title lines in the workbook, or forgets them (see placement-options.ts). */
  async writeCellOptions(placementId: string, options: CellOptions | null): Promise<void> {
    await withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => writeCellOptions(context, placementId, options)));
  }

  /** Selects a placement's cells (activating its sheet), by sheet name. */
  select(location: Pick<Location, 'sheetName' | 'rect'>): Promise<void> {
    return selection.selectCells(location.sheetName, location.rect);
  }

  /** The selected range's address with its sheet, e.g. `Sheet1!B3`. */
  selectedAddress(): Promise<string> {
    return selection.selectedAddress();
  }

  /**
   * Hears of cells changed by anyone but this add-in on the named sheets (see `watchCellChanges` in
   * cell-changes.ts); null when the host cannot tell (no `Worksheet.onChanged`).
   */
  watchCellChanges(sheetNames: readonly string[], onChange: (change: CellChange) => void): Promise<(() => Promise<void>) | null> {
    return watchCellChanges(sheetNames, onChange, () => this.writes.writing);
  }

  /** Hears of sheets renamed (see `watchSheetNames` in sheet-names.ts); null when the host cannot tell. */
  watchSheetNames(onRename: (rename: SheetRename) => void): Promise<(() => Promise<void>) | null> {
    return watchSheetNames(onRename);
  }

  /** Follows the selection (see `watchSelection` in selection.ts). */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>> {
    return selection.watchSelection(onChange);
  }
}
