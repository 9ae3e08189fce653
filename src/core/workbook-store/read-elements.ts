import { WORKBOOK_REPORT_NAMESPACE as NS, type Kept, type KeptElement } from '../../contract/workbook-report';
import { decodeXstring } from './xstring';

/**
 * Reading one element of a part against what this version knows of it: its known attributes and child
 * elements, and the rest, which is kept when a newer version wrote the part (`newer`) and makes the part
 * invalid otherwise. Nothing read is ever dropped: what can be neither read nor kept is an `Unreadable`.
 */

/** A part that cannot be read whole, and why (words completing "…cannot be read: "). */
export class Unreadable extends Error {
  override readonly name = 'Unreadable';
}

/** How an element is named in words, e.g. `<placement id="p1">`. */
export const named = (element: KeptElement, id?: string) => `<${element.name}${id === undefined ? '' : ` id="${id.slice(0, 64)}"`}>`;

export interface Shape {
  attributes: readonly string[];
  /** Child elements in schema order. */
  children: readonly string[];
}

export interface Known {
  attributes: Map<string, string>;
  children: Map<string, KeptElement[]>;
  kept: Kept | undefined;
}

const blank = (text: string) => /^[ \t\n\r]*$/.test(text);

export function split(element: KeptElement, shape: Shape, newer: boolean, where: string): Known {
  const kept: Kept = { attributes: [], elements: [] };
  const attributes = new Map<string, string>();
  for (const attribute of element.attributes) {
    if (attribute.namespace === null && shape.attributes.includes(attribute.name)) attributes.set(attribute.name, attribute.value);
    else if (newer) kept.attributes.push(attribute);
    else throw new Unreadable(`${where} has an attribute ${attribute.prefix ? `${attribute.prefix}:` : ''}${attribute.name} this version of the format does not have`);
  }
  const children = new Map<string, KeptElement[]>();
  for (const child of element.children) {
    if (typeof child === 'string') {
      if (!blank(child)) throw new Unreadable(`${where} holds text where only elements belong`);
    } else if (child.namespace === NS && shape.children.includes(child.name)) {
      // Kept elements are written back after the known ones: one read before a known one could not be kept in place.
      const before = kept.elements[kept.elements.length - 1];
      if (before) throw new Unreadable(`${where} has <${before.name}>, which this version does not know, before <${child.name}>, so it cannot keep it in place`);
      const list = children.get(child.name);
      if (list) list.push(child);
      else children.set(child.name, [child]);
    } else if (newer) {
      kept.elements.push(child);
    } else {
      throw new Unreadable(`${where} has an element <${child.name}>${child.namespace === NS ? '' : ` in ${child.namespace ?? 'no namespace'}`} this version of the format does not have`);
    }
  }
  return { attributes, children, kept: kept.attributes.length || kept.elements.length ? kept : undefined };
}

/** The one child `name`: absent is undefined (or unreadable when `required`), twice is unreadable. */
export function one(known: Known, name: string, where: string, required: boolean): KeptElement | undefined {
  const found = known.children.get(name) ?? [];
  if (found.length > 1) throw new Unreadable(`${where} has <${name}> more than once`);
  if (required && !found.length) throw new Unreadable(`${where} has no <${name}>`);
  return found[0];
}

/** A text-only element's string (ST_Xstring decoded). Attributes or elements in it could not be kept: unreadable. */
export function leafText(element: KeptElement, where: string): string {
  const what = `<${element.name}> in ${where}`;
  if (element.attributes.length) throw new Unreadable(`${what} has attributes, which this version can neither read nor keep`);
  if (element.children.some((child) => typeof child !== 'string')) throw new Unreadable(`${what} holds elements, which this version can neither read nor keep`);
  return decodeXstring(element.children.join(''));
}

export function optionalLeaf(known: Known, name: string, where: string): string | undefined {
  const element = one(known, name, where, false);
  return element && leafText(element, where);
}

export function requiredLeaf(known: Known, name: string, where: string): string {
  return leafText(one(known, name, where, true)!, where);
}

/** An `xs:nonNegativeInteger` as this format writes it (no sign, no leading zero, no spaces), or undefined when absent. */
export function integer(known: Known, name: string, where: string): number | undefined {
  const value = known.attributes.get(name);
  if (value === undefined) return undefined;
  if (!/^(0|[1-9][0-9]{0,14})$/.test(value)) throw new Unreadable(`the ${name} of ${where} is not a whole number: "${value.slice(0, 32)}"`);
  return Number(value);
}

/** An `xs:boolean`, or undefined when absent. */
export function boolean(known: Known, name: string, where: string): boolean | undefined {
  const value = known.attributes.get(name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Unreadable(`the ${name} of ${where} is neither true nor false: "${value.slice(0, 32)}"`);
}

/** Leaves undefined out, so a record read has exactly the keys a record written had. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
