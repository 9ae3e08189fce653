/**
 * Where JSON text stops being JSON, and what was expected there: the line and column a person can find in what they
 * pasted. Browsers' own `JSON.parse` messages differ (some give no position at all) and are in English only, so the
 * text is scanned here (RFC 8259's grammar) once the parser has refused it. Callers bound the nesting first
 * (`jsonTextWithinDepth`): the scan recurses once per level.
 */

export type JsonExpectation =
  /** A value (object, list, text in double quotes, number, true, false, null) was expected. */
  | 'value'
  /** A property name in double quotes (or `}` right after `{`). */
  | 'property-name'
  | 'colon'
  /** A comma or the closing `}` of the object. */
  | 'comma-or-brace'
  /** A comma or the closing `]` of the list. */
  | 'comma-or-bracket'
  /** Text in double quotes is not closed before the line or the text ends. */
  | 'closing-quote'
  /** A backslash in text is followed by something JSON does not escape. */
  | 'escape'
  /** A number is malformed (a leading zero, a lone minus, a dot without digits). */
  | 'number'
  /** The value is complete, yet more text follows. */
  | 'end';

export interface JsonSyntaxError {
  /** 1-based, as editors count. */
  line: number;
  column: number;
  expected: JsonExpectation;
  /** The text ended where more was expected. */
  atEnd: boolean;
}

class Stop {
  constructor(readonly at: number, readonly expected: JsonExpectation) {}
}

/** The first place `text` breaks JSON's grammar, or null when it is JSON. */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  let at = 0;
  const fail = (expected: JsonExpectation, where = at): never => {
    throw new Stop(where, expected);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const literal = (word: string) => {
    for (let i = 0; i < word.length; i++) if (text[at + i] !== word[i]) fail('value', at);
    at += word.length;
  };
  const string = () => {
    const start = at;
    at++;
    while (at < text.length) {
      const c = text[at]!;
      if (c === '"') {
        at++;
        return;
      }
      if (c === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail('escape');
          at += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) at += 2;
        else fail('escape');
      } else if (c.charCodeAt(0) < 0x20) fail('closing-quote', start);
      else at++;
    }
    fail('closing-quote', start);
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match) fail('number');
    at += match![0].length;
    if (at < text.length && /[0-9.eE+-]/.test(text[at]!)) fail('number');
  };
  const value = (): void => {
    space();
    const c = text[at];
    if (c === '{') object();
    else if (c === '[') list();
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail('value');
  };
  const object = () => {
    at++;
    space();
    if (text[at] === '}') {
      at++;
      return;
    }
    for (;;) {
      space();
      if (text[at] !== '"') fail('property-name');
      string();
      space();
      if (text[at] !== ':') fail('colon');
      at++;
      value();
      space();
      if (text[at] === ',') at++;
      else if (text[at] === '}') {
        at++;
        return;
      } else fail('comma-or-brace');
    }
  };
  const list = () => {
    at++;
    space();
    if (text[at] === ']') {
      at++;
      return;
    }
    for (;;) {
      value();
      space();
      if (text[at] === ',') at++;
      else if (text[at] === ']') {
        at++;
        return;
      } else fail('comma-or-bracket');
    }
  };
  try {
    value();
    space();
    if (at < text.length) fail('end');
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ...lineAndColumn(text, error.at), expected: error.expected, atEnd: error.at >= text.length };
  }
}

/** The 1-based line and column of an offset (a line ends at `\n`; `\r\n` counts once). */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.replace(/\r$/, '').length + 1 };
}
