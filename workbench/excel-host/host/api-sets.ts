// Data table: one list of Microsoft's API sets, member by member; split, it would be harder to check against the sources.
/**
 * Which ExcelApi 1.x requirement set introduced each member the host answers, as the minor version
 * (`9` = ExcelApi 1.9). Keys are `'<Class>.<Member>'` with the member spelt as Office.js puts it on the
 * wire: PascalCase, e.g. `Range.Values`, `NamedItemCollection.GetItemOrNullObject`, `WorksheetCollection.GetCount`
 * (checked against `node_modules/@microsoft/office-js/dist/excel-win32-16.01.debug.js`).
 *
 * Sources: the per-class reference pages (https://learn.microsoft.com/en-us/javascript/api/excel/excel.<class>),
 * read through the `[Api set: ExcelApi 1.x]` remarks of `@types/office-js` 1.0.612 (the text those pages are
 * generated from), cross-checked against the requirement-set pages
 * https://learn.microsoft.com/en-us/javascript/api/requirement-sets/excel/excel-api-1-2-requirement-set ,
 * ...-1-4-..., ...-1-7-... (read in full), ...-1-9-... and the availability table
 * https://learn.microsoft.com/en-us/javascript/api/requirement-sets/excel/excel-api-requirement-sets
 * ("Office on Windows, volume-licensed perpetual: Office 2019" supports ExcelApi 1.1 to 1.7).
 */

/** How a member is used: a property read, a property write, or a method call. */
export type MemberAccess = 'get' | 'set' | 'call';

/**
 * Classes that arrived after ExcelApi 1.1 (the class's own remark on its reference page). A member of one of
 * these that is not in {@link MEMBER_API_SETS} cannot be older than its class.
 */
export const TYPE_API_SETS: Readonly<Record<string, number>> = {
  WorksheetProtection: 2,
  FormatProtection: 2,
  SettingCollection: 4,
  Setting: 4,
  DocumentProperties: 7,
  CustomPropertyCollection: 7,
  CustomProperty: 7,
  NamedItemArrayValues: 7,
  RangeAreas: 9,
  // https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartcollection (and ...scopedcollection, ...customxmlpart): every member ExcelApi 1.5.
  CustomXmlPartCollection: 5,
  CustomXmlPartScopedCollection: 5,
  CustomXmlPart: 5,
};

