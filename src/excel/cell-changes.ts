import { supportsExcelApi } from './requirements';
import type { CellChange } from '../ports/workbook-events';

/**
 * Cell changes as they happen: the worksheet's `onChanged` event ("Occurs when data changes in a specific
 * worksheet", ExcelApi 1.7), registered on the sheets that hold placements. Excel raises it for every change —
 * the user's, another add-in's, and this add-in's own writes — asynchronously
 * (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events). This add-in's own are told apart
 * by `triggerSource: 'ThisLocalAddin'` where the host has it (ExcelApi 1.14,
 * https://learn.microsoft.com/javascript/api/excel/excel.worksheetchangedeventargs), and otherwise by arriving
 * while the add-in writes (`WriteTracker`).
 */

/** The set `Worksheet.onChanged` came with (https://learn.microsoft.com/javascript/api/excel/excel.worksheet#excel-excel-worksheet-onchanged-member). */
export const CELL_CHANGES_API_SET = '1.7';

export type { CellChange } from '../ports/workbook-events';

/**
 * Whether the add-in is writing cells now, or has only just finished: the events of its last request may
 * still be on their way (Excel sends them after the request is answered). Changes heard then are its own.
 */
export class WriteTracker {
  private active = 0;
  private endedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly graceMs = 250, private readonly now: () => number = () => Date.now()) {}

  async around<T>(work: () => Promise<T>): Promise<T> {
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.endedAt = this.now();
    }
  }

  get writing(): boolean {
    return this.active > 0 || this.now() - this.endedAt < this.graceMs;
  }
}

/**
 * Registers `onChanged` on the named sheets (those that exist) and tells `onChange` of every change not made by
 * this add-in. Resolves to a function that removes the handlers, or to null when the host has no
 * `Worksheet.onChanged` (then nothing is registered and hand edits show when the user refreshes).
 */
export async function watchCellChanges(
  sheetNames: readonly string[],
  onChange: (change: CellChange) => void,
  isWriting: () => boolean = () => false,
): Promise<(() => Promise<void>) | null> {
  if (!supportsExcelApi(CELL_CHANGES_API_SET)) return null;
  const handler = async (event: Excel.WorksheetChangedEventArgs) => {
    // Where the host says who made the change (ExcelApi 1.14), that answer is taken; on older hosts, a change
    // heard while the add-in writes is taken for its own.
    if (event.triggerSource === 'ThisLocalAddin' || (event.triggerSource === undefined && isWriting())) return;
    onChange({ sheetId: event.worksheetId, address: event.address, changeType: event.changeType });
  };
  const registrations = await Excel.run(async (context) => {
    // Sheet names match case-insensitively, as in Excel: one registration per sheet.
    const names = new Map(sheetNames.map((name) => [name.toLowerCase(), name]));
    const sheets = [...names.values()].map((name) => context.workbook.worksheets.getItemOrNullObject(name));
    await context.sync();
    const added = sheets.filter((sheet) => !sheet.isNullObject).map((sheet) => sheet.onChanged.add(handler));
    await context.sync();
    return added;
  });
  const [first] = registrations;
  if (!first) return async () => undefined;
  return () =>
    Excel.run(first.context, async (context) => {
      for (const registration of registrations) registration.remove();
      await context.sync();
    });
}
