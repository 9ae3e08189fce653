import { sheetAddress, type Rect } from '../../../src/core/a1';
import { hostError } from '../workbook/host-error';
import { CustomXmlPartCollection } from './custom-xml-parts';
import { Application, DocumentProperties, SettingCollection } from './document';
import { HostObject, type HostScope } from './host-object';
import { NamedItemCollection } from './names';
import { Range } from './range';
import { TableCollection } from './tables';
import { WorksheetCollection } from './worksheet';

const invalidSelection = () => hostError('invalidSelection');

/**
 * Several areas selected at once (ExcelApi 1.9): https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangeareas.
 * Its address names the sheet for each block, joined by ", " ("Sheet1!A1:B4, Sheet1!D1:D4",
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.interfaces.rangeareasdata).
 */
export class RangeAreas extends HostObject {
  readonly type = 'RangeAreas';
  override readonly defaultProperties = ['Address', 'AreaCount'];

  constructor(scope: HostScope, private readonly areas: Range[]) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Address' || name === 'AddressLocal') return this.areas.map((area) => sheetAddress(area.sheet.name, area.rect)).join(', ');
    if (name === 'AreaCount') return this.areas.length;
    return super.get(name);
  }
}

/**
 * The root of every request (https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook).
 * `getSelectedRange` answers `InvalidSelection` when several areas or a chart are selected
 * (https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1):
 * "If multiple ranges are selected, this method will throw an error").
 */
export class Workbook extends HostObject {
  readonly type = 'Workbook';
  override readonly defaultProperties = ['Name'];

  private selectedAreas(): Range[] {
    const { model } = this;
    if (model.selectionKind === 'chart') throw invalidSelection();
    const sheet = model.sheetById(model.activeSheetId)!;
    const areas: Rect[] = model.selectionAreas.length ? model.selectionAreas : [model.selection];
    return areas.map((rect) => new Range(this.scope, sheet, rect));
  }

  override get(name: string): unknown {
    switch (name) {
      case 'Name': return this.model.name;
      case 'Worksheets': return new WorksheetCollection(this.scope);
      case 'Names': return new NamedItemCollection(this.scope);
      case 'Settings': return new SettingCollection(this.scope);
      case 'Properties': return new DocumentProperties(this.scope);
      case 'Application': return new Application(this.scope);
      case 'Tables': return new TableCollection(this.scope, null);
      case 'CustomXmlParts': return new CustomXmlPartCollection(this.scope);
      default: return super.get(name);
    }
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetSelectedRange': {
        const areas = this.selectedAreas();
        if (areas.length !== 1) throw invalidSelection();
        return areas[0];
      }
      case 'GetSelectedRanges': return new RangeAreas(this.scope, this.selectedAreas());
      case 'GetActiveCell': {
        const [first] = this.selectedAreas();
        return new Range(this.scope, first!.sheet, { top: first!.rect.top, left: first!.rect.left, bottom: first!.rect.top, right: first!.rect.left });
      }
      default: return super.call(name, args);
    }
  }
}
