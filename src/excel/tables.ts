import { parseSheetAddress, rectAddress, sameRect, sheetAddress, type Rect } from '../core/a1';
import type { CellGrid } from '../core/layout';
import { sheetNamed } from './reads';
import { API_SETS, supportsExcelApi } from './requirements';

/**
 * A flat report placed as an Excel table, and the column widths of a first placement.
 *
 * - The table covers the report's header row and data rows, never the filter summary above them (which stays
 *   plain cells, inside the placement's name), plus any columns the user adds on its right. Flat reports have
 *   no totals, so the table has no total row.
 * - Only a grid whose header row is unique, non-empty text becomes a table: Excel would rewrite any other header
 *   ("Column1", "Region2"; https://support.microsoft.com/office/overview-of-excel-tables-7ab0bb7d-3a9e-4b56-a3c9-6c94334e492c),
 *   and the next refresh would take that for a hand edit.
 * - Style: TableStyleMedium2, Excel's default, a built-in style drawn in the workbook theme's colours, so it follows
 *   the theme (https://learn.microsoft.com/javascript/api/excel/excel.table#excel-excel-table-style-member).
 * - Name: from the report's title by Excel's rules for names, which tables share with defined names (start with a
 *   letter or `_`, then letters, digits, `.` and `_`; no spaces; not a cell reference; at most 255 characters;
 *   unique regardless of case: https://support.microsoft.com/office/rename-an-excel-table-fbf49a4f-82a3-43eb-8ba2-44d21233b114,
 *   https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-tables).
 * - Which table is the placement's: the placement's custom document property (see `placementTableProperty`),
 *   holding the table's id ("remains the same even when the table is renamed") and name. Without it the placement
 *   is plain cells.
 * - On refresh the table is resized (`Table.resize`, ExcelApi 1.13, asked of `requirements.ts` first) to the new
 *   rows, keeping the user's columns on its right; without 1.13, or when the header row moved (the filter summary
 *   turned on or off), it is converted to a range (ExcelApi 1.2: "All data is preserved") and added again over
 *   the new range with its name and style. A user column's cells stay where they are on the sheet: a row that
 *   stays keeps its note; rows added below get empty cells in the user's columns (or whatever was already there,
 *   taken into the table); when rows go, the user's cells in them stay on the sheet below the table, never cleared.
 */

/**
 * A placement's own metadata in the workbook, beside its hidden name: the custom document property
 * `ReportSyncTable_<placement id>` says its result is an Excel table (the table's id and name, see tables.ts).
 * The platform's placement record has no field for it; like the workbook id, it travels with the file (never a token).
 */
export const PLACEMENT_TABLE_PROPERTY_PREFIX = 'ReportSyncTable_';
export const placementTableProperty = (placementId: string) => `${PLACEMENT_TABLE_PROPERTY_PREFIX}${placementId}`;

export const TABLE_STYLE = 'TableStyleMedium2';
const MAX_NAME = 200;

/** The grid row of a flat grid's header, when the grid can be a table; null for a pivot or unfit headers. */
export function tableHeaderRow(grid: CellGrid, flat: boolean): number | null {
  if (!flat || grid.headerRows < 1 || grid.boldRows.length > 0 || grid.boldColumns?.length) return null;
  const headerRow = grid.headerRows - 1;
  const headers = grid.values[headerRow];
  if (!headers?.length) return null;
  const seen = new Set<string>();
  for (const header of headers) {
    if (typeof header !== 'string' || header.trim() === '' || header !== header.trim()) return null;
    const key = header.toLowerCase();
    if (seen.has(key)) return null;
    seen.add(key);
  }
  return headerRow;
}

/** A valid Excel name for a report's table, before making it unique: `Revenue by region` → `Revenue_by_region`. */
export function tableNameFor(title: string): string {
  let name = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_.]+/g, '_').replace(/_+/g, '_').replace(/^[_.]+|[_.]+$/g, '');
  const looksLikeReference = /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name);
  if (!/^[A-Za-z]/.test(name) || looksLikeReference) name = `Report_${name}`.replace(/_$/, '');
  return name.slice(0, MAX_NAME);
}

interface StoredTable {
  id: string;
  name?: string;
}

/** The property's value: the table's id and, within the property's 255 characters, its name. */
function storedValue(id: string, name: string): string {
  const full = JSON.stringify({ id, name });
  return full.length <= 255 ? full : JSON.stringify({ id });
}

function parseStored(value: unknown): StoredTable | null {
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as StoredTable).id === 'string') return parsed as StoredTable;
  } catch {
    // Not this add-in's value: as if there were none.
  }
  return null;
}

/**
 * Queues, in a request being built, the lookups that find a free table name for `title` (`base`, `base_2`, …
 * `base_9`, none a table or a defined name); after the sync, the resolver answers the first free one, or null.
 */
export function queueFreeTableName(context: Excel.RequestContext, title: string): () => string | null {
  const taken = nameCandidates(tableNameFor(title)).map((name) => ({
    name, table: context.workbook.tables.getItemOrNullObject(name), defined: context.workbook.names.getItemOrNullObject(name),
  }));
  return () => taken.find((t) => t.table.isNullObject && t.defined.isNullObject)?.name ?? null;
}

