/**
 * How Excel (en-US) reads a constant typed into a General cell: numbers (with thousands separators, currency,
 * percent, parentheses for negatives, scientific notation), fractions, dates and times, TRUE/FALSE and error values.
 * Pure helpers for `coercion.ts`.
 *
 * Sources (Microsoft unless said otherwise; "[from memory]" marks a page whose address was not in the stored corpus
 * this was written from, its content known from mirrors or other Microsoft pages):
 * - 15 digits: "Excel has a maximum of 15 digits of precision and will round any numbers that follow the 15th digit
 *   down to zero" (Keeping leading zeros and large numbers,
 *   https://support.microsoft.com/en-us/office/keeping-leading-zeros-and-large-numbers-1bf7b935-36e1-4985-842f-5dfa51f85fe7
 *   [from memory; text read on a mirror]), which also says leading zeros are removed (0042 is 42);
 *   "Floating-point arithmetic may give inaccurate results in Excel"
 *   (https://learn.microsoft.com/en-us/troubleshoot/microsoft-365-apps/excel/floating-point-arithmetic-inaccurate-result):
 *   15 digits of precision.
 * - Fractions: "If no fraction format is applied to a cell, and you type a fraction such as 1/2, it will be formatted
 *   as a date" (Display numbers as fractions,
 *   https://support.microsoft.com/en-us/office/display-numbers-as-fractions-0121ecac-1773-4f2d-8cd3-7db51fd83b77);
 *   typing a zero and a space first (0 1/2) keeps a fraction and makes the cell a Fraction number type (Stop
 *   automatically changing numbers to dates,
 *   https://support.microsoft.com/en-us/office/stop-automatically-changing-numbers-to-dates-452bd2db-cc96-47d1-81e4-72cec11c4ed8 [from memory]).
 * - Percent: typing 12% stores 0.12 with a Percentage format (Format numbers as percentages,
 *   https://support.microsoft.com/en-us/office/format-numbers-as-percentages-de749e0e-7e27-4150-b6d0-c5fa4c9e8353
 *   [from memory]; also a third-party book excerpt on typed % and fractions,
 *   http://jabsto.com/Tutorial/topic-25/Microsoft-Excel-2013-172.html).
 * - Error values a cell can hold: #NULL!, #DIV/0!, #VALUE!, #REF!, #NAME?, #NUM!, #N/A ([MS-ESREST] 2.2.5.1 Error,
 *   https://learn.microsoft.com/en-us/openspecs/sharepoint_protocols/ms-esrest/f77533bd-27fe-4e5e-a023-61f53d116d7b;
 *   ERROR.TYPE, https://support.microsoft.com/en-us/office/error-type-function-10958677-7c8d-44f7-ae77-b9a9ee6eefaa [from memory]).
 * - Largest number that can be typed: 9.99999999999999E+307 (Excel specifications and limits,
 *   https://support.microsoft.com/en-us/office/excel-specifications-and-limits-1672b34d-7043-467e-8e27-269d656771c3
 *   [from memory; the same table is mirrored by https://docs.devexpress.com/VCL/168063]); larger entries stay text.
 * - Leading spaces: ignored before a number, but a date or time with a leading space stays text (J. Walkenbach,
 *   "Data entry quirks", http://spreadsheetpage.com/index.php/oddity/data_entry_quirks, and the "type a space before
 *   the number" advice of "Stop automatically changing numbers to dates" above). Assumed: TRUE/FALSE and error values
 *   after a space stay text too, and trailing spaces are ignored.
 * - Full-width digits and signs (U+FF01-U+FF5E, ideographic space U+3000): read as their ASCII forms. Evidence:
 *   Microsoft's globalization blog says VALUE converts other numeral shapes to numbers
 *   (https://learn.microsoft.com/en-us/archive/blogs/office_global_experience/changing-numeral-shapes-in-excel), and
 *   KB 214327 says typed entries and date functions share one parser. Not verified on en-US Excel; a text cell
 *   keeps the characters as typed either way.
 * - Non-breaking spaces (U+00A0) are not spaces: such text stays text (third-party reports; TRIM does not remove them).
 *
 * Not documented by Microsoft, chosen here: the number format given for thousands separators (`#,##0`, `#,##0.00`),
 * currency (`$#,##0`, `$#,##0.00`), percent (`0%`, `0.00%`), scientific (`0.00E+00`) and fractions (`# ?/?`,
 * `# ??/??`, `# ???/???` by the denominator's digits; longer denominators stay text). Parentheses mark a negative
 * number ((12) is -12) and keep General.
 */
