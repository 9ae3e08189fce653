// What a simulated workbook holds (sheets of cells, defined names) and how it is saved; WorkbookModel
// (workbook-model.ts) keeps Excel's rules over it.
import type { Rect } from '../../../src/core/a1';
import type { SerializedCustomXmlPart } from './custom-xml-store';
import type { TableModel } from './tables';

/** What one cell holds. A formula cell's value is its calculated result (calc/calculation.ts). */
export interface CellData {
  /** For an error value (`error: true`), its text, e.g. `#N/A`. */
  value: string | number | boolean;
  formula?: string;
  /** Text entered with a leading apostrophe: the apostrophe is a hidden prefix, not part of the value. */
  textPrefix?: boolean;
  /** The value is one of Excel's error values (`#N/A`, `#REF!`, ...): `valueTypes` says `Error`. */
  error?: boolean;
  /** What an add-in function said of the error it returned (Excel shows it on the cell's error indicator). */
  errorMessage?: string;
  /** A value spilled by the dynamic-array formula in this cell (`row:column`, same sheet); the cell has no formula. */
  spillParent?: string;
  numberFormat?: string;
  /**
   * The number format of the value itself: a formatted number an add-in function returned (CustomFunctionsRuntime
   * 1.4). The cell shows it while its own `numberFormat` is General; it goes when the formula calculates again.
   */
  valueFormat?: string;
  bold?: boolean;
  /** Fill colour as `#RRGGBB`. */
  fill?: string;
  /** Font colour as `#RRGGBB`. */
  fontColor?: string;
}

export type SheetVisibility = 'Visible' | 'Hidden' | 'VeryHidden';

export interface SheetModel {
  /** Valid for this session only: Excel gives a sheet a new id when the file is opened again or elsewhere. */
  id: string;
  name: string;
  cells: Map<string, CellData>;
  /** Merged areas. */
  merges: Rect[];
  /** Worksheet protection on (no password, default options): locked cells refuse edits. */
  protected: boolean;
  /**
   * Shown as a tab, hidden (Unhide lists it) or very hidden (only code shows it again), as `Worksheet.visibility`
   * (ExcelApi 1.1, https://learn.microsoft.com/en-us/javascript/api/excel/excel.sheetvisibility); absent: visible.
   */
  visibility?: SheetVisibility;
  /** Column widths in points set by the add-in (`format.columnWidth`, `autofitColumns`); others are the default. */
  columnWidths?: Map<number, number>;
}

/**
 * A defined name as Excel keeps it: its formula (`=Sheet1!$B$3:$F$40`), and the cell that was active when
 * it was defined, against which relative references in it are kept as offsets (see references.ts).
 */
export interface NameModel {
  name: string;
  formula: string;
  origin: { row: number; column: number };
  visible: boolean;
  comment: string;
}

export type CustomPropertyValue = string | number | boolean;

export interface SerializedWorkbook {
  name: string;
  sheets: { name: string; cells: [string, CellData][]; merges?: Rect[]; protected?: boolean; columnWidths?: [number, number][]; visibility?: SheetVisibility }[];
  /** Excel tables, by sheet index (older saved workbenches have none). */
  tables?: (Omit<TableModel, 'sheet'> & { sheet: number })[];
  nextTableId?: number;
  names: NameModel[];
  settings: [string, unknown][];
  /** Older saved workbenches have none. */
  customProperties?: [string, CustomPropertyValue][];
  /** Custom XML parts, ids included (they are saved in the file); older saved workbenches have none. */
  customXmlParts?: SerializedCustomXmlPart[];
  /** Index of the active sheet in `sheets` (ids are not saved: they are per session). */
  activeSheet: number;
  selection: Rect;
  nextSheetNumber: number;
}
