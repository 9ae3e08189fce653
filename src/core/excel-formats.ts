import type { DisplayScale, MemberFormat } from '../contract';

/**
 * Excel number formats for the model's formats. Sources: Cube's format reference
 * (https://cube.dev/docs/reference/data-modeling/measures#format: named formats `number`, `percent`,
 * `currency`, `abbr`, `accounting` with an optional `_0`…`_6` precision, and d3-format specifiers; its schema
 * compiler resolves `number` to `,.2f`, `percent` to `.2%`, `currency` to `$,.2f`, `id` to `.0f`), d3-format
 * (https://d3js.org/d3-format#locale_format), and Microsoft's "Number format codes" (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68)
 * with "Review guidelines for customizing a number format"
 * (https://support.microsoft.com/en-us/office/review-guidelines-for-customizing-a-number-format-c0a1d1fa-d3f4-4018-96b7-9c9354dd99f5).
 * Excel's `%` multiplies by 100 as d3's does: Cube's percent values are ratios (its docs format
 * `1.0 * completed / count` with `percent_1` as "12.5%").
 */

/** A number format in parts, so a display scale can be put on top of it. */
interface Pattern {
  /** `general`: Excel's General, for what no Excel code can show (significant digits, SI prefixes, other radixes). */
  kind: 'number' | 'percent' | 'scientific' | 'general';
  /** Text before the digits, already as Excel needs it (a currency symbol). */
  prefix: string;
  grouping: boolean;
  /** Minimum digits before the point (zero padding). */
  integers: number;
  decimals: number;
  /**
   * d3's `~`: decimals only where significant. Excel's `#` decimals would leave a bare point on whole numbers
   * ("12."), so the first decimal stays a `0` ("12.0", "1.5", "1.25" for `.2~f`).
   */
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
const general = (more: Partial<Pattern> = {}): Pattern => number(0, { kind: 'general', grouping: false, ...more });

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

function digits(p: Pattern): string {
  if (p.kind === 'general') return GENERAL;
  const fraction = !p.decimals ? '' : p.optional ? `.0${'#'.repeat(p.decimals - 1)}` : `.${'0'.repeat(p.decimals)}`;
  const unit = p.kind === 'percent' ? '%' : p.kind === 'scientific' ? 'E+00' : '';
  return integerPart(p.integers, p.grouping && p.kind !== 'scientific') + fraction + unit;
}

function render(p: Pattern): string {
  const body = p.prefix + digits(p) + p.suffix;
  // Two sections: the first for zero and positive, the second for negative, which shows no minus of its own.
  switch (p.sign) {
    case '+': return `+${body};-${body}`;
    case '(': return `${body};(${body})`;
    case ' ': return ` ${body};-${body}`;
    // General with a symbol before it: its own negative section puts the minus before the symbol, as a number's does.
    default: return p.kind === 'general' && p.prefix ? `${body};-${body}` : body;
  }
}

const NAMED = /^(number|decimal|percent|currency|abbr|accounting)(?:_([0-6]))?$/;

/** Cube's named formats, as its schema compiler resolves them; `null` for a name Cube does not define. */
function named(name: string, currency: string | undefined): Pattern | null {
  if (name === 'id') return number(0, { grouping: false });
  if (name === 'imageUrl' || name === 'link') return general();
  const match = NAMED.exec(name);
  if (!match) return null;
  const [, kind, precision] = match;
  const decimals = precision === undefined ? 2 : Number(precision);
  switch (kind) {
    case 'percent': return number(decimals, { kind: 'percent', grouping: false });
    // The member's currency code (Cube sends it uppercase, ISO 4217, beside the format); without one Cube's own
    // `$,.2f` and its client's default, USD. The yen has no minor unit.
    case 'currency': {
      const yen = currency?.toUpperCase() === 'JPY' && precision === undefined;
      return number(yen ? 0 : decimals, { prefix: currencyPrefix(currency ?? 'USD') });
    }
    case 'accounting': return number(decimals, { sign: '(' });
    // SI prefixes (k, M, G) depend on each value's size: no Excel code picks them.
    case 'abbr': return general();
    default: return number(decimals);
  }
}

const SPECIFIER = /^(?:(.)?([<>=^]))?([-+( ])?([$#])?(0)?(\d+)?(,)?(?:\.(\d+))?(~)?([bcdefgnoprsxX%])?$/;

/**
 * A d3-format specifier. Fill, alignment and width are layout Excel leaves to the column, except zero padding.
 * Types that round to significant digits (none, `g`, `r`, `n`), SI prefixes (`s`) and other radixes (`b`, `o`,
 * `x`, `X`, `c`) have no Excel code: General, which shows the value itself, with the sign and currency symbol
 * kept. An unreadable specifier is plain General.
 */
function d3Pattern(specifier: string, currency: string | undefined): Pattern {
  const match = SPECIFIER.exec(specifier);
  if (!match) return general();
  const [, , , sign = '-', symbol, zero, width, comma, precision, trim, type = ''] = match;
  const given = precision === undefined ? undefined : Number(precision);
  const prefix = symbol === '$' ? currencyPrefix(currency ?? 'USD') : '';
  let pattern: Pattern;
  switch (type) {
    case 'f': pattern = number(given ?? 6); break;
    case 'd': pattern = number(0); break;
    case '%': pattern = number(given ?? 6, { kind: 'percent' }); break;
    // Significant digits of a percentage: two of them are usually before the point.
    case 'p': pattern = number(Math.max(0, (given ?? 6) - 2), { kind: 'percent' }); break;
    // d3's `e` precision is the digits after the point, like Excel's `0.00E+00`.
    case 'e': pattern = number(given ?? 6, { kind: 'scientific' }); break;
    default: return general({ sign, prefix });
  }
  pattern.grouping = comma === ',';
  pattern.optional = trim === '~';
  pattern.sign = sign;
  pattern.prefix = prefix;
  if (zero && width) {
    const shown = (pattern.decimals ? pattern.decimals + 1 : 0) + (pattern.kind === 'percent' ? 1 : 0) + (symbol === '$' ? 1 : 0);
    pattern.integers = Math.max(1, Number(width) - shown);
  }
  return pattern;
}

/** The model's format in parts; null when the member has none. */
function resolve(format: MemberFormat | undefined, currency: string | undefined): Pattern | null {
  if (format === undefined) return null;
  if (typeof format === 'string') return named(format, currency) ?? general();
  if (format.type !== 'custom-numeric' || typeof format.value !== 'string') return general();
  // Newer Cube sends a named format resolved, with its name as `alias`; older Cube sends the name as the value.
  const alias = typeof format.alias === 'string' ? named(format.alias, currency) : null;
  return alias ?? named(format.value, currency) ?? d3Pattern(format.value, currency);
}

const SCALES: Partial<Record<DisplayScale, string>> = { thousands: ',"K"', millions: ',,"M"', billions: ',,,"B"' };

/**
 * The Excel number format for a numeric member's model format (and ISO 4217 `currency`), with the report's
 * display scale on top for measures: thousands, millions and billions through scaling commas (the cell keeps
 * the exact value), one decimal, the currency symbol and sign kept; `absolute` is plain General. Percentages
 * and exponents keep their format at every scale. Links, images and unknown formats are General. Without a
 * model format, whole numbers (`integers`: counts, which Cube's load annotation types only as `number`) are
 * grouped as `#,##0` like the model's `number` formats; other numbers stay General, which shows their digits.
 */
export function numberFormat(format: MemberFormat | undefined, options: { currency?: string; scale?: DisplayScale; integers?: boolean } = {}): string {
  const pattern = resolve(format, options.currency) ?? (options.integers ? number(0) : general());
  if (pattern.kind === 'percent' || pattern.kind === 'scientific') return render(pattern);
  const scale = options.scale ?? 'model';
  if (scale === 'absolute') return GENERAL;
  const suffix = SCALES[scale];
  if (!suffix) return render(pattern);
  return render({ ...pattern, kind: 'number', grouping: true, integers: 1, decimals: 1, optional: false, suffix });
}
