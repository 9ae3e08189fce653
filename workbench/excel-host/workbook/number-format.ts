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
import { formatDate } from './number-format-dates';
import { formatNumber, general } from './number-format-digits';
import { parseFormat, pick } from './number-format-sections';

export interface FormattedValue {
  text: string;
  /** A `[Red]`-style colour of the section that formatted the value, as `#RRGGBB`. */
  color?: string;
}

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

/**
 * The format a cell is shown with: its own, unless that is General and its value carries one (a formatted number):
 * "The number format in a DoubleCellValue is the default format. If a user or another part of your add-in applies
 * formatting to the cell later, that applied format overrides the value's format"
 * (https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values).
 */
export function shownFormat(cell: { numberFormat?: string; valueFormat?: string }): string | undefined {
  const own = cell.numberFormat;
  return own && own.toLowerCase() !== 'general' ? own : cell.valueFormat ?? own;
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
