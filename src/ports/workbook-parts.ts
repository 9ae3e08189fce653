/**
 * The workbook parts port: XML documents kept inside the workbook file, one per report (issue 26), in the add-in's
 * namespace. Plain data only: a part is its id and its XML text; what the XML means is `src/core/workbook-store`'s.
 * Its adapter over Office.js is `src/excel/workbook-parts.ts` (Excel's custom XML parts, ExcelApi 1.5).
 */

export interface WorkbookPart {
  /** The part's id: stays the same when the workbook is saved and opened again (it is saved in the file). */
  id: string;
  xml: string;
}

/** A part listed whose XML the host could not hand over (too large to send at once); `unreadable` says why, in words. */
export interface UnreadablePart {
  id: string;
  xml: null;
  unreadable: string;
}

export type ListedPart = WorkbookPart | UnreadablePart;

export interface WorkbookParts {
  /**
   * Which workbook the parts are in: adapters over the same workbook answer the same object, so that writers of one
   * part, whichever adapter they hold, take turns (`src/workbook/report-writers.ts`).
   */
  readonly workbook: object;
  /** Every part of the namespace; one the host cannot hand over is listed unreadable, alone, and the others read. */
  list(namespaceUri: string): Promise<ListedPart[]>;
  add(xml: string): Promise<WorkbookPart>;
  /** Replaces a part's XML; a part deleted meanwhile is a typed error ({@link PartGoneError}). */
  replace(id: string, xml: string): Promise<void>;
  /** Deletes a part. A part already gone is not an error: what was asked for holds. */
  remove(id: string): Promise<void>;
}

