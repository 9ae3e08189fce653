import { rectAddress, type Rect } from '../core/a1';
import { cellInput, type CellValue } from '../core/cell-values';
import { hostErrorCode, isTransientHostError, withHostRetry, type RetryPolicy, type Sleep } from './host-errors';
import { placementName, queueName } from './names';
import { sheetNamed } from './reads';
import { API_SETS, supportsExcelApi } from './requirements';
import type { FormatPiece } from './request-plan';
import { WORKBOOK_ID_PROPERTY } from './workbook-state';
import type { CellsOp, WriteBatch, WriteOp, WritePlan } from './write-plan';
import type { WriteProgress } from '../ports/workbook-writes';

export type { WriteProgress } from '../ports/workbook-writes';

/**
 * Before a batch that writes: Excel skips recalculating after each change until the sync (ExcelApi 1.6) and,
 * for a write that is one request, does not redraw until then (ExcelApi 1.9; "Don't call it repeatedly, such
 * as in a loop": https://learn.microsoft.com/en-us/javascript/api/excel/excel.application#excel-excel-application-suspendscreenupdatinguntilnextsync-member(1)).
 * Each only where the host has its set: queued on a host without it, it fails the whole batch (`ApiNotFound`).
 */
export function suspendForWrite(context: Excel.RequestContext, onlyRequest: boolean): void {
  const application = context.workbook.application;
  if (supportsExcelApi(API_SETS.suspendApiCalculation)) application.suspendApiCalculationUntilNextSync();
  if (onlyRequest && supportsExcelApi(API_SETS.suspendScreenUpdating)) application.suspendScreenUpdatingUntilNextSync();
}

/** A value for every cell of a range (Excel applies a single value to each cell; the typings only know arrays). */
export const everyCell = (value: string | number | boolean) => value as unknown as (string | number | boolean)[][];

/** Number formats of grid rows `[piece.start, piece.end)`, written over `columns` grid columns from `origin`. */
export function queueFormats(sheet: Excel.Worksheet, origin: { row: number; column: number }, columns: number, piece: FormatPiece, formats: readonly (readonly string[])[]): void {
  const rows = { top: origin.row + piece.start, bottom: origin.row + piece.end - 1 };
  if (piece.blocks) {
    for (const block of piece.blocks) {
      sheet.getRange(rectAddress({ ...rows, left: origin.column + block.left, right: origin.column + block.right })).numberFormat = everyCell(block.format);
    }
  } else {
    sheet.getRange(rectAddress({ ...rows, left: origin.column, right: origin.column + columns - 1 })).numberFormat = formats.slice(piece.start, piece.end) as string[][];
  }
}

/**
 * A grid row as `Range.values` takes it: text that needs the prefix gets it (a formula cell's text is written as is).
 * A row with none is the grid's own row, not a copy: Office.js keeps the values set on a range's proxy until its
 * `Excel.run` ends, so a copy of every request's rows would stay in memory through a long write (6 MB a request of
 * 430,000 cells: bench/memory.ts).
 */
function inputRow(row: CellValue[], formulas: readonly boolean[] | undefined): CellValue[] {
  let input: CellValue[] | null = null;
  for (let c = 0; c < row.length; c += 1) {
    const value = row[c]!;
    const typed = formulas?.[c] ? value : cellInput(value);
    if (typed !== value) (input ??= row.slice())[c] = typed;
  }
  return input ?? row;
}

function queueCells(sheet: Excel.Worksheet, plan: WritePlan, op: CellsOp): void {
  const { rect, grid } = plan;
  const origin = { row: rect.top, column: rect.left };
  const columns = rect.right - rect.left + 1;
  // Number formats before values: a value written into a cell formatted as Text would stay text.
  for (const piece of op.formats) queueFormats(sheet, origin, columns, piece, grid.numberFormats);
  const range = sheet.getRange(rectAddress({ top: rect.top + op.start, bottom: rect.top + op.end - 1, left: rect.left, right: rect.right }));
  range.values = grid.values.slice(op.start, op.end).map((row, i) => inputRow(row, grid.formulas?.[op.start + i]));
  range.format.font.bold = false;
  const at = (cells: Rect) => sheet.getRange(rectAddress({ top: rect.top + cells.top, bottom: rect.top + cells.bottom, left: rect.left + cells.left, right: rect.left + cells.right }));
  for (const bold of op.bold) at(bold).format.font.bold = true;
  if (op.resetFill) range.format.fill.clear();
  for (const fill of op.fill) at(fill).format.fill.color = HEADER_FILL;
}

/**
 * A pivot's header fill: a fixed light blue (black text on it keeps a contrast above 17:1). Not a built-in cell
 * style such as "20% - Accent1", which would follow the workbook's theme: `Range.style` takes a style's name
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-style-member), built-in
 * style names differ by Excel's language (https://github.com/MicrosoftDocs/VBA-Docs/issues/1119), even the
 * `BuiltInStyle` values are not all found (https://github.com/OfficeDev/office-js/issues/3061), and a style
 * replaces the cells' number formats. `format.fill.color` takes `#RRGGBB` on every host
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefill#excel-excel-rangefill-color-member).
 */
export const HEADER_FILL = '#DDEBF7';

