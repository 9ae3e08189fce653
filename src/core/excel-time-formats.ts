import type { Granularity, MemberFormat } from '../contract';
import { ENGLISH_CELL_WORDS, type CellWords } from './cell-words';

/**
 * Excel date formats for time buckets and the model's custom time formats. Sources: d3-time-format
 * (https://d3js.org/d3-time-format#locale_format) and Microsoft's "Number format codes"
 * (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68), whose
 * date and time codes are y, m, d, h, s, AM/PM and elapsed [h] [m] [s]: no quarter and no week number.
 */

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

/** The model's custom time format as an Excel date format, when it has one and Excel can show it. */
function customTimeFormat(format: MemberFormat | undefined): string | null {
  return typeof format === 'object' && format.type === 'custom-time' && typeof format.value === 'string' ? excelTimeFormat(format.value) : null;
}

/** Text in double quotes, as a number format shows it; a quote inside is escaped (`\"`) instead. */
function quoted(text: string): string {
  return text.includes('"') ? literal(text) : `"${text}"`;
}

/**
 * A date format that shows a time bucket for what it is, unless the model's custom time format can be shown.
 * A week is kept a date (sortable, usable in formulas): its first day, a Monday in Cube's default week
 * (https://cube.dev/docs/guides/recipes/data-modeling/custom-granularity), after the words for "week of" as a
 * quoted literal. A quarter is General: its cells are text (`writtenAsText`).
 */
export function timeFormat(granularity: Granularity | undefined, format?: MemberFormat, words: Pick<CellWords, 'weekOf'> = ENGLISH_CELL_WORDS): string {
  const custom = customTimeFormat(format);
  if (custom) return custom;
  switch (granularity) {
    case 'year': return 'yyyy';
    case 'quarter': return 'General';
    case 'month': return 'mmm yyyy';
    case 'week': return words.weekOf ? `${quoted(`${words.weekOf} `)}yyyy-mm-dd` : 'yyyy-mm-dd';
    case 'day': return 'yyyy-mm-dd';
    case 'hour':
    case 'minute': return 'yyyy-mm-dd hh:mm';
    case 'second':
    case undefined: return 'yyyy-mm-dd hh:mm:ss';
  }
}

/**
 * Whether a number format holds cell words: a week's, its words before the date (`timeFormat`). The cell keeps
 * only the date, so a refresh in another language changes the format and not the value.
 */
export function formatHoldsWords(format: string): boolean {
  return format !== WEEK_DATE && format.endsWith(WEEK_DATE);
}
const WEEK_DATE = 'yyyy-mm-dd';

const YEAR_MONTH = /^(\d{4})-(\d{2})-/;

/**
 * Whether a time bucket's cells hold text rather than dates: quarters, as Excel has no format code for a
 * quarter (only y, m and d date codes, "Number format codes" above) and no date format can read "Q1 2025". The
 * model's custom time format wins when Excel can show it.
 */
export function writtenAsText(granularity: Granularity | undefined, format: MemberFormat | undefined): boolean {
  return granularity === 'quarter' && !customTimeFormat(format);
}

/** A quarter bucket's label from its Cube time (its first day), or null for a value that is not a Cube time. */
export function quarterLabel(time: string, words: Pick<CellWords, 'quarter'> = ENGLISH_CELL_WORDS): string | null {
  const match = YEAR_MONTH.exec(time);
  return match ? words.quarter(Math.floor((Number(match[2]) - 1) / 3) + 1, Number(match[1])) : null;
}
