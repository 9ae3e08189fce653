import { parseCellOptions } from '../core/cell-options';
import type { PlacedCells } from '../ports/workbook-cells';
import type { WorkbookStart } from '../ports/workbook-document';
import { isTransientHostError } from './host-errors';
import { namedCellsOf, PLACEMENT_NAME_PREFIX, placementName } from './names';
import { CELL_OPTIONS_SETTING_PREFIX, cellOptionsSetting } from './placement-options';
import { noteOfTableThere, PLACEMENT_TABLE_PROPERTY_PREFIX, placementTableProperty } from './table-note';
import { openingOf, queueOpening } from './workbook-opening';

/**
 * What the pane reads as it starts, and as it lists its placements again, in one sync: the opening (workbook-opening.ts)
 * and the add-in's own marks of its placements, taken in whole since their ids are the registry's answer, not known
 * yet: the workbook's names (each name's type and formula, never its value, which desktop Excel refuses for a name
 * built from OFFSET, see names.ts), custom properties (the table notes) and settings (the cell options, the add-in's
 * own: https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection), and its tables. The listed
 * placements are then located as `findPlacements` would find them, with no read after the registry answers.
 * Should the marks fail the request (a workbook of so many names that the response passes Excel on the web's 5 MB,
 * or a host refusing one), the opening is read again alone and the placements are found by their names later.
 */
export async function readStart(context: Excel.RequestContext): Promise<WorkbookStart> {
  let opening = queueOpening(context);
  let marks: ReturnType<typeof queuePlacementMarks> | null = queuePlacementMarks(context);
  try {
    await context.sync();
  } catch (error) {
    if (isTransientHostError(error)) throw error;
    opening = queueOpening(context);
    marks = null;
    await context.sync();
  }
  const read = openingOf(opening);
  return { ...read, placementsOf: marks ? placementsIn(marks, read.sheets) : null };
}

function queuePlacementMarks(context: Excel.RequestContext) {
  const names = context.workbook.names;
  names.load('items/name, items/type, items/formula');
  const properties = context.workbook.properties.custom;
  properties.load('items/key, items/value');
  const settings = context.workbook.settings;
  settings.load('items/key, items/value');
  const tables = context.workbook.tables;
  tables.load('items/id, items/name');
  return { names, properties, settings, tables };
}

/** Locates placements by what `queuePlacementMarks` read, as `findPlacedCells` (placement-cells.ts) finds them by their names. */
function placementsIn({ names, properties, settings, tables }: ReturnType<typeof queuePlacementMarks>, sheets: WorkbookStart['sheets']) {
  // Names and custom property keys match case-insensitively in Excel; settings are read by the key written.
  const own = (key: string, prefix: string) => key.toLowerCase().startsWith(prefix.toLowerCase());
  const named = new Map(names.items.filter((n) => own(n.name, PLACEMENT_NAME_PREFIX)).map((n) => [n.name.toLowerCase(), n]));
  const notes = new Map(properties.items.filter((p) => own(p.key, PLACEMENT_TABLE_PROPERTY_PREFIX)).map((p) => [p.key.toLowerCase(), p.value as unknown]));
  const options = new Map(settings.items.filter((s) => s.key.startsWith(CELL_OPTIONS_SETTING_PREFIX)).map((s) => [s.key, s.value as unknown]));
  const sheetIds = new Map(sheets.map((sheet) => [sheet.name.toLowerCase(), sheet.sheetId]));
  const tablesThere = tables.items;
  return (placementIds: readonly string[]): PlacedCells[] => [...new Set(placementIds)].flatMap((id) => {
    const name = named.get(placementName(id).toLowerCase());
    const cells = name ? namedCellsOf(id, name) : null;
    const sheetId = cells && sheetIds.get(cells.sheetName.toLowerCase());
    if (!cells || !sheetId) return [];
    const stored = options.get(cellOptionsSetting(id));
    return [{
      ...cells, sheetId, table: noteOfTableThere(notes.get(placementTableProperty(id).toLowerCase()), tablesThere),
      cellOptions: stored === undefined ? null : parseCellOptions(stored),
    }];
  });
}
