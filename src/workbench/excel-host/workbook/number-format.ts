/**
 * Enough of Excel's number formats to show cells the way the add-in writes them: General, fixed decimals
 * with thousands separators, percent, literal suffixes and dates from serials. Unknown formats fall back to
 * General. Used for `Range.text` and the workbench grid.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

export function formatCellValue(value: string | number | boolean, format = 'General'): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  const section = format.split(';')[0]!;
  if (section === 'General' || section === '') return general(value);
  if (/[dmyhs]/i.test(section.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, ''))) return formatDate(value, section);
  return formatNumber(value, section);
}

function general(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e11) return String(value);
  const text = value.toPrecision(10);
  return String(Number(text));
}

function formatNumber(value: number, format: string): string {
  const literal = (format.match(/"([^"]*)"/g) ?? []).map((s) => s.slice(1, -1)).join('');
  const pattern = format.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '');
  const percent = pattern.includes('%');
  let scaled = percent ? value * 100 : value;
  const commas = /0,+$|#,+$/.exec(pattern.replace(/[%\s]/g, ''));
  if (commas) scaled /= 1000 ** (commas[0].length - 1);
  const decimals = (/\.(0+)/.exec(pattern)?.[1] ?? '').length;
  const grouped = /#,##0|0,0/.test(pattern);
  const fixed = Math.abs(scaled).toFixed(decimals);
  const [whole, fraction] = fixed.split('.') as [string, string?];
  const wholeText = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const sign = scaled < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${wholeText}${fraction ? `.${fraction}` : ''}${percent ? '%' : ''}${literal}`;
}

function formatDate(serial: number, format: string): string {
  const date = new Date(EXCEL_EPOCH + Math.round(serial * 86_400_000));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const tokens: Record<string, () => string> = {
    yyyy: () => String(date.getUTCFullYear()),
    yy: () => pad(date.getUTCFullYear() % 100),
    mmmm: () => new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(date),
    mmm: () => MONTHS[date.getUTCMonth()]!,
    mm: () => pad(date.getUTCMonth() + 1),
    m: () => String(date.getUTCMonth() + 1),
    dd: () => pad(date.getUTCDate()),
    d: () => String(date.getUTCDate()),
    hh: () => pad(date.getUTCHours()),
    ss: () => pad(date.getUTCSeconds()),
  };
  let out = '';
  const source = format.replace(/\[[^\]]*\]/g, '');
  for (let i = 0; i < source.length; ) {
    if (source[i] === '"') {
      const end = source.indexOf('"', i + 1);
      out += source.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? source.length : end + 1;
      continue;
    }
    // "mm" after hours means minutes.
    if (source.startsWith('mm', i) && /h[^dmy]*$/i.test(source.slice(0, i))) {
      out += pad(date.getUTCMinutes());
      i += 2;
      continue;
    }
    const token = Object.keys(tokens).find((t) => source.toLowerCase().startsWith(t, i));
    if (token) {
      out += tokens[token]!();
      i += token.length;
    } else {
      out += source[i] === '\\' ? source[i + 1] ?? '' : source[i];
      i += source[i] === '\\' ? 2 : 1;
    }
  }
  return out;
}
