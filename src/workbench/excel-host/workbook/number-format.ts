/**
 * Excel's number format codes, enough to show cells as Excel does: up to four sections (positive; negative;
 * zero; text) with [Color] and [>=n] conditions, `0 # ?` digit placeholders, thousands separators and scaling
 * commas, `%`, scientific `E+`, fractions `# ?/?`, `[$€-x]` currency, quoted and escaped literals, `_x` and `*x`,
 * text `@`, dates and times (`yyyy mmm dddd h:mm:ss AM/PM [h]`) from serials, and General as Excel shows it in a
 * standard-width column (11 characters: rounded decimals, then scientific). Sources: Microsoft's "Number format
 * codes" (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68)
 * and "Review guidelines for customizing a number format"
 * (https://support.microsoft.com/en-us/office/review-guidelines-for-customizing-a-number-format-c0a1d1fa-d3f4-4018-96b7-9c9354dd99f5).
 * Used for `Range.text` and the workbench grid.
 */

export interface FormattedValue {
  text: string;
  /** A `[Red]`-style colour of the section that formatted the value, as `#RRGGBB`. */
  color?: string;
}

type Token = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

interface Section {
  tokens: Token[];
  color?: string;
  condition?: (value: number) => boolean;
  kind: 'date' | 'text' | 'general' | 'number';
}

const COLORS: Record<string, string> = {
  black: '#000000', white: '#FFFFFF', red: '#FF0000', green: '#00FF00', blue: '#0000FF', yellow: '#FFFF00', magenta: '#FF00FF', cyan: '#00FFFF',
};
const PALETTE = Object.values(COLORS);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Serial 1 is 1900-01-01; Excel keeps Lotus's 1900-02-29 (serial 60), so later serials count from 1899-12-30. */
const EPOCH = Date.UTC(1899, 11, 30);
const MAX_SERIAL = 2_958_466; // 10000-01-01

export function formatCellValue(value: string | number | boolean, format = 'General'): string {
  return formatValue(value, format).text;
}

/** The text Excel shows for a value under a number format, with the format's colour if it has one. */
export function formatValue(value: string | number | boolean, format = 'General', width = 11): FormattedValue {
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  const sections = parseFormat(format || 'General');
  if (typeof value === 'string') {
    const section = sections.length >= 4 ? sections[3] : sections.length === 1 && sections[0]!.kind === 'text' ? sections[0] : undefined;
    if (!section) return { text: value };
    return { text: section.tokens.map((t) => (t.kind === 'code' && t.text === '@' ? value : t.kind === 'literal' ? t.text : '')).join(''), color: section.color };
  }
  if (!Number.isFinite(value)) return { text: '#NUM!' };
  const [section, signed] = pick(sections, value);
  const shown = signed ? value : Math.abs(value);
  let text: string;
  switch (section.kind) {
    case 'general': text = section.tokens.map((t) => (t.kind === 'literal' ? t.text : t.text === 'General' ? general(shown, width) : '')).join(''); break;
    case 'text': text = general(value, width); break;
    case 'date': text = formatDate(shown, section.tokens); break;
    default: text = formatNumber(shown, section.tokens);
  }
  return { text, color: section.color };
}

