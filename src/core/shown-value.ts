import { EXCEL_EPOCH_MS, type CellValue } from './cell-values';

/**
 * A cell value as text, the way Excel shows it under one of the number formats the add-in writes
 * (`excel-formats.ts`, `excel-time-formats.ts`), with the digits, separators and month names of `locale`: for
 * showing a result in the pane without writing it. Only the codes those files produce are read: sections for
 * negatives, quoted literals, `0 #` placeholders with grouping and scaling commas, decimals, `%`, `E+00`,
 * General, and the date codes `y m d h s AM/PM` with `.000`. Source: Microsoft's "Number format codes"
 * (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68).
 */

export interface ShownValueWords {
  locale: string;
  /** How a boolean cell reads (Excel's TRUE and FALSE, in the pane's language). */
  true: string;
  false: string;
}

type Token = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

const DATE_CODE = /^(?:y+|m+|d+|h+|s+|AM\/PM|A\/P)/i;
const NUMBER_CODE = /^(?:[0#?]|[.,%]|E[+-]0+)/i;
const GENERAL = /^General/i;

/** A section of a format in tokens: quoted and escaped text as literals, everything Excel reads as a code as codes. */
function tokenize(section: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < section.length;) {
    const rest = section.slice(i);
    const char = section[i]!;
    if (char === '"') {
      const end = section.indexOf('"', i + 1);
      const text = section.slice(i + 1, end < 0 ? undefined : end);
      tokens.push({ kind: 'literal', text });
      i += text.length + 2;
    } else if (char === '\\') {
      tokens.push({ kind: 'literal', text: section[i + 1] ?? '' });
      i += 2;
    } else {
      const code = GENERAL.exec(rest) ?? DATE_CODE.exec(rest) ?? NUMBER_CODE.exec(rest);
      tokens.push(code ? { kind: 'code', text: code[0] } : { kind: 'literal', text: char });
      i += code ? code[0].length : 1;
    }
  }
  return tokens;
}

/** The sections of a format (`positive;negative;zero`), split where `;` is not inside quotes. */
function sections(format: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of format) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  return [...parts, current];
}

const isDateCode = (text: string) => DATE_CODE.test(text) && !GENERAL.test(text);

function showDate(serial: number, tokens: Token[], locale: string): string {
  const at = new Date(EXCEL_EPOCH_MS + Math.round(serial * 86_400_000));
  const name = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  const codes = tokens.filter((t) => t.kind === 'code').map((t) => t.text.toLowerCase());
  const twelveHours = codes.some((c) => c === 'am/pm' || c === 'a/p');
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const milliseconds = pad(at.getUTCMilliseconds(), 3);
  let codeIndex = -1;
  let fraction = 0;
  return tokens.map((token) => {
    if (token.kind === 'literal') return token.text;
    codeIndex += 1;
    const code = token.text.toLowerCase();
    const hours = at.getUTCHours();
    switch (code[0]) {
      // `ss.000`: the point, then a digit of the milliseconds for each `0`.
      case '.': return '.';
      case '0': return milliseconds[fraction++] ?? '';
      case 'y': return code.length <= 2 ? pad(at.getUTCFullYear() % 100, 2) : String(at.getUTCFullYear());
      case 'd':
        if (code.length >= 4) return name({ weekday: 'long' });
        if (code.length === 3) return name({ weekday: 'short' });
        return pad(at.getUTCDate(), code.length);
      case 'h': return pad(twelveHours ? ((hours + 11) % 12) + 1 : hours, code.length);
      case 's': return pad(at.getUTCSeconds(), code.length);
      case 'a': return code === 'a/p' ? (hours < 12 ? 'A' : 'P') : hours < 12 ? 'AM' : 'PM';
      case 'm': {
        // `m` is minutes right after an hour or right before seconds; the month anywhere else.
        const minutes = codes[codeIndex - 1]?.startsWith('h') || codes[codeIndex + 1]?.startsWith('s');
        if (minutes && code.length <= 2) return pad(at.getUTCMinutes(), code.length);
        if (code.length >= 5) return name({ month: 'long' }).slice(0, 1);
        if (code.length === 4) return name({ month: 'long' });
        if (code.length === 3) return name({ month: 'short' });
        return pad(at.getUTCMonth() + 1, code.length);
      }
      default: return token.text;
    }
  }).join('');
}

