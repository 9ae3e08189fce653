import { rectIntersection, sameRect, sheetAddress, type Rect } from '../core/a1';
import { gridDigests, type GridDigests } from '../core/grid-hash';
import type { CellGrid } from '../core/cell-grid';
import { gridRect, leftovers, rowsToWrite, unionRect } from '../core/grid-diff';
import { recordOf } from '../core/result-checksum';
import { RestoreFailedError, WriteFailedError, WriteStoppedError } from '../ports/errors';
import type { AppliedWrite, CellsSnapshot, GridWrite, InspectionHandle, WriteApproval, WriteInspection, WriteProgress } from '../ports/workbook-writes';
import { hostErrorCode } from './host-errors';
import { jsonRowBytes } from './json-size';
import type { Inspection } from './reads';
import type { Snapshot, SnapshotOptions } from './snapshot';
import type { PlanOptions, WritePlan } from './write-plan';

/**
 * The Excel side of the one write pipeline (placing, refreshing, moving, the builder's draft), in two steps with the
 * pipeline's guards between them: inspect (read what the cells hold now), then apply (plan the requests within the
 * payload limits, snapshot what they change, and write, putting the snapshot back if the write fails). Only the rows
 * that change are rewritten, and what the old cells used and the new grid does not is cleared.
 */

/** The connector's steps a grid write is made of. */
export interface GridWriteSteps {
  inspect(sheetName: string, own: Rect | null, target: Rect, usedRange: Rect | null | undefined, rowBytes: number): Promise<Inspection>;
  planWrite(sheetName: string, anchor: GridWrite['anchor'], grid: CellGrid, options: PlanOptions): WritePlan;
  snapshot(plan: WritePlan, options: Pick<SnapshotOptions, 'knownEmpty' | 'formattedRange' | 'knownValues' | 'nameFormula'>): Promise<Snapshot>;
  write(plan: WritePlan, onProgress?: (progress: WriteProgress) => void, stop?: AbortSignal): Promise<void>;
  restore(snapshot: Snapshot): Promise<void>;
}

/** What this adapter read in inspecting a write (the port's opaque `InspectionHandle`), so its apply reads none of it again. */
export interface HeldInspection extends InspectionHandle {
  write: GridWrite;
  target: Rect;
  read: Inspection;
  /** The own cells' digests as read: what the guards judged, and what the rows to write are found against. */
  now: GridDigests;
}

/**
 * A write's first step: what the own cells and the rest of the target hold now (nothing read, when known), for the
 * pipeline's guards to judge.
 */
export async function inspectGrid(steps: Pick<GridWriteSteps, 'inspect'>, write: GridWrite): Promise<WriteInspection> {
  const { sheetName, anchor, grid, own } = write;
  const target = gridRect(anchor, grid);
  // Without own cells, the used range (known for the selection's sheet) tells whether anything is in the way.
  const usedRange = own ? undefined : write.state.usedRange;
  const read = await steps.inspect(sheetName, own?.rect ?? null, target, usedRange, own ? averageRowBytes(grid) : 0);
  // Each grid is hashed once: the cells there now for the guards and the rows to write, the new grid for both.
  const now = gridDigests(read.ownValues ?? []);
  const handle: HeldInspection = { sheetName, write, target, read, now };
  return { findings: { target, now, foreignCells: read.foreignCells }, handle };
}

/** The handle of an inspection: every one handed back to this adapter is one it made (`inspectGrid`). */
export const heldBy = (inspection: WriteInspection): HeldInspection => inspection.handle as HeldInspection;

/** An inspected write applied alone: staged, then its plan written (or nothing, when the cells are as the grid says). */
export async function writeGrid(steps: GridWriteSteps, held: HeldInspection, approval: WriteApproval): Promise<AppliedWrite> {
  const staged = await stageGrid(steps, held, approval);
  if (staged.kind === 'unchanged') return { rect: staged.rect, next: staged.next, snapshot: null };
  const { plan, snapshot, rect, next, recordKept } = staged;
  const { write } = held;
  const undo = await writeOrRestore(steps, plan, snapshot, write.onProgress, write.stop);
  return { rect, next, snapshot: undo, recordKept, ...(write.first || write.refitColumns ? { fit: plan.measure?.result() ?? null } : {}) };
}

/** Once the plan is written: the snapshot with the columns its fit changed, so putting it back sets them back too. */
function withColumns(snapshot: Snapshot, plan: WritePlan): Snapshot {
  const fit = plan.measure?.result();
  return fit && plan.measure ? { ...snapshot, columns: { row: plan.measure.body.top, fit } } : snapshot;
}

/** An approved write ready: its plan and the snapshot that puts back what the plan changes. */
export interface StagedGrid {
  kind: 'staged';
  rect: Rect;
  next: GridDigests;
  plan: WritePlan;
  snapshot: Snapshot;
  /** The plan saves the write's `keepRecord` setting with the cells. */
  recordKept: boolean;
}

/** An approved write whose cells already hold what it would write: nothing to send. */
export interface UnchangedGrid {
  kind: 'unchanged';
  rect: Rect;
  next: GridDigests;
}

/**
 * Everything of an approved write before its requests: the plan made and the snapshot taken, from what the
 * inspection read. Either nothing to write (already as the grid says), or staged: the caller then writes the plan
 * (alone, or with other grids' plans in shared requests).
 */
