import type { ResultChecksum } from '../contract';
import { parseSheetAddress, rectColumns, rectRows, rectsIntersect, sheetAddress, type Cell, type Rect } from '../core/a1';
import { gridRect } from '../core/grid-diff';
import { gridDigests } from '../core/grid-hash';
import type { CellValue } from '../core/cell-values';
import type { CellGrid } from '../core/cell-grid';
import { cellsWithin, readableSize } from '../core/recorded-size';
import { handEditsAgainst, handEditsOfDamaged, recordedSize, recordOf } from '../core/result-checksum';
import { cellsHoldingAnything } from '../core/unvouched-cells';
import type { Location, PlacedCells, WorkbookCells, WorkbookState } from '../ports/workbook-cells';
import type { ColumnFit } from '../ports/workbook-tables';
import type { ApprovedWrite, CellsSnapshot, GridWrite, GridWriter, WriteProgress } from '../ports/workbook-writes';
import { PlacementOverlapError, RecordUnconfirmedError } from './errors';
import type { Permissions, WriteQuestion } from './write-outcome';
import { judge, namedEdits, type Baseline } from './write-guards';

/**
 * The one write pipeline. Every write of cells (placing, refreshing, Refresh all, moving, Place again here, the
 * builder's draft and so the chat's Place in sheet) goes through `write`: prepare (the caller's), then inspect → guard
 * → apply. The workbook inspects what the cells hold now (`GridWriter.inspectWrite`); the guards judge it (here:
 * another placement's cells are never covered, hand edits in cells a move empties are asked about; write-guards.ts:
 * hand edits in the cells being rewritten and foreign cells in the way are asked about), each a question the caller
 * must answer before anything is written; only then does the workbook apply the write (plan, snapshot, write, put
 * back on failure); then the record, or the cells put back when it fails. A caller cannot skip a guard: its only say
 * is the user's answers (`Permissions`).
 */

export interface PipelineWrite<R> {
  sheetName: string;
  anchor: Cell;
  grid: CellGrid;
  /** The cells written before, rewritten in place (a refresh, a draft's next run); null for new cells. */
  own: PlacedCells | null;
  /** The id that names the cells in the write (a new placement's, made by the caller); null: the caller names them once recorded (a move). */
  nameAs: string | null;
  /** What was last written into `own`. */
  baseline?: Baseline;
  /** Cells the write empties once it is recorded (a move's old place): their hand edits are asked about first. */
  vacates?: { placementId: string; baseline: Baseline; location: Location };
  /** The workbook's placements' cells: never covered. */
  placed: readonly PlacedCells[];
  /** The sheet's used ranges, when the state was read on the target's sheet (a first write at the selection). */
  state: Pick<WorkbookState, 'usedRange' | 'formattedRange'>;
  saveWorkbookId?: string;
  permissions: Permissions;
  signal?: AbortSignal;
  /** Aborted when what is written has been replaced by a newer state: checked right before the write. */
  superseded?: AbortSignal;
  /** The user's Stop: the workbook's write ends between requests with its cells put back, and nothing is recorded. */
  stop?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** The write's record kept in the workbook, saved with the cells (see `GridWrite.keepRecord`); `record` still follows. */
  keepRecord?: GridWrite['keepRecord'];
  /** A new placement named `nameAs` by the write itself: its cell options and its columns' fit (see `GridWrite.first`). */
  first?: GridWrite['first'];
  /** Columns measured on every write (see `GridWrite.refitColumns`). */
  refitColumns?: GridWrite['refitColumns'];
  /** Records the write (the registry, or the workbook's draft). If it fails, the cells are put back. */
  record(written: WrittenGrid): Promise<R>;
  /** After a failed record: whether it landed all the same (an answer lost on the way), and with what. */
  landed?(written: WrittenGrid): Promise<R | null>;
}

/** What was written: the cells, the record of their values, and the snapshot that puts them back (null: nothing changed). */
export interface WrittenGrid {
  rect: Rect;
  checksum: ResultChecksum;
  snapshot: CellsSnapshot | null;
  /** The record was saved in the workbook with the cells (`keepRecord`): `record` need not save it again. */
  recordKept: boolean;
  /** The columns as the write measured them (`first`, `refitColumns`), for the fit to be finished; null when not measured. */
  fit: ColumnFit | null;
}

/** Cells a write may not cover: a placement's, or an earlier write's in the same call (no id when it has none yet). */
type TakenCells = Pick<PlacedCells, 'sheetName' | 'rect'> & { placementId: string | null };

