import type { Token } from './number-format-sections';

/** Dates and times under a number format (`yyyy mmm dddd h:mm:ss AM/PM [h]`), from Excel serials. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Serial 1 is 1900-01-01; Excel keeps Lotus's 1900-02-29 (serial 60), so later serials count from 1899-12-30. */
const EPOCH = Date.UTC(1899, 11, 30);
const MAX_SERIAL = 2_958_466; // 10000-01-01

export function formatDate(serial: number, tokens: Token[]): string {
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
