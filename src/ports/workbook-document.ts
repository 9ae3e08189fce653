import type { PlacedCells } from './workbook-cells';

/**
 * The workbook port's document-level part: what the file says of itself rather than of its cells (settings, its id,
 * "refresh when this workbook opens", and what it holds as it opens). All of it is saved inside the file, so only
 * what may travel with the workbook goes there (never a token, never the user's consent).
 */

/** What a workbook says of itself as it opens: what the pane names before the file may query anything (issue 39). */
export interface WorkbookOpening {
  workbookId: string | null;
  refreshOnOpen: boolean;
  /** In tab order; hidden and very hidden sheets too. */
  sheets: { name: string; visibility: 'Visible' | 'Hidden' | 'VeryHidden' }[];
}

/**
 * What the pane reads as it starts, and as it lists its placements again, in one read: the opening, the sheets with
 * this session's ids, and the add-in's own marks of its placements (hidden names, table notes, cell options), so
 * that the placements the registry lists are located with no read of their own.
 */
export interface WorkbookStart extends WorkbookOpening {
  sheets: (WorkbookOpening['sheets'][number] & { sheetId: string })[];
  /**
   * The cells of the given placements whose names point at cells on a sheet there is, as `findPlacements` finds them
   * (with their table notes and cell options); null when the read could not take the add-in's marks in (then
   * `findPlacements` finds them).
   */
  placementsOf: ((placementIds: readonly string[]) => PlacedCells[]) | null;
}

export interface WorkbookDocument {
  /** A document setting's text (saved inside the file: never a token), or null. */
  readSetting(key: string): Promise<string | null>;
  writeSetting(key: string, value: string | null): Promise<void>;
  /** Saves the choice; resolves whether Office was asked to load the add-in with the document. */
  writeRefreshOnOpen(on: boolean): Promise<boolean>;
  supportsStartupBehavior(): boolean;
  /** What the workbook says of itself as it opens, with where its placements are (see `WorkbookStart`): one read. */
  readStart(): Promise<WorkbookStart>;
  /** The workbook's id, saved now when it has none. */
  keepWorkbookId(): Promise<string>;
}
