import type { CubeCellValue, MemberType } from '../contract';

/** A value as it goes into (and comes back from) a cell: `''` is an empty cell. */
export type CellValue = string | number | boolean;

export const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const CUBE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** An Excel date serial (days since 1899-12-30) for a Cube time `YYYY-MM-DDTHH:mm:ss.SSS` (wall clock, no zone). */
export function excelSerial(time: string): number | null {
  const m = CUBE_TIME.exec(time);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  return (utc - EXCEL_EPOCH_MS) / 86_400_000;
}

/** Excel keeps 15 significant digits; rounding to them first makes what is read back equal what was written. */
export function toExcelPrecision(value: number): number {
  return Number(value.toPrecision(15));
}

const INTEGER = /^[-+]?\d+$/;
export const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A quick check that `Number()` will read the text as a plain decimal: it starts with a digit, sign or point,
 * and holds no hex/binary/octal prefix, spaces or words ("Infinity"). Rare shapes fall back to the pattern.
 */
function looksDecimal(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  if (!((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46)) return false;
  let points = first === 46 ? 1 : 0;
  for (let i = 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 46) points += 1;
    // Digits and one '.' are the common case; anything else (an exponent, say) goes through the full pattern.
    else if (code < 48 || code > 57) return DECIMAL.test(text);
  }
  return points <= 1;
}

/**
 * A Cube value as a cell value: numbers (sent as strings) become numbers unless they are integers too large
 * to hold exactly, which stay text; times become date serials; booleans booleans; null an empty cell.
 * Anything that does not parse as its declared type is kept as the text it was.
 */
export function cellValueOf(value: CubeCellValue, type: MemberType): CellValue {
  if (value === null) return '';
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? toExcelPrecision(value) : String(value);
      if (typeof value === 'boolean') return value;
      if (!looksDecimal(value)) return value;
      const number = Number(value);
      if (!Number.isFinite(number)) return value;
      if (!Number.isSafeInteger(number) && INTEGER.test(value)) return value;
      // Up to 15 characters cannot carry more than Excel's 15 significant digits: no rounding needed.
      return value.length <= 15 ? number : toExcelPrecision(number);
    }
    case 'time': {
      if (typeof value !== 'string') return String(value);
      return excelSerial(value) ?? value;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return String(value);
    case 'string':
      return String(value);
  }
}

/**
 * Characters that start a formula when typed: `=`, `+`, `-`, `@`, their full-width forms (`＝ ＋ － ＠`) and the
 * small forms (`﹦ ﹢ ﹣`), which East Asian input methods produce and Excel reads as formula starters too; the
 * apostrophe (Excel would take it as the hidden prefix and drop it); and the tab and line breaks CSV injection uses.
 */
const FORMULA_START = /^[=+\-@'\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63]/;
/**
 * Every error value a cell can hold; typed, each becomes that error (case does not matter). The list: Excel's
 * error values (https://support.microsoft.com/en-us/office/how-to-correct-a-name-error-b6d54e31-a743-4d7d-9b61-40002a7b4286
 * and the pages it links for each error), including the dynamic-array and data-type ones.
 */
const ERROR_LITERAL = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|GETTING_DATA|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|EXTERNAL!|PYTHON!)$/i;
const CURRENCY = '[$\u20AC\u00A3\u00A5\u20B9\u20A9\u20BD\u00A2\u20BA\u20AA\u20AB\u0E3F\u20B1\u20A6]';
/**
 * A number as Excel reads typed text, in any common locale: digits with `,` `.` or space as separators, a
 * sign before or after (`12-` is -12), parentheses for negatives, a currency symbol before or after and a
 * percent sign, each with or without spaces, scientific notation. Deliberately wider than en-US Excel: a
 * text written with the prefix when it did not need it still reads back as the same text.
 */