/** What a format's first section shows a number as: how Excel's formula bar writes the number for editing. */
export function formatCategory(format = 'General'): 'general' | 'number' | 'percent' | 'date' | 'time' | 'datetime' | 'text' {
  const section = parseFormat(format || 'General')[0]!;
  const codes = section.tokens.filter((t) => t.kind === 'code').map((t) => t.text);
  if (section.kind === 'date') {
    const time = codes.some((c) => /^[hs[]|^a/i.test(c));
    const date = codes.some((c) => /^[yde]/.test(c) || (/^m/.test(c) && !time) || /^mmm/.test(c));
    return date && time ? 'datetime' : date ? 'date' : 'time';
  }
  if (section.kind === 'number') return codes.includes('%') ? 'percent' : 'number';
  return section.kind;
}

/** The section for a number, and whether it shows the minus itself (a negative section shows none). */
function pick(sections: Section[], value: number): [Section, boolean] {
  // With conditions, the first section whose condition holds, else the first one without a condition.
  if (sections.some((s) => s.condition)) {
    const numeric = sections.slice(0, 3);
    return [numeric.find((s) => s.condition?.(value)) ?? numeric.find((s) => !s.condition) ?? sections[0]!, true];
  }
  if (sections.length === 1 || (value > 0 || (value === 0 && sections.length === 2))) return [sections[0]!, true];
  if (value < 0) return [sections[1]!, false];
  return [sections[2] ?? sections[0]!, true];
}

const cache = new Map<string, Section[]>();
function parseFormat(format: string): Section[] {
  let sections = cache.get(format);
  if (!sections) {
    sections = splitSections(format).map(parseSection);
    if (cache.size > 500) cache.clear();
    cache.set(format, sections);
  }
  return sections;
}

function splitSections(format: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === ';') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
    const close = ch === '"' ? '"' : ch === '[' ? ']' : undefined;
    if (close) {
      const end = format.indexOf(close, i + 1);
      const stop = end < 0 ? format.length - 1 : end;
      current += format.slice(i + 1, stop + 1);
      i = stop;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      current += format[i + 1] ?? '';
      i++;
    }
  }
  parts.push(current);
  return parts;
}

const CONDITION = /^(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?)$/;
const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b, '=': (a, b) => a === b, '<>': (a, b) => a !== b,
};