import { recognizeDateTime, type YearMonthDay } from './typed-dates';

export interface Typed {
  value: number | boolean | string;
  numberFormat?: string;
  error?: boolean;
}

export const ERROR_VALUES = ['#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#N/A'] as const;
const LARGEST_TYPED = 9.99999999999999e307;

/** Full-width ASCII forms and the ideographic space as ASCII (see the header). */
export function narrow(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

/**
 * A decimal written as integer digits, fraction digits and a power of ten, cut to 15 significant digits the way
 * Excel cuts typed numbers (digits after the 15th become zeros). Null past Excel's largest number.
 */
export function decimalValue(intDigits: string, fracDigits: string, exponent: number): number | null {
  const all = intDigits + fracDigits;
  const significant = all.replace(/^0+/, '');
  if (significant === '') return 0;
  const point = intDigits.length - (all.length - significant.length) + exponent;
  const value = Number(`0.${significant.slice(0, 15)}e${point}`);
  return Math.abs(value) <= LARGEST_TYPED ? value : null;
}

/** A number computed by JavaScript (a fraction's quotient, an API double) kept to 15 significant digits. */
export function fifteenDigits(value: number): number {
  if (value === 0) return 0; // also turns -0 into 0
  return Number(value.toPrecision(15));
}

const NUMBER = /^(\()?([+-])?(\$)?([+-])?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?(?:[eE]([+-]?\d+))?(%)?(\))?$/;

function recognizeNumber(text: string): Typed | null {
  const m = NUMBER.exec(text);
  if (!m) return null;
  const [, open, sign1, currency, sign2, intPart = '', frac, exp, percent, close] = m;
  if (!intPart && !frac) return null; // no digits at all
  if (Boolean(open) !== Boolean(close) || (sign1 && sign2) || ((sign1 || sign2) && open)) return null;
  if ((currency && percent) || (exp !== undefined && (currency || percent || intPart.includes(',')))) return null;
  const negative = sign1 === '-' || sign2 === '-' || Boolean(open);
  const magnitude = decimalValue(intPart.replace(/,/g, ''), frac ?? '', Number(exp ?? 0) - (percent ? 2 : 0));
  if (magnitude === null) return null;
  const value = negative && magnitude !== 0 ? -magnitude : magnitude;
  const decimals = (frac ?? '') !== '';
  let numberFormat: string | undefined;
  if (currency) numberFormat = decimals ? '$#,##0.00' : '$#,##0';
  else if (percent) numberFormat = decimals ? '0.00%' : '0%';
  else if (exp !== undefined) numberFormat = '0.00E+00';
  else if (intPart.includes(',')) numberFormat = decimals ? '#,##0.00' : '#,##0';
  return numberFormat ? { value, numberFormat } : { value };
}

/** `1 1/2`, `0 3/4`, `-2 5/16`: a whole number, a space, then a fraction. */
function recognizeFraction(text: string): Typed | null {
  const m = /^([+-])?(\d+) +(\d+)\/(\d{1,3})$/.exec(text);
  if (!m) return null;
  const denominator = Number(m[4]);
  if (denominator === 0) return null;
  const magnitude = fifteenDigits(Number(m[2]) + Number(m[3]) / denominator);
  const width = '?'.repeat(m[4]!.length);
  return { value: m[1] === '-' && magnitude !== 0 ? -magnitude : magnitude, numberFormat: `# ${width}/${width}` };
}

/**
 * What a constant typed into a General cell becomes, or null when it stays text. `text` is what was typed, without
 * a leading apostrophe and not a formula.
 */
export function recognizeTyped(text: string, today: YearMonthDay): Typed | null {
  const narrowed = narrow(text);
  const trimmedEnd = narrowed.replace(/ +$/, '');
  const upper = trimmedEnd.toUpperCase();
  const error = ERROR_VALUES.find((e) => e === upper);
  if (error) return { value: error, error: true };
  if (upper === 'TRUE' || upper === 'FALSE') return { value: upper === 'TRUE' };
  const trimmed = trimmedEnd.replace(/^ +/, '');
  const number = recognizeNumber(trimmed) ?? recognizeFraction(trimmed);
  if (number) return number;
  if (trimmedEnd !== trimmed) return null; // a leading space keeps dates and times as text
  return recognizeDateTime(trimmed, today);
}
