import { sameRect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import { coversLess } from '../core/recorded-size';
import type { PaneOutcome } from '../core/card-state';
import type { PlacedCells } from '../ports/workbook-cells';
import { placementKey, type WorkbookPlacement } from '../placements/workbook-placements';
import { recordedRect } from '../placements/write-pipeline';
import type { LiveEditResult } from './live-edits';

/**
 * What live checks' findings mean for the placements the pane lists: a placement whose cells were partly deleted,
 * the "Edited by hand" outcome set or cleared after a check, and placements found elsewhere after cells moved.
 */

/**
 * Whether a placement's cells were partly deleted: its name now covers fewer rows or columns than its record states
 * for its last write, as its location or as its checksum's size (rows or columns inside it were deleted, cells shifted
 * into it, or a record claims more cells than the name has: a workbook's own record is untrusted). Cells wholly gone
 * are detached, not damaged; a placement without a record or without cells is never damaged.
 */
export function isDamaged(entry: Pick<WorkbookPlacement, 'placement' | 'location' | 'legacy'>): boolean {
  if (entry.legacy || !entry.location || !entry.placement.id) return false;
  return coversLess(entry.location.rect, recordedRect(entry.placement.resultLocation), entry.placement.resultChecksum);
}

/**
 * The pane's outcomes after a live check of one placement: edited, it reads "Edited by hand" (the outcome a
 * Refresh that finds hand edits sets); clean, that outcome goes (a failure or detachment stays until acted on).
 * The same map when nothing changes. A clean placement's hand edits found by a finished Refresh all go as well
 * (`withHandEditsUndone` in refresh-all.ts), so no "Edited by hand" is left anywhere.
 */
export function outcomesAfterCheck(
  outcomes: ReadonlyMap<string, PaneOutcome>,
  result: Extract<LiveEditResult, { kind: 'edited' | 'clean' }>,
): ReadonlyMap<string, PaneOutcome> {
  const outcome = outcomes.get(result.key);
  if (result.kind === 'edited') return outcome?.state === 'EDITED' ? outcomes : new Map(outcomes).set(result.key, { state: 'EDITED' });
  if (outcome?.state !== 'EDITED') return outcomes;
  const next = new Map(outcomes);
  next.delete(result.key);
  return next;
}

/**
 * The placements with the locations found after cells moved or sheets were renamed: where each is, and whether its
 * cells are a table and what they keep, as read with its name now (never the listing's, which predates the change);
 * the same array when none changed.
 */
export function relocated(placements: WorkbookPlacement[], locations: Map<string, PlacedCells | null>): WorkbookPlacement[] {
  let changed = false;
  const next = placements.map((entry) => {
    const key = placementKey(entry);
    if (!locations.has(key)) return entry;
    const cells = locations.get(key) ?? null;
    const was = entry.location;
    if (!cells) {
      if (!was) return entry;
      changed = true;
      return { ...entry, location: null };
    }
    const table = Boolean(cells.table);
    const cellOptions = cells.cellOptions ?? null;
    const same = was && was.sheetId === cells.sheetId && was.sheetName === cells.sheetName && sameRect(was.rect, cells.rect)
      && Boolean(was.table) === table && sameCellOptions(was.cellOptions ?? null, cellOptions);
    if (same) return entry;
    changed = true;
    return { ...entry, location: { sheetId: cells.sheetId, sheetName: cells.sheetName, sheetIndex: was?.sheetIndex ?? 0, rect: cells.rect, table, cellOptions } };
  });
  return changed ? next : placements;
}

const sameCellOptions = (a: CellOptions | null, b: CellOptions | null) => a === b || (!!a && !!b && a.language === b.language && a.titleAndSource === b.titleAndSource);
