/**
 * How deep JSON may nest (arrays and objects) wherever the platform takes it in: request bodies, a report's
 * `jsonQuery` text, canonical JSON. Real bodies and Cube queries stay far below; the limit exists so that no
 * recursive step (parsing, validation, serializing) can run out of stack on a hostile input.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The bound of canonical JSON, which serializes what was accepted plus wrappers of its own (a checksum's
 * `{jsonQuery, pivotItems}`): well above the input limit, far below what would exhaust the stack.
 */
export const MAX_CANONICAL_DEPTH = 4 * MAX_JSON_DEPTH;

/** JSON nested deeper than allowed; `what` names the input (`Request body`, `'jsonQuery'`). */
export class JsonTooDeepError extends RangeError {
  constructor(
    readonly what: string,
    readonly limit: number = MAX_JSON_DEPTH,
  ) {
    super(`${what} is nested more than ${limit} levels deep (the limit is ${limit})`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * Whether JSON text nests at most `limit` levels, found by one pass over its characters (brackets outside
 * strings), so it is safe before parsing, whatever the text. Malformed text is left for the parser to refuse.
 */
export function jsonTextWithinDepth(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return false;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return true;
}

/** Throws `JsonTooDeepError` for JSON text nested deeper than `limit`. */
export function requireJsonTextDepth(text: string, what: string, limit: number = MAX_JSON_DEPTH): void {
  if (!jsonTextWithinDepth(text, limit)) throw new JsonTooDeepError(what, limit);
}
