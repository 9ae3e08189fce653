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

export interface WorkbookDocument {
  /** A document setting's text (saved inside the file: never a token), or null. */
  readSetting(key: string): Promise<string | null>;
  writeSetting(key: string, value: string | null): Promise<void>;
  readRefreshOnOpen(): Promise<boolean>;
  /** Saves the choice; resolves whether Office was asked to load the add-in with the document. */
  writeRefreshOnOpen(on: boolean): Promise<boolean>;
  supportsStartupBehavior(): boolean;
  /** What the workbook says of itself as it opens (its id, refresh-on-open flag, sheets with their visibility): one read. */
  readOpening(): Promise<WorkbookOpening>;
  /** The workbook's id, saved now when it has none. */
  keepWorkbookId(): Promise<string>;
}
