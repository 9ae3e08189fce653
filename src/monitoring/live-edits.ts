import { parseRect, rectColumns, rectRows, rectsIntersect, type Rect } from '../core/a1';
import { cellsWithin, readableSize } from '../core/recorded-size';
import type { CellValue } from '../core/cell-values';
import type { CellChange, WorkbookEvents } from '../ports/workbook-events';
import type { CellsToRead, PlacedCells, WorkbookCells } from '../ports/workbook-cells';
import type { PlacementService } from '../placements/placement-service';
import { placementKey, type WorkbookPlacement } from '../placements/workbook-placements';
import { recordedRect } from '../placements/write-pipeline';

/** What a live check found for one placement (its `placementKey`). */
export type LiveEditResult =
  /** Cells differ from the platform's record of what was last written: edited by hand. */
  | { kind: 'edited'; key: string; rows: number[]; cells: string[] }
  /** The cells hold what was written again (or cannot be compared): no hand edits known. */
  | { kind: 'clean'; key: string }
  /** The check itself failed (the cause, for the pane to word). */
  | { kind: 'failed'; key: string; error: unknown }
  /**
   * Rows, columns or cells were inserted or deleted on a sheet with placements: where each of that sheet's
   * placements is now, by its name (null: its cells are gone). Keyed by `placementKey`.
   */
  | { kind: 'moved'; locations: Map<string, PlacedCells | null> };

/** The change kinds that move cells (`Excel.DataChangeType`): the placements' names may have moved with them. */
const STRUCTURAL = new Set(['RowInserted', 'RowDeleted', 'ColumnInserted', 'ColumnDeleted', 'CellInserted', 'CellDeleted']);

/** Whether a cell change inserted or deleted cells (so names, and the placements they hold, moved). */
export const movesCells = (change: Pick<CellChange, 'changeType'>) => STRUCTURAL.has(change.changeType);

/** What a live check asks of the workbook: to hear of cells changed, and where the placements are now with their cells read. */
export type LiveEditsWorkbook = Pick<WorkbookEvents, 'watchCellChanges'> & Pick<WorkbookCells, 'findPlacements'>;

export interface LiveEditsDependencies {
  excel: LiveEditsWorkbook;
  /** `PlacementService.checkHandEdits`: the placement's cells (`known`: as read with its name) against the platform's record. */
  checkHandEdits(entry: Pick<WorkbookPlacement, 'placement'>, known?: { values: CellValue[][]; rect: Rect }): Promise<{ rows: number[]; cells: string[] } | null>;
}

export interface LiveEditsOptions {
  /** Told of each checked placement's result. */
  onResult(result: LiveEditResult): void;
  /** Told when watching itself fails (registering or removing the handlers, finding the cells). */
  onError(error: unknown): void;
  /**
   * Told when what failed last (a placement's check, told as a `failed` result, or watching itself, told through
   * `onError`) has since succeeded: that placement checked, or the handlers registered and the cells found. The
   * failure's message can go.
   */
  onRecovered?(): void;
  /**
   * The pane is placing, refreshing or otherwise writing: checks wait until it is done, so a write and its
   * record on the platform are never caught half-way (the cells new, the record not yet).
   */
  busy?: () => boolean;
  /** Quiet time after the last change before checking (a paste or typing across cells is one check). */
  debounceMs?: number;
}

/** `lastFailure` for watching itself (registering the handlers, finding the cells), never a placement's key. */
const WATCHING = '\u0000watching';

interface PendingChange {
  sheetId: string;
  rect: Rect;
  /** Cells were inserted or deleted: the sheet's placements are found again. */
  moves: boolean;
  /**
   * Not a change heard but the pane's first look at a placement's cells: typed while no pane watched (before a reload,
   * say), hand edits are found only by comparing. Checked when its cells rode along with the names, so the first look
   * costs one request; a placement too large for that is checked at its next change or refresh.
   */
  firstLook?: true;
}

