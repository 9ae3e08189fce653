import { parseSheetAddress, type Cell } from '../core/a1';
import type { CellsToRead, PlacedCells, WorkbookState } from '../ports/workbook-cells';
import { isResponseTooLarge, isTransientHostError } from './host-errors';
import { queueNamedCells } from './names';
import { queueCellsRead } from './reads';
import { queueCellOptions } from './placement-options';
import { API_SETS, supportsExcelApi } from './requirements';
import { queueFreeTableName, queueTableNotes } from './tables';

/**
 * Where the workbook's external id is kept: a custom document property (`workbook.properties.custom`,
 * ExcelApi 1.7), saved inside the file, where the platform's own Excel integration keeps it and what
 * `GET /api/v1/external-documents/{id}/placements` looks up.
 */
export const WORKBOOK_ID_PROPERTY = 'ReportSyncWorkbookId';
/**
 * The workbook's "Refresh when this workbook opens" choice: the custom document property
 * `ReportSyncRefreshOnOpen` ("true" when on; absent when off), saved in the file like the workbook id (never a token).
 */
export const REFRESH_ON_OPEN_PROPERTY = 'ReportSyncRefreshOnOpen';

/** Saves the choice in the workbook (`add` replaces an existing property); off removes the property. */
export async function writeRefreshOnOpen(context: Excel.RequestContext, on: boolean): Promise<void> {
  if (on) {
    context.workbook.properties.custom.add(REFRESH_ON_OPEN_PROPERTY, 'true');
  } else {
    const property = context.workbook.properties.custom.getItemOrNullObject(REFRESH_ON_OPEN_PROPERTY);
    await context.sync();
    if (property.isNullObject) return;
    property.delete();
  }
  await context.sync();
}
/** Where earlier versions kept it: a document setting. Still read, so their workbooks keep their placements. */
export const LEGACY_WORKBOOK_ID_SETTING = 'reportSync.workbookId';

export type { PlacedCells, SheetRef, WorkbookState } from '../ports/workbook-cells';

/**
 * Everything a place or refresh needs to know before it writes: the workbook's id and name, the selection and
 * its sheet's used range, the sheets, and the cells of the given placements (by their hidden names). One sync. A selection that is not one range (Excel refuses
 * `getSelectedRange` for several areas or a chart: https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1))
 * gives `selection: null` rather than failing the rest. With `read`, those placements' cells are read through their
 * names in the same sync (`queueCellsRead` in reads.ts: a refresh's hand-edit check then sends no request of its
 * own, and with `CellsToRead.snapshot` neither does its snapshot); if that makes the response too large, everything
 * is read again without them, and if formats and looks asked for fail the request, again with the values alone.
 */
