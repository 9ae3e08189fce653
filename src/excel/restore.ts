import { rectAddress, rectColumns, rectRows } from '../core/a1';
import { queueWidenOnly } from './column-fit';
import { RESTORE_RETRY, type RetryPolicy, type Sleep } from './host-errors';
import { jsonRowBytes, jsonStringBytes } from './json-size';
import { placementName } from './names';
import { cellOptionsSetting } from './placement-options';
import { sheetNamed } from './reads';
import { Batcher, chunkRows, REQUEST_OVERHEAD, type FormatPiece, type RowSource } from './request-plan';
import type { ColumnFit } from '../ports/workbook-tables';
import type { LookRegion } from './snapshot-looks';
import type { Snapshot, SnapshotPart } from './snapshot';
import { queueFormats, runBatches, suspendForWrite } from './writes';

/** Putting a snapshot (snapshot.ts) back: its cells, looks, the placement's name, and its columns' widths. */

type RestoreOp =
  | { kind: 'part'; part: SnapshotPart; start: number; end: number; formats: FormatPiece[] }
  | { kind: 'look'; region: LookRegion }
  | { kind: 'name'; placementId: string; formula: string }
  /** A name the write added (a new placement's), and the cell options kept beside it (`withOptions`), removed. */
  | { kind: 'drop'; placementId: string; withOptions: boolean }
  | { kind: 'columns'; row: number; fit: ColumnFit };

/** The requests that put a snapshot back, each within the budget. */
export function planRestore(snapshot: Snapshot, budget: number): { ops: RestoreOp[]; bytes: number }[] {
  const batcher = new Batcher<RestoreOp>(budget);
  const { range, font } = REQUEST_OVERHEAD;
  for (const part of snapshot.parts) {
    const columns = rectColumns(part.rect);
    const inputs = part.inputs;
    const source: RowSource = {
      columns,
      valueBytes: (r) => (inputs ? jsonRowBytes(inputs[r]!) : 0),
      formats: (r) => part.numberFormats[r]!,
      formatBytes: (r) => jsonRowBytes(part.numberFormats[r]!),
    };
    chunkRows(source, 0, rectRows(part.rect), REQUEST_OVERHEAD.clear + range, () => 0, batcher, (chunk): RestoreOp => ({ kind: 'part', part, ...chunk }));
  }
  // Bold, then the fill (a Format and Fill path as costly as the font's).
  for (const region of snapshot.looks) batcher.fit({ kind: 'look', region }, range + 2 * font);
  const name = snapshot.name;
  if (name && name.formula !== null) batcher.fit({ kind: 'name', placementId: name.placementId, formula: name.formula }, REQUEST_OVERHEAD.name + jsonStringBytes(name.formula));
  else if (name) batcher.fit({ kind: 'drop', placementId: name.placementId, withOptions: Boolean(name.withOptions) }, 2 * REQUEST_OVERHEAD.name);
  const columns = snapshot.columns;
  if (columns) batcher.fit({ kind: 'columns', ...columns }, (columns.fit.before.length + 1) * (range + REQUEST_OVERHEAD.set));
  return batcher.batches;
}

/**
 * Puts a snapshot back: number formats before values (a value written into a Text-formatted cell stays text),
 * formulas only where the cell held one, text behind the apostrophe where Excel would read it otherwise, bold
 * and fill as they were, the name's old reference (or no name, when the write added it), the columns' widths before
 * a new placement's fit. Nothing else is touched: no `clear('All')`, which would also wipe fills, borders and fonts
 * the write never changed. Transient host errors are waited out (`RESTORE_RETRY`).
 */
export async function restoreSnapshot(snapshot: Snapshot, budget: number, sleep: Sleep, retry: RetryPolicy = RESTORE_RETRY): Promise<void> {
  const batches = planRestore(snapshot, budget);
  await runBatches(batches, async (context, batch) => {
    const sheet = sheetNamed(context, snapshot.sheetName);
    suspendForWrite(context, batches.length === 1);
    const drops: Extract<RestoreOp, { kind: 'drop' }>[] = [];
    for (const op of batch.ops) {
      if (op.kind === 'part') {
        const { rect, inputs, numberFormats } = op.part;
        const origin = { row: rect.top, column: rect.left };
        for (const piece of op.formats) queueFormats(sheet, origin, rectColumns(rect), piece, numberFormats);
        const cells = sheet.getRange(rectAddress({ ...rect, top: rect.top + op.start, bottom: rect.top + op.end - 1 }));
        if (inputs) cells.formulas = inputs.slice(op.start, op.end);
        else cells.clear('Contents');
      } else if (op.kind === 'look') {
        const { format } = sheet.getRange(rectAddress(op.region.rect));
        format.font.bold = op.region.bold;
        if (op.region.fill) format.fill.color = op.region.fill;
        else format.fill.clear();
      } else if (op.kind === 'name') {
        context.workbook.names.getItem(placementName(op.placementId)).formula = op.formula;
      } else if (op.kind === 'drop') {
        drops.push(op);
      } else {
        queueWidenOnly(sheet, op.fit, op.row, true);
      }
    }
    await dropAdded(context, drops);
  }, retry, sleep);
}

/**
 * Queues removing names a failed write may have added: a write refused part-way may not have got to them, and a
 * null object takes no actions, so they are looked up first (one sync more, only on the way back from a failure).
 */
async function dropAdded(context: Excel.RequestContext, drops: readonly Extract<RestoreOp, { kind: 'drop' }>[]): Promise<void> {
  if (!drops.length) return;
  const items = drops.flatMap(({ placementId, withOptions }) => [
    context.workbook.names.getItemOrNullObject(placementName(placementId)),
    ...(withOptions ? [context.workbook.settings.getItemOrNullObject(cellOptionsSetting(placementId))] : []),
  ]);
  await context.sync();
  for (const item of items) if (!item.isNullObject) item.delete();
}
