import type { SheetRename } from '../ports/workbook-events';
import { hostErrorCode } from './host-errors';
import { supportsExcelApi, supportsRequirementSet } from './requirements';

/**
 * Sheets renamed as they are renamed: the worksheet collection's `onNameChanged` ("Occurs when the worksheet name is
 * changed in the worksheet collection", ExcelApi 1.17,
 * https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onnamechanged-member),
 * with the sheet's id and its names before and after
 * (https://learn.microsoft.com/javascript/api/excel/excel.worksheetnamechangedeventargs). Excel raises it for every
 * rename, the user's and any add-in's.
 */

/** The set `WorksheetCollection.onNameChanged` came with. */
export const SHEET_NAME_EVENTS_API_SET = '1.17';

/**
 * Excel on the web had the event first in ExcelApiOnline 1.1 (its own superset of the latest numbered set,
 * https://learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-online-requirement-set), and Office.js
 * builds from then check that set for it before sending anything.
 */
const ONLINE_SET = { name: 'ExcelApiOnline', version: '1.1' } as const;

/**
 * Registers `onNameChanged` and tells `onRename` of every sheet renamed. Resolves to a function that removes the
 * handler, or to null when the host cannot tell: without either set, or when the Office.js loaded refuses the member
 * (`ApiNotFound`: a build that checks the other set than the one the host has).
 */
export async function watchSheetNames(onRename: (rename: SheetRename) => void): Promise<(() => Promise<void>) | null> {
  if (!supportsExcelApi(SHEET_NAME_EVENTS_API_SET) && !supportsRequirementSet(ONLINE_SET.name, ONLINE_SET.version)) return null;
  const handler = async (event: Excel.WorksheetNameChangedEventArgs) => {
    onRename({ sheetId: event.worksheetId, nameBefore: event.nameBefore, nameAfter: event.nameAfter });
  };
  let registration: OfficeExtension.EventHandlerResult<Excel.WorksheetNameChangedEventArgs>;
  try {
    registration = await Excel.run(async (context) => {
      const added = context.workbook.worksheets.onNameChanged.add(handler);
      await context.sync();
      return added;
    });
  } catch (error) {
    if (hostErrorCode(error) === 'ApiNotFound') return null;
    throw error;
  }
  return () =>
    Excel.run(registration.context, async (context) => {
      registration.remove();
      await context.sync();
    });
}
