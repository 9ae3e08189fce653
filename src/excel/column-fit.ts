import { rectAddress, type Rect } from '../core/a1';
import type { ColumnFit } from '../ports/workbook-tables';

/**
 * A placement's columns fit to its header and data, only ever wider: never narrower than they were, so another
 * placement's values and the user's own cells in the same columns are never cut ("Asia Pa…").
 *
 * What Excel offers (ExcelApi 1.2, https://learn.microsoft.com/javascript/api/excel/excel.rangeformat):
 * - `format.autofitColumns()`: "Changes the width of the columns of the current range to achieve the best fit,
 *   based on the current data in the columns" — for a range, only its own cells count ("to achieve the best fit,
 *   based only on the contents of cells A1:E1", Range.AutoFit, https://learn.microsoft.com/office/vba/api/excel.range.autofit),
 *   so the caption rows above the header (filter summary, title and source lines) are simply left out of the range.
 *   It sets the best fit whichever way: a column whose cells in the range are short is made narrower.
 * - `format.columnWidth`: "Specifies the width of all columns within the range. If the column widths are not
 *   uniform, null will be returned", in points; settable. Read per column, so never null here.
 * Neither takes a minimum, so a fit that only widens is measured and then mended: in one request each column's
 * width is read, the range autofit, and each width read again (Excel runs a request's operations in order, so the
 * two reads see before and after); a later request sets each column that came out narrower back to its width
 * before. The two requests are ones a placement makes anyway where it can (its write, which names the cells, then
 * the table step: see `WritePlan.measure` and `finishFirstPlacement`), so fitting costs no sync of its own.
 */

/**
 * Columns measured at most: two ranges each, about 1.4 KB of request a column through Office.js (measured on the
 * emulator), so at most about 1.4 MB, well under Excel on the web's 5 MB. A wider result is not fit at all: its
 * columns keep their widths, which is never narrower.
 */
export const MAX_FIT_COLUMNS = 1_000;
/** Estimated request bytes a measured column costs (see `MAX_FIT_COLUMNS`). */
export const FIT_COLUMN_BYTES = 1_400;

/** Whether `body` is narrow enough to be measured in one request. */
export const fitsInOneRequest = (body: Rect) => body.right - body.left + 1 <= MAX_FIT_COLUMNS;

/** One range per column, each a cell of `row`: its `format.columnWidth` is that column's width. */
function columnFormats(sheet: Excel.Worksheet, body: Rect): Excel.RangeFormat[] {
  const formats: Excel.RangeFormat[] = [];
  for (let column = body.left; column <= body.right; column += 1) {
    const format = sheet.getRange(rectAddress({ top: body.top, bottom: body.top, left: column, right: column })).format;
    format.load('columnWidth');
    formats.push(format);
  }
  return formats;
}

/** A fit queued in a request: the widths before and after, known once the request has been sent. */
export class ColumnMeasure {
  private before: Excel.RangeFormat[] = [];
  private fitted: Excel.RangeFormat[] = [];
  private queued = false;

  constructor(readonly body: Rect) {}

  /** Queues the reads before, the autofit, and the reads after (queued again if the request is sent again). */
  queue(sheet: Excel.Worksheet): void {
    this.before = columnFormats(sheet, this.body);
    sheet.getRange(rectAddress(this.body)).format.autofitColumns();
    this.fitted = columnFormats(sheet, this.body);
    this.queued = true;
  }

  /** The request that held the fit was refused and is sent again without it: nothing was measured. */
  drop(): void {
    this.queued = false;
  }

  /** The widths read, after the request was sent; null when it was not (see `drop`). */
  result(): ColumnFit | null {
    if (!this.queued) return null;
    return { left: this.body.left, before: this.before.map((f) => f.columnWidth), fitted: this.fitted.map((f) => f.columnWidth) };
  }
}

/** Columns the autofit made narrower (`all`: changed either way), with the width each had before. */
export function narrowed(fit: ColumnFit, all = false): { column: number; width: number }[] {
  const found: { column: number; width: number }[] = [];
  fit.before.forEach((width, i) => {
    const fitted = fit.fitted[i];
    if (typeof width === 'number' && typeof fitted === 'number' && (all ? fitted !== width : fitted < width)) found.push({ column: fit.left + i, width });
  });
  return found;
}

/**
 * Queues setting each column the autofit made narrower (`all`: changed at all, to undo the fit) back to its width
 * before (a run of equal widths as one range); answers how many columns that is (0: nothing queued).
 */
export function queueWidenOnly(sheet: Excel.Worksheet, fit: ColumnFit, row: number, all = false): number {
  const back = narrowed(fit, all);
  for (let i = 0; i < back.length;) {
    let j = i;
    while (j + 1 < back.length && back[j + 1]!.column === back[j]!.column + 1 && back[j + 1]!.width === back[i]!.width) j += 1;
    sheet.getRange(rectAddress({ top: row, bottom: row, left: back[i]!.column, right: back[j]!.column })).format.columnWidth = back[i]!.width;
    i = j + 1;
  }
  return back.length;
}
