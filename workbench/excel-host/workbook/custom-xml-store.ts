import { readXml, XmlSyntaxError } from '../../../src/core/workbook-store/xml-reader';
import { hostError, type HostError } from './host-error';

/**
 * The workbook's custom XML parts (https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartcollection,
 * ExcelApi 1.5): XML documents kept in the file, each with an id and the namespace of its root element.
 *
 * Rules kept here, and where they come from:
 * - Ids are braced GUIDs, `{A67AC88A-A164-4ADE-8889-8826CE44DE6E}`: in the file a part's id is the `ds:itemID` of its
 *   Custom XML Data Storage Properties part, an `ST_Guid` written that way (ECMA-376 Part 1 §22.5.2.1 datastoreItem,
 *   https://ooxml.info/docs/22/22.5/22.5.2/22.5.2.1; Office.js: "the ID is a GUID that is generated when the XML part
 *   is created", https://learn.microsoft.com/en-us/office/dev/add-ins/develop/persisting-add-in-state-and-settings).
 *   Because the id is saved in the file, it stays the same when the workbook is saved and opened again (unlike a
 *   worksheet's id). "Each itemID value shall be unique": a duplicate would be reassigned (§22.5.2.1).
 * - `namespaceUri` is the namespace of the root element: "You must have the xmlns attribute to populate the
 *   CustomXml.namespaceUri property" (the `getXml` sample on the CustomXmlPart reference page); without one it is "".
 * - `add(xml)`: "XML content. Must be a valid XML fragment." Excel's reference names no error for XML that is not;
 *   PowerPoint's identical API does: "If the XML fragment is invalid, then this method returns the GeneralException
 *   error" (https://learn.microsoft.com/en-us/javascript/api/powerpoint/powerpoint.customxmlpartcollection#powerpoint-powerpoint-customxmlpartcollection-add-member(1)).
 *   The emulator answers `GeneralException` for Excel too (a choice: Excel documents no code), for `setXml` alike.
 * - A document type declaration: "References to DTDs from custom XML parts are not supported. DTD references in
 *   custom XML parts will not resolve" (https://learn.microsoft.com/en-us/previous-versions/office/developer/office-2010/ff584964(v=office.14),
 *   `_CustomXMLParts.Add`). What Excel does at `add` is not documented; the emulator refuses it as XML it does not
 *   take (`GeneralException`), so an add-in that relied on one would fail here rather than pass by luck.
 * Well-formedness is checked with the add-in's strict reader (src/core/workbook-store/xml-reader.ts): it refuses what
 * XML 1.0 refuses, and also any DOCTYPE and nesting deeper than 64 elements.
 */

export interface CustomXmlPartModel {
  id: string;
  namespaceUri: string;
  xml: string;
}

export type SerializedCustomXmlPart = CustomXmlPartModel;

function newPartId(taken: (id: string) => boolean): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16).toUpperCase()).join('');
  let id: string;
  do id = `{${hex(8)}-${hex(4)}-4${hex(3)}-${'89AB'[Math.floor(Math.random() * 4)]}${hex(3)}-${hex(12)}}`;
  while (taken(id));
  return id;
}

function invalidXml(detail: string): HostError {
  return hostError('generalException', `There was an internal error while processing the request. (The XML is not a valid XML fragment: ${detail}.)`);
}

/** The namespace of `xml`'s root element ("" without one); throws `GeneralException` for XML Excel would not take. */
export function rootNamespace(xml: unknown): string {
  if (typeof xml !== 'string' || xml.trim() === '') throw invalidXml('it is empty');
  try {
    return readXml(xml).namespace ?? '';
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw invalidXml(error.message);
    throw error;
  }
}

/** The parts, in the order they were added (the order `items` lists them). */
export class CustomXmlStore {
  private parts: CustomXmlPartModel[] = [];

  get size(): number {
    return this.parts.length;
  }

  all(): readonly CustomXmlPartModel[] {
    return this.parts;
  }

  /** GUIDs compare without regard to case. */
  find(id: string): CustomXmlPartModel | undefined {
    const wanted = id.toUpperCase();
    return this.parts.find((part) => part.id.toUpperCase() === wanted);
  }

  has(part: CustomXmlPartModel): boolean {
    return this.parts.includes(part);
  }

  /** Parts whose root element is in `namespaceUri`, compared exactly (namespace names are compared as strings). */
  byNamespace(namespaceUri: string): CustomXmlPartModel[] {
    return this.parts.filter((part) => part.namespaceUri === namespaceUri);
  }

  add(xml: unknown): CustomXmlPartModel {
    const namespaceUri = rootNamespace(xml);
    const part = { id: newPartId((id) => this.find(id) !== undefined), namespaceUri, xml: xml as string };
    this.parts.push(part);
    return part;
  }

  /** "The setXml method does a whole-for-whole replacement of the entire XML"; the namespace follows the new root. */
  setXml(part: CustomXmlPartModel, xml: unknown): void {
    part.namespaceUri = rootNamespace(xml);
    part.xml = xml as string;
  }

  delete(part: CustomXmlPartModel): void {
    this.parts = this.parts.filter((p) => p !== part);
  }

  toJSON(): SerializedCustomXmlPart[] {
    return this.parts.map((part) => ({ ...part }));
  }

  /** Parts as saved: ids kept (they are in the file); a duplicate id is given a new one, as §22.5.2.1 says. */
  static fromJSON(saved: readonly SerializedCustomXmlPart[] = []): CustomXmlStore {
    const store = new CustomXmlStore();
    for (const part of saved) {
      const id = store.find(part.id) ? newPartId((taken) => store.find(taken) !== undefined) : part.id;
      store.parts.push({ id, namespaceUri: part.namespaceUri, xml: part.xml });
    }
    return store;
  }
}
