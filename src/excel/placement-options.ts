import { parseCellOptions, storedCellOptions, type CellOptions } from '../core/cell-options';

/**
 * A placement's cell options (its cells' language and title lines, see core/cell-options.ts) in the workbook, beside
 * its hidden name and table note: the document setting `reportSync.cells.<placement id>`, saved inside the file and
 * hidden from the user (ExcelApi 1.4, https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection).
 * The platform's placement record has no field for them; like the workbook id, they travel with the file, so whoever
 * refreshes the placement writes its language. Never a token. Read with the placements' names (no request of its own),
 * written with a new placement's name, and forgotten with it.
 */
export const CELL_OPTIONS_SETTING_PREFIX = 'reportSync.cells.';
export const cellOptionsSetting = (placementId: string) => `${CELL_OPTIONS_SETTING_PREFIX}${placementId}`;

/** Queues the reads of the placements' cell options; after the sync, `optionsOf` answers a placement's (null: none kept). */
export function queueCellOptions(context: Excel.RequestContext, placementIds: readonly string[]): (placementId: string) => CellOptions | null {
  const settings = new Map(placementIds.map((id) => {
    const setting = context.workbook.settings.getItemOrNullObject(cellOptionsSetting(id));
    setting.load('value');
    return [id, setting] as const;
  }));
  return (placementId) => {
    const setting = settings.get(placementId);
    return !setting || setting.isNullObject ? null : parseCellOptions(setting.value);
  };
}

/** Queues keeping a placement's cell options (`add` replaces a kept value). */
export function queueWriteCellOptions(context: Excel.RequestContext, placementId: string, options: CellOptions): void {
  context.workbook.settings.add(cellOptionsSetting(placementId), storedCellOptions(options));
}

/** Keeps a placement's cell options, or forgets them (`null`). */
export async function writeCellOptions(context: Excel.RequestContext, placementId: string, options: CellOptions | null): Promise<void> {
  if (options) {
    queueWriteCellOptions(context, placementId, options);
  } else {
    // A null object takes no actions: it is looked up first.
    const setting = context.workbook.settings.getItemOrNullObject(cellOptionsSetting(placementId));
    await context.sync();
    if (setting.isNullObject) return;
    setting.delete();
  }
  await context.sync();
}