/**
 * Cells a placement no longer uses: emptied, and what the add-in set there (number format, bold, a pivot's
 * header fill) undone; borders stay. `fill.clear()` "Resets the range background"
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefill#excel-excel-rangefill-clear-member(1)).
 */
export function queueClear(sheet: Excel.Worksheet, rect: Rect): void {
  const range = sheet.getRange(rectAddress(rect));
  range.clear('Contents');
  range.numberFormat = everyCell('General');
  range.format.font.bold = false;
  range.format.fill.clear();
}

export function queueOp(context: Excel.RequestContext, sheet: Excel.Worksheet, plan: WritePlan, op: WriteOp): void {
  switch (op.kind) {
    case 'property':
      // Adds the property or sets it when it exists (https://learn.microsoft.com/en-us/javascript/api/excel/excel.custompropertycollection#excel-excel-custompropertycollection-add-member(1)).
      context.workbook.properties.custom.add(WORKBOOK_ID_PROPERTY, op.workbookId);
      return;
    case 'setting':
      // `add` sets a setting that exists (https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection#excel-excel-settingcollection-add-member(1)).
      context.workbook.settings.add(op.key, op.value);
      return;
    case 'cells':
      return queueCells(sheet, plan, op);
    case 'clear':
      return queueClear(sheet, op.rect);
    case 'formats':
      for (const { rect, format } of op.formats) sheet.getRange(rectAddress(rect)).numberFormat = everyCell(format);
      return;
    case 'name':
      return queueName(context, sheet, op.rect, op.record);
    case 'fit':
      return op.measure.queue(sheet);
  }
}

/**
 * Sends batches one request each, in order, through as few `Excel.run`s as the host allows: when a request
 * fails with a transient host error (the user is editing a cell, say) it is sent again after a pause, in a new
 * run, from the batch that failed; the batches before it are done and are not sent again.
 */
export async function runBatches<B>(
  batches: readonly B[],
  queue: (context: Excel.RequestContext, batch: B, index: number) => void | Promise<void>,
  retry: RetryPolicy,
  sleep: Sleep,
  done?: (batch: B, index: number) => void,
): Promise<void> {
  let next = 0;
  let failedAt = -1;
  await withHostRetry(retry, sleep, () => Excel.run(async (context) => {
    while (next < batches.length) {
      await queue(context, batches[next]!, next);
      // One request per batch, each estimated under the request budget: they must go one at a time.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      done?.(batches[next]!, next);
      next += 1;
    }
  }), () => {
    const progressed = next > failedAt;
    failedAt = next;
    return progressed;
  });
}

/**
 * Carries out a write plan (see `planWrite`), telling progress after each request. `stop` (the user's Stop) is checked
 * before each request: once aborted, no further request is sent and its reason is thrown (the caller puts back).
 * The columns' fit is cosmetic and the rest is not: when Excel refuses the request that measures it for any reason
 * but a transient one, that request is sent again without it (what of it Excel carried out, up to the operation it
 * refused, is written again; a name it added is dropped first), and the fit is left unmeasured (`ColumnMeasure.drop`).
 */
export async function executeWrite(plan: WritePlan, retry: RetryPolicy, sleep: Sleep, onProgress?: (progress: WriteProgress) => void, stop?: AbortSignal): Promise<void> {
  let written = 0;
  let next = 0;
  let retried = false;
  const send = (batches: readonly WriteBatch[]) => runBatches(batches, async (context, batch) => {
    stop?.throwIfAborted();
    const sheet = sheetNamed(context, plan.sheetName);
    if (retried && addsName(batch)) await dropNamesAddedBefore(context, [plan]);
    suspendForWrite(context, plan.batches.length === 1);
    for (const op of batch.ops) queueOp(context, sheet, plan, op);
    retried = true;
  }, retry, sleep, (batch) => {
    retried = false;
    next += 1;
    written += batch.rows;
    onProgress?.({ rowsWritten: written, totalRows: plan.totalRows });
  });
  try {
    await send(plan.batches);
  } catch (error) {
    const measures = plan.batches[next]?.ops.some((op) => op.kind === 'fit');
    if (!measures || !plan.measure || hostErrorCode(error) === null || isTransientHostError(error)) throw error;
    plan.measure.drop();
    retried = true;
    await send(plan.batches.slice(next).map((batch) => ({ ...batch, ops: batch.ops.filter((op) => op.kind !== 'fit') })));
  }
}

/** Whether a batch adds its plan's name (not there before the write). */
export const addsName = (batch: WriteBatch): boolean => batch.ops.some((op) => op.kind === 'name' && !op.record.nameExists);

/**
 * A request that added names and then failed may have added them all the same: adding again would fail. Every
 * plan's name is looked up in one sync more, only when a request that adds names is sent again.
 */
export async function dropNamesAddedBefore(context: Excel.RequestContext, plans: readonly WritePlan[]): Promise<void> {
  const items = plans.flatMap((plan) => (plan.record ? [context.workbook.names.getItemOrNullObject(placementName(plan.record.placementId))] : []));
  if (!items.length) return;
  await context.sync();
  for (const item of items) if (!item.isNullObject) item.delete();
}