const NUMBER = new RegExp(
  // Each `\s*` follows a token it cannot match, so a long run of spaces cannot make the pattern backtrack.
  `^\\(?\\s*(?:[-+]\\s*)?(?:${CURRENCY}\\s*)?(?:[-+]\\s*)?(?:\\d(?:[,. ]?\\d)*[.,]?|[.,]\\d+)(?:e[-+]?\\d+)?(?:\\s*(?:${CURRENCY}|%))?(?:\\s*-)?\\s*\\)?$`,
  'i',
);
/** `1/2` (a date in en-US), `1 1/2` and `0 3/4` (mixed fractions), `-2 5/16`. */
const FRACTION = /^[-+]?(?:\d+\s+)?\d+\s*\/\s*\d+$/;
const MONTH = '(?:jan(?:uary|uar)?|j\u00E4n(?:ner)?|feb(?:ruary|ruar)?|m\u00E4r(?:z)?|mar(?:ch)?|apr(?:il)?|ma[iy]|june?|juni|july?|juli|aug(?:ust)?|sep(?:t(?:ember)?)?|o[ck]t(?:ober)?|nov(?:ember)?|de[cz](?:ember)?)\\.?';
const WEEKDAY = '(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|urday)?\\.?,?\\s+)?';
const TIME = '(?:\\d{1,5}:\\d{1,2}(?::\\d{1,2}(?:[.,]\\d+)?)?(?:\\s*[ap]\\.?m?\\.?)?|\\d{1,2}\\s*[ap]\\.?m?\\.?)';
const ZONE = '(?:\\s*(?:z|[-+]\\d{2}:?\\d{2}))?';
const DATE = [
  '\\d{1,4}[-/.]\\d{1,4}(?:[-/.]\\d{1,4})?\\.?',
  `\\d{1,2}\\.?[-/ .]*${MONTH}(?:[-/ .,]+\\d{1,4})?`,
  `${MONTH}[-/ .]*\\d{1,4}(?:(?:,\\s*|[-/ .]+)\\d{1,4})?`,
  '\\d{1,4}\\s*[\\u5E74\\uB144]\\s*\\d{1,2}\\s*[\\u6708\\uC6D4](?:\\s*\\d{1,2}\\s*[\\u65E5\\uC77C])?',
  '\\d{1,2}\\s*[\\u6708\\uC6D4]\\s*\\d{1,2}\\s*[\\u65E5\\uC77C]',
].join('|');
/** A date (numeric, with a month name, or East Asian), a time, or both: `Jan 2024`, `5-Mar`, `10:30:15`, `2024-01-02T10:30`. */
const DATE_TIME = new RegExp(`^(?:${WEEKDAY}(?:${DATE})(?:(?:\\s+|t|,\\s*)${TIME}${ZONE})?|${TIME})$`, 'i');
const BOOLEAN = /^(?:true|false|wahr|falsch)$/i;

/** Full-width ASCII forms and the ideographic space as ASCII: Excel reads full-width digits and signs as numbers. */
function narrow(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/**
 * Text that Excel would not keep as the same text if written as is: formula starters (also after leading
 * spaces, and in their full-width forms), the hidden-text apostrophe, control characters CSV injection uses,
 * error literals (`#N/A`), and text Excel would read as a number, fraction, date, time, percent, currency or
 * boolean (`0042`, ` 42 `, `$ 12`, `12 %`, `1 1/2`, `Jan 2024`, `5-Mar`, `10:30:15`, `TRUE`). Such text is
 * written with a leading apostrophe, which Excel keeps as a hidden prefix: the cell shows and returns exactly
 * the original text ("Format numbers as text",
 * https://support.microsoft.com/en-us/office/format-numbers-as-text-583160db-ab58-4f5b-9c3d-30f9b5bcc3f1).
 * Erring towards the prefix is safe: text that did not need it reads back unchanged all the same.
 */
export function needsTextPrefix(text: string): boolean {
  if (text === '') return false;
  if (FORMULA_START.test(text)) return true;
  const trimmed = narrow(text).trim();
  if (trimmed === '') return false;
  if (FORMULA_START.test(trimmed)) return true;
  return ERROR_LITERAL.test(trimmed) || BOOLEAN.test(trimmed) || NUMBER.test(trimmed) || FRACTION.test(trimmed) || DATE_TIME.test(trimmed);
}

/** What to put in `Range.values` for a cell value: strings that need it get the text prefix. */
export function cellInput(value: CellValue): CellValue {
  return typeof value === 'string' && needsTextPrefix(value) ? `'${value}` : value;
}
