import type { DisplayScale, Granularity, MemberFormat } from '../contract';

/**
 * Excel number formats for the model's formats. Sources: Cube's format reference
 * (https://cube.dev/docs/reference/data-modeling/measures#format: named formats `number`, `percent`,
 * `currency`, `abbr`, `accounting` with an optional `_0`…`_6` precision, and d3-format specifiers; its schema
 * compiler resolves `number` to `,.2f`, `percent` to `.2%`, `currency` to `$,.2f`, `id` to `.0f`), d3-format
 * (https://d3js.org/d3-format#locale_format), d3-time-format (https://d3js.org/d3-time-format#locale_format),
 * and Microsoft's "Number format codes" (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68)
 * with "Review guidelines for customizing a number format"
 * (https://support.microsoft.com/en-us/office/review-guidelines-for-customizing-a-number-format-c0a1d1fa-d3f4-4018-96b7-9c9354dd99f5).
 * Excel's `%` multiplies by 100 as d3's does: Cube's percent values are ratios (its docs format
 * `1.0 * completed / count` with `percent_1` as "12.5%").
 */

/** A number format in parts, so a display scale can be put on top of it. */
interface Pattern {
  kind: 'number' | 'percent' | 'scientific';
  /** Text before the digits, already as Excel needs it (a currency symbol). */
  prefix: string;
  grouping: boolean;
  /** Minimum digits before the point (zero padding). */
  integers: number;
  decimals: number;
  /** d3's `~`: decimals only where significant (Excel's `#`; Excel then keeps a bare point on whole numbers). */
  optional: boolean;
  /** d3's sign: `-` minus only; `+` plus for zero and positive; `(` parentheses for negative; ` ` space for zero and positive. */
  sign: string;
  /** Thousands scaling commas and the unit, from a display scale. */
  suffix: string;
}

const GENERAL = 'General';
const number = (decimals: number, more: Partial<Pattern> = {}): Pattern => ({
  kind: 'number', prefix: '', grouping: true, integers: 1, decimals, optional: false, sign: '-', suffix: '', ...more,
});

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
/** `$` needs no quotes in a format; other symbols and codes are quoted text. */
function currencyPrefix(code: string): string {
  const symbol = SYMBOLS[code.toUpperCase()];
  if (symbol === '$') return '$';
  return symbol ? `"${symbol}"` : `"${code.toUpperCase()} "`;
}

function integerPart(integers: number, grouping: boolean): string {
  if (!grouping) return '0'.repeat(integers);
  // A comma between digit placeholders turns grouping on wherever it stands.
  const digits = '#'.repeat(Math.max(0, 4 - integers)) + '0'.repeat(integers);
  return `${digits[0]},${digits.slice(1)}`;
}

function render(p: Pattern): string {
  const fraction = p.decimals ? `.${(p.optional ? '#' : '0').repeat(p.decimals)}` : '';
  const unit = p.kind === 'percent' ? '%' : p.kind === 'scientific' ? 'E+00' : '';
  const body = p.prefix + integerPart(p.integers, p.grouping && p.kind !== 'scientific') + fraction + unit + p.suffix;
  // Two sections: the first for zero and positive, the second for negative, which shows no minus of its own.
  switch (p.sign) {
    case '+': return `+${body};-${body}`;
    case '(': return `${body};(${body})`;
    case ' ': return ` ${body};-${body}`;
    default: return body;
  }
}

const NAMED = /^(number|decimal|percent|currency|abbr|accounting)(?:_([0-6]))?$/;

/** Cube's named formats, as its schema compiler resolves them; `null` for a name Cube does not define. */
function named(name: string, currency: string | undefined): Pattern | typeof GENERAL | null {
  if (name === 'id') return number(0, { grouping: false });
  if (name === 'imageUrl' || name === 'link') return GENERAL;
  const match = NAMED.exec(name);
  if (!match) return null;
  const [, kind, precision] = match;
  const decimals = precision === undefined ? 2 : Number(precision);
  switch (kind) {
    case 'percent': return number(decimals, { kind: 'percent', grouping: false });
    // Without a currency code the symbol is unknown: none rather than a guessed `$`. The yen has no minor unit.
    case 'currency': {
      const yen = currency?.toUpperCase() === 'JPY' && precision === undefined;
      return number(yen ? 0 : decimals, { prefix: currency ? currencyPrefix(currency) : '' });
    }
    case 'accounting': return number(decimals, { sign: '(' });
    // SI prefixes (k, M, G) depend on each value's size: no Excel code picks them.
    case 'abbr': return GENERAL;
    default: return number(decimals);
  }
}

