import type { WorkbookOpening, WorkbookStart } from '../ports/workbook-document';
import { LEGACY_WORKBOOK_ID_SETTING, REFRESH_ON_OPEN_PROPERTY, WORKBOOK_ID_PROPERTY } from './workbook-state';

/**
 * What the pane reads of a workbook as it opens, in one sync, to say what the file would query before it queries
 * anything (issue 39): its id (the custom document property, or an earlier version's setting), its "refresh when
 * this workbook opens" flag, and its sheets with their visibility. `Worksheet.visibility` is ExcelApi 1.1: Visible,
 * Hidden (listed by Unhide) or VeryHidden (shown again only by code,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.sheetvisibility), so a sheet the user cannot see
 * is named as such.
 */
export async function readOpening(context: Excel.RequestContext): Promise<WorkbookOpening> {
  const queued = queueOpening(context);
  await context.sync();
  return openingOf(queued);
}

/** Queues the reads of `readOpening` (each sheet's id in this session too) into a request; `openingOf` reads them after its sync. */
export function queueOpening(context: Excel.RequestContext) {
  const property = context.workbook.properties.custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
  property.load('value');
  const setting = context.workbook.settings.getItemOrNullObject(LEGACY_WORKBOOK_ID_SETTING);
  setting.load('value');
  const refresh = context.workbook.properties.custom.getItemOrNullObject(REFRESH_ON_OPEN_PROPERTY);
  refresh.load('value');
  const sheets = context.workbook.worksheets;
  sheets.load('items/id, items/name, items/visibility');
  return { property, setting, refresh, sheets };
}

/** What `queueOpening` read, once synced. */
export function openingOf({ property, setting, refresh, sheets }: ReturnType<typeof queueOpening>): Omit<WorkbookStart, 'placementsOf'> {
  const fromProperty = property.isNullObject ? null : String(property.value ?? '') || null;
  const fromSetting = setting.isNullObject ? null : String(setting.value ?? '') || null;
  return {
    workbookId: fromProperty ?? fromSetting,
    refreshOnOpen: !refresh.isNullObject && String(refresh.value ?? '') === 'true',
    sheets: sheets.items.map((sheet) => ({ sheetId: sheet.id, name: sheet.name, visibility: visibilityOf(sheet.visibility) })),
  };
}

/** An unknown visibility from a newer host is taken as hidden: the bar then says so rather than nothing. */
function visibilityOf(value: string): WorkbookOpening['sheets'][number]['visibility'] {
  return value === 'Visible' || value === 'VeryHidden' ? value : 'Hidden';
}

/**
 * The workbook's id, saved first when it has none (`properties.custom.add`, ExcelApi 1.7): an allowance is kept per
 * workbook, so a workbook whose formulas were allowed before anything was placed gets its id then.
 */
export async function keepWorkbookId(context: Excel.RequestContext, newId: () => string): Promise<string> {
  const { workbookId } = await readOpening(context);
  if (workbookId) return workbookId;
  const id = newId();
  context.workbook.properties.custom.add(WORKBOOK_ID_PROPERTY, id);
  await context.sync();
  return id;
}
