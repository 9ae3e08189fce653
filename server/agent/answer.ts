import { labelOf, type CatalogMember, type QueryUnderstanding } from './understanding';
import { listOf, pluralOf } from './words';

/**
 * The local agent's answers in words: one short English sentence with the key figure of a query's rows (the
 * rows as `/v1/load`'s `data`), numbers written plainly ("$1,234,567", "12,034", "60.2%"). Pure.
 */

type Row = Record<string, unknown>;

const ADDITIVE = new Set(['count', 'sum']);
const CURRENCY_SIGNS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const grouped = (value: number, decimals: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });

/** A measure's value as a person reads it: currency to the unit from 100 up, percentages of a ratio, grouped digits. */
export function formatFigure(member: CatalogMember, raw: unknown): string {
  if (raw === null || raw === undefined || raw === '') return 'no value';
  const value = Number(raw);
  if (!Number.isFinite(value)) return String(raw);
  if (member.format === 'percent') return `${grouped(value * 100, 1)}%`;
  if (member.format === 'currency') {
    const amount = grouped(Math.abs(value), Math.abs(value) >= 100 ? 0 : 2);
    const code = member.currency ?? 'USD';
    const sign = CURRENCY_SIGNS[code];
    return `${value < 0 ? '-' : ''}${sign ? `${sign}${amount}` : `${amount} ${code}`}`;
  }
  return grouped(value, Number.isInteger(value) ? 0 : 2);
}

/** A time value at a granularity: "2025", "Q3 2025", "July 2025", "2025-07-01". */
export function periodLabel(raw: unknown, granularity: string | undefined): string {
  const text = String(raw ?? '');
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return text;
  const [, year, month, day] = match;
  if (granularity === 'year') return year!;
  if (granularity === 'quarter') return `Q${Math.floor((Number(month) - 1) / 3) + 1} ${year}`;
  if (granularity === 'month') return `${MONTHS[Number(month) - 1]} ${year}`;
  if (granularity === 'week') return `the week of ${year}-${month}-${day}`;
  return text.slice(0, granularity === 'day' || !granularity ? 10 : 16).replace('T', ' ');
}

function rowLabel(u: QueryUnderstanding, row: Row): string {
  const parts = u.dimensions.map((d) => String(row[d.name] ?? 'no value'));
  if (u.time?.granularity) parts.push(periodLabel(row[`${u.time.member.name}.${u.time.granularity}`], u.time.granularity));
  return parts.join(', ');
}

/** The sentence answering a query whose rows came back. */
export function answerSentence(u: QueryUnderstanding, rows: Row[]): string {
  const measure = u.measures[0]!;
  const figure = (row: Row) => formatFigure(measure, row[measure.name]);
  const value = (row: Row) => Number(row[measure.name] ?? Number.NaN);
  if (!rows.length) return `${u.heading}: no data matched.`;
  if (!u.dimensions.length && !u.time?.granularity) {
    const figures = u.measures.map((m) => (u.measures.length > 1 ? `${labelOf(m)} ${formatFigure(m, rows[0]![m.name])}` : formatFigure(m, rows[0]![m.name])));
    return `${u.heading}: ${listOf(figures)}.`;
  }
  if (u.top) {
    const [first, ...rest] = rows.slice(0, 3);
    if (!rest.length) return `${u.heading}: ${rowLabel(u, first!)}, with ${figure(first!)}.`;
    const verb = u.top.direction === 'desc' ? 'leads' : 'is lowest';
    return `${u.heading}: ${rowLabel(u, first!)} ${verb} with ${figure(first!)}, followed by ${listOf(rest.map((r) => `${rowLabel(u, r)} (${figure(r)})`))}.`;
  }
  const sorted = [...rows].filter((r) => Number.isFinite(value(r))).sort((a, b) => value(b) - value(a));
  if (!sorted.length) return `${u.heading}: ${rows.length} rows, none with a value.`;
  const [highest, lowest] = [sorted[0]!, sorted.at(-1)!];
  const noun = u.dimensions.length === 1 && !u.time?.granularity ? pluralOf(u.dimensions[0]!.shortTitle.toLowerCase())
    : !u.dimensions.length ? pluralOf(u.time!.granularity!) : 'combinations';
  const across = `across ${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'row' : noun}`;
  if (ADDITIVE.has(measure.aggType ?? '')) {
    const total = formatFigure(measure, sorted.reduce((sum, row) => sum + value(row), 0));
    if (!u.dimensions.length) return `${u.heading}: ${total} ${across}, the highest ${figure(highest)} in ${rowLabel(u, highest)}.`;
    return `${u.heading}: ${rowLabel(u, highest)} leads with ${figure(highest)} of ${total} ${across}.`;
  }
  return `${u.heading}: ${rowLabel(u, highest)} is highest at ${figure(highest)} and ${rowLabel(u, lowest)} lowest at ${figure(lowest)}, ${across}.`;
}

/** The honest answer to a question the agent could not map, with questions it can answer. */
export function unmappedSentence(reason: string, suggestions: string[], measures: CatalogMember[]): string {
  const topics = listOf(measures.map((m) => labelOf(m).toLowerCase()));
  const examples = suggestions.length ? ` For example: ${listOf(suggestions.map((s) => `"${s}"`), 'or')}.` : '';
  return `${reason} I can answer questions about ${topics}, broken down and filtered by the sales view's dimensions.${examples}`;
}

/** The honest answer when the query for a question failed. */
export function failedSentence(u: QueryUnderstanding, message: string): string {
  return `I couldn't get ${u.heading}: the query failed (${message.replace(/\.$/, '')}). Please try again or ask it another way.`;
}
