import { parseSheetAddress, type Rect } from '../core/a1';

/** Which table is a placement's (see tables.ts): its note of the table's id and name, and the table found by it. */

/**
 * A placement's own metadata in the workbook, beside its hidden name: the custom document property
 * `ReportSyncTable_<placement id>` says its result is an Excel table (the table's id and name, see tables.ts).
 * The platform's placement record has no field for it; like the workbook id, it travels with the file (never a token).
 */
export const PLACEMENT_TABLE_PROPERTY_PREFIX = 'ReportSyncTable_';
export const placementTableProperty = (placementId: string) => `${PLACEMENT_TABLE_PROPERTY_PREFIX}${placementId}`;

/**
 * Queues, in a request being built, the reads of the placements' table notes and of the workbook's tables; after the
 * sync, `noteOf` answers a placement's note (its table's id and name) when that table is there, or null when its
 * cells are plain: a note whose table the user removed (converted to a range, deleted) is a stale record, and the
 * card's switch, a refresh and a move take the cells as they are.
 */
export function queueTableNotes(context: Excel.RequestContext, placementIds: readonly string[]): (placementId: string) => string | null {
  const notes = new Map(placementIds.map((id) => {
    const note = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(id));
    note.load('value');
    return [id, note] as const;
  }));
  const tables = placementIds.length ? context.workbook.tables : null;
  tables?.load('items/id, items/name');
  return (placementId) => {
    const note = notes.get(placementId);
    return note && !note.isNullObject && tables ? noteOfTableThere(note.value, tables.items) : null;
  };
}

/** A table note's text as loaded, when the table it names is among `tables`; null otherwise (plain cells). */
export function noteOfTableThere(value: unknown, tables: readonly Pick<Excel.Table, 'id' | 'name'>[]): string | null {
  const note = String(value ?? '') || null;
  return note && tableThere(note, tables) ? note : null;
}

/** Whether the table a note names is among `tables`: by its id, else by its name (a note kept by name only), as `findPlacementTable` finds it. */
function tableThere(note: string, tables: readonly Pick<Excel.Table, 'id' | 'name'>[]): boolean {
  const stored = parseStored(note);
  const keys = [stored?.id || stored?.name || '', stored?.name ?? stored?.id ?? ''].filter(Boolean).map((key) => key.toLowerCase());
  return tables.some((table) => keys.includes(table.id.toLowerCase()) || keys.includes(table.name.toLowerCase()));
}

export interface StoredTable {
  id: string;
  name?: string;
}

/** The property's value: the table's id and, within the property's 255 characters, its name. */
export function storedValue(id: string, name: string): string {
  const full = JSON.stringify({ id, name });
  return full.length <= 255 ? full : JSON.stringify({ id });
}

export function parseStored(value: unknown): StoredTable | null {
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredTable).id === 'string') return parsed as StoredTable;
  } catch {
    // Not this add-in's value: as if there were none.
  }
  return null;
}

/** The placement's table by its note (its id, else its name), with its style and cells; null when the user removed it. */
export async function findPlacementTable(context: Excel.RequestContext, note: string): Promise<{ table: Excel.Table; rect: Rect } | null> {
  const stored = parseStored(note);
  const byId = context.workbook.tables.getItemOrNullObject(stored?.id || stored?.name || '');
  const byName = context.workbook.tables.getItemOrNullObject(stored?.name ?? stored?.id ?? '');
  byId.load('id, name, style');
  byName.load('id, name, style');
  await context.sync();
  const table = !byId.isNullObject ? byId : !byName.isNullObject ? byName : null;
  if (!table) return null;
  const range = table.getRange();
  range.load('address');
  await context.sync();
  const { address } = range;
  return { table, rect: parseSheetAddress(address).rect };
}