export async function readWorkbookState(
  context: Excel.RequestContext, placementIds: readonly string[], tableTitle: string | null = null, read: readonly CellsToRead[] = [],
): Promise<WorkbookState> {
  let state = queueState(context, placementIds, tableTitle, read);
  let selection: Cell | null = null;
  const queueSelection = () => {
    // Where ExcelApi 1.9 tells the areas apart (`getSelectedRanges`), several areas are seen without an error;
    // elsewhere (and for a chart or a shape) the sync fails and the rest is read again without the selection.
    const areas = supportsExcelApi(API_SETS.selectedRanges) ? context.workbook.getSelectedRanges() : null;
    areas?.load(['areaCount', 'address']);
    const range = areas ? null : context.workbook.getSelectedRange();
    range?.load('address');
    return () => (areas ? (areas.areaCount === 1 ? topLeft(areas.address) : null) : topLeft(range!.address));
  };
  let selected = queueSelection();
  try {
    await context.sync();
    selection = selected();
  } catch (error) {
    if (isTransientHostError(error)) throw error;
    const tooLarge = read.length > 0 && isResponseTooLarge(error);
    // Formats and looks read through a name that is gone fail the request (`getCellProperties` is a method, which a
    // null object refuses, where a load is answered null): then the cells' values alone, as before they rode along.
    const lighter = !tooLarge && read.some((r) => r.snapshot) ? read.map((r) => (r.snapshot ? { ...r, snapshot: false } : r)) : null;
    if (tooLarge || lighter) {
      // The cells read along weighed more than guessed: everything again without them (the write's check reads
      // them in chunks sized to the limit).
      state = queueState(context, placementIds, tableTitle, lighter ?? []);
      selected = queueSelection();
      try {
        await context.sync();
        selection = selected();
      } catch (again) {
        if (isTransientHostError(again)) throw again;
        state = queueState(context, placementIds, tableTitle, []);
        await context.sync();
      }
    } else {
      // The selection is what failed (or, if not, the same error comes again): everything else without it (and
      // without the cells read along, in case they were).
      state = queueState(context, placementIds, tableTitle, []);
      await context.sync();
    }
  }
  const { property, setting, active, used, formatted, sheets, tables, cellOptions, freeTableName } = state;
  const fromProperty = property.isNullObject ? null : String(property.value ?? '') || null;
  const fromSetting = setting.isNullObject ? null : String(setting.value ?? '') || null;
  const sheetIds = new Map(sheets.items.map((sheet) => [sheet.name.toLowerCase(), sheet.id]));
  const named = state.named();
  const cellsNow = state.cellsRead(named);
  const placements: PlacedCells[] = [];
  for (const cells of named.values()) {
    const sheetId = sheetIds.get(cells.sheetName.toLowerCase());
    const now = cellsNow.get(cells.placementId);
    if (sheetId) placements.push({ ...cells, sheetId, table: tables(cells.placementId), cellOptions: cellOptions(cells.placementId), ...(now ? { cellsNow: now } : {}) });
  }
  return {
    workbookId: fromProperty ?? fromSetting,
    workbookIdIsLegacy: fromProperty === null && fromSetting !== null,
    workbookName: context.workbook.name,
    selection: selection && { sheetId: active.id, sheetName: active.name, cell: selection },
    usedRange: used.isNullObject ? null : parseSheetAddress(used.address).rect,
    formattedRange: formatted.isNullObject ? null : parseSheetAddress(formatted.address).rect,
    placements,
    sheets: sheets.items.map((sheet) => ({ sheetId: sheet.id, sheetName: sheet.name })),
    ...(freeTableName ? { freeTableName: freeTableName.name(), tablesBefore: freeTableName.tablesBefore() } : {}),
  };
}

function queueState(context: Excel.RequestContext, placementIds: readonly string[], tableTitle: string | null, read: readonly CellsToRead[]) {
  const property = context.workbook.properties.custom.getItemOrNullObject(WORKBOOK_ID_PROPERTY);
  property.load('value');
  const setting = context.workbook.settings.getItemOrNullObject(LEGACY_WORKBOOK_ID_SETTING);
  setting.load('value');
  context.workbook.load('name');
  const active = context.workbook.worksheets.getActiveWorksheet();
  active.load(['id', 'name']);
  const used = active.getUsedRangeOrNullObject(true);
  used.load('address');
  const formatted = active.getUsedRangeOrNullObject(false);
  formatted.load('address');
  const sheets = context.workbook.worksheets;
  sheets.load('items/id, items/name');
  // The placements' names in the same request: one sync for all of it.
  const named = queueNamedCells(context, placementIds);
  // Which of them are tables, read with the rest.
  const tables = queueTableNotes(context, placementIds);
  // And their cells' language and title lines (placement-options.ts).
  const cellOptions = queueCellOptions(context, placementIds);
  const freeTableName = tableTitle === null ? null : queueFreeTableName(context, tableTitle);
  // And, when asked, placements' cells through their names (a refresh's hand-edit check), still in the same request.
  const cellsRead = queueCellsRead(context, read);
  return { property, setting, active, used, formatted, sheets, named, tables, cellOptions, freeTableName, cellsRead };
}

function topLeft(address: string): Cell {
  const rect = parseSheetAddress(address).rect;
  return { row: rect.top, column: rect.left };
}