export type PipelineResult<R> = { kind: 'written'; written: WrittenGrid; recorded: R } | WriteQuestion;

export interface WritePipelineOptions {
  /** Grid writes, and placements' cells read through their names (the hand-edit checks). */
  workbook: GridWriter & Pick<WorkbookCells, 'readPlacement'>;
  /** The title of the report a placement belongs to, to name it when a write would cover it. */
  placementTitle(placementId: string, signal?: AbortSignal): Promise<string | null>;
}

export class WritePipeline {
  constructor(private readonly options: WritePipelineOptions) {}

  async write<R>(w: PipelineWrite<R>): Promise<PipelineResult<R>> {
    const { workbook } = this.options;
    const target = gridRect(w.anchor, w.grid);
    await this.refuseOverlap(w.placed, w.sheetName, target, w.nameAs ?? w.own?.placementId ?? null, w.signal);
    if (w.vacates && !w.permissions.overwriteHandEdits) {
      const { placementId, baseline, location } = w.vacates;
      // Without a record of what was written there, whatever the cells hold is asked about before they are emptied.
      const edits = (await this.handEdits(placementId, baseline)) ?? (await this.unvouchedCells(placementId, location));
      if (edits?.rows.length) return { kind: 'hand-edits', ...edits, location };
    }
    const inspection = await workbook.inspectWrite({
      sheetName: w.sheetName, anchor: w.anchor, grid: w.grid, own: w.own, nameAs: w.nameAs, state: w.state,
      saveWorkbookId: w.saveWorkbookId, superseded: w.superseded, stop: w.stop, onProgress: w.onProgress, keepRecord: w.keepRecord, first: w.first, refitColumns: w.refitColumns,
    });
    const verdict = judge(w, inspection.findings);
    if (!verdict.write) return verdict.question;
    const applied = await workbook.applyWrite(inspection, verdict);
    const written: WrittenGrid = {
      rect: applied.rect, checksum: recordOf(applied.next), snapshot: applied.snapshot, recordKept: Boolean(applied.recordKept), fit: applied.fit ?? null,
    };
    return { kind: 'written', written, recorded: await this.recordOrRestore(w, written) };
  }

