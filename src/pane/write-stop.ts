import type { Operation } from './pane-state';

/**
 * Stop on a long write: a write of more than `STOP_FROM_CELLS` cells shows Stop beside its progress bar until its
 * last row is written. Stop ends it between two requests, and its cells are put back as they were (the workbook's
 * `GridWrite.stop`); nothing is recorded. Smaller writes take a moment, and Stop would only get in the way.
 */

/** About 20,000 cells: where a write takes long enough that someone may want it back. */
export const STOP_FROM_CELLS = 20_000;

/** Stop is shown: a large write with rows still to write, or one being stopped (then it says so, disabled). */
export function offersStop(operation: Operation | null): boolean {
  if (operation?.stopping) return true;
  if (!operation?.totalRows) return false;
  return (operation.totalCells ?? 0) > STOP_FROM_CELLS && (operation.rowsWritten ?? 0) < operation.totalRows;
}

/** Stop can be pressed now: offered, and not pressed already. */
export function canStop(operation: Operation | null): boolean {
  return offersStop(operation) && !operation!.stopping;
}