/**
 * Hand edits as they happen: cell changes on the sheets that hold placements (`ExcelConnector.watchCellChanges`,
 * the worksheets' `onChanged`) are gathered for a short pause, then each placement whose cells — where they are
 * now, by its name, which follows inserted rows — intersect a change is checked against the platform's record
 * (`checkHandEdits`), one check at a time. A placement found edited is reported so, and one typed back to what was
 * written is reported clean.
 */
export class LiveHandEdits {
  /** Placements with cells and a record of what was written: checked for hand edits. */
  private entries: WorkbookPlacement[] = [];
  /** Every placement with an id and cells: followed when rows or columns move. */
  private placed: WorkbookPlacement[] = [];
  private sheetsKey = '';
  private stopWatching: (() => Promise<void>) | null = null;
  /** Registrations run one after another, so a stop never overtakes the registration it undoes. */
  private registering: Promise<void> = Promise.resolve();
  private pending: PendingChange[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private checking = false;
  private stopped = false;
  /** What failed last and has not succeeded since: a placement's key, or `WATCHING` for watching itself. */
  private lastFailure: string | null = null;
  private readonly debounceMs: number;

  constructor(private readonly deps: LiveEditsDependencies, private readonly options: LiveEditsOptions) {
    this.debounceMs = options.debounceMs ?? 300;
  }

  /**
   * Watches the sheets of these placements (the current list): registers again only when the set of sheets
   * changed. Resolves once the handlers are in place.
   */
  watch(entries: readonly WorkbookPlacement[]): Promise<void> {
    this.placed = entries.filter((e) => e.placement.id && !e.legacy && e.location);
    this.entries = this.placed.filter((e) => e.placement.resultChecksum);
    const sheets = [...new Set(this.placed.map((e) => e.location!.sheetName))].sort();
    const key = sheets.join('\u0000');
    if (key === this.sheetsKey) return this.registering;
    this.sheetsKey = key;
    this.registering = this.registering.then(async () => {
      if (this.stopped) return;
      await this.unregister();
      if (!sheets.length) return;
      const stop = await this.deps.excel.watchCellChanges(sheets, (change) => this.changed(change));
      if (this.stopped) await stop?.();
      else {
        this.stopWatching = stop;
        this.succeeded(WATCHING);
      }
    }).catch((error: unknown) => {
      // Registered again on the next list; until then hand edits show on Refresh.
      this.sheetsKey = '';
      this.failed(WATCHING);
      this.options.onError(error);
    });
    return this.registering;
  }

  /** Stops listening; a check under way finishes but reports nothing. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = [];
    this.registering = this.registering.then(() => this.unregister()).catch((error: unknown) => this.options.onError(error));
    return this.registering;
  }

  private failed(what: string): void {
    this.lastFailure = what;
  }

  private succeeded(what: string): void {
    if (this.lastFailure !== what || this.stopped) return;
    this.lastFailure = null;
    this.options.onRecovered?.();
  }

  private async unregister(): Promise<void> {
    const stop = this.stopWatching;
    this.stopWatching = null;
    await stop?.();
  }

  /**
   * Compares every watched placement's cells with its record once, as if they had changed (see
   * `PendingChange.firstLook`): hand edits made while no pane watched are then said as those made while it watches.
   */
  lookFirst(): void {
    if (this.stopped || this.entries.length === 0) return;
    for (const { location } of this.entries) this.pending.push({ sheetId: location!.sheetId, rect: location!.rect, moves: false, firstLook: true });
    this.schedule();
  }

  private changed(change: CellChange): void {
    if (this.stopped) return;
    let rect: Rect;
    try {
      rect = parseRect(change.address);
    } catch {
      // An address the add-in cannot read (several areas, say): every placement on the sheet is checked.
      rect = { top: 0, left: 0, bottom: Number.MAX_SAFE_INTEGER, right: Number.MAX_SAFE_INTEGER };
    }
    this.pending.push({ sheetId: change.sheetId, rect, moves: movesCells(change) });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      // Fire and forget: a flush tells its own failures (`onError`, a `failed` result).
      void this.flush();
    }, this.debounceMs);
  }

  /**
   * The cells to read with the names, for the checked placements last known under a change or on a sheet where cells
   * moved: what each check compares, its name's cells within the size its record states (`readableSize`), sized by
   * where the name last was, never by the record alone (a record claiming a whole sheet reads the name's cells).
   */
  private readAlong(changes: readonly PendingChange[]): CellsToRead[] {
    const read: CellsToRead[] = [];
    for (const entry of this.entries) {
      const { sheetId, rect } = entry.location!;
      const recorded = readableSize(recordedRect(entry.placement.resultLocation), entry.placement.resultChecksum);
      if (!recorded || !changes.some((c) => c.sheetId === sheetId && (c.moves || rectsIntersect(c.rect, rect)))) continue;
      const cells = cellsWithin(rect, recorded);
      const size = { rows: rectRows(cells), columns: rectColumns(cells) };
      read.push({ placementId: entry.placement.id!, size, expectedCells: size.rows * size.columns });
    }
    return read;
  }

  /** Checks the placements the pending changes touch; one flush at a time, later changes wait for the next. */
  private async flush(): Promise<void> {
    if (this.stopped || this.pending.length === 0) return;
    if (this.checking || this.options.busy?.()) {
      // After the check or the pane's write under way: changes meanwhile are kept, not lost.
      this.schedule();
      return;
    }
    this.checking = true;
    const changes = this.pending;
    this.pending = [];
    try {
      const byId = new Map(this.entries.map((e) => [e.placement.id!, e]));
      const moved = new Set(changes.filter((c) => c.moves).map((c) => c.sheetId));
      const followed = moved.size ? this.placed.filter((e) => moved.has(e.location!.sheetId)) : [];
      // One request: the names (where the placements are now) and, through them, the cells a change likely touched,
      // which their checks then take as read (one not read along is read by its check).
      const located = await this.deps.excel.findPlacements([...new Set([...byId.keys(), ...followed.map((e) => e.placement.id!)])], this.readAlong(changes));
      this.succeeded(WATCHING);
      if (followed.length && !this.stopped) {
        // Where the moved sheets' placements are now (their names moved with the cells), first: a check's cells are named there.
        const at = new Map(located.map((cells) => [cells.placementId, cells]));
        this.options.onResult({ kind: 'moved', locations: new Map(followed.map((e) => [placementKey(e), at.get(e.placement.id!) ?? null])) });
      }
      // A first look checks only cells read along: it never sends a request per placement.
      const hit = located.filter((cells) => changes.some((c) => c.sheetId === cells.sheetId && rectsIntersect(c.rect, cells.rect) && (!c.firstLook || cells.cellsNow)));
      for (const cells of hit) {
        const entry = byId.get(cells.placementId);
        if (!entry || this.stopped) continue;
        const key = placementKey(entry);
        try {
          const edits = await this.deps.checkHandEdits(entry, cells.cellsNow && { values: cells.cellsNow.values, rect: cells.rect });
          if (this.stopped) return;
          // No rows edited (what was written is there again), or no way to tell (no record): not edited, as a refresh would see it.
          this.options.onResult(edits?.rows.length ? { kind: 'edited', key, rows: edits.rows, cells: edits.cells } : { kind: 'clean', key });
          this.succeeded(key);
        } catch (error) {
          if (this.stopped) continue;
          this.failed(key);
          this.options.onResult({ kind: 'failed', key, error });
        }
      }
    } catch (error) {
      if (this.stopped) return;
      this.failed(WATCHING);
      this.options.onError(error);
    } finally {
      this.checking = false;
      if (this.pending.length && !this.stopped && !this.timer) this.schedule();
    }
  }
}

/** Live hand-edit checks for a workspace's placements, on its workbook and its placements' `checkHandEdits`. */
export function liveHandEdits(
  { workbook, placements }: { workbook: LiveEditsWorkbook; placements: Pick<PlacementService, 'checkHandEdits'> }, options: LiveEditsOptions,
): LiveHandEdits {
  return new LiveHandEdits({ excel: workbook, checkHandEdits: (entry, known) => placements.checkHandEdits(entry, known) }, options);
}
