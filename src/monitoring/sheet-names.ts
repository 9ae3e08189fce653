import { parseSheetAddress, sheetAddress } from '../core/a1';
import type { PlacedCells, WorkbookCells } from '../ports/workbook-cells';
import type { SheetRename, WorkbookEvents } from '../ports/workbook-events';
import { placementKey, type WorkbookPlacement } from '../placements/workbook-placements';

/**
 * The sheet names the cards show, following renames: a placement's hidden name follows its sheet's rename in Excel,
 * so its cells are where they were under the new name. Where the host tells of renames (`watchSheetNames`) each card
 * follows at once, with no request; where it cannot, the placements are found again when the pane regains focus
 * (a rename happens in Excel, outside the pane, so the user comes back to the pane after it).
 */

/** What following sheet names asks of the workbook: to hear of renames, and where placements are now. */
export type SheetNamesWorkbook = Pick<WorkbookEvents, 'watchSheetNames'> & Pick<WorkbookCells, 'findPlacements'>;

export interface SheetNamesOptions {
  /** The placements listed now. */
  placements(): readonly WorkbookPlacement[] | null;
  /** A sheet was renamed: the cards on it say its new name. */
  onRenamed(rename: SheetRename): void;
  /** Found again (no rename events): where each placement with an id is now, by `placementKey` (null: its cells are gone). */
  onFound(locations: Map<string, PlacedCells | null>): void;
  /** The pane writes or asks: no read then (the write lists the placements again itself). */
  busy(): boolean;
}

export class SheetNames {
  /** The host tells of no renames: names are read again on focus. */
  private readOnFocus = false;
  private stopWatching: (() => Promise<void>) | null = null;
  private started: Promise<void> | null = null;
  private reading = false;
  private stopped = false;

  constructor(private readonly workbook: SheetNamesWorkbook, private readonly options: SheetNamesOptions) {}

  /** Starts hearing of renames (once); resolves once the handler is in place, or it is known there is none. */
  start(): Promise<void> {
    this.started ??= this.workbook.watchSheetNames((rename) => {
      if (!this.stopped) this.options.onRenamed(rename);
    }).then(
      async (stop) => {
        if (this.stopped) await stop?.();
        else if (stop) this.stopWatching = stop;
        else this.readOnFocus = true;
      },
      () => {
        // Names are cosmetic on the cards: a host that refuses the handler is read on focus instead, nothing to tell.
        this.readOnFocus = true;
      },
    );
    return this.started;
  }

  /** The pane regained focus: without rename events, the placements are found again (one request). */
  async focused(): Promise<void> {
    if (!this.readOnFocus || this.reading || this.stopped || this.options.busy()) return;
    const placed = (this.options.placements() ?? []).filter((e) => e.placement.id && !e.legacy && e.location);
    if (!placed.length) return;
    this.reading = true;
    try {
      const found = new Map((await this.workbook.findPlacements(placed.map((e) => e.placement.id!))).map((cells) => [cells.placementId, cells]));
      if (!this.stopped && !this.options.busy()) this.options.onFound(new Map(placed.map((e) => [placementKey(e), found.get(e.placement.id!) ?? null])));
    } catch {
      // The cards keep the names they show; the next focus or listing reads them again.
    } finally {
      this.reading = false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.started;
    const stop = this.stopWatching;
    this.stopWatching = null;
    await stop?.();
  }
}

/** The placements with a renamed sheet's new name where they are on it; the same array when none is. */
export function withSheetRenamed(placements: WorkbookPlacement[], rename: SheetRename): WorkbookPlacement[] {
  // By the sheet's id in this session: the one thing a rename keeps.
  const on = (entry: WorkbookPlacement) => entry.location?.sheetId === rename.sheetId && entry.location.sheetName !== rename.nameAfter;
  if (!placements.some(on)) return placements;
  return placements.map((entry) => (on(entry) ? { ...entry, location: { ...entry.location!, sheetName: rename.nameAfter } } : entry));
}

/**
 * A selection's address (`Sheet1!B3`, as "Place writes at" shows it) under a renamed sheet's new name; the same text
 * when it is on another sheet or not an address the add-in reads. A rename moves no selection, so Excel tells of none.
 */
export function selectionRenamed(selection: string | null, rename: SheetRename): string | null {
  if (!selection) return selection;
  try {
    const { sheetName, rect } = parseSheetAddress(selection);
    return sheetName !== null && sheetName.toLowerCase() === rename.nameBefore.toLowerCase() ? sheetAddress(rename.nameAfter, rect) : selection;
  } catch {
    return selection;
  }
}