export async function stageGrid(steps: GridWriteSteps, held: HeldInspection, approval: WriteApproval): Promise<StagedGrid | UnchangedGrid> {
  const { write, target, now, read: { ownValues, ownRect, foreignCells, formattedRange } } = held;
  const { sheetName, anchor, grid, own, nameAs } = write;
  const next = gridDigests(grid.values);
  const rows = own ? rowsToWrite(now, next) : undefined;
  // Cells past the used range counting formats hold nothing at all: clearing them would change nothing, and a name
  // claiming a whole sheet would have its every cell snapshotted first.
  const clear = own ? leftovers(own.rect, target).flatMap((rect) => (formattedRange === undefined ? [rect] : within(rect, formattedRange))) : [];
  // A name holding a relative reference (an earlier version's) is re-pointed with an absolute one.
  const repoint = nameAs !== null && (!own || !sameRect(own.rect, target) || own.relative);
  if (own && !rows!.length && !clear.length && !repoint && !write.saveWorkbookId) return { kind: 'unchanged', rect: target, next };

  const plan = steps.planWrite(sheetName, anchor, grid, {
    rows,
    clear,
    workbookId: write.saveWorkbookId,
    record: repoint ? { placementId: nameAs, sheetName, nameExists: own !== null, ...(write.first?.cellOptions ? { cellOptions: write.first.cellOptions } : {}) } : undefined,
    setting: write.keepRecord ? { key: write.keepRecord.key, value: write.keepRecord.value(recordOf(next)) } : undefined,
    fit: (repoint && !own ? write.first?.fitColumns : undefined) ?? write.refitColumns,
  });
  // Own cells that hold what was last written: their values, just read, are all a snapshot needs of them besides
  // formats. Cells edited by hand (overwritten on request) are read in full. Without own cells and with no foreign
  // ones, there is nothing but formats to keep.
  const snapshot = await steps.snapshot(plan, {
    formattedRange: own ? formattedRange : write.state.formattedRange,
    knownEmpty: own ? undefined : foreignCells.length === 0,
    knownValues: own && ownValues && approval.ownAsWritten ? { rect: ownRect ?? own.rect, values: ownValues } : undefined,
    nameFormula: own?.formula,
  });
  write.superseded?.throwIfAborted();
  return { kind: 'staged', rect: target, next, plan, snapshot, recordKept: Boolean(write.keepRecord) };
}

/**
 * Puts a snapshot back after a failure; if that fails too, says so (the cells hold part of the new result), unless
 * no request of the write got through and the restore is refused the same way (a protected sheet refuses both at
 * the first cell): then nothing was changed.
 */
export async function restoreAfter(steps: Pick<GridWriteSteps, 'restore'>, snapshot: CellsSnapshot, failure: unknown, wroteNothing = false): Promise<void> {
  // The port keeps snapshots opaque; every one handed back here is one this connector took.
  const taken = snapshot as Snapshot;
  try {
    await steps.restore(taken);
  } catch (restoreError) {
    if (wroteNothing && hostErrorCode(restoreError) !== null && hostErrorCode(restoreError) === hostErrorCode(failure)) return;
    const where = taken.parts[0] ? sheetAddress(taken.sheetName, taken.parts.map((p) => p.rect).reduce(unionRect)) : taken.sheetName;
    throw new RestoreFailedError(where, restoreError, failure);
  }
}

/**
 * Runs a write; if it fails (after Excel's transient errors were waited out), puts the snapshot back. Its size is told
 * before the first request (`totalCells`: the pane offers Stop on a large one). `stop` is the user's Stop, honoured
 * between requests: a request once sent by `context.sync()` is carried out whole ("executing instructions queued on the
 * request context", https://learn.microsoft.com/en-us/javascript/api/office/officeextension.clientrequestcontext#office-officeextension-clientrequestcontext-sync-member(1)),
 * so the write stops before the next one, or after the last (before anything records it), and the snapshot goes back
 * as after a failure (`WriteStoppedError`; nothing to put back when no request was sent). Resolves to the snapshot
 * that undoes the write from then on (`withColumns`).
 */
export async function writeOrRestore(
  steps: GridWriteSteps, plan: WritePlan, snapshot: Snapshot, onProgress?: (progress: WriteProgress) => void, stop?: AbortSignal,
): Promise<Snapshot> {
  const totalCells = plan.totalRows * (plan.rect.right - plan.rect.left + 1);
  let requestsDone = 0;
  let undo = snapshot;
  onProgress?.({ rowsWritten: 0, totalRows: plan.totalRows, totalCells });
  try {
    await steps.write(plan, (progress) => {
      requestsDone += 1;
      onProgress?.({ ...progress, totalCells });
    }, stop);
    undo = withColumns(snapshot, plan);
    stop?.throwIfAborted();
  } catch (error) {
    const stopped = stop?.aborted === true && error === stop.reason;
    if (!stopped || requestsDone > 0) await restoreAfter(steps, undo, error, requestsDone === 0);
    throw stopped ? new WriteStoppedError() : new WriteFailedError(error);
  }
  return undo;
}

/** The part of `rect` inside `area` (none when `area` is null: an empty sheet). */
function within(rect: Rect, area: Rect | null): Rect[] {
  const common = area && rectIntersection(rect, area);
  return common ? [common] : [];
}

/** Estimated response bytes per row when the cells' values are read back. */
function averageRowBytes(grid: CellGrid): number {
  const sample = grid.values.slice(0, 200);
  const total = sample.reduce((sum, row) => sum + jsonRowBytes(row), 0);
  return Math.ceil((total / Math.max(1, sample.length)) * 1.25);
}