const SPECIFIER = /^(?:(.)?([<>=^]))?([-+( ])?([$#])?(0)?(\d+)?(,)?(?:\.(\d+))?(~)?([bcdefgnoprsxX%])?$/;

/**
 * A d3-format specifier. Fill, alignment and width are layout Excel leaves to the column, except zero padding.
 * Types that round to significant digits (none, `g`, `r`, `n`), SI prefixes (`s`) and other radixes (`b`, `o`,
 * `x`, `X`, `c`) have no Excel code: General.
 */
function d3Pattern(specifier: string, currency: string | undefined): Pattern | typeof GENERAL {
  const match = SPECIFIER.exec(specifier);
  if (!match) return GENERAL;
  const [, , , sign = '-', symbol, zero, width, comma, precision, trim, type = ''] = match;
  const given = precision === undefined ? undefined : Number(precision);
  let pattern: Pattern;
  switch (type) {
    case 'f': pattern = number(given ?? 6); break;
    case 'd': pattern = number(0); break;
    case '%': pattern = number(given ?? 6, { kind: 'percent' }); break;
    // Significant digits of a percentage: two of them are usually before the point.
    case 'p': pattern = number(Math.max(0, (given ?? 6) - 2), { kind: 'percent' }); break;
    // d3's `e` precision is the digits after the point, like Excel's `0.00E+00`.
    case 'e': pattern = number(given ?? 6, { kind: 'scientific' }); break;
    default: return GENERAL;
  }
  pattern.grouping = comma === ',';
  pattern.optional = trim === '~';
  pattern.sign = sign;
  if (symbol === '$') pattern.prefix = currency ? currencyPrefix(currency) : '$';
  if (zero && width) {
    const shown = (pattern.decimals ? pattern.decimals + 1 : 0) + (pattern.kind === 'percent' ? 1 : 0) + (symbol === '$' ? 1 : 0);
    pattern.integers = Math.max(1, Number(width) - shown);
  }
  return pattern;
}

function resolve(format: MemberFormat | undefined, currency: string | undefined): Pattern | typeof GENERAL {
  if (typeof format === 'string') return named(format, currency) ?? GENERAL;
  if (format?.type !== 'custom-numeric' || typeof format.value !== 'string') return GENERAL;
  // Newer Cube sends a named format resolved, with its name as `alias`; older Cube sends the name as the value.
  const alias = typeof format.alias === 'string' ? named(format.alias, currency) : null;
  return alias ?? named(format.value, currency) ?? d3Pattern(format.value, currency);
}

const SCALES: Partial<Record<DisplayScale, string>> = { thousands: ',"K"', millions: ',,"M"', billions: ',,,"B"' };

/**
 * The Excel number format for a numeric member's model format (and ISO 4217 `currency`), with the report's
 * display scale on top for measures: thousands, millions and billions through scaling commas (the cell keeps
 * the exact value), one decimal, the currency symbol and sign kept; `absolute` is plain General. Percentages
 * and exponents keep their format at every scale. Links, images and unknown formats are General.
 */
export function numberFormat(format: MemberFormat | undefined, options: { currency?: string; scale?: DisplayScale } = {}): string {
  const pattern = resolve(format, options.currency);
  if (pattern !== GENERAL && pattern.kind !== 'number') return render(pattern);
  const scale = options.scale ?? 'model';
  if (scale === 'absolute') return GENERAL;
  const suffix = SCALES[scale];
  if (!suffix) return pattern === GENERAL ? GENERAL : render(pattern);
  return render(pattern === GENERAL ? number(1, { suffix }) : { ...pattern, grouping: true, integers: 1, decimals: 1, optional: false, suffix });
}

type TimeKind = 'hour' | 'hour12' | 'minute' | 'second' | 'month' | 'fraction' | 'other';
interface TimeCode { code: string; kind: TimeKind }

/** d3-time-format directives Excel can show: [zero-padded code, unpadded code, kind]. */
const DIRECTIVES: Record<string, [string, string, TimeKind]> = {
  Y: ['yyyy', 'yyyy', 'other'], y: ['yy', 'yy', 'other'], m: ['mm', 'm', 'month'], d: ['dd', 'd', 'other'], e: ['dd', 'd', 'other'],
  b: ['mmm', 'mmm', 'other'], B: ['mmmm', 'mmmm', 'other'], a: ['ddd', 'ddd', 'other'], A: ['dddd', 'dddd', 'other'],
  H: ['hh', 'h', 'hour'], I: ['hh', 'h', 'hour12'], M: ['mm', 'm', 'minute'], S: ['ss', 's', 'second'], p: ['AM/PM', 'AM/PM', 'other'],
};

/** Characters Excel shows as themselves in a format; anything else is quoted so it cannot be read as a code. */
const PLAIN = new Set([...'$-+/():!^&\'~{}<>= .,']);
function literal(text: string): string {
  let out = '';
  let quoted = '';
  const flush = () => {
    if (quoted) out += `"${quoted}"`;
    quoted = '';
  };
  for (const char of text) {
    if (PLAIN.has(char)) {
      flush();
      out += char;
    } else if (char === '"') {
      flush();
      out += '\\"';
    } else {
      quoted += char;
    }
  }
  flush();
  return out;
}

/**
 * A d3-time-format (strftime) pattern as an Excel date format, or null when Excel has no code for part of it
 * (%q quarter, %j day of year, %U/%W/%V weeks, %Z zone, epoch seconds, locale forms). Padding flags: `%-d` and
 * `%_d` unpadded, `%0e` padded; %e is space-padded, which Excel cannot do: unpadded. Excel reads `m`/`mm` as
 * minutes only right after an hour code or right before a seconds code, and as the month anywhere else: a minute
 * elsewhere, or a month there, cannot be written. Excel's `h` is a 12-hour clock only with AM/PM, so %I adds one
 * when the pattern has no %p. Milliseconds (%L) only as `ss.000`.
 */
export function excelTimeFormat(pattern: string): string | null {
  const parts: (TimeCode | string)[] = [];
  // Literal text joins the text before it, so each run is quoted once.
  const text = (char: string) => {
    const last = parts.at(-1);
    if (typeof last === 'string') parts[parts.length - 1] = last + char;
    else parts.push(char);
  };
  for (let i = 0; i < pattern.length; i += 1) {
    if (pattern[i] !== '%') {
      text(pattern[i]!);
      continue;
    }
    const flag = '-_0'.includes(pattern[i + 1] ?? '%') ? pattern[(i += 1)] : undefined;
    const letter = pattern[(i += 1)] ?? '';
    if (letter === '%') {
      text('%');
      continue;
    }
    if (letter === 'L') {
      const [before, dot] = parts.slice(-2);
      if (dot !== '.' || typeof before !== 'object' || before.kind !== 'second') return null;
      parts.push({ code: '000', kind: 'fraction' });
      continue;
    }
    const directive = DIRECTIVES[letter];
    if (!directive) return null;
    const padded = flag ? flag === '0' : letter !== 'e';
    parts.push({ code: padded ? directive[0] : directive[1], kind: directive[2] });
  }
  const codes = parts.filter((part): part is TimeCode => typeof part === 'object');
  for (const [i, { kind }] of codes.entries()) {
    const readAsMinutes = ['hour', 'hour12'].includes(codes[i - 1]?.kind ?? '') || codes[i + 1]?.kind === 'second';
    if ((kind === 'minute' && !readAsMinutes) || (kind === 'month' && readAsMinutes)) return null;
  }
  if (!codes.length) return null;
  const ampm = codes.some((part) => part.kind === 'hour12') && !codes.some((part) => part.code === 'AM/PM') ? ' AM/PM' : '';
  return parts.map((part) => (typeof part === 'string' ? literal(part) : part.code)).join('') + ampm;
}

/** A date format that shows a time bucket for what it is, unless the model's custom time format can be shown. */
export function timeFormat(granularity: Granularity | undefined, format?: MemberFormat): string {
  const custom = typeof format === 'object' && format.type === 'custom-time' && typeof format.value === 'string' ? excelTimeFormat(format.value) : null;
  if (custom) return custom;
  switch (granularity) {
    case 'year': return 'yyyy';
    case 'quarter':
    case 'month': return 'mmm yyyy';
    case 'week':
    case 'day': return 'yyyy-mm-dd';
    case 'hour':
    case 'minute': return 'yyyy-mm-dd hh:mm';
    case 'second':
    case undefined: return 'yyyy-mm-dd hh:mm:ss';
  }
}
