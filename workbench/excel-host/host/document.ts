import { HostCollection, HostObject, invalidArgument, itemNotFound } from './host-object';

/**
 * Document settings (https://learn.microsoft.com/en-us/javascript/api/excel/excel.settingcollection) and
 * custom document properties (https://learn.microsoft.com/en-us/javascript/api/excel/excel.custompropertycollection),
 * both saved in the file. Property keys match case-insensitively; a key is at most 255 characters.
 */
export class Setting extends HostObject {
  readonly type = 'Setting';
  override readonly defaultProperties = ['Key', 'Value'];
  constructor(scope: ConstructorParameters<typeof HostObject>[0], private readonly key: string) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Key') return this.key;
    if (name === 'Value') return this.model.settings.get(this.key);
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name !== 'Value') return super.set(name, value);
    this.model.settings.set(this.key, value);
    this.model.changed();
  }

  override call(name: string, args: unknown[]): unknown {
    if (name !== 'Delete') return super.call(name, args);
    this.model.settings.delete(this.key);
    this.model.changed();
    return null;
  }
}

export class SettingCollection extends HostCollection<Setting> {
  readonly type = 'SettingCollection';

  items() {
    return [...this.model.settings.keys()].map((key) => ({ key, item: new Setting(this.scope, key) }));
  }

  item(key: string): Setting {
    if (!this.model.settings.has(key)) throw itemNotFound(`setting '${key}'`);
    return new Setting(this.scope, key);
  }

  override call(name: string, args: unknown[]): unknown {
    const key = String(args[0]);
    switch (name) {
      case 'GetItem': return this.item(key);
      case 'GetItemOrNullObject': return this.model.settings.has(key) ? new Setting(this.scope, key) : null;
      case 'GetCount': return this.model.settings.size;
      case 'Add':
        this.model.settings.set(key, args[1]);
        this.model.changed();
        return new Setting(this.scope, key);
      default: return super.call(name, args);
    }
  }
}

export class CustomProperty extends HostObject {
  readonly type = 'CustomProperty';
  override readonly defaultProperties = ['Key', 'Value', 'Type'];
  constructor(scope: ConstructorParameters<typeof HostObject>[0], private readonly key: string) {
    super(scope);
  }

  override get(name: string): unknown {
    const value = this.model.customProperties.get(this.key);
    if (name === 'Key') return this.key;
    if (name === 'Value') return value;
    if (name === 'Type') return typeof value === 'number' ? 'Number' : typeof value === 'boolean' ? 'Boolean' : 'String';
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name !== 'Value') return super.set(name, value);
    this.model.customProperties.set(this.key, value as string | number | boolean);
    this.model.changed();
  }

  override call(name: string, args: unknown[]): unknown {
    if (name !== 'Delete') return super.call(name, args);
    this.model.customProperties.delete(this.key);
    this.model.changed();
    return null;
  }
}

export class CustomPropertyCollection extends HostCollection<CustomProperty> {
  readonly type = 'CustomPropertyCollection';

  private keyOf(key: string): string | undefined {
    return [...this.model.customProperties.keys()].find((k) => k.toLowerCase() === key.toLowerCase());
  }

  items() {
    return [...this.model.customProperties.keys()].map((key) => ({ key, item: new CustomProperty(this.scope, key) }));
  }

  item(key: string): CustomProperty {
    const found = this.keyOf(key);
    if (!found) throw itemNotFound(`custom property '${key}'`);
    return new CustomProperty(this.scope, found);
  }

  override get(name: string): unknown {
    if (name === 'Count') return this.model.customProperties.size;
    return super.get(name);
  }

  override call(name: string, args: unknown[]): unknown {
    const key = String(args[0]);
    switch (name) {
      case 'GetItem': return this.item(key);
      case 'GetItemOrNullObject': {
        const found = this.keyOf(key);
        return found ? new CustomProperty(this.scope, found) : null;
      }
      case 'GetCount': return this.model.customProperties.size;
      case 'Add': {
        if (key.length === 0 || key.length > 255) throw invalidArgument('A custom property key has 1 to 255 characters.');
        const value = args[1];
        if (!['string', 'number', 'boolean'].includes(typeof value)) throw invalidArgument('A custom property value is text, a number or a boolean.');
        const existing = this.keyOf(key);
        if (existing) this.model.customProperties.delete(existing);
        this.model.customProperties.set(key, value as string | number | boolean);
        this.model.changed();
        return new CustomProperty(this.scope, key);
      }
      case 'DeleteAll':
        this.model.customProperties.clear();
        this.model.changed();
        return null;
      default: return super.call(name, args);
    }
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.documentproperties */
export class DocumentProperties extends HostObject {
  readonly type = 'DocumentProperties';
  override readonly defaultProperties = ['Title', 'Author'];

  override get(name: string): unknown {
    if (name === 'Custom') return new CustomPropertyCollection(this.scope);
    if (name === 'Title' || name === 'Author' || name === 'Subject' || name === 'Comments') return '';
    return super.get(name);
  }
}

/**
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.application. Calculation is automatic (the mode
 * can be set but stays automatic); `calculate` runs the formula engine (calc/calculation.ts).
 */
export class Application extends HostObject {
  readonly type = 'Application';
  override readonly defaultProperties = ['CalculationMode'];

  override get(name: string): unknown {
    if (name === 'CalculationMode') return 'Automatic';
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name !== 'CalculationMode') return super.set(name, value);
    if (!['Automatic', 'AutomaticExceptTables', 'Manual'].includes(String(value))) throw invalidArgument(`Unknown calculation mode '${String(value)}'.`);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'Calculate': {
        // https://learn.microsoft.com/javascript/api/excel/excel.application#excel-excel-application-calculate-member(1)
        const type = String(args[0]);
        if (type !== 'Recalculate' && type !== 'Full' && type !== 'FullRebuild') throw invalidArgument(`Unknown calculation type '${type}'.`);
        this.model.calculation.calculate(type);
        return null;
      }
      case 'SuspendApiCalculationUntilNextSync':
      case 'SuspendScreenUpdatingUntilNextSync':
        return null;
      default: return super.call(name, args);
    }
  }
}