export const MEMBER_API_SETS: Readonly<Record<string, number>> = {
  // Workbook: https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook (Name, Properties, GetActiveCell also on the 1.7 set page; OnSelectionChanged on the 1.2 set page; GetSelectedRanges on the 1.9 set page)
  'Workbook.Name': 7,
  'Workbook.Worksheets': 1,
  'Workbook.Names': 1,
  'Workbook.Settings': 4,
  'Workbook.Properties': 7,
  'Workbook.Application': 1,
  'Workbook.Tables': 1,
  'Workbook.Bindings': 1,
  'Workbook.Functions': 2,
  'Workbook.Protection': 7,
  'Workbook.Styles': 7,
  'Workbook.GetSelectedRange': 1,
  'Workbook.GetSelectedRanges': 9,
  'Workbook.GetActiveCell': 7,
  'Workbook.ReadOnly': 8,
  'Workbook.IsDirty': 9,
  'Workbook.OnSelectionChanged': 2,
  'Workbook.CustomXmlParts': 5,

  // WorksheetCollection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetcollection
  // `Items` is not a wire member (Office.js loads a collection's items with a query on the collection); it is
  // listed at the collection's own set. `getCount()` goes on the wire as the method `GetCount`; `Count` is an alias.
  'WorksheetCollection.GetItem': 1,
  'WorksheetCollection.GetItemOrNullObject': 4,
  'WorksheetCollection.GetActiveWorksheet': 1,
  'WorksheetCollection.Add': 1,
  'WorksheetCollection.GetFirst': 5,
  'WorksheetCollection.GetLast': 5,
  'WorksheetCollection.Items': 1,
  'WorksheetCollection.GetCount': 4,
  'WorksheetCollection.Count': 4,
  'WorksheetCollection.OnAdded': 7,
  'WorksheetCollection.OnActivated': 7,
  // https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onnamechanged-member ("[ API set: ExcelApi 1.17 ]")
  'WorksheetCollection.OnNameChanged': 17,
  'WorksheetCollection._RegisterEventNameChanged': 17,
  'WorksheetCollection._UnregisterEventNameChanged': 17,

  // Worksheet: https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet (Visibility: 1.1 to read, 1.2 to set, see MEMBER_SET_API_SETS; GetRangeByIndexes also on the 1.7 set page)
  'Worksheet.Id': 1,
  'Worksheet.Name': 1,
  'Worksheet.Position': 1,
  'Worksheet.Visibility': 1,
  'Worksheet.Protection': 2,
  'Worksheet.Names': 4,
  'Worksheet.Tables': 1,
  'Worksheet.GetRange': 1,
  'Worksheet.GetRangeByIndexes': 7,
  'Worksheet.GetRanges': 9,
  'Worksheet.GetUsedRange': 1,
  'Worksheet.GetUsedRangeOrNullObject': 4,
  'Worksheet.Activate': 1,
  'Worksheet.Delete': 1,
  'Worksheet.GetCell': 1,
  'Worksheet.Calculate': 6,
  'Worksheet.Copy': 7,
  'Worksheet.TabColor': 7,
  'Worksheet.FreezePanes': 7,
  'Worksheet.ShowGridlines': 8,
  'Worksheet.OnChanged': 7,
  'Worksheet._RegisterDataChangedEvent': 7,
  'Worksheet._UnregisterDataChangedEvent': 7,
  'Worksheet.OnSelectionChanged': 7,

  // WorksheetProtection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetprotection
  // Unprotect: the 1.2 set page lists options/protect/protected but not unprotect, the 1.7 page lists
  // unprotect(password?); the class reference only says "ExcelApi 1.7 for password". Taken as 1.7.
  'WorksheetProtection.Protected': 2,
  'WorksheetProtection.Options': 2,
  'WorksheetProtection.Protect': 2,
  'WorksheetProtection.Unprotect': 7,

  // Range: https://learn.microsoft.com/en-us/javascript/api/excel/excel.range (GetResizedRange, Merge, Unmerge on the 1.2 set page; NumberFormatLocal on the 1.7 set page). ValuesAsJson: 1.16 per the reference; not confirmed on a set page.
  'Range.Address': 1,
  'Range.AddressLocal': 1,
  'Range.Values': 1,
  'Range.Formulas': 1,
  'Range.FormulasLocal': 1,
  'Range.FormulasR1C1': 2,
  'Range.NumberFormat': 1,
  'Range.NumberFormatLocal': 7,
  'Range.ValueTypes': 1,
  'Range.Text': 1,
  'Range.RowCount': 1,
  'Range.ColumnCount': 1,
  'Range.RowIndex': 1,
  'Range.ColumnIndex': 1,
  'Range.CellCount': 1,
  'Range.Hidden': 2,
  'Range.RowHidden': 2,
  'Range.ColumnHidden': 2,
  'Range.IsEntireRow': 7,
  'Range.IsEntireColumn': 7,
  'Range.Hyperlink': 7,
  'Range.Style': 7,
  'Range.Worksheet': 1,
  'Range.Format': 1,
  'Range.GetCell': 1,
  'Range.GetResizedRange': 2,
  'Range.GetAbsoluteResizedRange': 7,
  'Range.GetOffsetRange': 1,
  'Range.GetIntersection': 1,
  'Range.GetIntersectionOrNullObject': 4,
  'Range.GetBoundingRect': 1,
  'Range.GetEntireRow': 1,
  'Range.GetEntireColumn': 1,
  'Range.GetRow': 1,
  'Range.GetColumn': 1,
  'Range.GetLastRow': 1,
  'Range.GetLastColumn': 1,
  'Range.GetLastCell': 1,
  'Range.GetRowsAbove': 2,
  'Range.GetRowsBelow': 2,
  'Range.GetColumnsAfter': 2,
  'Range.GetColumnsBefore': 2,
  'Range.GetSurroundingRegion': 7,
  'Range.GetUsedRange': 1,
  'Range.GetUsedRangeOrNullObject': 4,
  'Range.GetSpecialCells': 9,
  'Range.GetCellProperties': 9,
  'Range.SetCellProperties': 9,
  'Range.Find': 9,
  'Range.CopyFrom': 9,
  'Range.Clear': 1,
  'Range.Delete': 1,
  'Range.Insert': 1,
  'Range.Select': 1,
  'Range.Merge': 2,
  'Range.Unmerge': 2,
  'Range.Calculate': 6,
  'Range.ValuesAsJson': 16,
  'Range.ValuesAsJsonLocal': 16,

  // RangeFormat: https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangeformat
  'RangeFormat.Font': 1,
  'RangeFormat.Fill': 1,
  'RangeFormat.Borders': 1,
  'RangeFormat.Protection': 2,
  'RangeFormat.ColumnWidth': 2,
  'RangeFormat.RowHeight': 2,
  'RangeFormat.AutofitColumns': 2,
  'RangeFormat.AutofitRows': 2,
  'RangeFormat.TextOrientation': 7,
  // FormatProtection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.formatprotection
  'FormatProtection.Locked': 2,
  'FormatProtection.FormulaHidden': 2,
  // RangeFont: https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefont
  'RangeFont.Bold': 1,
  'RangeFont.Color': 1,
  'RangeFont.Italic': 1,
  'RangeFont.Strikethrough': 9,
  // RangeFill: https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefill
  'RangeFill.Color': 1,
  'RangeFill.Clear': 1,
  'RangeFill.Pattern': 9,

  // TableCollection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.tablecollection (Add 1.1, Range argument from 1.3; GetItemOrNullObject, GetCount 1.4)
  'TableCollection.Add': 1,
  'TableCollection.GetItem': 1,
  'TableCollection.GetItemAt': 1,
  'TableCollection.GetItemOrNullObject': 4,
  'TableCollection.GetCount': 4,
  'TableCollection.Count': 1,
  'TableCollection.Items': 1,
  // Table: https://learn.microsoft.com/en-us/javascript/api/excel/excel.table (Resize 1.13; ConvertToRange, Worksheet 1.2; banding and highlight 1.3; LegacyId 1.8)
  'Table.Id': 1,
  'Table.Name': 1,
  'Table.Style': 1,
  'Table.ShowHeaders': 1,
  'Table.ShowTotals': 1,
  'Table.ShowBandedRows': 3,
  'Table.ShowBandedColumns': 3,
  'Table.ShowFilterButton': 3,
  'Table.HighlightFirstColumn': 3,
  'Table.HighlightLastColumn': 3,
  'Table.LegacyId': 8,
  'Table.Worksheet': 2,
  'Table.GetRange': 1,
  'Table.GetHeaderRowRange': 1,
  'Table.GetDataBodyRange': 1,
  'Table.GetTotalRowRange': 1,
  'Table.Delete': 1,
  'Table.ConvertToRange': 2,
  'Table.Resize': 13,

  // NamedItemCollection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditemcollection (Add, AddFormulaLocal on the 1.4 set page)
  'NamedItemCollection.GetItem': 1,
  'NamedItemCollection.GetItemOrNullObject': 4,
  'NamedItemCollection.Add': 4,
  'NamedItemCollection.AddFormulaLocal': 4,
  'NamedItemCollection.Items': 1,
  'NamedItemCollection.GetCount': 4,
  'NamedItemCollection.Count': 4,

  // NamedItem: https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditem (read in full; Type: 1.1 for String/Integer/Double/Boolean/Range/Error, 1.7 for Array; Formula, ArrayValues also on the 1.7 set page). ValueAsJson: preview in the stored page, 1.16 in @types.
  'NamedItem.Name': 1,
  'NamedItem.Type': 1,
  'NamedItem.Value': 1,
  'NamedItem.Visible': 1,
  'NamedItem.Comment': 4,
  'NamedItem.Formula': 7,
  'NamedItem.Scope': 4,
  'NamedItem.Worksheet': 4,
  'NamedItem.WorksheetOrNullObject': 4,
  'NamedItem.GetRange': 1,
  'NamedItem.GetRangeOrNullObject': 4,
  'NamedItem.Delete': 4,
  'NamedItem.ArrayValues': 7,
  'NamedItem.ValueAsJson': 16,
  // NamedItemArrayValues: https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditemarrayvalues
  'NamedItemArrayValues.Values': 7,
  'NamedItemArrayValues.Types': 7,
  'NamedItemArrayValues.ValuesAsJson': 16,

  // SettingCollection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection (Settings API on the 1.4 set page)
  'SettingCollection.GetItem': 4,
  'SettingCollection.GetItemOrNullObject': 4,
  'SettingCollection.Add': 4,
  'SettingCollection.Items': 4,
  'SettingCollection.GetCount': 4,
  'SettingCollection.Count': 4,
  'SettingCollection.OnSettingsChanged': 4,
  // Setting: https://learn.microsoft.com/en-us/javascript/api/excel/excel.setting
  'Setting.Key': 4,
  'Setting.Value': 4,
  'Setting.Delete': 4,

  // DocumentProperties: https://learn.microsoft.com/en-us/javascript/api/excel/excel.documentproperties (1.7 set page; its other members fall back to the class, 1.7)
  'DocumentProperties.Custom': 7,
  'DocumentProperties.Title': 7,
  'DocumentProperties.Author': 7,
  // CustomPropertyCollection: https://learn.microsoft.com/en-us/javascript/api/excel/excel.custompropertycollection (1.7 set page)
  'CustomPropertyCollection.Add': 7,
  'CustomPropertyCollection.GetItem': 7,
  'CustomPropertyCollection.GetItemOrNullObject': 7,
  'CustomPropertyCollection.DeleteAll': 7,
  'CustomPropertyCollection.Items': 7,
  'CustomPropertyCollection.GetCount': 7,
  'CustomPropertyCollection.Count': 7,
  // CustomProperty: https://learn.microsoft.com/en-us/javascript/api/excel/excel.customproperty (1.7 set page)
  'CustomProperty.Key': 7,
  'CustomProperty.Value': 7,
  'CustomProperty.Type': 7,
  'CustomProperty.Delete': 7,

  // Application: https://learn.microsoft.com/en-us/javascript/api/excel/excel.application (read in full; CalculationMode: 1.1 to get, 1.8 to set)
  'Application.CalculationMode': 1,
  'Application.Calculate': 1,
  'Application.SuspendApiCalculationUntilNextSync': 6,
  'Application.SuspendScreenUpdatingUntilNextSync': 9,
  'Application.CalculationEngineVersion': 9,
  'Application.CalculationState': 9,
  'Application.IterativeCalculation': 9,
  'Application.CultureInfo': 11,
  'Application.DecimalSeparator': 11,

  // RangeAreas: https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangeareas (class is 1.9; Select is 1.18)
  'RangeAreas.Address': 9,
  'RangeAreas.AddressLocal': 9,
  'RangeAreas.AreaCount': 9,
  'RangeAreas.Areas': 9,
  'RangeAreas.CellCount': 9,
  'RangeAreas.Worksheet': 9,
  'RangeAreas.Format': 9,
  'RangeAreas.Clear': 9,
  'RangeAreas.Select': 18,
};

/** Properties whose write arrived in a later set than their read ("ExcelApi 1.1 for get, 1.8 for set"). */
export const MEMBER_SET_API_SETS: Readonly<Record<string, number>> = {
  'Application.CalculationMode': 8,
  'Worksheet.Visibility': 2,
};

/**
 * The ExcelApi 1.x minor version that introduced `type.member`; `access` `'set'` gives the set that allows
 * writing it. Unlisted members take their class's set ({@link TYPE_API_SETS}), else 1 (ExcelApi 1.1).
 */
export function apiSetOf(type: string, member: string, access: MemberAccess = 'get'): number {
  const key = `${type}.${member}`;
  const introduced = MEMBER_API_SETS[key] ?? TYPE_API_SETS[type] ?? 1;
  if (access === 'set') return Math.max(introduced, MEMBER_SET_API_SETS[key] ?? introduced);
  return introduced;
}
