import { parse, type Filter } from 'scim2-parse-filter';
import { resolveAttribute, type AttributeDefinition } from './attributes';
import { scimError } from './http';

/** A SCIM resource as JSON, what filters and PATCH work on. */
export type ScimResource = Record<string, unknown>;
export type ScimPredicate = (resource: ScimResource) => boolean;

/**
 * RFC 7644 §3.4.2.2 filters. `scim2-parse-filter` reads the grammar; what a filter may name and how values compare
 * is this platform's, from the attributes' characteristics (the library's own tester compares every string
 * case-sensitively and dates as text, and lets a filter name attributes that do not exist).
 */
export function compileFilter(text: string | null, attributes: AttributeDefinition[], schemaUrn: string): ScimPredicate | null {
  if (text === null || text.trim() === '') return null;
  // RFC 7644 §3.4.2.2 (Figure 1): `not` takes a parenthesized filter; the parser would also take a bare one.
  if (/\bnot\b(?!\s*\()/i.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
    throw scimError(400, `The filter "${text}" has a "not" without parentheses: write not (…)`, 'invalidFilter');
  }
  let ast: Filter;
  try {
    ast = parse(text);
  } catch (error) {
    throw scimError(400, `The filter "${text}" is not a SCIM filter: ${(error as Error).message}`, 'invalidFilter');
  }
  return compile(ast, { attributes, schemaUrn, prefix: '' });
}

interface Scope {
  attributes: AttributeDefinition[];
  schemaUrn: string;
  /** Inside a value path (`emails[…]`), attributes are the sub-attributes of the multi-valued one. */
  prefix: string;
}

function resolve(scope: Scope, attrPath: string): { path: string[]; definition: AttributeDefinition } {
  const resolved = resolveAttribute(scope.attributes, scope.schemaUrn, attrPath);
  if (!resolved) throw scimError(400, `The filter names "${scope.prefix}${attrPath}", which is no attribute of this resource`, 'invalidFilter');
  return { path: resolved.path.split('.'), definition: resolved.definition };
}

function compile(ast: Filter, scope: Scope): ScimPredicate {
  switch (ast.op) {
    case 'and': {
      const parts = ast.filters.map((f) => compile(f, scope));
      return (r) => parts.every((p) => p(r));
    }
    case 'or': {
      const parts = ast.filters.map((f) => compile(f, scope));
      return (r) => parts.some((p) => p(r));
    }
    case 'not': {
      const inner = compile(ast.filter, scope);
      return (r) => !inner(r);
    }
    case '[]': {
      const { path, definition } = resolve(scope, ast.attrPath);
      if (!definition.subAttributes) throw scimError(400, `"${ast.attrPath}" has no sub-attributes to filter`, 'invalidFilter');
      const inner = compile(ast.valFilter, { attributes: definition.subAttributes, schemaUrn: '', prefix: `${ast.attrPath}.` });
      return (r) => valuesAt(r, path).some((item) => typeof item === 'object' && item !== null && inner(item as ScimResource));
    }
    case 'pr': {
      const { path } = resolve(scope, ast.attrPath);
      return (r) => valuesAt(r, path).some((v) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0));
    }
    default: {
      const { path, definition } = resolve(scope, ast.attrPath);
      const test = comparison(ast.op, ast.compValue, definition, ast.attrPath);
      // `ne` holds when no value equals: an absent attribute is not equal to anything.
      if (ast.op === 'ne') return (r) => !valuesAt(r, path).some(test);
      return (r) => valuesAt(r, path).some(test);
    }
  }
}

type Operator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le';

/** One value against the filter's, by the attribute's type (RFC 7644 §3.4.2.2's table of operators). */
function comparison(op: Operator, expected: unknown, definition: AttributeDefinition, name: string): (value: unknown) => boolean {
  const refuse = (why: string) => scimError(400, `"${name} ${op}" ${why}`, 'invalidFilter');
  if (definition.type === 'complex') throw refuse('compares a complex attribute; name one of its sub-attributes');
  if (definition.type === 'boolean') {
    if (op !== 'eq' && op !== 'ne') throw refuse('is not defined on a boolean (only eq, ne and pr are)');
    if (typeof expected !== 'boolean') throw refuse('needs true or false');
    return (value) => value === expected;
  }
  if (typeof expected !== 'string') {
    if (expected === null && (op === 'eq' || op === 'ne')) return () => false;
    throw refuse(`needs a string value, not ${JSON.stringify(expected)}`);
  }
  if (definition.type === 'dateTime') {
    const instant = Date.parse(expected);
    if (Number.isNaN(instant)) throw refuse(`needs a date-time, not "${expected}"`);
    if (op === 'co' || op === 'sw' || op === 'ew') throw refuse('is not defined on a date-time');
    return (value) => typeof value === 'string' && order(op, Date.parse(value) - instant);
  }
  const fold = (s: string) => (definition.caseExact ? s : s.toLowerCase());
  const want = fold(expected);
  return (value) => {
    if (typeof value !== 'string') return false;
    const have = fold(value);
    switch (op) {
      case 'co': return have.includes(want);
      case 'sw': return have.startsWith(want);
      case 'ew': return have.endsWith(want);
      default: return order(op, have < want ? -1 : have > want ? 1 : 0);
    }
  };
}

function order(op: Operator, difference: number): boolean {
  switch (op) {
    // `ne` is tested as equality, negated over all values by the caller.
    case 'eq': case 'ne': return difference === 0;
    case 'gt': return difference > 0;
    case 'ge': return difference >= 0;
    case 'lt': return difference < 0;
    case 'le': return difference <= 0;
    default: return false;
  }
}

/** Every value at a canonical path, through multi-valued attributes (`emails.value` is each email's value). */
export function valuesAt(resource: unknown, path: string[]): unknown[] {
  if (path.length === 0) return Array.isArray(resource) ? resource : [resource];
  if (Array.isArray(resource)) return resource.flatMap((item) => valuesAt(item, path));
  if (typeof resource !== 'object' || resource === null) return [];
  const value = (resource as ScimResource)[path[0]!];
  return value === undefined ? [] : valuesAt(value, path.slice(1));
}
