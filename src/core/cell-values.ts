import type { CubeCellValue, MemberType } from '../contract';

/** A value as it goes into (and comes back from) a cell: `''` is an empty cell. */
export type CellValue = string | number | boolean;

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
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
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

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
 * Text that Excel would not keep as the same text if written as is: formula starters (`=`, `+`, `-`, `@`),
 * the hidden-text apostrophe, control characters CSV injection uses (tab, carriage return), and text Excel
 * would read as a number, date, percent or boolean. Such text is written with a leading apostrophe, which
 * Excel keeps as a hidden prefix: the cell shows and returns exactly the original text.
 */
export function needsTextPrefix(text: string): boolean {
  if (text === '') return false;
  if (/^[=+\-@'\t\r\n]/.test(text)) return true;
  const trimmed = text.trim();
  return (
    /^[-+]?[$€£¥]?\s?(\d[\d,]*\.?\d*|\.\d+)([eE][-+]?\d+)?\s?%?$/.test(trimmed) ||
    /^\(?\d[\d,]*\.?\d*\)?$/.test(trimmed) ||
    /^\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?([ T]\d{1,2}:\d{2}(:\d{2})?)?$/.test(trimmed) ||
    /^\d{1,2}:\d{2}(:\d{2})?(\s?[ap]m)?$/i.test(trimmed) ||
    /^(true|false)$/i.test(trimmed)
  );
}

/** What to put in `Range.values` for a cell value: strings that need it get the text prefix. */
export function cellInput(value: CellValue): CellValue {
  return typeof value === 'string' && needsTextPrefix(value) ? `'${value}` : value;
}
