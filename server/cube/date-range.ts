import { QueryError } from './errors';

/** Local wall-clock bounds (no zone) of a Cube date range, in the query's time zone. */
export interface LocalRange {
  from: string;
  to: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

function normalizeBound(value: string, end: boolean): string {
  const text = value.trim();
  if (DATE_ONLY.test(text)) return `${text}T${end ? '23:59:59.999' : '00:00:00.000'}`;
  if (DATE_TIME.test(text)) {
    const [date, time] = text.replace(' ', 'T').split('T') as [string, string];
    const [hms, ms = ''] = time.split('.') as [string, string?];
    const parts = hms.split(':');
    const seconds = parts[2] ?? (end ? '59' : '00');
    const millis = ms ? ms.padEnd(3, '0') : end && !parts[2] ? '999' : '000';
    return `${date}T${parts[0]}:${parts[1]}:${seconds}.${millis}`;
  }
  throw new QueryError(`Can't parse date: '${value}'`);
}

/** Today's date in a time zone, as YYYY-MM-DD. */
function todayIn(timezone: string, now: Date): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function utcDate(y: number, m: number, d: number): Date {
  return new Date(Date.UTC(y, m - 1, d));
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

function startOf(unit: Unit, date: Date): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  switch (unit) {
    case 'day': return date;
    case 'week': return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
    case 'month': return utcDate(y, m, 1);
    case 'quarter': return utcDate(y, m - ((m - 1) % 3), 1);
    case 'year': return utcDate(y, 1, 1);
  }
}

function add(unit: Unit, date: Date, amount: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  switch (unit) {
    case 'day': return new Date(date.getTime() + amount * 86_400_000);
    case 'week': return new Date(date.getTime() + amount * 7 * 86_400_000);
    case 'month': return utcDate(y, m + amount, d);
    case 'quarter': return utcDate(y, m + 3 * amount, d);
    case 'year': return utcDate(y + amount, m, d);
  }
}

/** Resolves an explicit `[from, to]` range or one of Cube's relative phrases ("last 7 days", "this year", …). */
export function resolveDateRange(range: string | [string, string], timezone: string, now = new Date()): LocalRange {
  if (Array.isArray(range)) return { from: normalizeBound(range[0], false), to: normalizeBound(range[1], true) };
  const phrase = range.trim().toLowerCase();
  const fromTo = /^from (.+) to (.+)$/.exec(phrase);
  if (fromTo) return { from: normalizeBound(fromTo[1]!, false), to: normalizeBound(fromTo[2]!, true) };
  if (DATE_ONLY.test(phrase)) return { from: normalizeBound(phrase, false), to: normalizeBound(phrase, true) };

  const t = todayIn(timezone, now);
  const today = utcDate(t.y, t.m, t.d);
  const span = (from: Date, toExclusive: Date): LocalRange => ({
    from: `${iso(from)}T00:00:00.000`,
    to: `${iso(new Date(toExclusive.getTime() - 86_400_000))}T23:59:59.999`,
  });
  if (phrase === 'today') return span(today, add('day', today, 1));
  if (phrase === 'yesterday') return span(add('day', today, -1), today);
  const thisOrLast = /^(this|last) (week|month|quarter|year)$/.exec(phrase);
  if (thisOrLast) {
    const unit = thisOrLast[2] as Unit;
    const current = startOf(unit, today);
    return thisOrLast[1] === 'this' ? span(current, add(unit, current, 1)) : span(add(unit, current, -1), current);
  }
  const lastN = /^last (\d+) (day|week|month|quarter|year)s?$/.exec(phrase);
  if (lastN) {
    const unit = lastN[2] as Unit;
    return span(add(unit, today, -Number(lastN[1])), today);
  }
  throw new QueryError(`Can't parse date range: '${range}'`);
}
