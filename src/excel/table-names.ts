/**
 * A placement's table is named from the report's title by Excel's rules for names, which tables share with
 * defined names (start with a letter or `_`, then letters, digits, `.` and `_`; no spaces; not a cell reference;
 * at most 255 characters; unique regardless of case:
 * https://support.microsoft.com/office/rename-an-excel-table-fbf49a4f-82a3-43eb-8ba2-44d21233b114,
 * https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-tables).
 */

const MAX_NAME = 200;

/** A valid Excel name for a report's table, before making it unique: `Revenue by region` → `Revenue_by_region`. */
export function tableNameFor(title: string): string {
  let name = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_.]+/g, '_').replace(/_+/g, '_').replace(/^[_.]+|[_.]+$/g, '');
  const looksLikeReference = /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name);
  if (!/^[A-Za-z]/.test(name) || looksLikeReference) name = `Report_${name}`.replace(/_$/, '');
  return name.slice(0, MAX_NAME);
}

/**
 * Queues, in a request being built, the lookups that find a free table name for `title` (`base`, `base_2`, …
 * `base_9`, none a table or a defined name), and the ids of the tables there are; after the sync, `name` answers the
 * first free one, or null.
 */
export function queueFreeTableName(context: Excel.RequestContext, title: string): { name(): string | null; tablesBefore(): string[] } {
  const taken = nameCandidates(tableNameFor(title)).map((name) => ({
    name, table: context.workbook.tables.getItemOrNullObject(name), defined: context.workbook.names.getItemOrNullObject(name),
  }));
  const tables = context.workbook.tables;
  // Their names too, as the table notes read with them in the same request load the same collection
  // (`queueTableNotes`): Office.js fills a collection's items from its last load, so both ask for the same.
  tables.load('items/id, items/name');
  return {
    name: () => taken.find((t) => t.table.isNullObject && t.defined.isNullObject)?.name ?? null,
    tablesBefore: () => tables.items.map((table) => table.id),
  };
}

/** `base`, `base_2`, … `base_9`: looked up together, the first free one taken. */
function nameCandidates(base: string): string[] {
  return [base, ...Array.from({ length: 8 }, (_, i) => `${base.slice(0, MAX_NAME - 3)}_${i + 2}`)];
}