function parseSection(source: string): Section {
  const section: Section = { tokens: [], kind: 'number' };
  const literal = (text: string) => section.tokens.push({ kind: 'literal', text });
  const code = (text: string) => section.tokens.push({ kind: 'code', text });
  for (let i = 0; i < source.length; ) {
    const ch = source[i]!;
    const rest = source.slice(i);
    if (ch === '"') {
      const end = source.indexOf('"', i + 1);
      literal(source.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? source.length : end + 1;
    } else if (ch === '\\') {
      literal(source[i + 1] ?? '');
      i += 2;
    } else if (ch === '_' || ch === '*') {
      // `_x` leaves the width of x (a space here); `*x` fills the column with x, which a grid cell does not need.
      if (ch === '_') literal(' ');
      i += 2;
    } else if (ch === '[') {
      const end = source.indexOf(']', i);
      const inner = source.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? source.length : end + 1;
      const condition = CONDITION.exec(inner);
      if (inner.startsWith('$')) literal(inner.slice(1).split('-')[0]!);
      else if (COLORS[inner.toLowerCase()]) section.color = COLORS[inner.toLowerCase()];
      else if (/^color\d+$/i.test(inner)) section.color = PALETTE[Number(inner.slice(5)) - 1];
      else if (condition) section.condition = (v) => COMPARE[condition[1]!]!(v, Number(condition[2]));
      else if (/^(h+|m+|s+)$/i.test(inner)) code(`[${inner[0]!.toLowerCase()}]`);
    } else if (/^general/i.test(rest)) {
      code('General');
      i += 7;
    } else if (/^(am\/pm|a\/p)/i.test(rest)) {
      const length = /^am\/pm/i.test(rest) ? 5 : 3;
      code(rest.slice(0, length));
      i += length;
    } else if (/[ymdhse]/i.test(ch) && !/^e[+-]/i.test(rest)) {
      let end = i;
      while (source[end]?.toLowerCase() === ch.toLowerCase()) end++;
      code(source.slice(i, end).toLowerCase());
      i = end;
    } else if (/^e[+-]/i.test(rest)) {
      code(`E${rest[1]}`);
      i += 2;
    } else if ('0#?.,%/@123456789'.includes(ch)) {
      code(ch);
      i++;
    } else {
      literal(ch);
      i++;
    }
  }
  const codes = section.tokens.filter((t) => t.kind === 'code').map((t) => t.text);
  if (codes.some((c) => /^[ymdhs[]|^a/i.test(c) || c === 'e')) section.kind = 'date';
  else if (codes.includes('@')) section.kind = 'text';
  else if (codes.includes('General')) section.kind = 'general';
  return section;
}

/**
 * General in a column `width` characters wide (a standard column shows 11): decimals are rounded to fit, whole
 * numbers of 12 digits or more and tiny numbers that would lose digits go to scientific notation.
 */
function general(value: number, width: number): string {
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const exponent = Math.floor(Math.log10(abs));
  if (exponent >= -4 && exponent < width) {
    const text = trimZeros(fixed(abs, Math.max(0, width - Math.max(exponent + 1, 1) - 1)));
    if (text.length <= width) return sign + text;
  } else if (exponent < -4 && exponent >= -9) {
    const text = trimZeros(fixed(abs, 12));
    if (text.length <= width) return sign + text;
  }
  const exponentText = (e: number) => `E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  let e = exponent;
  let mantissa = abs / 10 ** e;
  const digits = Math.max(0, width - 2 - exponentText(e).length);
  if (Number(fixed(mantissa, digits)) >= 10) {
    mantissa /= 10;
    e++;
  }
  return `${sign}${trimZeros(fixed(mantissa, digits))}${exponentText(e)}`;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** Decimal rounding (half away from zero) without binary surprises: 1.005 to two places is 1.01, as in Excel. */
function fixed(value: number, decimals: number): string {
  if (value >= 1e21) return value.toFixed(0);
  const shifted = Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`);
  return (Number.isFinite(shifted) ? shifted : value).toFixed(decimals);
}

const isDigit = (t: Token) => t.kind === 'code' && '0#?'.includes(t.text);

function formatNumber(value: number, tokens: Token[]): string {
  const sign = value < 0 ? '-' : '';
  let abs = Math.abs(value);
  if (!tokens.some(isDigit)) return tokens.map((t) => (t.kind === 'literal' ? t.text : t.text === '%' ? '%' : '')).join('');
  for (const t of tokens) if (t.kind === 'code' && t.text === '%') abs *= 100;
  // Commas right after the last digit placeholder (before any exponent) scale by a thousand each.
  const exponent = tokens.findIndex((t) => t.kind === 'code' && t.text.startsWith('E'));
  const end = exponent < 0 ? tokens.length : exponent;
  let last = -1;
  for (let i = 0; i < end; i++) if (isDigit(tokens[i]!)) last = i;
  for (let i = last + 1; i < end && tokens[i]!.kind === 'code' && tokens[i]!.text === ','; i++) abs /= 1000;
  const slash = tokens.findIndex((t) => t.kind === 'code' && t.text === '/');
  const body = slash >= 0 ? formatFraction(abs, tokens, slash) : tokens.some((t) => t.kind === 'code' && t.text.startsWith('E')) ? formatScientific(abs, tokens) : placeDigits(abs, tokens);
  const zero = !/[1-9]/.test(body);
  return (zero ? '' : sign) + body;
}

/** Fills a plain number pattern (no exponent): integer digits from the right, decimals from the left. */
function placeDigits(abs: number, tokens: Token[]): string {
  const point = tokens.findIndex((t) => t.kind === 'code' && t.text === '.');
  const integerTokens = point < 0 ? tokens : tokens.slice(0, point);
  const fractionTokens = point < 0 ? [] : tokens.slice(point + 1);
  const decimals = fractionTokens.filter(isDigit).length;
  const [whole = '', fraction = ''] = fixed(abs, decimals).split('.');
  const integerDigits = whole === '0' ? '' : whole;
  const placeholders = integerTokens.filter(isDigit);
  const grouping = integerTokens.some((t, i) => t.kind === 'code' && t.text === ',' && placeholders.length && integerTokens.slice(i + 1).some(isDigit));
  let out = '';
  if (grouping) {
    const required = placeholders.filter((t) => t.text === '0').length;
    const digits = integerDigits.padStart(required, '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    let placed = false;
    for (const t of integerTokens) {
      if (t.kind === 'literal') out += t.text;
      else if (isDigit(t) && !placed) {
        out += digits;
        placed = true;
      }
      else if (t.text === '%' || /[1-9]/.test(t.text)) out += t.text;
    }
  } else {
    let remaining = integerDigits;
    let seen = 0;
    for (let i = integerTokens.length - 1; i >= 0; i--) {
      const t = integerTokens[i]!;
      if (t.kind === 'literal' || t.text === '%' || /[1-9]/.test(t.text)) {
        out = t.text + out;
        continue;
      }
      if (!isDigit(t)) continue;
      seen++;
      const leftmost = seen === placeholders.length;
      const digit = leftmost ? remaining : remaining.slice(-1);
      remaining = leftmost ? '' : remaining.slice(0, -1);
      out = (digit || (t.text === '0' ? '0' : t.text === '?' ? ' ' : '')) + out;
    }
  }
  if (point < 0) return out;
  out += '.';
  const significant = fraction.replace(/0+$/, '').length;
  let index = 0;
  for (const t of fractionTokens) {
    if (!isDigit(t)) {
      out += t.kind === 'literal' || t.text === '%' ? t.text : '';
      continue;
    }
    const digit = fraction[index]!;
    out += index < significant || t.text === '0' ? digit : t.text === '?' ? ' ' : '';
    index++;
  }
  return out;
}

function formatScientific(abs: number, tokens: Token[]): string {
  const e = tokens.findIndex((t) => t.kind === 'code' && t.text.startsWith('E'));
  const mantissaTokens = tokens.slice(0, e);
  const exponentTokens = tokens.slice(e + 1);
  const point = mantissaTokens.findIndex((t) => t.kind === 'code' && t.text === '.');
  const integers = Math.max(1, (point < 0 ? mantissaTokens : mantissaTokens.slice(0, point)).filter(isDigit).length);
  const decimals = point < 0 ? 0 : mantissaTokens.slice(point + 1).filter(isDigit).length;
  // `##0.0E+0`: engineering notation, exponents in multiples of the integer placeholders.
  const step = integers > 1 ? integers : 1;
  let exponent = abs === 0 ? 0 : Math.floor(Math.floor(Math.log10(abs)) / step) * step;
  let mantissa = abs / 10 ** exponent;
  if (Number(fixed(mantissa, decimals)) >= 10 ** step) {
    mantissa /= 10 ** step;
    exponent += step;
  }
  const digitsNeeded = exponentTokens.filter(isDigit).length;
  const exponentSign = exponent < 0 ? '-' : tokens[e]!.text === 'E+' ? '+' : '';
  const literals = exponentTokens.filter((t) => t.kind === 'literal').map((t) => t.text).join('');
  return `${placeDigits(mantissa, mantissaTokens)}E${exponentSign}${String(Math.abs(exponent)).padStart(digitsNeeded, '0')}${literals}`;
}

/** `# ?/?`, `# ??/??`, `?/?` (improper) and `# ?/8` (fixed denominator). */
function formatFraction(abs: number, tokens: Token[], slash: number): string {
  const before = tokens.slice(0, slash);
  const after = tokens.slice(slash + 1);
  let numeratorStart = before.length;
  while (numeratorStart > 0 && isDigit(before[numeratorStart - 1]!)) numeratorStart--;
  const numeratorTokens = before.slice(numeratorStart);
  const integerTokens = before.slice(0, numeratorStart);
  const hasInteger = integerTokens.some(isDigit);
  const fixedDenominator = after.filter((t) => t.kind === 'code' && /[1-9]/.test(t.text)).map((t) => t.text).join('');
  const denominatorPlaces = after.filter((t) => isDigit(t) || /[1-9]/.test(t.text)).length;
  let whole = hasInteger ? Math.floor(abs) : 0;
  const part = abs - whole;
  const [fitted, denominator] = fixedDenominator ? [Math.round(part * Number(fixedDenominator)), Number(fixedDenominator)] : closest(part, 10 ** denominatorPlaces - 1);
  let numerator = fitted;
  if (hasInteger && numerator === denominator) {
    whole += 1;
    numerator = 0;
  }
  const integerText = hasInteger ? placeDigits(whole, integerTokens) : '';
  const width = numeratorTokens.length + 1 + denominatorPlaces;
  // A whole number keeps the fraction's width blank, so fractions in a column stay aligned.
  if (numerator === 0) {
    const lastDigit = integerTokens.map(isDigit).lastIndexOf(true);
    const zero = whole ? integerText : placeDigits(0, integerTokens.map((t, i): Token => (i === lastDigit || !hasInteger ? { kind: 'code', text: '0' } : t)));
    return (zero || '0') + ' '.repeat(width);
  }
  const numeratorText = String(numerator).padStart(numeratorTokens.length, ' ');
  const denominatorText = String(denominator).padEnd(denominatorPlaces, ' ');
  return `${integerText}${numeratorText}/${denominatorText}${after.filter((t) => t.kind === 'literal').map((t) => t.text).join('')}`;
}

/** The fraction closest to `value` with a denominator up to `max` (smallest denominator on ties). */
function closest(value: number, max: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let error = Math.abs(value - best[0]);
  for (let d = 2; d <= max && error > 1e-12; d++) {
    const n = Math.round(value * d);
    const e = Math.abs(value - n / d);
    if (e < error - 1e-12) {
      best = [n, d];
      error = e;
    }
  }
  return best;
}

function formatDate(serial: number, tokens: Token[]): string {
  if (serial < 0 || serial >= MAX_SERIAL) return '#'.repeat(11);
  const fractionDigits = Math.max(0, ...tokens.map((t, i) => (t.kind === 'code' && t.text === '.' ? countZeros(tokens, i + 1) : 0)));
  const scale = 86_400 * 10 ** fractionDigits;
  const ticks = Math.round(serial * scale);
  const day = Math.floor(ticks / scale);
  const seconds = (ticks - day * scale) / 10 ** fractionDigits;
  // Serial 60 is Lotus's 1900-02-29; earlier serials are a day later than counting from 1899-12-30 gives.
  const date = new Date(EPOCH + (day < 61 && day > 0 ? day + 1 : day) * 86_400_000);
  const [year, month, dayOfMonth] = day === 60 ? [1900, 1, 29] : day === 0 ? [1900, 0, 0] : [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const twelve = tokens.some((t) => t.kind === 'code' && /^a/i.test(t.text));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor(seconds / 60) % 60;
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const isMinute = (i: number) => {
    const codes = (list: Token[]) => list.filter((t) => t.kind === 'code' && t.text !== '.' && !/^0$/.test(t.text));
    const previous = codes(tokens.slice(0, i)).pop()?.text ?? '';
    const next = codes(tokens.slice(i + 1))[0]?.text ?? '';
    return /^h|^\[h/.test(previous) || /^s|^\[s/.test(next);
  };
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const c = t.text;
    if (t.kind === 'literal') out += c;
    else if (c === 'e' || c.startsWith('y')) out += c.length <= 2 && c !== 'e' ? pad(year % 100, 2) : String(year);
    else if (c.startsWith('m') && c.length <= 2 && isMinute(i)) out += pad(minutes, c.length);
    else if (c.startsWith('m')) out += c.length <= 2 ? pad(month + 1, c.length) : c.length === 3 ? MONTHS[month]!.slice(0, 3) : c.length === 5 ? MONTHS[month]![0] : MONTHS[month];
    else if (c.startsWith('d')) out += c.length <= 2 ? pad(dayOfMonth, c.length) : c.length === 3 ? DAYS[(day + 6) % 7]!.slice(0, 3) : DAYS[(day + 6) % 7];
    else if (c.startsWith('h')) out += pad(twelve ? hours % 12 || 12 : hours, Math.min(c.length, 2));
    else if (c.startsWith('s')) out += pad(Math.floor(seconds) % 60, Math.min(c.length, 2));
    else if (c === '[h]') out += String(day * 24 + hours);
    else if (c === '[m]') out += String((day * 24 + hours) * 60 + minutes);
    else if (c === '[s]') out += String(Math.floor(day * 86_400 + seconds));
    else if (/^a/i.test(c)) out += ampm(c, hours);
    else if (c === '.' && countZeros(tokens, i + 1)) {
      // Fractions of a second: `ss.0`, `ss.00`, `ss.000`.
      const places = countZeros(tokens, i + 1);
      out += `.${pad(Math.round((seconds % 1) * 10 ** fractionDigits), fractionDigits).slice(0, places)}`;
      i += places;
    } else out += c;
  }
  return out;
}

function countZeros(tokens: Token[], from: number): number {
  let n = 0;
  while (tokens[from + n]?.kind === 'code' && tokens[from + n]!.text === '0') n++;
  return n;
}

function ampm(code: string, hours: number): string {
  const pm = hours >= 12;
  if (code.length === 5) return code[0] === code[0]!.toUpperCase() ? (pm ? 'PM' : 'AM') : pm ? 'pm' : 'am';
  const letter = pm ? 'P' : 'A';
  return code[0] === code[0]!.toUpperCase() ? letter : letter.toLowerCase();
}
