/** What the workbook tells as it happens: cells changed by someone else, sheets renamed, and the selection moving. */

/** One change someone else made: the sheet (this session's id), the changed area on it (`B3`, `B3:D9`, `5:6`), and its kind. */
export interface CellChange {
  sheetId: string;
  address: string;
  changeType: string;
}

/** A sheet renamed (by anyone): its id in this session, its name before and after. */
export interface SheetRename {
  sheetId: string;
  nameBefore: string;
  nameAfter: string;
}

export interface WorkbookEvents {
  /** Hears of cells changed by anyone but this add-in on the named sheets; null when the host cannot tell. */
  watchCellChanges(sheetNames: readonly string[], onChange: (change: CellChange) => void): Promise<(() => Promise<void>) | null>;
  /**
   * Hears of sheets renamed, as they are renamed; resolves to a function that stops hearing, or to null when the host
   * cannot tell (then names are known only when read again).
   */
  watchSheetNames(onRename: (rename: SheetRename) => void): Promise<(() => Promise<void>) | null>;
  /** Follows the selection's address; resolves to a function that stops following. */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>>;
}
