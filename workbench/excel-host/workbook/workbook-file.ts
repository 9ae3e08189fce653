import type { Rect } from '../../../src/core/a1';
import { CustomXmlStore } from './custom-xml-store';
import type { TableModel } from './tables';
import type { CustomPropertyValue, NameModel, SerializedWorkbook, SheetModel } from './workbook-data';

/**
 * The workbook as its file keeps it (`SerializedWorkbook`, workbook-data.ts): what of a workbook's state is saved,
 * and that state read back from a saved file. WorkbookModel's `toJSON` and `fromJSON` go through here.
 */

/** What of a workbook's state its file keeps. */
export interface WorkbookFileState {
  name: string;
  sheets: SheetModel[];
  names: NameModel[];
  tables: TableModel[];
  nextTableId: number;
  settings: Map<string, unknown>;
  customProperties: Map<string, CustomPropertyValue>;
  customXmlParts: CustomXmlStore;
  activeSheetId: string;
  selection: Rect;
  nextSheetNumber: number;
}

export function workbookFile(state: WorkbookFileState): SerializedWorkbook {
  return {
    name: state.name,
    sheets: state.sheets.map((s) => ({
      name: s.name, cells: [...s.cells], merges: s.merges, protected: s.protected,
      ...(s.columnWidths?.size ? { columnWidths: [...s.columnWidths] } : {}), ...(s.visibility && s.visibility !== 'Visible' ? { visibility: s.visibility } : {}),
    })),
    ...(state.nextTableId > 1 ? { tables: state.tables.map((t) => ({ ...t, rect: { ...t.rect }, sheet: state.sheets.indexOf(t.sheet) })), nextTableId: state.nextTableId } : {}),
    names: state.names.map((n) => ({ ...n, origin: { ...n.origin } })),
    settings: [...state.settings],
    customProperties: [...state.customProperties],
    ...(state.customXmlParts.size ? { customXmlParts: state.customXmlParts.toJSON() } : {}),
    activeSheet: state.sheets.findIndex((s) => s.id === state.activeSheetId),
    selection: state.selection,
    nextSheetNumber: state.nextSheetNumber,
  };
}

/** The state a saved file holds. Its sheets get new ids (`newSheetId`), as Excel gives a workbook opened again. */
export function workbookFileState(file: SerializedWorkbook, newSheetId: () => string): WorkbookFileState {
  const sheets: SheetModel[] = file.sheets.map((s) => ({
    id: newSheetId(), name: s.name, cells: new Map(s.cells), merges: s.merges ?? [], protected: s.protected ?? false,
    ...(s.columnWidths ? { columnWidths: new Map(s.columnWidths) } : {}), ...(s.visibility ? { visibility: s.visibility } : {}),
  }));
  const tables = (file.tables ?? []).flatMap((t) => (sheets[t.sheet] ? [{ ...t, sheet: sheets[t.sheet]! }] : []));
  return {
    name: file.name,
    sheets,
    tables,
    nextTableId: file.nextTableId ?? tables.length + 1,
    names: file.names.filter((n) => typeof n.formula === 'string'),
    settings: new Map(file.settings),
    customProperties: new Map(file.customProperties ?? []),
    customXmlParts: CustomXmlStore.fromJSON(file.customXmlParts),
    activeSheetId: sheets[file.activeSheet]?.id ?? sheets[0]!.id,
    selection: file.selection,
    nextSheetNumber: file.nextSheetNumber,
  };
}
