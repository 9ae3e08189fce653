// The renames the worksheet collection's `onNameChanged` event reports, gathered as the workbook changes.

/**
 * One sheet renamed, as WorksheetNameChangedEventArgs gives it (ExcelApi 1.17,
 * https://learn.microsoft.com/javascript/api/excel/excel.worksheetnamechangedeventargs): the sheet's id, its name
 * before and after.
 */
export interface SheetRename {
  sheetId: string;
  nameBefore: string;
  nameAfter: string;
}

/** The renames since they were last told, one per rename (a sheet renamed twice is told twice, as Excel raises it). */
export class SheetRenameLog {
  private renames: SheetRename[] = [];
  private readonly listeners = new Set<(renames: readonly SheetRename[]) => void>();

  listen(listener: (renames: readonly SheetRename[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  record(rename: SheetRename): void {
    if (rename.nameBefore !== rename.nameAfter) this.renames.push(rename);
  }

  /** Tells the listeners the renames gathered since the last time, if there are any. */
  flush(): void {
    if (this.renames.length === 0) return;
    const renames = this.renames;
    this.renames = [];
    for (const listener of this.listeners) listener(renames);
  }
}
