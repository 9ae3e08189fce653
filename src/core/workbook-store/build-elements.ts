import { WORKBOOK_REPORT_NAMESPACE as NS, type Kept, type KeptAttribute, type KeptElement } from '../../contract/workbook-report';
import { encodeXstring } from './xstring';

/**
 * Building the element tree of a part: known attributes and children in schema order, then what was kept
 * from a newer version put back where it was read: its attributes after the known ones, its elements after
 * the known children, in the order read (a newer version adds elements only there: `versions.ts`).
 */

export type AttributeValue = string | number | boolean | undefined;

/** A text-only element of the part (ST_Xstring encoded); none for undefined. */
export function leaf(name: string, value: string | undefined): KeptElement[] {
  return value === undefined ? [] : [{ namespace: NS, prefix: null, name, attributes: [], children: value ? [encodeXstring(value)] : [] }];
}

/**
 * An element of the part: `attributes` in order (undefined left out), `children` as [known name, its elements]
 * in schema order, then `kept`.
 */
export function element(name: string, attributes: [string, AttributeValue][], children: [string, KeptElement[]][], kept: Kept | undefined): KeptElement {
  const known: KeptAttribute[] = attributes.flatMap(([attribute, value]) =>
    (value === undefined ? [] : [{ namespace: null, prefix: null, name: attribute, value: String(value) }]));
  return {
    namespace: NS,
    prefix: null,
    name,
    attributes: [...known, ...(kept?.attributes ?? [])],
    children: [...children.flatMap(([, elements]) => elements), ...(kept?.elements ?? [])],
  };
}
