import { sheetAddress } from '../core/a1';
import type { ExcelConnector, Snapshot, WritePlan, WriteProgress } from '../excel/excel-connector';
import { hostErrorCode } from '../excel/host-errors';
import { RestoreFailedError, WriteFailedError } from './errors';
import { unionRect } from './grid-diff';

/**
 * The write protections every use case shares (placing, refreshing, an exploration's draft): a failed write
 * puts the snapshot back, and a write the platform did not record is taken back too.
 */

/**
 * Puts a snapshot back after a failure; if that fails too, says so (the cells hold part of the new result) —
 * unless no request of the write got through and the restore is refused the same way (a protected sheet
 * refuses both at the first cell): then nothing was changed.
 */
export async function restoreAfter(excel: ExcelConnector, snapshot: Snapshot, failure: unknown, wroteNothing = false): Promise<void> {
  try {
    await excel.restore(snapshot);
  } catch (restoreError) {
    if (wroteNothing && hostErrorCode(restoreError) !== null && hostErrorCode(restoreError) === hostErrorCode(failure)) return;
    const where = snapshot.parts[0] ? sheetAddress(snapshot.sheetName, snapshot.parts.map((p) => p.rect).reduce(unionRect)) : snapshot.sheetName;
    throw new RestoreFailedError(where, restoreError, failure);
  }
}

/** Runs a write; if it fails (after Excel's transient errors were waited out), puts the snapshot back. */
export async function writeOrRestore(excel: ExcelConnector, plan: WritePlan, snapshot: Snapshot, onProgress?: (progress: WriteProgress) => void): Promise<void> {
  let requestsDone = 0;
  try {
    await excel.write(plan, (progress) => {
      requestsDone += 1;
      onProgress?.(progress);
    });
  } catch (error) {
    await restoreAfter(excel, snapshot, error, requestsDone === 0);
    throw new WriteFailedError(error);
  }
}

/**
 * Records a write on the platform. When the call fails, `landed` asks the platform whether it recorded it all
 * the same (an answer lost on the way back): then the write stands; otherwise the cells go back to what they
 * were and the error is thrown, so the workbook and the platform agree either way.
 */
export async function recordOrRestore<T>(excel: ExcelConnector, snapshot: Snapshot | null, record: () => Promise<T>, landed: () => Promise<T | null>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    const current = await landed().catch(() => null);
    if (current) return current;
    if (snapshot) await restoreAfter(excel, snapshot, error);
    throw error;
  }
}
