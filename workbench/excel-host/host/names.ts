import { hostError, NOT_PERMITTED_FOR_OBJECT_MESSAGE } from '../workbook/host-error';
import { absoluteNameFormula, nameType } from '../workbook/defined-names';
import type { NameModel } from '../workbook/workbook-model';
import { HostCollection, HostObject, itemNotFound, type HostScope } from './host-object';
import { Range } from './range';

/**
 * A defined name (https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditem). Its `value` is
 * the formula without `=`; a name that is not one plain reference has no range: `getRange` answers
 * `InvalidOperation` (a `#REF!` name included; https://github.com/xlwings/xlwings-server/issues/218),
 * `getRangeOrNullObject` a null object. Desktop Excel refuses to load a name computed by a function (OFFSET)
 * or holding an array (https://github.com/OfficeDev/office-js/issues/4321); Excel on the web answers.
 */
export class NamedItem extends HostObject {
  readonly type = 'NamedItem';
  override readonly defaultProperties = ['Name', 'Type', 'Value', 'Visible', 'Comment'];

  constructor(scope: HostScope, readonly entry: NameModel) {
    super(scope);
  }

  private area(): Range | null {
    const area = this.model.nameArea(this.entry);
    return area ? new Range(this.scope, area.sheet, area.rect) : null;
  }

  override get(name: string): unknown {
    const { entry } = this;
    switch (name) {
      case 'Name': return entry.name;
      case 'Type': return nameType(entry);
      case 'Value':
        if (this.scope.profile.name !== 'web' && /[A-Z]+\s*\(|\{/i.test(entry.formula.replace(/'[^']*'/g, ''))) {
          throw hostError('invalidOperation', NOT_PERMITTED_FOR_OBJECT_MESSAGE);
        }
        return entry.formula.replace(/^=/, '');
      case 'Formula': return entry.formula;
      case 'Visible': return entry.visible;
      case 'Comment': return entry.comment;
      case 'Scope': return 'Workbook';
      default: return super.get(name);
    }
  }

  override set(name: string, value: unknown): void {
    switch (name) {
      case 'Visible':
        this.entry.visible = Boolean(value);
        break;
      case 'Comment':
        this.entry.comment = String(value);
        break;
      case 'Formula':
        this.model.redefineName(this.entry, String(value));
        break;
      default:
        return super.set(name, value);
    }
    this.model.changed();
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetRange': {
        const range = this.area();
        if (!range) throw hostError('invalidOperation', NOT_PERMITTED_FOR_OBJECT_MESSAGE);
        return range;
      }
      case 'GetRangeOrNullObject': return this.area();
      case 'Delete':
        this.model.deleteName(this.entry);
        return null;
      default: return super.call(name, args);
    }
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditemcollection: names match case-insensitively. */
export class NamedItemCollection extends HostCollection<NamedItem> {
  readonly type = 'NamedItemCollection';

  items(): { key: string; item: NamedItem }[] {
    return this.model.names.map((entry) => ({ key: entry.name, item: new NamedItem(this.scope, entry) }));
  }

  item(key: string): NamedItem {
    const entry = this.model.findName(key);
    if (!entry) throw itemNotFound(`name '${key}'`);
    return new NamedItem(this.scope, entry);
  }

  override get(name: string): unknown {
    if (name === 'Count') return this.model.names.length;
    return super.get(name);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetItem': return this.item(String(args[0]));
      case 'GetItemOrNullObject': {
        const entry = this.model.findName(String(args[0]));
        return entry ? new NamedItem(this.scope, entry) : null;
      }
      case 'GetCount': return this.model.names.length;
      case 'Add':
      case 'AddFormulaLocal': {
        const [nameArg, reference, comment] = args;
        // A Range given as the reference is named with absolute references, as Excel's Name Manager does.
        const formula = reference instanceof Range ? absoluteNameFormula(reference.sheet.name, reference.rect) : String(reference);
        const entry = this.model.defineName(String(nameArg), formula, comment === undefined || comment === null ? '' : String(comment));
        return new NamedItem(this.scope, entry);
      }
      default: return super.call(name, args);
    }
  }
}
