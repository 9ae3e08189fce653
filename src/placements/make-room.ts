import { parseRect, rectsIntersect, type Rect } from '../core/a1';
import type { PlacementRegistry } from '../ports/placement-registry';
import type { PlacedCells, WorkbookCells } from '../ports/workbook-cells';

/**
 * Room to grow: when a placement's new result (or a new placement) would cover foreign cells, besides
 * overwriting them the user may
 * - insert empty rows below the placement (whole rows, or only within the result's columns) so that whatever was
 *   there moves down intact, names and all (a neighbouring placement's hidden name follows its cells), then write;
 * - move the placement to a new top-left cell (the selection): the new cells are written and recorded on the
 *   platform first, and only then is the name moved and the old cells emptied. If writing or recording fails,
 *   the old cells stay as they were.
 * Nothing foreign is ever cleared by either.
 */

/** Whole rows (`rows`) or cells shifted down within the result's columns only (`cells`). */
export type RoomHow = 'rows' | 'cells';

/** The placement a refresh writes; a new placement has none (it moves by being placed at another cell). */
export interface PlacementRef {
  deploymentId: number;
  reportId: number;
  placementId: string;
}

/** What the pane may offer besides Overwrite when a write stops at foreign cells (part of `needs-confirmation`). */
export interface Room {
  sheetName: string;
  /** The placement's cells now; null for cells not written yet (a new placement, or a move's new place). */
  own: Rect | null;
  /** The cells the result would cover. */
  target: Rect;
  placement: PlacementRef | null;
  /** The ways empty rows can be inserted to make room; empty when that would not help or would split another placement. */
  insert: RoomHow[];
}

/**
 * Where empty rows go: from the row below the placement's cells (a new result's top row when there are none) down
 * to the result's bottom row. Null when the result does not grow downwards.
 */
export function rowsToInsert(own: Rect | null, target: Rect): { top: number; rows: number } | null {
  const top = own ? own.bottom + 1 : target.top;
  const rows = target.bottom - top + 1;
  return rows > 0 ? { top, rows } : null;
}

/**
 * The ways rows can be inserted for this result, given the foreign cells found (at most `limit` were listed) and
 * the workbook's placements:
 * - only when the result grows downwards and a foreign cell lies in the rows that would move (when the list was
 *   cut at `limit`, there may be such cells beyond it);
 * - whole rows, unless they would cut through another placement beside this one (its cells would be split by
 *   empty rows);
 * - cells within the result's columns, unless another placement below reaches out of those columns (only part
 *   of it would move, tearing it; Excel would leave its name where it was).
 */
export function insertChoices(sheetName: string, own: Rect | null, target: Rect, foreignCells: readonly string[], placed: readonly PlacedCells[], self: string | null, limit = 20): RoomHow[] {
  const insert = rowsToInsert(own, target);
  if (!insert) return [];
  const below = foreignCells.some((cell) => parseRect(cell).top >= insert.top);
  if (!below && foreignCells.length < limit) return [];
  return waysToInsert(sheetName, own, target, placed, self);
}

/** Whole rows and cells within the result's columns, each unless it would split or tear another placement. */
function waysToInsert(sheetName: string, own: Rect | null, target: Rect, placed: readonly PlacedCells[], self: string | null): RoomHow[] {
  const insert = rowsToInsert(own, target);
  if (!insert) return [];
  const others = placed.filter((p) => p.placementId !== self && p.sheetName.toLowerCase() === sheetName.toLowerCase());
  const choices: RoomHow[] = [];
  if (!others.some((p) => p.rect.top < insert.top && p.rect.bottom >= insert.top)) choices.push('rows');
  const band: Rect = { top: insert.top, bottom: Number.MAX_SAFE_INTEGER, left: target.left, right: target.right };
  const torn = others.some((p) => rectsIntersect(p.rect, band) && (p.rect.left < target.left || p.rect.right > target.right));
  if (!torn) choices.push('cells');
  return choices;
}

/** The room for a write that stopped at foreign cells. */
export function roomFor(sheetName: string, own: Rect | null, target: Rect, foreignCells: readonly string[], placed: readonly PlacedCells[], placement: PlacementRef | null): Room {
  return { sheetName, own, target, placement, insert: insertChoices(sheetName, own, target, foreignCells, placed, placement?.placementId ?? null) };
}

/**
 * Inserts the empty rows the room asks for, after checking the workbook again (the question may have been open
 * a while): the placement where its name is now, the other placements where theirs are. When the way chosen is no
 * longer possible, nothing is inserted (the write that follows asks again).
 */
export async function makeRoom({ registry, workbook }: { registry: Pick<PlacementRegistry, 'placementIds'>; workbook: Pick<WorkbookCells, 'prepare' | 'findPlacements' | 'insertRows'> }, room: Room, how: RoomHow): Promise<boolean> {
  const state = await workbook.prepare();
  const ids = await registry.placementIds(state.workbookId);
  const placed = await workbook.findPlacements(ids);
  let { own, target, sheetName } = room;
  if (room.placement) {
    const now = placed.find((p) => p.placementId === room.placement!.placementId);
    if (!now || !own) return false;
    // The placement moved since (rows inserted above it, say): its result moves with it.
    const down = now.rect.top - own.top;
    const right = now.rect.left - own.left;
    target = { top: target.top + down, bottom: target.bottom + down, left: target.left + right, right: target.right + right };
    own = now.rect;
    sheetName = now.sheetName;
  }
  // The foreign cells were below (or the room would offer nothing): only the placements are checked again.
  if (!waysToInsert(sheetName, own, target, placed, room.placement?.placementId ?? null).includes(how)) return false;
  const insert = rowsToInsert(own, target)!;
  await workbook.insertRows(sheetName, insert.top, insert.rows, how === 'cells' ? { left: target.left, right: target.right } : null);
  return true;
}
