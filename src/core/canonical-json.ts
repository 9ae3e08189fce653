import { JsonTooDeepError, MAX_CANONICAL_DEPTH } from './json-depth';

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code units, no whitespace, numbers
 * in ECMAScript's shortest form (what JSON.stringify already produces), strings escaped as JSON.stringify does.
 * `undefined` members are dropped, as JSON.stringify drops them. Values nested deeper than `maxDepth` throw
 * `JsonTooDeepError` rather than recurse until the stack runs out.
 */
export function canonicalJson(value: unknown, maxDepth: number = MAX_CANONICAL_DEPTH): string {
  return canonical(value, 0, maxDepth);
}

function canonical(value: unknown, depth: number, maxDepth: number): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON cannot represent a non-finite number');
    return JSON.stringify(value);
  }
  if (typeof value === 'object' && depth >= maxDepth) throw new JsonTooDeepError('A value for canonical JSON', maxDepth);
  if (Array.isArray(value)) {
    // For strings, finite numbers and booleans JSON.stringify already writes RFC 8785's form, so an array of
    // them (a row of cells: the common, large case) is serialized in one native call.
    if (value.every(isPlainScalar)) return JSON.stringify(value);
    return `[${value.map((item) => (item === undefined ? 'null' : canonical(item, depth + 1, maxDepth))).join(',')}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort(compareCodeUnits)
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key], depth + 1, maxDepth)}`);
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot represent a ${typeof value}`);
}

function compareCodeUnits(a: string, b: string): number {
  // Default string comparison in JavaScript is by UTF-16 code units, which is what RFC 8785 requires.
  return a < b ? -1 : a > b ? 1 : 0;
}

function isPlainScalar(item: unknown): boolean {
  return typeof item === 'string' || typeof item === 'boolean' || item === null || (typeof item === 'number' && Number.isFinite(item));
}
