import { QueryError } from './errors';
import {
  addToWallClock, endOfUnit, formatWallClock, parseWallClock, startOfUnit, wallClockAt, wallClockToUtc, type CalendarUnit, type WallClock,
} from './time-zone';

/**
 * Date ranges resolved as Cube's API gateway resolves them (`date-parser.ts` and `resolveDateRange` in
 * `query.ts`, Cube 1.7): bounds are wall-clock times in the query's zone, written `YYYY-MM-DDTHH:mm:ss.SSS`.
 *
 * - `this|last|next <unit>`: the whole unit holding now, or the one before or after it.
 * - `last N <units>`: N whole units before the current one ("last 12 months" on 15 June 2025 is
 *   2024-06-01 … 2025-05-31); `next N <units>`: the N whole units after it.
 * - `today`, `yesterday`, `tomorrow`.
 * - `from X to Y`: X's start and Y's end at day precision (or hour, minute, second when the phrase names one).
 * - Anything else is read as one date, the whole day.
 *
 * Cube reads X, Y and single dates with chrono-node. Here they are: `now`, `today`, `yesterday`,
 * `tomorrow`, `N <units> ago`, `N <units> from now`, `in N <units>`, and ISO dates and date-times. Other
 * phrases are refused with Cube's own words, `Can't parse date: '…'`.
 */
export type DateRangeInput = string | string[];

const UNIT = '(day|week|month|year|quarter|hour|minute|second)';
const THIS_LAST_NEXT = new RegExp(`(this|last|next)\\s+${UNIT}`);
const LAST_NEXT_N = new RegExp(`(last|next)\\s+(\\d+)\\s+${UNIT}`);
const DATE_ONLY = /^\d\d\d\d-\d\d-\d\d$/;

/** The finest unit a phrase names: Cube keeps hour, minute or second precision when asked, else whole days. */
function precisionOf(phrase: string): CalendarUnit {
  return (['second', 'minute', 'hour'] as const).find((unit) => phrase.includes(unit)) ?? 'day';
}

/** Cube's `dateParser`: a phrase to `[from, to]` local timestamps in `timeZone`. */
export function parseDatePhrase(input: string, timeZone: string, now: Date): [string, string] {
  const phrase = input.toLowerCase();
  const current = wallClockAt(now, timeZone);
  const range = (from: WallClock, to: WallClock): [string, string] => [formatWallClock(from), formatWallClock(to)];

  const thisLastNext = THIS_LAST_NEXT.exec(phrase);
  if (thisLastNext) {
    const unit = thisLastNext[2] as CalendarUnit;
    const shift = { this: 0, last: -1, next: 1 }[thisLastNext[1] as 'this' | 'last' | 'next'];
    const anchor = addToWallClock(current, unit, shift);
    return range(startOfUnit(anchor, unit), endOfUnit(anchor, unit));
  }
  const lastNextN = LAST_NEXT_N.exec(phrase);
  if (lastNextN) {
    const count = Number.parseInt(lastNextN[2]!, 10);
    const unit = lastNextN[3] as CalendarUnit;
    const [startShift, endShift] = lastNextN[1] === 'last' ? [-count, -1] : [1, count];
    return range(startOfUnit(addToWallClock(current, unit, startShift), unit), endOfUnit(addToWallClock(current, unit, endShift), unit));
  }
  for (const [word, shift] of [['today', 0], ['yesterday', -1], ['tomorrow', 1]] as const) {
    if (phrase.includes(word)) {
      const day = addToWallClock(current, 'day', shift);
      return range(startOfUnit(day, 'day'), endOfUnit(day, 'day'));
    }
  }
  const precision = precisionOf(phrase);
  if (/^from (.*) to (.*)$/.test(phrase)) {
    const [, from, to] = /^from(.{0,50})to(.{0,50})$/.exec(phrase) ?? [];
    if (from === undefined || to === undefined) throw new QueryError(`Can't parse date: '${phrase}'`);
    const start = readDate(from.trim(), current);
    const end = readDate(to.trim(), current);
    return range(startOfUnit(start, precision), endOfUnit(end, precision));
  }
  const date = readDate(phrase, current);
  return range(startOfUnit(date, precision), endOfUnit(date, precision));
}

const UNITS_AGO = /^(\d+|an?|one)\s+(second|minute|hour|day|week|month|quarter|year)s?\s+(ago|from now|later)$/;
const IN_UNITS = /^in\s+(\d+|an?|one)\s+(second|minute|hour|day|week|month|quarter|year)s?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?$/;

/** One date of a phrase, relative to the current wall clock (the part of chrono-node Cube's users rely on). */
function readDate(text: string, current: WallClock): WallClock {
  if (text === 'now') return current;
  const ago = UNITS_AGO.exec(text);
  const ahead = IN_UNITS.exec(text);
  if (ago || ahead) {
    const [, amount, unit] = (ago ?? ahead)!;
    const count = /^\d+$/.test(amount!) ? Number(amount) : 1;
    const sign = ago && ago[3] === 'ago' ? -1 : 1;
    return addToWallClock(current, unit as CalendarUnit, sign * count);
  }
  if (ISO_DATE_TIME.test(text)) return parseWallClock(text.replace(' ', 'T'));
  throw new QueryError(`Can't parse date: '${text}'`);
}

/**
 * Cube's `resolveDateRange`: a phrase, a one-element or a two-element array to `[from, to]`. A bare date
 * starts at 00:00:00.000 and ends at 23:59:59.999; a date-time keeps its time, written to the millisecond.
 */
export function resolveDateRange(input: DateRangeInput, timeZone: string, now: Date): [string, string] {
  const pair = typeof input === 'string' ? parseDatePhrase(input, timeZone, now) : input.length === 1 ? [input[0]!, input[0]!] : input;
  const [from, to] = pair as [string, string];
  return [bound(from, 'start'), bound(to, 'end')];
}

function bound(value: string, side: 'start' | 'end'): string {
  if (DATE_ONLY.test(value)) return `${value}T${side === 'start' ? '00:00:00.000' : '23:59:59.999'}`;
  const text = value.trim();
  // A time with a zone is read as that instant and written in UTC, as moment.utc() does.
  const instant = /\d(Z|[+-]\d{2}:?\d{2})$/.test(text) ? new Date(text) : undefined;
  if (instant && !Number.isNaN(instant.getTime())) return instant.toISOString().slice(0, 23);
  try {
    return formatWallClock(parseWallClock(text.replace(' ', 'T')));
  } catch {
    // moment.utc() of an unreadable date formats as "Invalid date"; Cube then fails in the database.
    throw new QueryError(`Can't parse date: '${value}'`);
  }
}

/**
 * A filter bound as Cube's `BaseFilter` hands it to the database: a bare date takes the start or end of its
 * day, and the wall-clock time in the query's zone becomes the UTC instant (`inDbTimeZone`).
 */
export function utcBound(value: string, side: 'start' | 'end', timeZone: string): string {
  return wallClockToUtc(parseWallClock(bound(value, side)), timeZone).toISOString();
}