/** General: the number itself, up to eleven significant digits, without grouping. */
function showGeneral(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 11, useGrouping: false }).format(value);
}

function showNumber(value: number, tokens: Token[], locale: string): string {
  const codes = tokens.filter((t) => t.kind === 'code').map((t) => t.text);
  const point = codes.indexOf('.');
  const exponent = codes.findIndex((c) => /^E/i.test(c));
  const integerCodes = codes.slice(0, point < 0 ? (exponent < 0 ? codes.length : exponent) : point);
  const decimalCodes = point < 0 ? [] : codes.slice(point + 1, exponent < 0 ? undefined : exponent);
  const placeholders = (list: string[]) => list.filter((c) => /^[0#?]$/.test(c));
  const lastPlaceholder = codes.reduce((last, c, i) => (/^[0#?]$/.test(c) ? i : last), -1);
  // Commas right after the last digit placeholder scale by a thousand each; one between placeholders groups.
  let scaling = 0;
  for (let i = lastPlaceholder + 1; codes[i] === ','; i += 1) scaling += 1;
  const lastInteger = integerCodes.reduce((last, c, i) => (/^[0#?]$/.test(c) ? i : last), -1);
  const grouping = integerCodes.slice(0, lastInteger).includes(',');
  const percent = codes.includes('%');
  const decimals = placeholders(decimalCodes);
  const options: Intl.NumberFormatOptions = {
    minimumIntegerDigits: Math.max(1, placeholders(integerCodes).filter((c) => c === '0').length),
    minimumFractionDigits: decimals.filter((c) => c === '0').length,
    maximumFractionDigits: decimals.length,
    useGrouping: grouping,
  };
  let scaled = value / 1000 ** scaling * (percent ? 100 : 1);
  let digits: string;
  if (exponent >= 0) {
    const power = scaled === 0 ? 0 : Math.floor(Math.log10(Math.abs(scaled)));
    scaled /= 10 ** power;
    const width = codes[exponent]!.length - 2;
    digits = `${new Intl.NumberFormat(locale, { ...options, useGrouping: false }).format(scaled)}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(width, '0')}`;
  } else {
    digits = new Intl.NumberFormat(locale, options).format(scaled);
  }
  let shown = false;
  return tokens.map((token) => {
    if (token.kind === 'literal') return token.text;
    if (token.text === '%') return '%';
    if (shown || !/^[0#?.]$/.test(token.text)) return '';
    shown = true;
    return digits;
  }).join('');
}

/**
 * The text Excel would show for `value` in a cell of `format`: numbers in the format's section for their sign (a
 * negative in a one-section format gets a minus before it all), dates from their serial, text as it is.
 */
export function shownValue(value: CellValue, format: string, words: ShownValueWords): string {
  if (typeof value === 'boolean') return value ? words.true : words.false;
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return String(value);
  const all = sections(format || 'General');
  const negative = value < 0 && all.length >= 2;
  const section = value === 0 && all.length >= 3 ? all[2]! : negative ? all[1]! : all[0]!;
  const shown = negative ? -value : value;
  const tokens = tokenize(section);
  const codes = tokens.filter((t) => t.kind === 'code');
  let text: string;
  if (codes.some((t) => GENERAL.test(t.text))) {
    text = tokens.map((t) => (t.kind === 'literal' ? t.text : GENERAL.test(t.text) ? showGeneral(Math.abs(shown), words.locale) : '')).join('');
  } else if (codes.some((t) => isDateCode(t.text)) && !codes.some((t) => /^[#?]$/.test(t.text))) {
    return showDate(shown, tokens, words.locale);
  } else {
    text = showNumber(Math.abs(shown), tokens, words.locale);
  }
  // One section for every sign: Excel puts the minus before the whole text, currency symbol and all.
  return shown < 0 ? `-${text}` : text;
}
