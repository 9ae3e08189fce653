import { parseSheetAddress, type Rect } from '../../../src/core/a1';
import { addTable, convertTableToRange, deleteTable, findTable, renameTable, resizeTable, setTableStyle, tablesOn, type TableModel } from '../workbook/tables';
import type { SheetModel } from '../workbook/workbook-model';
import { HostCollection, HostObject, invalidArgument, itemNotFound, type HostScope } from './host-object';
import { Range } from './range';

/**
 * `workbook.tables` and `worksheet.tables` (https://learn.microsoft.com/javascript/api/excel/excel.tablecollection):
 * items by name or id; `add(address, hasHeaders)` takes a `Range` or an address ("If the address does not
 * contain a sheet name, the currently-active sheet is used").
 */
export class TableCollection extends HostCollection<Table> {
  readonly type = 'TableCollection';

  constructor(scope: HostScope, private readonly sheet: SheetModel | null) {
    super(scope);
  }

  private all(): TableModel[] {
    return this.sheet ? tablesOn(this.model, this.sheet) : this.model.tables;
  }

  private find(key: string): TableModel | undefined {
    const table = findTable(this.model, key);
    return table && (!this.sheet || table.sheet === this.sheet) ? table : undefined;
  }

  items(): { key: string; item: Table }[] {
    return this.all().map((table) => ({ key: table.id, item: new Table(this.scope, table) }));
  }

  item(key: string): Table {
    const table = this.find(key);
    if (!table) throw itemNotFound(`table '${key}'`);
    return new Table(this.scope, table);
  }

  override get(name: string): unknown {
    if (name === 'Count') return this.all().length;
    return super.get(name);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetItem': return this.item(String(args[0]));
      case 'GetItemOrNullObject': {
        const table = this.find(String(args[0]));
        return table ? new Table(this.scope, table) : null;
      }
      case 'GetItemAt': {
        const table = this.all()[Number(args[0])];
        if (!table) throw itemNotFound(`table at ${String(args[0])}`);
        return new Table(this.scope, table);
      }
      case 'GetCount': return this.all().length;
      case 'Add': {
        const [address, hasHeaders] = args;
        let sheet: SheetModel;
        let rect: Rect;
        if (address instanceof Range) ({ sheet, rect } = address);
        else {
          const parsed = parseSheetAddress(String(address));
          const found = parsed.sheetName === null ? (this.sheet ?? this.model.sheetById(this.model.activeSheetId)) : this.model.sheetByName(parsed.sheetName);
          if (!found) throw invalidArgument(`No worksheet for '${String(address)}'.`);
          sheet = found;
          rect = parsed.rect;
        }
        if (this.sheet && sheet !== this.sheet) throw invalidArgument('The range is on another worksheet.');
        this.scope.assertWritable(sheet);
        return new Table(this.scope, addTable(this.model, sheet, rect, Boolean(hasHeaders)));
      }
      default: return super.call(name, args);
    }
  }
}

/** https://learn.microsoft.com/javascript/api/excel/excel.table */
export class Table extends HostObject {
  readonly type = 'Table';
  override readonly defaultProperties = ['Id', 'Name', 'ShowHeaders', 'ShowTotals', 'Style', 'HighlightFirstColumn', 'HighlightLastColumn', 'ShowBandedRows', 'ShowBandedColumns', 'ShowFilterButton'];

  constructor(scope: HostScope, readonly table: TableModel) {
    super(scope);
  }

  private gone(): void {
    if (!this.model.tables.includes(this.table)) throw itemNotFound(`table '${this.table.name}'`);
  }

  private range(rows: 'all' | 'header' | 'body' | 'total'): Range {
    const { rect, sheet, showHeaders, showTotals } = this.table;
    const top = rows === 'body' && showHeaders ? rect.top + 1 : rows === 'total' ? rect.bottom : rect.top;
    const bottom = rows === 'header' ? rect.top : rows === 'body' && showTotals ? rect.bottom - 1 : rect.bottom;
    return new Range(this.scope, sheet, { ...rect, top, bottom });
  }

  override get(name: string): unknown {
    this.gone();
    const { table } = this;
    switch (name) {
      case 'Id': return table.id;
      case 'LegacyId': return table.id;
      case 'Name': return table.name;
      case 'Style': return table.style;
      case 'ShowHeaders': return table.showHeaders;
      case 'ShowTotals': return table.showTotals;
      case 'ShowBandedRows': return table.showBandedRows;
      case 'ShowBandedColumns': return table.showBandedColumns;
      case 'ShowFilterButton': return table.showFilterButton;
      case 'HighlightFirstColumn': return table.highlightFirstColumn;
      case 'HighlightLastColumn': return table.highlightLastColumn;
      case 'Worksheet': return this.scope.worksheet(table.sheet);
      default: return super.get(name);
    }
  }

  override set(name: string, value: unknown): void {
    this.gone();
    const { table, model } = this;
    switch (name) {
      case 'Name': return renameTable(model, table, String(value));
      case 'Style': return setTableStyle(model, table, String(value));
      case 'ShowBandedRows': table.showBandedRows = Boolean(value); break;
      case 'ShowBandedColumns': table.showBandedColumns = Boolean(value); break;
      case 'ShowFilterButton': table.showFilterButton = Boolean(value); break;
      case 'HighlightFirstColumn': table.highlightFirstColumn = Boolean(value); break;
      case 'HighlightLastColumn': table.highlightLastColumn = Boolean(value); break;
      // Turning the header row or total row on or off is not modelled: refused rather than answered wrongly.
      default: return super.set(name, value);
    }
    model.changed();
  }

  override call(name: string, args: unknown[]): unknown {
    this.gone();
    const { table, model } = this;
    switch (name) {
      case 'GetRange': return this.range('all');
      case 'GetHeaderRowRange':
        if (!table.showHeaders) throw invalidArgument('The table has no header row.');
        return this.range('header');
      case 'GetDataBodyRange': return this.range('body');
      case 'GetTotalRowRange':
        if (!table.showTotals) throw invalidArgument('The table has no total row.');
        return this.range('total');
      case 'Resize': {
        const target = args[0];
        this.scope.assertWritable(table.sheet);
        if (target instanceof Range) resizeTable(model, table, target.sheet, target.rect);
        else {
          const parsed = parseSheetAddress(String(target));
          const sheet = parsed.sheetName === null ? table.sheet : model.sheetByName(parsed.sheetName);
          if (!sheet) throw invalidArgument(`No worksheet for '${String(target)}'.`);
          resizeTable(model, table, sheet, parsed.rect);
        }
        return null;
      }
      case 'ConvertToRange': {
        this.scope.assertWritable(table.sheet);
        const rect = convertTableToRange(model, table);
        return new Range(this.scope, table.sheet, rect);
      }
      case 'Delete':
        this.scope.assertWritable(table.sheet);
        deleteTable(model, table);
        return null;
      default: return super.call(name, args);
    }
  }
}