  /**
   * Several writes of different placements together (Refresh all): each inspected and guarded as `write` does it,
   * and the cells of all it allows written in shared requests (`GridWriter.applyWrites`). Resolves as soon as the
   * cells are written, so the workbook is free for what comes next, to each write's end: recorded (each sent at once,
   * in parallel; its cells put back if that fails), a question, or why it failed. A write whose target meets an
   * earlier one's in the same call is refused as one meeting another placement would be. Writes that vacate cells (a
   * move) go alone.
   */
  async writeMany<R>(ws: readonly PipelineWrite<R>[], onProgress?: (progress: WriteProgress) => void): Promise<Promise<PromiseSettledResult<PipelineResult<R>>>[]> {
    const { workbook } = this.options;
    const ends: Promise<PromiseSettledResult<PipelineResult<R>>>[] = [];
    const guarded: { index: number; w: PipelineWrite<R> }[] = [];
    const taken: TakenCells[] = [];
    for (const [index, w] of ws.entries()) {
      const target = gridRect(w.anchor, w.grid);
      const self = w.nameAs ?? w.own?.placementId ?? null;
      try {
        if (w.vacates) throw new TypeError('A write that vacates cells is written alone (WritePipeline.write).');
        // Refused one at a time on purpose: naming a placement in the way asks the platform for its title.
        await this.refuseOverlap([...w.placed, ...taken], w.sheetName, target, self, w.signal);
        taken.push({ placementId: self, sheetName: w.sheetName, rect: target });
        guarded.push({ index, w });
      } catch (error) {
        ends[index] = Promise.resolve({ status: 'rejected', reason: error });
      }
    }
    const allowed: { index: number; w: PipelineWrite<R>; approved: ApprovedWrite }[] = [];
    for (const { index, w } of guarded) {
      try {
        // In order on purpose: a write whose cells were not read along with its name reads them in requests of its own.
        const inspection = await workbook.inspectWrite({
          sheetName: w.sheetName, anchor: w.anchor, grid: w.grid, own: w.own, nameAs: w.nameAs, state: w.state,
          saveWorkbookId: w.saveWorkbookId, superseded: w.superseded, keepRecord: w.keepRecord,
        });
        const verdict = judge(w, inspection.findings);
        if (verdict.write) allowed.push({ index, w, approved: { inspection, approval: verdict } });
        else ends[index] = Promise.resolve({ status: 'fulfilled', value: verdict.question });
      } catch (error) {
        ends[index] = Promise.resolve({ status: 'rejected', reason: error });
      }
    }
    const settled = await workbook.applyWrites(allowed.map((a) => a.approved), onProgress);
    for (const [i, { index, w }] of allowed.entries()) {
      const result = settled[i]!;
      const end = async (): Promise<PipelineResult<R>> => {
        if (result.kind === 'failed') throw result.error;
        const written: WrittenGrid = { rect: result.rect, checksum: recordOf(result.next), snapshot: result.snapshot, recordKept: Boolean(result.recordKept), fit: null };
        return { kind: 'written', written, recorded: await this.recordOrRestore(w, written) };
      };
      ends[index] = end().then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason }));
    }
    return ends;
  }

  /**
   * The rows and cells of a placement edited by hand since it was last written, read through its name against
   * `baseline`. Null when that cannot be known (no record this code reads, or the cells are gone). Only the name's
   * cells within the fewest rows and columns the record states are read (`readableSize`), never the record's claim
   * beyond them: a record kept in a workbook is as untrusted as the workbook. Fewer cells than the record states (rows
   * deleted inside, or a record claiming more than its name covers: damaged) are matched in order, as a damaged
   * placement's. `known`: its cells as already read through its name (`rect` where the name points), so none are read again.
   */
  async handEdits(placementId: string, baseline: Baseline, known?: { values: CellValue[][]; rect: Rect }): Promise<{ rows: number[]; cells: string[] } | null> {
    const stated = recordedSize(baseline.record);
    if (!baseline.record || !baseline.rect || !stated) return null;
    const size = readableSize(baseline.rect, baseline.record)!;
    const expected = known ? cellsWithin(known.rect, size) : null;
    const fits = known && expected && known.values.length === rectRows(expected) && known.values.every((row) => row.length === rectColumns(expected));
    const read = fits ? known : await this.options.workbook.readPlacement(placementId, size.rows, size.columns);
    if (!read) return null;
    const now = gridDigests(read.values);
    const whole = now.rows === stated.rows && now.columns === stated.columns;
    const edits = whole ? handEditsAgainst(baseline.record, now) : handEditsOfDamaged(baseline.record, now);
    return edits ? namedEdits(edits, read.rect) : null;
  }

  /** The cells of a placement that hold anything, read through its name at `location`'s size; null when the name is gone. */
  private async unvouchedCells(placementId: string, { rect }: Location): Promise<{ rows: number[]; cells: string[] } | null> {
    const read = await this.options.workbook.readPlacement(placementId, rect.bottom - rect.top + 1, rect.right - rect.left + 1);
    return read ? namedEdits(cellsHoldingAnything(gridDigests(read.values)), read.rect) : null;
  }

  /** Refuses a target that covers another placement's cells, naming it. */
  private async refuseOverlap(taken: readonly TakenCells[], sheetName: string, target: Rect, self: string | null, signal?: AbortSignal): Promise<void> {
    const hit = taken.find((p) => (p.placementId === null || p.placementId !== self) && p.sheetName.toLowerCase() === sheetName.toLowerCase() && rectsIntersect(p.rect, target));
    if (!hit) return;
    const title = (hit.placementId === null ? null : await this.options.placementTitle(hit.placementId, signal)) ?? 'another placement';
    throw new PlacementOverlapError({ title, location: sheetAddress(hit.sheetName, hit.rect) });
  }

  /**
   * Records the write. When that fails, asks whether it landed all the same: then the write stands; otherwise the
   * cells go back and the error is thrown. When even that cannot be asked, the cells go back and the user is told
   * the record may still say otherwise (`RecordUnconfirmedError`), never that the two agree.
   */
  private async recordOrRestore<R>(w: PipelineWrite<R>, written: WrittenGrid): Promise<R> {
    try {
      return await w.record(written);
    } catch (error) {
      let current: R | null = null;
      try {
        current = w.landed ? await w.landed(written) : null;
      } catch (askError) {
        if (written.snapshot) await this.options.workbook.restoreAfter(written.snapshot, error);
        throw new RecordUnconfirmedError(sheetAddress(w.sheetName, written.rect), new AggregateError([error, askError]));
      }
      if (current) return current;
      if (written.snapshot) await this.options.workbook.restoreAfter(written.snapshot, error);
      throw error;
    }
  }
}

/** A placement record's range as a rectangle, or null when it cannot be read. */
export function recordedRect(resultLocation: string | null | undefined): Rect | null {
  if (!resultLocation) return null;
  try {
    return parseSheetAddress(resultLocation).rect;
  } catch {
    return null;
  }
}
