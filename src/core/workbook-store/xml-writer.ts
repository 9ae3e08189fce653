import { NCNAME, XML_CHARS, type KeptAttribute, type KeptElement } from '../../contract/workbook-report';
import { XML_NAMESPACE } from './xml-reader';

/**
 * Writes an element tree as XML text. Every name is checked and every value escaped here, so no string of the
 * tree can add markup: `&`, `<` and `>` in text; also quotes, tab, LF and CR in attribute values, and CR in
 * text, as character references, so any XML reader gives back exactly the string written (line ends and
 * attribute white space would otherwise be normalized). Namespace declarations are made where a name needs
 * one, keeping the prefix it was read with where it can. No indentation: white space is never added to content.
 */

export class XmlWriteError extends Error {
  override readonly name = 'XmlWriteError';
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };

function checked(value: string): string {
  if (!XML_CHARS.test(value)) throw new XmlWriteError('A value holds a character XML cannot carry.');
  return value;
}
const escapeText = (value: string) => checked(value).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
const escapeAttribute = (value: string) => checked(value).replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

function checkedName(name: string): string {
  if (!NCNAME.test(name)) throw new XmlWriteError(`"${name}" is not an XML name.`);
  return name;
}

/** In-scope bindings: prefix to namespace; '' is the default namespace ('' as namespace: none). */
type Scope = Map<string, string>;

/** A prefix for `namespace` on this element: the one it had if free, else a new one. */
function prefixFor(namespace: string, wanted: string | null, scope: Scope, declared: Map<string, string>): string {
  if (namespace === XML_NAMESPACE) return 'xml';
  for (const [prefix, bound] of scope) if (prefix && prefix !== 'xml' && bound === namespace) return prefix;
  const free = (p: string) => p !== 'xml' && !p.toLowerCase().startsWith('xml') && !declared.has(p) && !scope.has(p);
  let prefix = wanted && free(wanted) ? wanted : '';
  for (let n = 1; !prefix; n += 1) if (free(`ns${n}`)) prefix = `ns${n}`;
  declared.set(prefix, namespace);
  scope.set(prefix, namespace);
  return prefix;
}

function write(element: KeptElement, outer: Scope, out: string[]): void {
  const scope: Scope = new Map(outer);
  const declared = new Map<string, string>();
  let tag: string;
  if ((element.namespace ?? '') === (scope.get('') ?? '')) {
    tag = checkedName(element.name);
  } else if (element.namespace === null || !element.prefix) {
    // An unprefixed name outside the default namespace: this element sets the default.
    declared.set('', element.namespace ?? '');
    scope.set('', element.namespace ?? '');
    tag = checkedName(element.name);
  } else {
    tag = `${prefixFor(element.namespace, checkedName(element.prefix), scope, declared)}:${checkedName(element.name)}`;
  }
  const attributes = element.attributes.map((a: KeptAttribute) => {
    const name = a.namespace === null ? checkedName(a.name) : `${prefixFor(a.namespace, a.prefix && checkedName(a.prefix), scope, declared)}:${checkedName(a.name)}`;
    return ` ${name}="${escapeAttribute(a.value)}"`;
  });
  const declarations = [...declared].map(([prefix, namespace]) => ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeAttribute(namespace)}"`);
  out.push(`<${tag}${declarations.join('')}${attributes.join('')}`);
  if (!element.children.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of element.children) {
    if (typeof child === 'string') out.push(escapeText(child));
    else write(child, scope, out);
  }
  out.push(`</${tag}>`);
}

/** The element as XML text, with no XML declaration (Office's `CustomXmlPartCollection.add` takes a string). */
export function writeXml(root: KeptElement): string {
  const out: string[] = [];
  write(root, new Map([['xml', XML_NAMESPACE]]), out);
  return out.join('');
}
