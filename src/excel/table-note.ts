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
 * Queues, in a request being built, the reads of the placements' table notes; after the sync, `noteOf` answers a
 * placement's note (its table's id and name), or null when it is plain cells.
 */
export function queueTableNotes(context: Excel.RequestContext, placementIds: readonly string[]): (placementId: string) => string | null {
  const notes = new Map(placementIds.map((id) => {
    const note = context.workbook.properties.custom.getItemOrNullObject(placementTableProperty(id));
    note.load('value');
    return [id, note] as const;
  }));
  return (placementId) => {
    const note = notes.get(placementId);
    return !note || note.isNullObject ? null : String(note.value ?? '') || null;
  };
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
