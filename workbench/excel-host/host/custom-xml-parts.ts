import { hostError } from '../workbook/host-error';
import type { CustomXmlPartModel } from '../workbook/custom-xml-store';
import { HostCollection, HostObject, itemNotFound, type HostScope } from './host-object';

/**
 * `workbook.customXmlParts` (ExcelApi 1.5) as the host answers Office.js, member by member as the reference pages
 * describe them:
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartcollection,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartscopedcollection,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpart.
 * The parts themselves, their ids and the XML they accept are the workbook's (workbook/custom-xml-store.ts).
 */

/** One part. A part deleted since it was reached answers `ItemNotFound` to anything asked of it. */
export class CustomXmlPart extends HostObject {
  readonly type = 'CustomXmlPart';
  override readonly defaultProperties = ['Id', 'NamespaceUri'];

  constructor(scope: HostScope, readonly part: CustomXmlPartModel) {
    super(scope);
  }

  private gone(): void {
    if (!this.model.customXmlParts.has(this.part)) throw itemNotFound(`custom XML part '${this.part.id}'`);
  }

  override get(name: string): unknown {
    this.gone();
    switch (name) {
      case 'Id': return this.part.id;
      case 'NamespaceUri': return this.part.namespaceUri;
      default: return super.get(name);
    }
  }

  override call(name: string, args: unknown[]): unknown {
    this.gone();
    switch (name) {
      case 'GetXml': return this.part.xml;
      case 'SetXml':
        this.model.customXmlParts.setXml(this.part, args[0]);
        this.model.changed();
        return null;
      case 'Delete':
        this.model.customXmlParts.delete(this.part);
        this.model.changed();
        return null;
      default: return super.call(name, args);
    }
  }
}

/** What both collections share: items by id, `getItem` (`ItemNotFound`), `getItemOrNullObject`, `getCount`. */
abstract class PartCollection extends HostCollection<CustomXmlPart> {
  protected abstract parts(): readonly CustomXmlPartModel[];

  private find(id: unknown): CustomXmlPartModel | undefined {
    const part = this.model.customXmlParts.find(String(id));
    return part && this.parts().includes(part) ? part : undefined;
  }

  items(): { key: string; item: CustomXmlPart }[] {
    return this.parts().map((part) => ({ key: part.id, item: new CustomXmlPart(this.scope, part) }));
  }

  /** `getItem(id)`: Office.js sends it as the collection's indexer. */
  item(key: string): CustomXmlPart {
    const part = this.find(key);
    if (!part) throw itemNotFound(`custom XML part '${key}'`);
    return new CustomXmlPart(this.scope, part);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetItem': return this.item(String(args[0]));
      case 'GetItemOrNullObject': {
        const part = this.find(args[0]);
        return part ? new CustomXmlPart(this.scope, part) : null;
      }
      case 'GetCount': return this.parts().length;
      default: return super.call(name, args);
    }
  }
}

/** `workbook.customXmlParts`: every part; `add(xml)` and `getByNamespace(namespaceUri)`. */
export class CustomXmlPartCollection extends PartCollection {
  readonly type = 'CustomXmlPartCollection';

  protected parts(): readonly CustomXmlPartModel[] {
    return this.model.customXmlParts.all();
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'Add': {
        const part = this.model.customXmlParts.add(args[0]);
        this.model.changed();
        return new CustomXmlPart(this.scope, part);
      }
      case 'GetByNamespace': return new CustomXmlPartScopedCollection(this.scope, String(args[0] ?? ''));
      default: return super.call(name, args);
    }
  }
}

/**
 * The parts of one namespace ("A scoped collection cannot be scoped any further"), read when used, so a part added
 * earlier in the same request is in it. `getOnlyItem` "produces an error" unless there is exactly one part: which
 * error Excel does not say; PowerPoint's identical API documents `GeneralException` "If the collection contains no
 * items or more than one item" (https://learn.microsoft.com/en-us/javascript/api/powerpoint/powerpoint.customxmlpartscopedcollection),
 * and the emulator answers the same. `getOnlyItemOrNullObject` "Otherwise ... returns null" (a null object).
 */
export class CustomXmlPartScopedCollection extends PartCollection {
  readonly type = 'CustomXmlPartScopedCollection';

  constructor(scope: HostScope, private readonly namespaceUri: string) {
    super(scope);
  }

  protected parts(): readonly CustomXmlPartModel[] {
    return this.model.customXmlParts.byNamespace(this.namespaceUri);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case 'GetOnlyItem': {
        const parts = this.parts();
        if (parts.length !== 1) {
          throw hostError('generalException', `There was an internal error while processing the request. (The collection holds ${parts.length} custom XML parts, not exactly one.)`);
        }
        return new CustomXmlPart(this.scope, parts[0]!);
      }
      case 'GetOnlyItemOrNullObject': {
        const parts = this.parts();
        return parts.length === 1 ? new CustomXmlPart(this.scope, parts[0]!) : null;
      }
      default: return super.call(name, args);
    }
  }
}
