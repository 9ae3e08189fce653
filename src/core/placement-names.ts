/**
 * Which placement ids name the same cells. A placement's cells are found through the workbook's hidden name
 * `ReportSync_<id>`, every character of the id but letters, digits and `_` written `_` (excel/names.ts,
 * `placementName`), and Excel does not tell names apart by case ("Are names case sensitive?" in
 * https://support.microsoft.com/en-us/office/define-and-use-names-in-formulas-4d0f13ac-53b7-422e-afd2-abd7ff379c64):
 * `Q1-a`, `q1_A` and `Q1_a` are one name, and so one range. Records that share a name would write two reports into
 * one range, each taking the other's cells for its own.
 */

/** What identifies a placement's hidden name in the workbook: two ids with the same key name the same cells. */
export function placementNameKey(placementId: string): string {
  return placementId.replace(/[^A-Za-z0-9_]/g, '_').toLowerCase();
}

/**
 * Each entry whose id names the same cells as another entry's, with every entry naming them (itself included, in the
 * order given; one array per name, shared by its entries). Entries without an id (recorded before placements had ids)
 * share nothing.
 */
export function sharedNames<T>(entries: readonly T[], idOf: (entry: T) => string | null | undefined): Map<T, readonly T[]> {
  const byKey = new Map<string, T[]>();
  for (const entry of entries) {
    const id = idOf(entry);
    if (!id) continue;
    const key = placementNameKey(id);
    const group = byKey.get(key);
    if (group) group.push(entry);
    else byKey.set(key, [entry]);
  }
  const shared = new Map<T, readonly T[]>();
  for (const group of byKey.values()) {
    if (group.length > 1) for (const entry of group) shared.set(entry, group);
  }
  return shared;
}
