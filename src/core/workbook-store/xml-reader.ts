import { NCNAME, type KeptAttribute, type KeptElement } from '../../contract/workbook-report';

/**
 * A strict reader of XML 1.0 with namespaces, for the add-in's own custom XML parts: no DOM (src/core runs
 * outside the browser too) and no library. It reads elements, attributes, text, CDATA sections, character
 * references and the five predefined entities; it skips comments, processing instructions and the XML
 * declaration. It refuses a document type declaration outright, so no entity is ever declared, expanded or
 * fetched (no XXE, no entity expansion), and refuses anything not well-formed, with its line and column:
 * a part it cannot read whole is never read in part.
 */

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** Deeper than any part this add-in writes by far; keeps a hostile part from exhausting the stack of a reader of the tree. */
export const MAX_DEPTH = 64;

/** Where and why a text is not well-formed XML. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(readonly reason: string, readonly line: number, readonly column: number) {
    super(`${reason}, at line ${line}, column ${column}`);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[^\s<>/=?!"'&;]+/y;
const SPACE = /[ \t\n]*/y;
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface RawAttribute { qname: string; value: string; at: number }
interface Open { element: KeptElement; qname: string; scope: Map<string, string> }

export function readXml(source: string): KeptElement {
  // §2.11: line ends are LF before anything is read.
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  let pos = 0;
  const fail = (reason: string, at = pos): never => {
    const before = text.slice(0, at).split('\n');
    throw new XmlSyntaxError(reason, before.length, before[before.length - 1]!.length + 1);
  };
  const bad = NOT_XML_CHAR.exec(text);
  if (bad) fail(`character U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML`, bad.index);

  const skipSpace = () => {
    SPACE.lastIndex = pos;
    SPACE.test(text);
    pos = SPACE.lastIndex;
  };
  const expect = (literal: string, what: string) => {
    if (!text.startsWith(literal, pos)) fail(`expected ${what}`);
    pos += literal.length;
  };
  const until = (end: string, what: string): string => {
    const close = text.indexOf(end, pos);
    if (close < 0) fail(`${what} is not closed`);
    const body = text.slice(pos, close);
    pos = close + end.length;
    return body;
  };
  const name = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(text);
    if (!match) fail('expected a name');
    const parts = match![0].split(':');
    if (parts.length > 2 || !parts.every((part) => NCNAME.test(part))) fail(`"${match![0]}" is not a valid name`);
    pos = NAME.lastIndex;
    return match![0];
  };
  /** Character data with its references replaced; `inAttribute`: literal white space becomes a space (§3.3.3). */
  const characters = (raw: string, at: number, inAttribute: boolean): string =>
    raw.replace(/&([^;&<]*);|&|[\t\n]/g, (match, ref: string | undefined, offset: number) => {
      if (match === '\t' || match === '\n') return inAttribute ? ' ' : match;
      if (ref === undefined) return fail('"&" must begin a reference (write &amp;)', at + offset);
      if (ref in PREDEFINED) return PREDEFINED[ref]!;
      const code = /^#x[0-9A-Fa-f]{1,6}$/.test(ref) ? parseInt(ref.slice(2), 16) : /^#[0-9]{1,7}$/.test(ref) ? parseInt(ref.slice(1), 10) : -1;
      if (code < 0) return fail(`the entity &${ref}; is not defined`, at + offset);
      const char = code <= 0x10ffff ? String.fromCodePoint(code) : '';
      if (!char || NOT_XML_CHAR.test(char) || (code >= 0xd800 && code <= 0xdfff)) fail(`&${ref}; is not a character XML allows`, at + offset);
      return char;
    });

  /** Comments, processing instructions and white space, between the root and the prolog's ends. */
  const misc = () => {
    for (;;) {
      skipSpace();
      if (text.startsWith('<!--', pos)) comment();
      else if (text.startsWith('<?', pos)) instruction();
      else return;
    }
  };
  const comment = () => {
    pos += 4;
    const body = until('-->', 'A comment');
    if (body.includes('--') || body.endsWith('-')) fail('"--" is not allowed inside a comment');
  };
  const instruction = () => {
    pos += 2;
    const target = name();
    if (target.toLowerCase() === 'xml') fail('the XML declaration may only begin the document');
    until('?>', 'A processing instruction');
  };

  if (text.startsWith('<?xml', pos) && /^<\?xml[ \t\n]/.test(text.slice(pos, pos + 6))) {
    const declaration = until('?>', 'The XML declaration');
    if (!/^<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.0\1([ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\3)?([ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(yes|no)\5)?[ \t\n]*$/.test(declaration)) {
      fail('the XML declaration is not version 1.0 as XML 1.0 writes it', 0);
    }
  }
  misc();
  if (text.startsWith('<!DOCTYPE', pos)) fail('a document type declaration is not allowed in this part');
  if (text[pos] !== '<') fail(pos >= text.length ? 'the document is empty' : 'expected the root element');

  const stack: Open[] = [];
  const resolve = (qname: string, scope: Map<string, string>, isAttribute: boolean, at: number) => {
    const colon = qname.indexOf(':');
    if (colon < 0) return { prefix: null, name: qname, namespace: isAttribute ? null : scope.get('') || null };
    const prefix = qname.slice(0, colon);
    const namespace = scope.get(prefix);
    if (!namespace) fail(`the prefix "${prefix}" is not declared`, at);
    return { prefix, name: qname.slice(colon + 1), namespace: namespace! };
  };

  const startTag = (): KeptElement => {
    const at = pos;
    pos += 1;
    const qname = name();
    const raw: RawAttribute[] = [];
    for (;;) {
      const before = pos;
      skipSpace();
      if (text.startsWith('/>', pos) || text[pos] === '>') break;
      if (pos === before) fail('expected white space before an attribute');
      const attributeAt = pos;
      const attributeName = name();
      skipSpace();
      expect('=', '"=" after an attribute name');
      skipSpace();
      const quote = text[pos];
      if (quote !== '"' && quote !== "'") fail('an attribute value must be in quotes');
      pos += 1;
      const valueAt = pos;
      const value = until(quote!, 'An attribute value');
      if (value.includes('<')) fail('"<" is not allowed in an attribute value', valueAt + value.indexOf('<'));
      if (raw.some((a) => a.qname === attributeName)) fail(`the attribute ${attributeName} is repeated`, attributeAt);
      raw.push({ qname: attributeName, value: characters(value, valueAt, true), at: attributeAt });
    }
    const scope = new Map(stack.length ? stack[stack.length - 1]!.scope : [['xml', XML_NAMESPACE]]);
    for (const { qname: q, value, at: where } of raw) {
      if (q === 'xmlns') scope.set('', value);
      else if (q.startsWith('xmlns:')) {
        const prefix = q.slice(6);
        if (!value) fail(`the prefix "${prefix}" cannot be undeclared in XML 1.0`, where);
        if (prefix === 'xmlns' || (prefix === 'xml') !== (value === XML_NAMESPACE) || value === XMLNS_NAMESPACE) fail(`the prefix "${prefix}" cannot be bound to ${value}`, where);
        scope.set(prefix, value);
      }
    }
    const { prefix, name: local, namespace } = resolve(qname, scope, false, at);
    if (prefix === 'xmlns') fail('an element cannot have the prefix xmlns', at);
    const attributes: KeptAttribute[] = [];
    for (const { qname: q, value, at: where } of raw) {
      if (q === 'xmlns' || q.startsWith('xmlns:')) continue;
      const resolved = resolve(q, scope, true, where);
      if (attributes.some((a) => a.name === resolved.name && a.namespace === resolved.namespace)) fail(`the attribute ${q} is repeated`, where);
      attributes.push({ ...resolved, value });
    }
    const element: KeptElement = { namespace, prefix, name: local, attributes, children: [] };
    stack[stack.length - 1]?.element.children.push(element);
    if (text.startsWith('/>', pos)) {
      pos += 2;
    } else {
      pos += 1;
      if (stack.length + 1 > MAX_DEPTH) fail(`elements are nested deeper than ${MAX_DEPTH}`, at);
      stack.push({ element, qname, scope });
    }
    return element;
  };

  const addText = (value: string) => {
    const children = stack[stack.length - 1]!.element.children;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + value;
    else if (value) children.push(value);
  };

  const root = startTag();
  while (stack.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) fail(`the element ${stack[stack.length - 1]!.qname} is not closed`, text.length);
    if (lt > pos) {
      const raw = text.slice(pos, lt);
      if (raw.includes(']]>')) fail('"]]>" is not allowed in text', pos + raw.indexOf(']]>'));
      addText(characters(raw, pos, false));
      pos = lt;
    }
    if (text.startsWith('</', pos)) {
      const at = pos;
      pos += 2;
      const qname = name();
      skipSpace();
      expect('>', '">" to end the end tag');
      const open = stack.pop()!;
      if (qname !== open.qname) fail(`the end tag </${qname}> does not match <${open.qname}>`, at);
    } else if (text.startsWith('<!--', pos)) comment();
    else if (text.startsWith('<![CDATA[', pos)) {
      pos += 9;
      addText(until(']]>', 'A CDATA section'));
    } else if (text.startsWith('<?', pos)) instruction();
    else if (text.startsWith('<!', pos)) fail('a declaration is not allowed here');
    else startTag();
  }
  misc();
  if (pos < text.length) fail('nothing but comments may follow the root element');
  return root;
}
