import type { ResultChecksum } from '../contract';
import type { Cell, Rect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import type { GridDigests } from '../core/grid-hash';
import type { CellGrid } from '../core/cell-grid';
import type { PlacedCells, WorkbookState } from './workbook-cells';
import type { ColumnFit } from './workbook-tables';

/**
 * Writing a grid, in two steps with the caller's judgement between them (the write pipeline's guards,
 * `src/placements/write-pipeline.ts`): `inspectWrite` reads what the cells hold now and tells it (`findings`);
 * `applyWrite` then plans the requests within the host's payload limits, snapshots what they change and writes,
 * putting the snapshot back if the write fails. What the inspection read is kept in it (`handle`), so the apply
 * reads none of it again.
 */

export interface WriteProgress {
  rowsWritten: number;
  totalRows: number;
  /** Cells the write's rows cover (rows × the grid's columns): how large the write is, told before its first request too. */
  totalCells?: number;
}

/** What a write changes, as it was before: opaque to the use cases, which only hand it back to `restoreAfter`. */
export interface CellsSnapshot {
  readonly sheetName: string;
}

export interface GridWrite {
  sheetName: string;
  /** Where the grid's top-left goes. */
  anchor: Cell;
  grid: CellGrid;
  /** The cells written before (rows rewritten only where they change, leftovers cleared); null for new cells. */
  own: PlacedCells | null;
  /** The id that names the cells in the write (a name added, or the own one re-pointed); null when the caller names them later (a move). */
  nameAs: string | null;
  /** The sheet's used ranges, when the state was read on the target's sheet (a first write at the selection). */
  state: Pick<WorkbookState, 'usedRange' | 'formattedRange'>;
  /** A workbook id to save with this write (the workbook's first, or one kept only in an earlier version's setting). */
  saveWorkbookId?: string;
  /** Aborted when what is written has been replaced by a newer state: checked right before the write. */
  superseded?: AbortSignal;
  /**
   * The write's record kept in the workbook as a document setting (an exploration's draft): saved in the write's
   * last request, after its cells, so the cells and their record land together or not at all. `value` is given the
   * record of what is written.
   */
  keepRecord?: { key: string; value: (record: ResultChecksum) => string };
  /** The user's Stop: checked before each request; once aborted, the cells written are put back (`WriteStoppedError`). */
  stop?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** A new placement's (named `nameAs`): cell options kept with its name, its header and data's columns measured, in the last request. */
  first?: { cellOptions?: CellOptions; fitColumns: Rect };
  /** Columns measured in the last request on every write, not only the first (a draft's, which changes shape as it is built). */
  refitColumns?: Rect;
}

/** What the cells about to be written hold now, for the caller's guards to judge before anything is written. */
export interface TargetFindings {
  /** The cells the grid will cover. */
  target: Rect;
  /** Digests of the cells written before (`own`) as they are now; empty when there are none. */
  now: GridDigests;
  /** Cells of the target outside the own cells that hold something (at most 20 are listed). */
  foreignCells: string[];
}

/** What an adapter read in inspecting a write and needs again to apply it: opaque to the use cases, which only hand it back. */
export interface InspectionHandle {
  readonly sheetName: string;
}

/** A grid write inspected: what its cells hold now, and the adapter's handle on what it read. */
export interface WriteInspection {
  findings: TargetFindings;
  handle: InspectionHandle;
}

/** The guards' leave to write. */
export interface WriteApproval {
  /** The own cells hold exactly what was last written, so the values just read can stand in the snapshot. */
  ownAsWritten: boolean;
}

/**
 * A grid written (or nothing needed writing: `snapshot` null). `next` digests the grid written; `recordKept`: the
 * `keepRecord` setting was saved with the cells; `fit`: the columns as `first` measured them (null: not measured).
 */
export interface AppliedWrite {
  rect: Rect;
  next: GridDigests;
  snapshot: CellsSnapshot | null;
  recordKept?: boolean;
  fit?: ColumnFit | null;
}

/** One of several grid writes as it ended: written, or failed (its cells put back first). */
export type SettledWrite = ({ kind: 'written' } & AppliedWrite) | { kind: 'failed'; error: unknown };

/** An inspected write with the guards' leave, one of several applied together (`applyWrites`). */
export interface ApprovedWrite {
  inspection: WriteInspection;
  approval: WriteApproval;
}

/** Grid writes: inspected, then (once the caller's guards allow) applied; and put back after a later step failed. */
export interface GridWriter {
  /** Reads what the write's cells hold now (the own cells and the rest of the target): nothing is written. */
  inspectWrite(write: GridWrite): Promise<WriteInspection>;
  /**
   * Applies an inspected write: plans its requests within the host's payload limits, snapshots what they change, and
   * writes; a failed write puts the snapshot back (`WriteFailedError`, or `RestoreFailedError` when that fails too).
   */
  applyWrite(inspection: WriteInspection, approval: WriteApproval): Promise<AppliedWrite>;
  /**
   * Several inspected writes (of different placements, on any sheets, not overlapping one another) applied as
   * `applyWrite` does each, their requests shared: what each needs written goes out together in as few requests as
   * the payload limit allows. Each ends on its own; a write that fails is that write's alone (its cells put back).
   */
  applyWrites(writes: readonly ApprovedWrite[], onProgress?: (progress: WriteProgress) => void): Promise<SettledWrite[]>;
  /** Puts a written grid's snapshot back after a later step failed, a name and fit it added undone (`RestoreFailedError` when it cannot). */
  restoreAfter(snapshot: CellsSnapshot, failure: unknown): Promise<void>;
}
