import { MAX_COLUMNS, MAX_ROWS, parseRect } from '../../../src/core/a1';
import type { SheetModel } from '../workbook/workbook-model';
import { HostCollection, HostObject, invalidArgument, itemNotFound, type HostScope } from './host-object';
import { Range } from './range';
import { TableCollection } from './tables';

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet */
export class Worksheet extends HostObject {
  readonly type = 'Worksheet';
  override readonly defaultProperties = ['Id', 'Name', 'Position', 'Visibility'];

  constructor(scope: HostScope, readonly sheet: SheetModel) {
    super(scope);
  }

  private range(rect: { top: number; left: number; bottom: number; right: number }): Range {
    return new Range(this.scope, this.sheet, rect);
  }

  override get(name: string): unknown {
    switch (name) {
      case 'Id': return this.sheet.id;
      case 'Name': return this.sheet.name;
      case 'Position': return this.model.sheets.indexOf(this.sheet);
      case 'Visibility': return this.sheet.visibility ?? 'Visible';
      case 'Protection': return new WorksheetProtection(this.scope, this.sheet);
      case 'Tables': return new TableCollection(this.scope, this.sheet);
      default: return super.get(name);
    }
  }

  override set(name: string, value: unknown): void {
    if (name === 'Name') {
      this.model.renameSheet(this.sheet, String(value));
      return;
    }
    if (name === 'Visibility') {
      this.setVisibility(String(value));
      return;
    }
    super.set(name, value);
  }

  /**
   * `Worksheet.visibility` (ExcelApi 1.1): Visible, Hidden or VeryHidden
   * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.sheetvisibility). Excel keeps one sheet visible at
   * least ("A workbook must contain at least one visible worksheet").
   */
  private setVisibility(value: string): void {
    if (value !== 'Visible' && value !== 'Hidden' && value !== 'VeryHidden') throw invalidArgument(`"${value}" is not a sheet visibility.`);
    const othersVisible = this.model.sheets.some((s) => s !== this.sheet && (s.visibility ?? 'Visible') === 'Visible');
    if (value !== 'Visible' && !othersVisible) throw invalidArgument('A workbook must contain at least one visible worksheet.');
    this.sheet.visibility = value;
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetRange':
        // No address: the whole sheet.
        return this.range(args[0] ? parseRect(String(args[0])) : { top: 0, left: 0, bottom: MAX_ROWS - 1, right: MAX_COLUMNS - 1 });
      case 'GetRangeByIndexes': {
        const [row, column, rows, columns] = args.map(Number) as [number, number, number, number];
        if (rows < 1 || columns < 1) throw invalidArgument('A range has at least one row and one column.');
        return this.range({ top: row, left: column, bottom: row + rows - 1, right: column + columns - 1 });
      }
      case 'GetCell': return this.range({ top: Number(args[0]), left: Number(args[1]), bottom: Number(args[0]), right: Number(args[1]) });
      case 'GetUsedRange':
      case 'GetUsedRangeOrNullObject': {
        const used = this.model.usedRange(this.sheet, Boolean(args[0]));
        // An empty sheet's used range is A1 (https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheet#excel-excel-worksheet-getusedrange-member(1)).
        if (!used) return name === 'GetUsedRange' ? this.range({ top: 0, left: 0, bottom: 0, right: 0 }) : null;
        return this.range(used);
      }
      case 'Activate':
        this.model.select({ top: 0, left: 0, bottom: 0, right: 0 }, this.sheet.id);
        return null;
      case 'Delete':
        this.model.deleteSheet(this.sheet);
        return null;
      // `worksheet.onChanged.add` / `remove` (ExcelApi 1.7): Excel starts or stops reporting this sheet's data
      // changes (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events).
      case '_RegisterDataChangedEvent':
      case '_UnregisterDataChangedEvent':
        this.scope.registerDataChanged(this.sheet.id, name === '_RegisterDataChangedEvent' ? 1 : -1);
        return null;
      default: return super.call(name, args);
    }
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetprotection */
export class WorksheetProtection extends HostObject {
  readonly type = 'WorksheetProtection';
  override readonly defaultProperties = ['Protected'];

  constructor(scope: HostScope, private readonly sheet: SheetModel) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Protected') return this.sheet.protected;
    return super.get(name);
  }

  override call(name: string, args: unknown[]): unknown {
    if (name === 'Protect' || name === 'Unprotect') {
      this.sheet.protected = name === 'Protect';
      this.model.changed();
      return null;
    }
    return super.call(name, args);
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.worksheetcollection: items by id or name. */
export class WorksheetCollection extends HostCollection<Worksheet> {
  readonly type = 'WorksheetCollection';

  private find(key: string): SheetModel | undefined {
    return this.model.sheetById(key) ?? this.model.sheetByName(key);
  }

  items(): { key: string; item: Worksheet }[] {
    return this.model.sheets.map((sheet) => ({ key: sheet.id, item: new Worksheet(this.scope, sheet) }));
  }

  item(key: string): Worksheet {
    const sheet = this.find(key);
    if (!sheet) throw itemNotFound(`worksheet '${key}'`);
    return new Worksheet(this.scope, sheet);
  }

  override get(name: string): unknown {
    if (name === 'Count') return this.model.sheets.length;
    return super.get(name);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetItem': return this.item(String(args[0]));
      case 'GetItemOrNullObject': {
        const sheet = this.find(String(args[0]));
        return sheet ? new Worksheet(this.scope, sheet) : null;
      }
      case 'GetActiveWorksheet': return this.item(this.model.activeSheetId);
      case 'GetFirst': return new Worksheet(this.scope, this.model.sheets[0]!);
      case 'GetCount': return this.model.sheets.length;
      case 'Add': {
        const sheet = this.model.addSheet(args[0] ? String(args[0]) : undefined);
        return new Worksheet(this.scope, sheet);
      }
      // `worksheets.onNameChanged.add` / `remove` (ExcelApi 1.17): Excel starts or stops telling of sheets renamed
      // ("Occurs when the worksheet name is changed in the worksheet collection",
      // https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onnamechanged-member).
      case '_RegisterEventNameChanged':
      case '_UnregisterEventNameChanged':
        this.scope.registerSheetNameChanged(name === '_RegisterEventNameChanged' ? 1 : -1);
        return null;
      default: return super.call(name, args);
    }
  }
}
