/** What the workbook tells as it happens: cells changed by someone else, and the selection moving. */

/** One change someone else made: the sheet (this session's id), the changed area on it (`B3`, `B3:D9`, `5:6`), and its kind. */
export interface CellChange {
  sheetId: string;
  address: string;
  changeType: string;
}

export interface WorkbookEvents {
  /** Hears of cells changed by anyone but this add-in on the named sheets; null when the host cannot tell. */
  watchCellChanges(sheetNames: readonly string[], onChange: (change: CellChange) => void): Promise<(() => Promise<void>) | null>;
  /** Follows the selection's address; resolves to a function that stops following. */
  watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>>;
}
