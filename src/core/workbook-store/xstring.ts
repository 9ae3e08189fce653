/**
 * Free text in a workbook report part, escaped as Excel escapes its own strings (ECMA-376 Part 1, `ST_Xstring`):
 * a UTF-16 code unit XML 1.0 cannot carry at all, not even as a character reference (C0 controls but tab, LF and
 * CR; U+FFFE, U+FFFF; a lone surrogate), is written `_xHHHH_`, and an underscore that would otherwise begin such
 * a sequence is written `_x005F_`. Every string round-trips exactly, and text without those characters (nearly
 * all of it) is written as it is. Then the XML writer escapes `&`, `<`, `>`, quotes and CR as XML requires.
 */

const SEQUENCE = /_x[0-9A-Fa-f]{4}_/y;
const ESCAPED = /_x([0-9A-Fa-f]{4})_/g;

/** Whether XML 1.0 can carry this code unit alone (surrogates are judged in pairs by the caller). */
const carried = (unit: number) =>
  unit === 0x9 || unit === 0xa || unit === 0xd || (unit >= 0x20 && unit <= 0xd7ff) || (unit >= 0xe000 && unit <= 0xfffd);

const hex = (unit: number) => `_x${unit.toString(16).toUpperCase().padStart(4, '0')}_`;

/** `value` with every character XML cannot carry, and every `_` that begins `_xHHHH_`, escaped. */
export function encodeXstring(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += value[i]! + value[i + 1]!;
        i += 1;
      } else {
        out += hex(unit);
      }
    } else if (unit === 0x5f) {
      SEQUENCE.lastIndex = i;
      out += SEQUENCE.test(value) ? hex(unit) : '_';
    } else {
      out += carried(unit) ? value[i]! : hex(unit);
    }
  }
  return out;
}

/** The text `encodeXstring` was given (any other `_xHHHH_`, as Excel reads it, is the code unit it names). */
export function decodeXstring(value: string): string {
  return value.includes('_x') ? value.replace(ESCAPED, (_, code: string) => String.fromCharCode(parseInt(code, 16))) : value;
}