export interface FirstPlacement {
  placementId: string;
  sheetName: string;
  /** The placement's cells. */
  rect: Rect;
  /** Grid rows above the report's header (the filter summary): left out of the autofit and the table. */
  headerRow: number;
  /** Make the result a table with this name (free when the workbook's state was read), or null for plain cells. */
  tableName: string | null;
}

/**
 * After a first placement: columns autofit (ExcelApi 1.2,
 * https://learn.microsoft.com/javascript/api/excel/excel.rangeformat#excel-excel-rangeformat-autofitcolumns-member(1))
 * to the header and data, never to the filter summary's long line; then, when asked, the table. Resolves to the
 * table's name, or null when the result stays plain cells (the host refused the table: it would overlap a table).
 */
export async function finishFirstPlacement(context: Excel.RequestContext, first: FirstPlacement): Promise<string | null> {
  const sheet = sheetNamed(context, first.sheetName);
  const body: Rect = { ...first.rect, top: first.rect.top + first.headerRow };
  sheet.getRange(rectAddress(body)).format.autofitColumns();
  if (first.tableName === null) {
    await context.sync();
    return null;
  }
  addTable(context, first.sheetName, tableRect(body), first.tableName, TABLE_STYLE);
  // Kept by name in the same request (the id is not known before it): the first fit after a refresh adds the id.
  context.workbook.properties.custom.add(placementTableProperty(first.placementId), storedValue('', first.tableName));
  try {
    await context.sync();
  } catch {
    // Refused (another table in the way, or the name taken since the state was read): plain cells, as placed.
    return null;
  }
  return first.tableName;
}

/** `base`, `base_2`, … `base_9`: looked up together, the first free one taken. */
function nameCandidates(base: string): string[] {
  return [base, ...Array.from({ length: 8 }, (_, i) => `${base.slice(0, MAX_NAME - 3)}_${i + 2}`)];
}

/** A table has a header row and at least one data row: an empty result keeps one empty row. */
function tableRect(body: Rect): Rect {
  return { ...body, bottom: Math.max(body.bottom, body.top + 1) };
}

function addTable(context: Excel.RequestContext, sheetName: string, rect: Rect, name: string, style: string): Excel.Table {
  const table = context.workbook.tables.add(sheetAddress(sheetName, rect), true);
  table.name = name;
  table.style = style;
  table.load('id, name');
  return table;
}

/**
 * After a refresh: the placement's table (`note`: its property's value as read with the workbook's state) fitted to the new result at `rect`
 * (`before`: the result's cells before the refresh), `headerRow` grid rows
 * down; `headerRow` null (the report is a pivot now, or its headers cannot head a table) converts the table to a
 * range. A table the user removed is forgotten: the placement is plain cells from then on.
 */
export async function fitPlacementTable(context: Excel.RequestContext, placementId: string, note: string, sheetName: string, before: Rect, rect: Rect, headerRow: number | null): Promise<void> {
  const property = context.workbook.properties.custom.getItem(placementTableProperty(placementId));
  const stored = parseStored(note);
  const byId = context.workbook.tables.getItemOrNullObject(stored?.id || stored?.name || '');
  const byName = context.workbook.tables.getItemOrNullObject(stored?.name ?? stored?.id ?? '');
  byId.load('id, name, style');
  byName.load('id, name, style');
  await context.sync();
  const table = !byId.isNullObject ? byId : !byName.isNullObject ? byName : null;
  if (!table) {
    property.delete();
    await context.sync();
    return;
  }
  if (headerRow === null) {
    table.convertToRange();
    property.delete();
    await context.sync();
    return;
  }
  const range = table.getRange();
  range.load('address');
  // A table kept by name only (its first placement could not know the id) is kept by id from now on.
  if (!stored?.id) context.workbook.properties.custom.add(placementTableProperty(placementId), storedValue(table.id, table.name));
  await context.sync();
  const { address } = range;
  const old = parseSheetAddress(address).rect;
  const body: Rect = { ...rect, top: rect.top + headerRow };
  // The user's columns on the table's right (beyond the result's cells before the refresh) stay in it while they
  // still adjoin the result; a result grown narrower leaves them on the sheet beside the table, as they are.
  const userRight = old.left === before.left && old.right > before.right ? old.right : null;
  const next = tableRect({ ...body, right: userRight !== null && body.right >= before.right ? Math.max(body.right, userRight) : body.right });
  if (sameRect(old, next)) return;
  if (old.top === next.top && supportsExcelApi(API_SETS.tableResize)) {
    table.resize(sheetAddress(sheetName, next));
    await context.sync();
    return;
  }
  // Without `resize`: the same table again over the new range (converting keeps every cell).
  const { name, style } = table;
  table.convertToRange();
  const added = addTable(context, sheetName, next, name, style);
  await context.sync();
  context.workbook.properties.custom.add(placementTableProperty(placementId), storedValue(added.id, added.name));
  await context.sync();
}

